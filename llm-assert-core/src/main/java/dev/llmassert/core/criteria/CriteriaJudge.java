package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaCalls;
import dev.llmassert.core.criteria.internal.CriteriaMessages;
import dev.llmassert.core.criteria.internal.SyntheticPersonas;
import dev.llmassert.core.model.internal.LlmJudgeSetup;
import dev.llmassert.core.run.internal.WorkerPool;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** What {@link DirectJudge} and {@link PairwiseJudge} share: the model calls, the threads and the persona. */
abstract class CriteriaJudge implements AutoCloseable {

    final CriteriaCalls calls;
    final WorkerPool pool;
    final boolean checkPositionalBias;
    private final SyntheticPersonas personas;
    private final String judgeDescription;

    CriteriaJudge(CriteriaJudgeBuilder<?> builder, String example) {
        LlmJudgeSetup setup = builder.setup(CriteriaMessages.noChatModel(example));
        String description = builder.judgeDescriptionOrNull();
        if (builder.generatesSyntheticPersona() && description != null) {
            throw new IllegalArgumentException(CriteriaMessages.personaTwice(description));
        }
        this.calls = new CriteriaCalls(setup.chat(), setup.structured(), builder.samples());
        this.pool = setup.pool();
        this.personas =
                builder.generatesSyntheticPersona() ? new SyntheticPersonas(setup.chat(), setup.structured()) : null;
        this.judgeDescription = description;
        this.checkPositionalBias = builder.checksPositionalBias();
    }

    /**
     * The judge, as {@code provider:model}.
     *
     * @return the judge's name, as results and reports show it
     */
    public String name() {
        return calls.chat().judgeName();
    }

    /**
     * Whether replies are requested as JSON-schema structured output rather than JSON described in the prompt.
     *
     * @return {@code true} for structured output
     */
    public boolean usesStructuredOutput() {
        return calls.structured();
    }

    /**
     * Samples per judgement: 1, or n with {@code selfConsistency(n)}.
     *
     * @return 1 or more
     */
    public int samples() {
        return calls.samples();
    }

    /** Stops the judge's threads. Calls after this fail. */
    @Override
    public void close() {
        pool.close();
    }

    /**
     * The persona of each distinct criteria: the generated persona (written in parallel, once per criteria for the
     * judge's lifetime), else the judge description, else none (no entry).
     */
    Map<Criteria, String> personas(List<Criteria> criteria) {
        List<Criteria> distinct = criteria.stream().distinct().toList();
        Map<Criteria, String> byCriteria = new HashMap<>();
        if (personas == null) {
            if (judgeDescription != null) {
                distinct.forEach(c -> byCriteria.put(c, judgeDescription));
            }
            return byCriteria;
        }
        List<String> generated = pool.all(distinct.stream()
                .<Callable<String>>map(c -> () -> personas.personaFor(c))
                .toList());
        for (int i = 0; i < distinct.size(); i++) {
            byCriteria.put(distinct.get(i), generated.get(i));
        }
        return byCriteria;
    }
}
