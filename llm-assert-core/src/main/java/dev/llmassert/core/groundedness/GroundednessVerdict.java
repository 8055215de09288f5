package dev.llmassert.core.groundedness;

import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * What a groundedness judge decided about one response.
 *
 * @param score      the mean of the sentence scores, from 0 to 1; every judge leaves out the sentences that make no
 *                   claim, such as "Yes." or "Great question!" (evidence {@link LocalGroundednessJudge#NO_CLAIM}), and
 *                   a response of such sentences only scores 1
 * @param sentences  every sentence's score and evidence, in response order
 * @param judge      who judged, as {@code provider:model}, e.g. {@code openai:gpt-4o-mini} or
 *                   {@code local:all-minilm-l6-v2-q}
 * @param tokenUsage tokens the judge model used, summed over all calls ({@code 0} for the local judge)
 * @param replayed   whether every judge reply came from a recording rather than a live call
 * @param duration   wall-clock time the judgement took
 * @param retries    how many judge calls were retried after a transient failure (a dropped connection, a timeout,
 *                   429 or 5xx), over every sentence; 0 for the local judge
 * @param recordedModel who wrote the replayed replies when it was not the judge's model: the model their recording
 *                   names, e.g. {@code hand-written-example} for replies a person wrote; {@code null} when every reply
 *                   came from the judge's own model
 * @param cascade    for a cascade ({@link Judges#cascade(GroundednessJudge, GroundednessJudge)}): how many sentences
 *                   the local judge decided and how many it sent on, and the calls and tokens not spent; {@code null}
 *                   for any other judge
 */
@API(status = STABLE, since = "0.1")
public record GroundednessVerdict(
        double score,
        List<SentenceVerdict> sentences,
        String judge,
        TokenUsage tokenUsage,
        boolean replayed,
        Duration duration,
        int retries,
        String recordedModel,
        CascadeCounts cascade) {

    /**
     * A verdict; a {@code null} token usage is none, and a {@code null} duration zero.
     *
     * @param score         the mean of the sentence scores, from 0 to 1
     * @param sentences     every sentence's score and evidence, in response order
     * @param judge         who judged, as {@code provider:model}
     * @param tokenUsage    tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed      whether every judge reply came from a recording rather than a live call
     * @param duration      wall-clock time the judgement took; {@code null} for none
     * @param retries       how many judge calls were retried after a transient failure, not negative
     * @param recordedModel the model the replayed replies' recording names when it is not the judge's model, or
     *                      {@code null}
     * @param cascade       a cascade's counts, or {@code null} for any other judge
     * @throws NullPointerException     if {@code sentences}, a sentence or {@code judge} is null
     * @throws IllegalArgumentException if {@code score} is not between 0 and 1, or {@code retries} is negative
     */
    public GroundednessVerdict {
        sentences = List.copyOf(sentences);
        Objects.requireNonNull(judge, "judge");
        tokenUsage = tokenUsage == null ? new TokenUsage(0, 0) : tokenUsage;
        duration = duration == null ? Duration.ZERO : duration;
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be between 0.0 and 1.0, but is: " + score);
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative, but is: " + retries);
        }
    }

    /**
     * A verdict of any judge but a cascade.
     *
     * @param score         the mean of the sentence scores, from 0 to 1
     * @param sentences     every sentence's score and evidence, in response order
     * @param judge         who judged, as {@code provider:model}
     * @param tokenUsage    tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed      whether every judge reply came from a recording rather than a live call
     * @param duration      wall-clock time the judgement took; {@code null} for none
     * @param retries       how many judge calls were retried after a transient failure, not negative
     * @param recordedModel the model the replayed replies' recording names when it is not the judge's model, or
     *                      {@code null}
     * @throws NullPointerException     if {@code sentences}, a sentence or {@code judge} is null
     * @throws IllegalArgumentException if {@code score} is not between 0 and 1, or {@code retries} is negative
     */
    public GroundednessVerdict(
            double score,
            List<SentenceVerdict> sentences,
            String judge,
            TokenUsage tokenUsage,
            boolean replayed,
            Duration duration,
            int retries,
            String recordedModel) {
        this(score, sentences, judge, tokenUsage, replayed, duration, retries, recordedModel, null);
    }

    /**
     * A verdict whose calls took no retry, and whose replies, if replayed, came from the judge's own model.
     *
     * @param score      the mean of the sentence scores, from 0 to 1
     * @param sentences  every sentence's score and evidence, in response order
     * @param judge      who judged, as {@code provider:model}
     * @param tokenUsage tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed   whether every judge reply came from a recording rather than a live call
     * @param duration   wall-clock time the judgement took; {@code null} for none
     * @throws NullPointerException     if {@code sentences}, a sentence or {@code judge} is null
     * @throws IllegalArgumentException if {@code score} is not between 0 and 1
     */
    public GroundednessVerdict(
            double score,
            List<SentenceVerdict> sentences,
            String judge,
            TokenUsage tokenUsage,
            boolean replayed,
            Duration duration) {
        this(score, sentences, judge, tokenUsage, replayed, duration, 0, null);
    }

    /**
     * A verdict whose replies, if replayed, came from the judge's own model.
     *
     * @param score      the mean of the sentence scores, from 0 to 1
     * @param sentences  every sentence's score and evidence, in response order
     * @param judge      who judged, as {@code provider:model}
     * @param tokenUsage tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed   whether every judge reply came from a recording rather than a live call
     * @param duration   wall-clock time the judgement took; {@code null} for none
     * @param retries    how many judge calls were retried after a transient failure, not negative
     * @throws NullPointerException     if {@code sentences}, a sentence or {@code judge} is null
     * @throws IllegalArgumentException if {@code score} is not between 0 and 1, or {@code retries} is negative
     */
    public GroundednessVerdict(
            double score,
            List<SentenceVerdict> sentences,
            String judge,
            TokenUsage tokenUsage,
            boolean replayed,
            Duration duration,
            int retries) {
        this(score, sentences, judge, tokenUsage, replayed, duration, retries, null);
    }

    /**
     * The same verdict, its replayed replies written by {@code model} (see {@link #recordedModel()}).
     *
     * @param model the model the recording names, or {@code null} when the replies came from the judge's own model
     * @return a new verdict, the same but for its recorded model
     */
    public GroundednessVerdict withRecordedModel(String model) {
        return new GroundednessVerdict(
                score, sentences, judge, tokenUsage, replayed, duration, retries, model, cascade);
    }

    /**
     * The same verdict, made by a cascade.
     *
     * @param counts what the cascade decided locally and sent on
     * @return a copy of this verdict with the cascade's counts
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public GroundednessVerdict withCascade(CascadeCounts counts) {
        return new GroundednessVerdict(
                score, sentences, judge, tokenUsage, replayed, duration, retries, recordedModel, counts);
    }

    /**
     * Whether a cascade made this verdict: {@link #cascade()} is then its counts.
     *
     * @return whether {@link #cascade()} is not {@code null}
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public boolean isCascade() {
        return cascade != null;
    }

    /**
     * The verdict for sentences already judged, whose calls took no retry: the score is the mean of those that make a
     * claim, as {@link #of(List, String, TokenUsage, boolean, Duration, int)} gives it.
     *
     * @param sentences  every sentence's score and evidence, in response order
     * @param judge      who judged, as {@code provider:model}
     * @param tokenUsage tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed   whether every judge reply came from a recording rather than a live call
     * @param duration   wall-clock time the judgement took; {@code null} for none
     * @return the verdict
     * @throws NullPointerException if {@code sentences}, a sentence or {@code judge} is null
     */
    public static GroundednessVerdict of(
            List<SentenceVerdict> sentences, String judge, TokenUsage tokenUsage, boolean replayed, Duration duration) {
        return of(sentences, judge, tokenUsage, replayed, duration, 0);
    }

    /**
     * The verdict for sentences already judged, whose calls took {@code retries} retries: the score is the mean of
     * the sentences that make a claim, leaving out those whose evidence is {@link LocalGroundednessJudge#NO_CLAIM}
     * (1 when every sentence is such; 0 for no sentences).
     *
     * @param sentences  every sentence's score and evidence, in response order
     * @param judge      who judged, as {@code provider:model}
     * @param tokenUsage tokens the judge model used, summed over all calls; {@code null} for none
     * @param replayed   whether every judge reply came from a recording rather than a live call
     * @param duration   wall-clock time the judgement took; {@code null} for none
     * @param retries    how many judge calls were retried after a transient failure, not negative
     * @return the verdict
     * @throws NullPointerException     if {@code sentences}, a sentence or {@code judge} is null
     * @throws IllegalArgumentException if {@code retries} is negative
     */
    public static GroundednessVerdict of(
            List<SentenceVerdict> sentences,
            String judge,
            TokenUsage tokenUsage,
            boolean replayed,
            Duration duration,
            int retries) {
        double mean = sentences.isEmpty()
                ? 0.0
                : sentences.stream()
                        .filter(s -> !LocalGroundednessJudge.NO_CLAIM.equals(s.evidence()))
                        .mapToDouble(SentenceVerdict::score)
                        .average()
                        .orElse(1.0);
        return new GroundednessVerdict(mean, sentences, judge, tokenUsage, replayed, duration, retries);
    }

    /**
     * The sentences scored below {@code minScore}: the ones a failure message points at.
     *
     * @param minScore the score a sentence needs, from 0 to 1
     * @return the sentences whose score is below it, in response order
     */
    public List<SentenceVerdict> sentencesBelow(double minScore) {
        return sentences.stream().filter(s -> s.score() < minScore).toList();
    }

    /**
     * The lowest sentence score, or 0 when there are no sentences.
     *
     * @return the lowest score, sentences that make no claim included (they score 1)
     */
    public double minSentenceScore() {
        return sentences.stream().mapToDouble(SentenceVerdict::score).min().orElse(0.0);
    }
}
