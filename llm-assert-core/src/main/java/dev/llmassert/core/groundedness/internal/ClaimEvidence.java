package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.ClaimReplies.ClaimAnswer;
import dev.llmassert.core.groundedness.internal.SourceChunks.Chunk;
import dev.llmassert.core.groundedness.internal.SourceChunks.Span;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The evidence of a claim-checking verdict. MiniCheck answers Yes or No and quotes nothing, so the evidence says
 * what it answered and how the score was made (from log-probabilities, or yes/no only), names the chunk that decided
 * when the sources were cut, and shows the source sentences nearest the claim, found as the local judge finds its
 * candidates ({@link SourceIndex}), marked "not a quote" and located by character: within the deciding chunk when it
 * said Yes, anywhere in the sources when it said No, so that a failing sentence still points at the place to look.
 *
 * <pre>
 * [chunk 3 of 10 said Yes, P(yes) 0.95 from logprobs: chars 8012-12004] nearest there, not a quote:
 *     chars 8100-8139 "..."
 * [said No, yes/no only (the server sent no logprobs)] nearest in the sources, not a quote: chars 1-42 "..."
 * </pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class ClaimEvidence {

    /** Source sentences shown. */
    static final int NEAREST = 2;
    /** Candidates looked at to find them inside the deciding chunk. */
    private static final int CANDIDATES = 50;
    /** Characters of the chunk shown when no sentence of it shares a word with the claim. */
    private static final int CHUNK_START = 120;

    private final SourceChunks chunks;
    private final SourceIndex index;

    /**
     * @param chunks the chunks the claims were checked against
     * @param index  the sentences of the same sources, in the same order
     */
    public ClaimEvidence(SourceChunks chunks, SourceIndex index) {
        this.chunks = chunks;
        this.index = index;
    }

    /** The chunk whose answer decides: the highest score; among equals, a Yes before a No, then the first. */
    public static int decidingChunk(List<ClaimAnswer> answers) {
        int best = 0;
        for (int i = 1; i < answers.size(); i++) {
            ClaimAnswer a = answers.get(i);
            ClaimAnswer b = answers.get(best);
            if (a.score() > b.score() || a.score() == b.score() && a.yes() && !b.yes()) {
                best = i;
            }
        }
        return best;
    }

    /**
     * The evidence for {@code claim}, given every chunk's answer (in chunk order) and the one that decided.
     */
    public String of(String claim, List<ClaimAnswer> answers, int deciding) {
        ClaimAnswer answer = answers.get(deciding);
        Chunk chunk = chunks.chunks().get(deciding);
        boolean many = chunks.size() > 1;
        StringBuilder text = new StringBuilder("[");
        if (answer.yes()) {
            text.append(many ? "chunk " + (deciding + 1) + " of " + chunks.size() + " said Yes" : "said Yes")
                    .append(", ")
                    .append(scoring(answer));
            if (many) {
                text.append(": ").append(chunk.where(chunks.sourceCount()));
            }
            text.append("] ");
            List<String> nearest = nearest(claim, chunk::covers);
            if (nearest.isEmpty()) {
                text.append("the chunk begins, not a quote: \"")
                        .append(start(chunk.text()))
                        .append('"');
            } else {
                text.append("nearest there, not a quote: ").append(String.join("; ", nearest));
            }
        } else {
            if (many && answer.fromLogprobs()) {
                text.append("no chunk of ")
                        .append(chunks.size())
                        .append(" said Yes; the likeliest, chunk ")
                        .append(deciding + 1)
                        .append(", ")
                        .append(scoring(answer));
            } else {
                text.append(many ? "no chunk of " + chunks.size() + " said Yes" : "said No")
                        .append(", ")
                        .append(scoring(answer));
            }
            text.append("] ");
            List<String> nearest = nearest(claim, span -> true);
            text.append(
                    nearest.isEmpty()
                            ? "no source sentence shares a content word with it"
                            : "nearest in the sources, not a quote: " + String.join("; ", nearest));
        }
        return text.toString();
    }

    private static String scoring(ClaimAnswer answer) {
        return answer.fromLogprobs()
                ? String.format(Locale.ROOT, "P(yes) %.2f from logprobs", answer.probabilityOfYes())
                : "yes/no only (the server sent no logprobs)";
    }

    /** Up to {@link #NEAREST} source sentences nearest the claim inside {@code where}, located, none inside another. */
    private List<String> nearest(String claim, Predicate<Span> where) {
        List<Span> chosen = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (SourceIndex.Sentence candidate : index.candidates(Words.of(claim), CANDIDATES)) {
            Span span = chunks.locate(candidate.chunk(), candidate.text());
            if (span == null || !where.test(span) || chosen.stream().anyMatch(c -> c.covers(span) || span.covers(c))) {
                continue;
            }
            chosen.add(span);
            shown.add(
                    span.label(chunks.sourceCount()) + " \"" + candidate.text().strip() + "\"");
            if (chosen.size() == NEAREST) {
                break;
            }
        }
        return shown;
    }

    private static String start(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() <= CHUNK_START ? flat : flat.substring(0, CHUNK_START - 3) + "...";
    }
}
