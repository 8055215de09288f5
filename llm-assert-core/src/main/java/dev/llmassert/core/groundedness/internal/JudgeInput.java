package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The input checks of every groundedness judge, so that bad input fails the same way whichever judge is configured:
 * a test that switches from the local judge to an LLM judge keeps its error messages.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeInput {

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
     * The sentences of {@code response}.
     *
     * @throws IllegalArgumentException if the response is null, blank or holds no words
     */
    public static List<String> sentences(String response, SentenceSplitter splitter) {
        if (response == null || response.isBlank()) {
            throw new IllegalArgumentException("The response to judge is " + (response == null ? "null" : "blank")
                    + ".\nFix: pass the text your application produced; an empty answer has nothing to judge "
                    + "(assert on it directly if empty answers are a bug).");
        }
        List<String> sentences = splitter.split(response);
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException("The response holds no sentences, only punctuation or symbols: \""
                    + shorten(response) + "\".\nFix: judge a response that states something in words; assert on "
                    + "this one directly.");
        }
        return sentences;
    }

    /** {@code text} on one line, cut to a length that fits in a message. */
    public static String shorten(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_SHOWN ? flat.substring(0, MAX_SHOWN - 3) + "..." : flat;
    }
}
