package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.EntailmentModel.Pair;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped entailment model, run in-process as the judge runs it. */
class EntailmentModelTest {

    private static final String POLICY = "Returns are accepted within 30 days of delivery. Refunds go back to the "
            + "original payment method within 5 business days of receiving the return.";

    private final EntailmentModel model = EntailmentModel.shared();

    @Test
    void aSentenceOfThePremiseIsEntailedAndItsEditsAreNot() {
        double[] p = model.entailment(List.of(
                new Pair(POLICY, "Returns are accepted within 30 days of delivery."),
                new Pair(POLICY, "Returns are not accepted within 30 days of delivery."),
                new Pair(POLICY, "Returns are accepted within 90 days of delivery."),
                new Pair(POLICY, "Refunds are paid as store credit.")));

        assertThat(p[0]).isGreaterThan(0.5);
        assertThat(p[1]).isLessThan(0.5);
        assertThat(p[2]).isLessThan(0.5);
        assertThat(p[3]).isLessThan(0.5);
    }

    @Test
    void theSharedModelIsOneInstance() {
        assertThat(EntailmentModel.shared()).isSameAs(model);
    }

    @Test
    void aPairGetsTheSameProbabilityAloneAmongOthersAndFromManyThreads() throws Exception {
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            pairs.add(new Pair(
                    POLICY + " Case " + i + " is kept on file.",
                    i % 2 == 0 ? "Refunds take " + i + " business days." : "Returns are accepted for case " + i + "."));
        }
        // run(...) computes every time: nothing remembered can make the runs agree.
        double[] alone = new double[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            alone[i] = model.run(List.of(pairs.get(i))).get(pairs.get(i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<double[]>> runs = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                long seed = t;
                runs.add(pool.submit(() -> {
                    List<Pair> shuffled = new ArrayList<>(pairs);
                    Collections.shuffle(shuffled, new Random(seed));
                    Map<Pair, Float> p = model.run(shuffled);
                    return pairs.stream().mapToDouble(p::get).toArray();
                }));
            }
            for (Future<double[]> run : runs) {
                assertThat(run.get()).containsExactly(alone);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(Arrays.stream(alone).boxed().toList())
                .allSatisfy(p -> assertThat(p).isBetween(0.0, 1.0));
    }

    @Test
    void aLongPremiseIsCutToTheModelsLengthAndStillRead() {
        String premise = (POLICY + " ").repeat(40);

        double p = model.entailment(List.of(new Pair(premise, "Returns are accepted within 30 days of delivery.")))[0];

        assertThat(p).isGreaterThan(0.5);
    }

    /**
     * The model lives as long as the JVM, its threads only while it works: a tool that waits for the threads a run
     * started (Maven's {@code exec:java} after a mutation check) sees them end, where before they waited for work
     * forever.
     */
    @Test
    void itsThreadsEndWhenItIsIdle() throws InterruptedException {
        model.run(List.of(new Pair(POLICY, "Refunds take " + System.nanoTime() + " business days.")));
        assertThat(entailmentThreads()).as("threads that ran the pair").isNotEmpty();

        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!entailmentThreads().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }

        assertThat(entailmentThreads())
                .as("threads of the idle model, 20 s later")
                .isEmpty();
        assertThat(model.run(List.of(new Pair(POLICY, "Returns are accepted within 30 days of delivery."))))
                .as("new threads when it works again")
                .hasSize(1);
    }

    private static List<String> entailmentThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith("llm-assert-entailment-"))
                .toList();
    }
}
