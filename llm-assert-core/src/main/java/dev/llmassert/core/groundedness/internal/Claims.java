package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Which sentences make a claim, as the local judge reads them ({@link Words#makesNoClaim()}): the one entry point
 * through which the LLM judges use that reading, so that every judge leaves out the same sentences ("Yes.",
 * "Great question!", "I hope this helps!") and says so the same way.
 */
@API(status = INTERNAL, since = "0.1")
public final class Claims {

    private Claims() {}

    /** Whether {@code sentence} makes no claim: every word answers, greets, thanks or reacts, or carries no content. */
    public static boolean makesNoClaim(String sentence) {
        return Words.of(sentence).makesNoClaim();
    }

    /** The positions, from 0 and in order, of the {@code sentences} that make a claim: the ones a judge asks about. */
    public static List<Integer> claimIndexes(List<String> sentences) {
        List<Integer> claims = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            if (!makesNoClaim(sentences.get(i))) {
                claims.add(i);
            }
        }
        return claims;
    }

    /**
     * The verdict of a sentence that makes no claim, as the local judge gives it: score 1, the evidence
     * {@link LocalGroundednessJudge#NO_CLAIM} and the reason "no claim"; the verdict's score leaves it out.
     */
    public static SentenceVerdict noClaim(int index, String sentence) {
        return new SentenceVerdict(index, sentence, 1.0, LocalGroundednessJudge.NO_CLAIM, Reasons.NO_CLAIM);
    }
}
