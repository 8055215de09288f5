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

    static String cascadeOfOneJudge(String name) {
        return "A cascade needs two judges, but was given " + name + " as both.\nFix: pass the local judge first and "
                + "the judge to send its unsure sentences on to second, e.g. Judges.cascade(LocalGroundednessJudge"
                + ".create(), Judges.groundedness(settings)).";
    }

    static String cascadeBehindLocal(String name) {
        return "A cascade sends the sentences the local judge is unsure of on to a stronger judge, but the judge "
                + "behind it is the local judge " + name + ".\nFix: pass an LLM judge second, e.g. "
                + "Judges.groundedness(settings) with " + ConfigKeys.JUDGE_PROVIDER + "=openai or ollama.";
    }

    static String cascadeSplitDiffers(String local, int localCount, String judge, int judgeCount) {
        return "The cascade's judges split the response differently: " + local + " into "
                + (localCount == 1 ? "1 sentence" : localCount + " sentences") + ", " + judge + " into " + judgeCount
                + ", so the sentences sent on cannot be matched. This is a bug of llm-assert: please report it with "
                + "the response.";
    }

    static String cascadeNeedsProvider() {
        return ConfigKeys.GROUNDEDNESS_CASCADE + "=on sends the sentences the local judge is unsure of on to an LLM "
                + "judge, but " + ConfigKeys.JUDGE_PROVIDER + " is local, so there is none to send them to.\nFix: "
                + "configure the judge behind the cascade, e.g. " + ConfigKeys.JUDGE_PROVIDER + "=openai with "
                + ConfigKeys.JUDGE_MODEL + "=gpt-4o-mini (and its key in OPENAI_API_KEY, or "
                + ConfigKeys.JUDGE_API_KEY_ENV + "), or " + ConfigKeys.JUDGE_PROVIDER + "=ollama with "
                + ConfigKeys.JUDGE_MODEL + "=bespoke-minicheck for claim-check; or set "
                + ConfigKeys.GROUNDEDNESS_CASCADE + "=off to judge with the local judge alone.";
    }
}
