package dev.llmassert.core.groundedness;

import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The judgement of one sentence of a response.
 *
 * @param index    position of the sentence in the response, from 0
 * @param sentence the sentence as it stands in the response
 * @param score    how much of the sentence the sources support, from 0 (nothing) to 1 (all of it)
 * @param evidence the supporting text the judge found, or {@link #NOTHING_FOUND}, or
 *                 {@link LocalGroundednessJudge#NO_CLAIM} for a sentence that makes no claim (the judges of this
 *                 library give it without asking a model)
 * @param reason   why the judge scored it as it did, in a few words ("'30 days' is in no source"), or empty when
 *                 the judge gives none; the local judge gives one for every sentence below
 *                 {@link LocalGroundednessJudge#DEFAULT_THRESHOLD}, and each judge of this library gives "no claim"
 *                 for a sentence that makes none
 */
@API(status = STABLE, since = "0.1")
public record SentenceVerdict(int index, String sentence, double score, String evidence, String reason) {

    /** The evidence of a sentence for which the judge found no support. */
    public static final String NOTHING_FOUND = "NOTHING FOUND";

    /**
     * A sentence's verdict; a {@code null} or blank evidence is {@link #NOTHING_FOUND}, a {@code null} reason empty,
     * and the reason is stripped.
     *
     * @param index    position of the sentence in the response, from 0
     * @param sentence the sentence as it stands in the response, not {@code null}
     * @param score    how much of the sentence the sources support, from 0 to 1
     * @param evidence the supporting text the judge found; {@code null} or blank for {@link #NOTHING_FOUND}
     * @param reason   why the judge scored it as it did; {@code null} for none
     * @throws NullPointerException     if {@code sentence} is null
     * @throws IllegalArgumentException if {@code index} is negative or {@code score} is not between 0 and 1
     */
    public SentenceVerdict {
        Objects.requireNonNull(sentence, "sentence");
        if (index < 0) {
            throw new IllegalArgumentException("index must be at least 0, but is: " + index);
        }
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be between 0.0 and 1.0, but is: " + score);
        }
        evidence = evidence == null || evidence.isBlank() ? NOTHING_FOUND : evidence;
        reason = reason == null ? "" : reason.strip();
    }

    /**
     * A sentence verdict without a reason, as an LLM judge gives it.
     *
     * @param index    position of the sentence in the response, from 0
     * @param sentence the sentence as it stands in the response
     * @param score    how much of the sentence the sources support, from 0 to 1
     * @param evidence the supporting text the judge found; {@code null} or blank for {@link #NOTHING_FOUND}
     * @throws NullPointerException     if {@code sentence} is null
     * @throws IllegalArgumentException if {@code index} is negative or {@code score} is not between 0 and 1
     */
    public SentenceVerdict(int index, String sentence, double score, String evidence) {
        this(index, sentence, score, evidence, "");
    }

    /**
     * Whether the judge said why it scored the sentence as it did.
     *
     * @return whether the reason is not empty
     */
    public boolean hasReason() {
        return !reason.isEmpty();
    }

    /**
     * Whether the judge quoted any supporting text.
     *
     * @return whether the evidence is not {@link #NOTHING_FOUND}
     */
    public boolean hasEvidence() {
        return !NOTHING_FOUND.equals(evidence);
    }
}
