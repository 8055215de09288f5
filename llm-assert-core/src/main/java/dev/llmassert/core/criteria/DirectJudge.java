package dev.llmassert.core.criteria;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.criteria.internal.CriteriaMessages;
import dev.llmassert.core.criteria.internal.DirectPrompt;
import dev.llmassert.core.criteria.internal.DirectReply;
import dev.llmassert.core.criteria.internal.SelfConsistency;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.internal.JudgeReply;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Judges one text against a {@link Criteria} by selecting one of its options, in the model of IBM EvalAssist's
 * direct judge.
 *
 * <pre>{@code
 * try (DirectJudge judge = DirectJudge.builder().chatModel(JudgeModels.chatModel(settings)).settings(settings)
 *         .generateFeedback(true).build()) {
 *     DirectResult result = judge.evaluate(answer, CriteriaCatalog.CONCISENESS);
 * }
 * }</pre>
 *
 * <ul>
 *   <li>One call per (instance, criteria). The reply is JSON: an explanation, the selected option and, with
 *       {@code generateFeedback}, actionable feedback. It is requested as JSON-schema structured output (the option
 *       names as an enum) when the model supports it, and described in the prompt otherwise.</li>
 *   <li>The selected option must be one of the criteria's options. An invalid reply is re-asked with the error, up to
 *       3 tries, then a {@link JudgeReplyException} fails the judgement. An option is never picked at random: a test
 *       must not pass by chance.</li>
 *   <li>{@code checkPositionalBias}: each judgement is asked again with the options in reverse order, and the result
 *       is flagged when the choice changes.</li>
 *   <li>{@code selfConsistency(n)}: n samples of each judgement, combined by majority vote: the majority
 *       option, the mean score and the agreement.</li>
 * </ul>
 *
 * <p>Calls run on the judge's own threads, at most {@code concurrency} at once across all callers; {@link #close()}
 * stops them. Transient failures are retried with backoff ({@link JudgeCallException} once final). Thread-safe.
 */
@API(status = STABLE, since = "0.1")
public final class DirectJudge extends CriteriaJudge {

    private static final String EXAMPLE = "DirectJudge.builder().chatModel(JudgeModels.chatModel(settings)).build()";

    private final boolean generateFeedback;

    private DirectJudge(Builder builder) {
        super(builder, EXAMPLE);
        this.generateFeedback = builder.generateFeedback != null && builder.generateFeedback;
    }

    /**
     * Starts a direct judge; it needs a chat model.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Judges {@code instance} on {@code criteria}.
     *
     * @param instance the fields to judge, holding the criteria's evaluated and context fields
     * @param criteria the criteria
     * @return the option the judge chose, with its explanation
     * @throws IllegalArgumentException if the instance lacks a field the criteria reads
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries
     * @throws JudgeCallException       if the judge model could not be called
     */
    public DirectResult evaluate(Instance instance, Criteria criteria) {
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(criteria, "criteria");
        return run(List.of(new Job(instance, criteria, "criteria '" + criteria.name() + "'")))
                .get(0);
    }

    /**
     * Judges a bare text on {@code criteria}: the text is the criteria's evaluated field ({@code response} unless the
     * criteria says otherwise). Criteria with context fields need {@link #evaluate(Instance, Criteria)}.
     *
     * @param response the text to judge
     * @param criteria the criteria, without context fields
     * @return the option the judge chose, with its explanation
     * @throws IllegalArgumentException if the criteria has context fields
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries
     * @throws JudgeCallException       if the judge model could not be called
     */
    public DirectResult evaluate(String response, Criteria criteria) {
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(criteria, "criteria");
        return evaluate(Instance.of(criteria.toEvaluateField(), response), criteria);
    }

    /**
     * Judges every instance on {@code criteria}, in parallel within the judge's concurrency. The results are in the
     * instances' order. Instances that would give the judge the same prompt are judged once and share the result.
     * The first failure fails the whole call.
     *
     * @param instances the instances, none {@code null}
     * @param criteria the criteria
     * @return one result per instance, in order
     * @throws IllegalArgumentException naming it, for a {@code null} instance, or one that lacks a field the criteria
     *                                  reads (before any call is made)
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries for an instance
     * @throws JudgeCallException       if the judge model could not be called
     */
    public List<DirectResult> evaluate(List<Instance> instances, Criteria criteria) {
        Objects.requireNonNull(instances, "instances");
        Objects.requireNonNull(criteria, "criteria");
        List<Job> jobs = new ArrayList<>(instances.size());
        for (int i = 0; i < instances.size(); i++) {
            if (instances.get(i) == null) {
                throw new IllegalArgumentException(CriteriaMessages.nullInstance(i, instances.size()));
            }
            jobs.add(new Job(
                    instances.get(i),
                    criteria,
                    "criteria '" + criteria.name() + "' on instance " + (i + 1) + " of " + instances.size()));
        }
        return run(jobs);
    }

    /**
     * Judges {@code instance} on every criteria of {@code multiCriteria}, one call per criteria in parallel, and
     * aggregates the results with the multi-criteria's weights, targets, thresholds and required items.
     *
     * @param instance the fields to judge, holding every criteria's evaluated and context fields
     * @param multiCriteria the criteria and how to combine them
     * @return the aggregate score and each criteria's result
     * @throws IllegalArgumentException if the instance lacks a field one of the criteria reads
     * @throws JudgeReplyException      if the judge model gave no valid reply in 3 tries
     * @throws JudgeCallException       if the judge model could not be called
     */
    public MultiCriteriaResult evaluate(Instance instance, MultiCriteria multiCriteria) {
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(multiCriteria, "multiCriteria");
        List<Job> jobs = multiCriteria.criteria().stream()
                .map(c -> new Job(instance, c, "criteria '" + c.name() + "' of a multi-criteria"))
                .toList();
        Map<String, DirectResult> results = new LinkedHashMap<>();
        run(jobs).forEach(r -> results.put(r.criteriaName(), r));
        return multiCriteria.aggregate(results);
    }

    private List<DirectResult> run(List<Job> jobs) {
        // Fail on a missing field before any call is made.
        jobs.forEach(job -> job.criteria().requireFields(job.instance()));
        Map<Criteria, String> personaByCriteria =
                personas(jobs.stream().map(Job::criteria).toList());

        // Identical judgements (the same prompt on the same criteria) are asked once and share the result. Their
        // requests are identical, so a recording keeps all their replies as one sequence under one key; asked in
        // parallel, the jobs would take those replies in a different order on replay and could change verdicts.
        Map<Judgement, Integer> slots = new LinkedHashMap<>();
        List<Job> distinct = new ArrayList<>();
        List<JudgePrompt> prompts = new ArrayList<>();
        int[] slotOfJob = new int[jobs.size()];
        for (int j = 0; j < jobs.size(); j++) {
            Job job = jobs.get(j);
            JudgePrompt forward = prompt(job, personaByCriteria.get(job.criteria()), false);
            slotOfJob[j] = slots.computeIfAbsent(new Judgement(forward, job.criteria()), key -> {
                distinct.add(job);
                prompts.add(forward);
                return distinct.size() - 1;
            });
        }

        List<Callable<List<JudgeReply<DirectReply>>>> tasks = new ArrayList<>();
        for (int d = 0; d < distinct.size(); d++) {
            Job job = distinct.get(d);
            JudgePrompt forward = prompts.get(d);
            tasks.add(() -> calls.sample(job.subject(), forward, DirectReply.parser(job.criteria())));
            if (checkPositionalBias) {
                JudgePrompt reversed = prompt(job, personaByCriteria.get(job.criteria()), true);
                tasks.add(() -> calls.sample(
                        job.subject() + ", options reversed", reversed, DirectReply.parser(job.criteria())));
            }
        }
        long started = System.nanoTime();
        List<List<JudgeReply<DirectReply>>> replies = pool.all(tasks);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        int perJob = checkPositionalBias ? 2 : 1;
        List<DirectResult> distinctResults = new ArrayList<>(distinct.size());
        for (int d = 0; d < distinct.size(); d++) {
            Job job = distinct.get(d);
            List<JudgeReply<DirectReply>> forward = replies.get(d * perJob);
            List<JudgeReply<DirectReply>> reversed = checkPositionalBias ? replies.get(d * perJob + 1) : List.of();
            boolean replayed = forward.stream().allMatch(JudgeReply::replayed)
                    && reversed.stream().allMatch(JudgeReply::replayed);
            ResultMetadata metadata = new ResultMetadata(
                    name(),
                    prompts.get(d),
                    personaByCriteria.get(job.criteria()),
                    replayed,
                    tokens(forward, reversed),
                    took,
                    retries(forward, reversed),
                    recordedModel(forward, reversed));
            List<DirectResult> samples = new ArrayList<>(forward.size());
            for (int s = 0; s < forward.size(); s++) {
                DirectReply reply = forward.get(s).value();
                // Feedback nobody asked for (a model adding it unprompted) is not reported.
                DirectResult sample = (generateFeedback
                                ? reply
                                : new DirectReply(reply.explanation(), reply.selectedOption(), null))
                        .toResult(job.criteria(), metadata);
                if (checkPositionalBias) {
                    sample = sample.withPositionalBias(reversed.get(s).value().toResult(job.criteria(), metadata));
                }
                samples.add(sample);
            }
            distinctResults.add(SelfConsistency.majorityVote(samples));
        }
        List<DirectResult> results = new ArrayList<>(jobs.size());
        for (int slot : slotOfJob) {
            results.add(distinctResults.get(slot));
        }
        return results;
    }

    /** The tokens of every reply, in every sample and both orders. */
    @SafeVarargs
    static TokenUsage tokens(List<? extends JudgeReply<?>>... replies) {
        TokenUsage total = new TokenUsage(0, 0);
        for (List<? extends JudgeReply<?>> list : replies) {
            for (JudgeReply<?> reply : list) {
                total = TokenUsage.sum(total, reply.tokenUsage());
            }
        }
        return total;
    }

    /** The retries of every reply, in every sample and both orders. */
    @SafeVarargs
    static int retries(List<? extends JudgeReply<?>>... replies) {
        int total = 0;
        for (List<? extends JudgeReply<?>> list : replies) {
            for (JudgeReply<?> reply : list) {
                total += reply.retries();
            }
        }
        return total;
    }

    /** Who wrote the replayed replies, when not the judge's model (see {@link ResultMetadata#recordedModel()}). */
    @SafeVarargs
    static String recordedModel(List<? extends JudgeReply<?>>... replies) {
        List<JudgeReply<?>> all = new ArrayList<>();
        for (List<? extends JudgeReply<?>> list : replies) {
            all.addAll(list);
        }
        return JudgeReply.recordedModelOf(all);
    }

    private JudgePrompt prompt(Job job, String persona, boolean reversed) {
        return DirectPrompt.builder(job.criteria(), job.instance())
                .optionsReversed(reversed)
                .generateFeedback(generateFeedback)
                .judgeDescription(persona)
                .build();
    }

    private record Job(Instance instance, Criteria criteria, String subject) {}

    /** What makes two judgements the same: the prompt sent and the criteria its reply is read against. */
    private record Judgement(JudgePrompt prompt, Criteria criteria) {}

    /** Builder with boxed fields: {@code null} means "not set", and the default applies when built. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder extends CriteriaJudgeBuilder<Builder> {

        private Boolean generateFeedback;

        private Builder() {}

        /**
         * Whether to ask for actionable feedback on how the text could better meet the criteria; default off.
         *
         * @param generate {@code true} to ask for it ({@link DirectResult#feedback()})
         * @return this builder
         */
        public Builder generateFeedback(boolean generate) {
            this.generateFeedback = generate;
            return this;
        }

        /**
         * The judge with these settings; its threads start now, so close it when done.
         *
         * @return a new judge
         * @throws IllegalArgumentException if no chat model is set, or both a judge description and a synthetic
         *                                  persona are asked for
         */
        public DirectJudge build() {
            return new DirectJudge(this);
        }
    }
}
