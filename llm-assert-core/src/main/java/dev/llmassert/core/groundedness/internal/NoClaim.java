package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Sentences that make no claim: answers, greetings, thanks, offers of help and reactions ("Yes.", "Great question!",
 * "I hope this helps!"). They state nothing a source could support or contradict, so a groundedness judge scores
 * them 1 and leaves them out of a response's mean, as TruLens leaves out trivial statements. Any judge may ask.
 */
@API(status = INTERNAL, since = "0.1")
public final class NoClaim {

    private NoClaim() {}

    /** Whether {@code sentence} (one sentence of a response) makes no claim. */
    public static boolean makesNoClaim(String sentence) {
        return makesNoClaim(Words.of(sentence).tokens());
    }

    /** Whether every lower-cased token answers, greets, thanks or reacts, or carries no content. */
    static boolean makesNoClaim(List<String> tokens) {
        return tokens.stream().allMatch(t -> Lexicon.NO_CLAIM.contains(t) || !Stems.isContent(t));
    }
}
