package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import dev.llmassert.core.criteria.internal.PairwisePrompt;
import dev.llmassert.core.criteria.internal.PairwiseReply;
import dev.llmassert.core.criteria.internal.SelfConsistency;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.internal.JudgeReply;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Compares two or more responses on a {@link Criteria} in one call, in the model of IBM EvalAssist's pairwise judge:
 * the judge decides every pair, and the result gives each response's contests, winrate and rank.
 *
 * <pre>{@code
 * try (PairwiseJudge judge = PairwiseJudge.builder().chatModel(JudgeModels.chatModel(settings)).build()) {
 *     PairwiseResult result = judge.compare(List.of(newAnswer, oldAnswer), CriteriaCatalog.CONCISENESS);
 *     boolean better = result.prefers(0, 1);
 * }
 * }</pre>
 *
 * <ul>
 *   <li>The reply is JSON, one verdict per pair; every pair must be there exactly once and each winner must be one
 *       of its pair. An invalid reply is re-asked with the error, up to 3 tries, then a {@link JudgeReplyException}
 *       fails the comparison. A winner is never guessed.</li>
 *   <li>{@code checkPositionalBias}: the comparison is asked again with the responses in reverse order; contests
 *       whose winner changes are flagged.</li>
 *   <li>{@code selfConsistency(n)}: n samples, each pair decided by majority; the agreement is that of the least
 *       agreed pair.</li>
 * </ul>
 *
 * <p>Calls run on the judge's own threads, at most {@code concurrency} at once; {@link #close()} stops them.
 * Transient failures are retried with backoff ({@link JudgeCallException} once final). Thread-safe.
 */
@API(status = STABLE, since = "0.1")
public final class PairwiseJudge extends CriteriaJudge {

    private static final String EXAMPLE = "PairwiseJudge.builder().chatModel(JudgeModels.chatModel(settings)).build()";

    private PairwiseJudge(Builder builder) {
        super(builder, EXAMPLE);
    }

    /**
     * Starts a pairwise judge; it needs a chat model.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Compares {@code responses} on a criteria without context fields.
     *
     * @param responses two or more texts, none {@code null}; indexes in results are positions in this list
     * @param criteria the criteria, whose name and description are the question
     * @return every pair's verdict, and each response's winrate and rank
     * @throws IllegalArgumentException if there are fewer than two responses, or the criteria has context fields
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries
     * @throws JudgeCallException       if the judge model could not be called
     */
    public PairwiseResult compare(List<String> responses, Criteria criteria) {
        return compare(responses, criteria, null);
    }

    /**
     * Compares {@code responses} on {@code criteria}, showing the criteria's context fields from {@code context}
     * (for example the question all the responses answer).
     *
     * @param responses two or more texts, none {@code null}; indexes in results are positions in this list
     * @param criteria the criteria, whose name and description are the question
     * @param context holds the criteria's context fields; may be {@code null} when it has none
     * @return every pair's verdict, and each response's winrate and rank
     * @throws IllegalArgumentException if there are fewer than two responses, one is {@code null}, or the context
     *                                  lacks one of the criteria's context fields
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries
     * @throws JudgeCallException       if the judge model could not be called
     */
    public PairwiseResult compare(List<String> responses, Criteria criteria, Instance context) {
        Objects.requireNonNull(responses, "responses");
        Objects.requireNonNull(criteria, "criteria");
        for (int i = 0; i < responses.size(); i++) {
            if (responses.get(i) == null) {
                throw new IllegalArgumentException(CriteriaMessages.nullResponse(i, responses.size()));
            }
        }
        int n = responses.size();
        // Built before the persona so that bad input fails before any call is made.
        JudgePrompt forward = prompt(criteria, responses, context, null, false);
        String persona = personas(List.of(criteria)).get(criteria);
        JudgePrompt shown = persona == null ? forward : prompt(criteria, responses, context, persona, false);
        String subject = "the comparison of " + n + " responses on criteria '" + criteria.name() + "'";

        List<Callable<List<JudgeReply<PairwiseReply>>>> tasks = new ArrayList<>();
        tasks.add(() -> calls.sample(subject, shown, PairwiseReply.parser(n, false)));
        if (checkPositionalBias) {
            JudgePrompt reversed = prompt(criteria, responses, context, persona, true);
            tasks.add(() -> calls.sample(subject + ", responses reversed", reversed, PairwiseReply.parser(n, true)));
        }
        long started = System.nanoTime();
        List<List<JudgeReply<PairwiseReply>>> replies = pool.all(tasks);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        boolean replayed = replies.stream().flatMap(List::stream).allMatch(JudgeReply::replayed);
        ResultMetadata metadata = new ResultMetadata(
                name(),
                shown,
                persona,
                replayed,
                DirectJudge.tokens(replies.stream().flatMap(List::stream).toList()),
                took,
                DirectJudge.retries(replies.stream().flatMap(List::stream).toList()),
                JudgeReply.recordedModelOf(
                        replies.stream().flatMap(List::stream).toList()));
        List<PairwiseResult> samples = new ArrayList<>();
        for (int s = 0; s < calls.samples(); s++) {
            PairwiseResult sample = replies.get(0).get(s).value().toResult(criteria, n, metadata);
            if (checkPositionalBias) {
                sample = sample.withPositionalBias(replies.get(1).get(s).value().toResult(criteria, n, metadata));
            }
            samples.add(sample);
        }
        return SelfConsistency.majorityVote(samples, metadata);
    }

    private static JudgePrompt prompt(
            Criteria criteria, List<String> responses, Instance context, String persona, boolean reversed) {
        return PairwisePrompt.builder(criteria, responses)
                .context(context)
                .responsesReversed(reversed)
                .judgeDescription(persona)
                .build();
    }

    /** Builder with boxed fields: {@code null} means "not set", and the default applies when built. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder extends CriteriaJudgeBuilder<Builder> {

        private Builder() {}

        /**
         * The judge with these settings; its threads start now, so close it when done.
         *
         * @return a new judge
         * @throws IllegalArgumentException if no chat model is set, or both a judge description and a synthetic
         *                                  persona are asked for
         */
        public PairwiseJudge build() {
            return new PairwiseJudge(this);
        }
    }
}
