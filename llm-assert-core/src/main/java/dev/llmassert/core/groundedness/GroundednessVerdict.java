package dev.llmassert.core.groundedness;

import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * What a groundedness judge decided about one response.
 *
 * @param score      the mean of the sentence scores, from 0 to 1
 * @param sentences  every sentence's score and evidence, in response order
 * @param judge      who judged, as {@code provider:model}, e.g. {@code openai:gpt-4o-mini} or {@code local:all-minilm-l6-v2-q}
 * @param tokenUsage tokens the judge model used, summed over all calls ({@code 0} for the local judge)
 * @param replayed   whether every judge reply came from a recording rather than a live call
 * @param duration   wall-clock time the judgement took
 */
@API(status = STABLE, since = "0.1")
public record GroundednessVerdict(double score, List<SentenceVerdict> sentences, String judge,
                                  TokenUsage tokenUsage, boolean replayed, Duration duration) {

    public GroundednessVerdict {
        sentences = List.copyOf(sentences);
        Objects.requireNonNull(judge, "judge");
        tokenUsage = tokenUsage == null ? new TokenUsage(0, 0) : tokenUsage;
        duration = duration == null ? Duration.ZERO : duration;
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be between 0.0 and 1.0, but is: " + score);
        }
    }

    /** The verdict for sentences already judged: the score is their mean. */
    public static GroundednessVerdict of(List<SentenceVerdict> sentences, String judge, TokenUsage tokenUsage,
                                         boolean replayed, Duration duration) {
        double mean = sentences.stream().mapToDouble(SentenceVerdict::score).average().orElse(0.0);
        return new GroundednessVerdict(mean, sentences, judge, tokenUsage, replayed, duration);
    }

    /** The sentences scored below {@code minScore}: the ones a failure message points at. */
    public List<SentenceVerdict> sentencesBelow(double minScore) {
        return sentences.stream().filter(s -> s.score() < minScore).toList();
    }

    /** The lowest sentence score, or 0 when there are no sentences. */
    public double minSentenceScore() {
        return sentences.stream().mapToDouble(SentenceVerdict::score).min().orElse(0.0);
    }
}
