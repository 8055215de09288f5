package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The input checks of every groundedness judge, so that bad input fails the same way whichever judge is configured:
 * a test that switches from the local judge to an LLM judge keeps its error messages. Only the test's own misuse
 * (no source, a null or blank source) is an {@link IllegalArgumentException}; an answer with nothing to judge is a
 * failing verdict ({@link #nothingToJudge}).
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeInput {

    /** The reason of a null answer. */
    public static final String NULL_RESPONSE = "the response is null: the application gave no answer to judge";

    /** The reason of a blank answer. */
    public static final String BLANK_RESPONSE = "the response is blank: the application gave no answer to judge";

    /** The reason of an answer of punctuation or symbols only. */
    public static final String NO_WORDS = "the response holds no words, only punctuation or symbols";

    private static final int MAX_SHOWN = 120;

    private JudgeInput() {}

    /**
     * {@code sources}, checked: at least one, none null or blank.
     *
     * @throws IllegalArgumentException naming the source (from 1) that is wrong, and the fix
     */
    public static List<String> sources(List<String> sources) {
        if (sources == null || sources.isEmpty()) {
            throw new IllegalArgumentException("No sources to judge the response against.\n"
                    + "Fix: pass at least one source text, e.g. judge(response, manualText), or a list of chunks.");
        }
        for (int i = 0; i < sources.size(); i++) {
            String source = sources.get(i);
            if (source == null || source.isBlank()) {
                throw new IllegalArgumentException("Source " + (i + 1) + " of " + sources.size() + " is "
                        + (source == null ? "null" : "blank") + ": nothing could support the response.\n"
                        + "Fix: pass the text the response should be grounded in; drop empty chunks before judging.");
            }
        }
        return List.copyOf(sources);
    }

    /**
     * The verdict of a response that holds nothing to judge, or {@code null} when it holds a sentence. An answer is
     * what the application produced, never the test's mistake: a null or blank answer, or one of punctuation or
     * symbols only ("-", "...", "?"), fails with score 0 and its reason, as an unsupported answer does.
     *
     * @param judge the name of the judge that gives the verdict
     */
    public static GroundednessVerdict nothingToJudge(String response, SentenceSplitter splitter, String judge) {
        String reason;
        if (response == null) {
            reason = NULL_RESPONSE;
        } else if (response.isBlank()) {
            reason = BLANK_RESPONSE;
        } else if (splitter.split(response).isEmpty()) {
            reason = NO_WORDS;
        } else {
            return null;
        }
        String shown = response == null ? "" : response.strip();
        return new GroundednessVerdict(
                0.0,
                // Sure: a person would not call an empty answer supported by anything.
                List.of(new SentenceVerdict(0, shown, 0.0, SentenceVerdict.NOTHING_FOUND, reason, 1.0, "", judge)),
                judge,
                new TokenUsage(0, 0),
                false,
                Duration.ZERO);
    }

    /**
     * The sentences of {@code response}, which holds at least one ({@link #nothingToJudge} comes first).
     *
     * @throws IllegalArgumentException if the response is null, blank or holds no words
     */
    public static List<String> sentences(String response, SentenceSplitter splitter) {
        List<String> sentences = response == null ? List.of() : splitter.split(response);
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException("The response holds no sentence to judge: \""
                    + (response == null ? "null" : shorten(response)) + "\".\nFix: call nothingToJudge first.");
        }
        return sentences;
    }

    /** {@code text} on one line, cut to a length that fits in a message. */
    public static String shorten(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_SHOWN ? flat.substring(0, MAX_SHOWN - 3) + "..." : flat;
    }
}
