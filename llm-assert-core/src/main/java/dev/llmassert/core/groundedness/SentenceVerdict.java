package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.apiguardian.api.API;

import java.util.Locale;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * The judgement of one sentence of a response.
 *
 * @param index      position of the sentence in the response, from 0
 * @param sentence   the sentence as it stands in the response
 * @param score      how much of the sentence the sources support, from 0 (nothing) to 1 (all of it)
 * @param evidence   the supporting text the judge found, or {@link #NOTHING_FOUND}, or
 *                   {@link LocalGroundednessJudge#NO_CLAIM} for a sentence that makes no claim (the judges of this
 *                   library give it without asking a model)
 * @param reason     why the judge scored it as it did, in a few words ("'30 days' is in no source"), or empty when
 *                   the judge gives none; the local judge gives one for every sentence below
 *                   {@link LocalGroundednessJudge#DEFAULT_THRESHOLD}, and each judge of this library gives "no claim"
 *                   for a sentence that makes none
 * @param confidence the judge's probability that its verdict on the sentence (passing at
 *                   {@link LocalGroundednessJudge#DEFAULT_THRESHOLD} or not) agrees with a person, from 0 to 1; for
 *                   the local judge fitted on labelled sets of seven kinds of text, each left out in turn;
 *                   {@code NaN} where the judge gives none (an LLM judge, a sentence that makes no claim)
 * @param doubt      why the judge is unsure of its verdict, in a few words ("the model and the wording disagree"),
 *                   when its confidence is below its minimum ({@code llmassert.groundedness.cascade.min-confidence});
 *                   empty when it is sure, or gives no confidence
 * @param decidedBy  the judge that decided the sentence, as {@code provider:model}: in a cascade
 *                   ({@link Judges#cascade(GroundednessJudge, GroundednessJudge)}) the local judge or the judge the
 *                   sentence was sent on to; empty when not said
 */
@API(status = STABLE, since = "0.1")
public record SentenceVerdict(
        int index,
        String sentence,
        double score,
        String evidence,
        String reason,
        double confidence,
        String doubt,
        String decidedBy) {

    /** The evidence of a sentence for which the judge found no support. */
    public static final String NOTHING_FOUND = "NOTHING FOUND";

    /**
     * A sentence's verdict; a {@code null} or blank evidence is {@link #NOTHING_FOUND}, a {@code null} reason empty,
     * and the reason is stripped.
     *
     * @param index      position of the sentence in the response, from 0
     * @param sentence   the sentence as it stands in the response, not {@code null}
     * @param score      how much of the sentence the sources support, from 0 to 1
     * @param evidence   the supporting text the judge found; {@code null} or blank for {@link #NOTHING_FOUND}
     * @param reason     why the judge scored it as it did; {@code null} for none
     * @param confidence the judge's probability that its verdict agrees with a person, from 0 to 1; {@code NaN} for
     *                   none
     * @param doubt      why the judge is unsure of its verdict; {@code null} or empty when it is sure
     * @param decidedBy  the judge that decided the sentence, as {@code provider:model}; {@code null} or empty when not
     *                   said
     * @throws NullPointerException     if {@code sentence} is null
     * @throws IllegalArgumentException if {@code index} is negative, or {@code score} or {@code confidence} is not
     *                                  between 0 and 1
     */
    public SentenceVerdict {
        Objects.requireNonNull(sentence, "sentence");
        if (index < 0) {
            throw new IllegalArgumentException("index must be at least 0, but is: " + index);
        }
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be between 0.0 and 1.0, but is: " + score);
        }
        if (!Double.isNaN(confidence) && !(confidence >= 0.0 && confidence <= 1.0)) {
            throw new IllegalArgumentException(
                    "confidence must be between 0.0 and 1.0, or NaN for none, but is: " + confidence);
        }
        evidence = evidence == null || evidence.isBlank() ? NOTHING_FOUND : evidence;
        reason = reason == null ? "" : reason.strip();
        doubt = doubt == null ? "" : doubt.strip();
        decidedBy = decidedBy == null ? "" : decidedBy.strip();
    }

    /**
     * A sentence verdict without a confidence, as an LLM judge gives it, not saying which judge decided it.
     *
     * @param index    position of the sentence in the response, from 0
     * @param sentence the sentence as it stands in the response
     * @param score    how much of the sentence the sources support, from 0 to 1
     * @param evidence the supporting text the judge found; {@code null} or blank for {@link #NOTHING_FOUND}
     * @param reason   why the judge scored it as it did; {@code null} for none
     * @throws NullPointerException     if {@code sentence} is null
     * @throws IllegalArgumentException if {@code index} is negative or {@code score} is not between 0 and 1
     */
    public SentenceVerdict(int index, String sentence, double score, String evidence, String reason) {
        this(index, sentence, score, evidence, reason, Double.NaN, "", "");
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
     * A verdict read back from a record (a calibration's misjudged rows): one written before verdicts had a confidence
     * has none ({@code NaN}), nor a doubt or a deciding judge.
     */
    @JsonCreator
    private static SentenceVerdict read(
            @JsonProperty("index") int index,
            @JsonProperty("sentence") String sentence,
            @JsonProperty("score") double score,
            @JsonProperty("evidence") String evidence,
            @JsonProperty("reason") String reason,
            @JsonProperty("confidence") Double confidence,
            @JsonProperty("doubt") String doubt,
            @JsonProperty("decidedBy") String decidedBy) {
        return new SentenceVerdict(
                index,
                sentence,
                score,
                evidence,
                reason,
                confidence == null ? Double.NaN : confidence,
                doubt,
                decidedBy);
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

    /**
     * Whether the judge gave a confidence in its verdict.
     *
     * @return whether the confidence is not {@code NaN}
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public boolean hasConfidence() {
        return !Double.isNaN(confidence);
    }

    /**
     * Whether the judge is unsure of its verdict: its confidence is below its minimum, and {@link #doubt()} says
     * why. A cascade sends such a sentence on to the other judge.
     *
     * @return whether the doubt is not empty
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public boolean unsure() {
        return !doubt.isEmpty();
    }

    /**
     * Whether the verdict names the judge that decided it.
     *
     * @return whether {@link #decidedBy()} is not empty
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public boolean hasDecidedBy() {
        return !decidedBy.isEmpty();
    }

    /**
     * How a verdict shows that its judge is unsure, {@code unsure (0.58): the model and the wording disagree}, or
     * empty when it is sure.
     *
     * @return the note, or an empty string
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public String unsureNote() {
        if (!unsure()) {
            return "";
        }
        return hasConfidence()
                ? String.format(Locale.ROOT, "unsure (%.2f): %s", confidence, doubt)
                : "unsure: " + doubt;
    }

    /**
     * This verdict, decided by {@code judge}.
     *
     * @param judge the judge that decided the sentence, as {@code provider:model}
     * @return a copy of this verdict that names the judge
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public SentenceVerdict withDecidedBy(String judge) {
        return new SentenceVerdict(index, sentence, score, evidence, reason, confidence, doubt, judge);
    }
}
