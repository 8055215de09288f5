package dev.llmassert.core.groundedness;

import dev.llmassert.core.config.ConfigKeys;

/**
 * Every message of the groundedness judges' builders and the {@link Judges} facade that says what was wrong and how to
 * fix it, in one place. (The local judge's own messages stay with it.)
 */
final class GroundednessMessages {

    private GroundednessMessages() {}

    static String chunkSizeOutOfRange(int chunkSize) {
        return String.format(
                "chunkSize must be between %d and %d characters, "
                        + "but is: %d. Fix: pass the characters of source text one call may hold, e.g. "
                        + "chunkSize(%d) for a model served with a 2,048-token context.",
                ClaimCheckGroundednessJudge.MIN_CHUNK_SIZE,
                ClaimCheckGroundednessJudge.MAX_CHUNK_SIZE,
                chunkSize,
                ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE);
    }

    static String structuredOutputForClaimCheck() {
        return "structuredOutput(true) does not apply to the claim-check judge: "
                + "MiniCheck answers one token, Yes or No, never JSON. Fix: leave structuredOutput unset.";
    }

    static String needsJudgeModel(GroundednessMethod method) {
        return ConfigKeys.GROUNDEDNESS_METHOD + "=" + method.id() + " needs a judge model, but "
                + ConfigKeys.JUDGE_PROVIDER + " is local, which judges without one.\nFix: choose a provider and "
                + "model, e.g. " + ConfigKeys.JUDGE_PROVIDER + "=ollama and " + ConfigKeys.JUDGE_MODEL
                + "=bespoke-minicheck for claim-check, or set " + ConfigKeys.GROUNDEDNESS_METHOD
                + "=auto for the local judge.";
    }
}
