package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.MutationCheck;
import dev.llmassert.junit.MutationCheck.Mutant;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The mutation check on parts of this suite, as the README's "Mutation check" shows it: a mutant that survived
 * {@link NimbusAgentTest}, the test added for it ({@link NimbusAgentEverySentenceTest}), the scores before and after,
 * and the same result twice for the same seed, whether the mutants run one or two at once.
 */
class MutationCheckTest {

    /** The mutant the README shows: the booking tool's date changed, which the mean of the answer's sentences hides. */
    static final String DATE_IN_THE_BOOKING = "tool bookTechnician: '3 December' → '24 December'";

    @Test
    void aDateChangedInTheBookingToolsResultIsKilledByNimbusAgentTestAndByTheEverySentenceCheck() {
        MutationCheck before = check("before", "NimbusAgentTest", 2);
        MutationCheck after = check("after", "NimbusAgentTest,NimbusAgentEverySentenceTest", 2);

        // With its entailment model the default judge reads the changed date out of the booking sentence, and the
        // answer's mean falls under the bar (0.69): the mutant that the mean used to hide no longer survives.
        Mutant mutant = mutant(before, DATE_IN_THE_BOOKING);
        assertThat(mutant.status()).isEqualTo("killed");
        assertThat(mutant.diff())
                .containsExactly(
                        "- A technician visit for NR2-0042 is booked on 3 December 2026 between 8 am and noon.",
                        "+ A technician visit for NR2-0042 is booked on 24 December 2026 between 8 am and noon.");
        assertThat(mutant.outcomes())
                .anySatisfy(outcome -> assertThat(outcome)
                        .startsWith("NimbusAgentTest.looksTheWarrantyUpThenBooksTheVisit(Evaluator): killed:"));

        Mutant killed = mutant(after, DATE_IN_THE_BOOKING);
        assertThat(killed.id()).isEqualTo(mutant.id());
        assertThat(killed.status()).isEqualTo("killed");
        assertThat(killed.outcomes())
                .anySatisfy(outcome -> assertThat(outcome)
                        .startsWith("NimbusAgentEverySentenceTest.everySentenceOfTheBookingIsWhatTheToolsReturned"
                                + "(Evaluator): killed:"));

        // The scores themselves are not held here: the entailment model's int8 probabilities of a batch of pairs
        // depend on the pairs batched with them, so a borderline mutant's verdict depends on what the JVM read first
        // (26 or 27 of 42 for NimbusAgentTest alone, alone or in the whole suite; the README gives the whole
        // suite's run). What holds either way: the every-sentence check kills at least what the mean killed.
        assertThat(before.score())
                .hasValueSatisfying(b -> assertThat(after.score())
                        .hasValueSatisfying(a -> assertThat(a).isGreaterThanOrEqualTo(b)));
        assertThat(after.scoreOfOperator("tool-result"))
                .hasValueSatisfying(a -> assertThat(a).isGreaterThanOrEqualTo(14 / 17.0));
        assertThat(after.scoreOfClass("NimbusAgentTest")).isEqualTo(before.scoreOfClass("NimbusAgentTest"));
    }

    @Test
    void theSameSeedGivesTheSameResultWithOneMutantAtATimeOrTwo() {
        MutationCheck twoAtOnce = check("two-at-once", "SupportAssistantTest,SupportAssistantJudgedByLlmTest", 2);
        MutationCheck oneAtATime = check("one-at-a-time", "SupportAssistantTest,SupportAssistantJudgedByLlmTest", 1);

        assertThat(oneAtATime.withoutTimings()).isEqualTo(twoAtOnce.withoutTimings());
        assertThat(twoAtOnce.mutants()).isEqualTo(35);
        assertThat(twoAtOnce.needsJudge())
                .as("the LLM judge's replies are recorded for the answers as they are, not for the mutants")
                .isPositive();
        assertThat(twoAtOnce.results())
                .filteredOn(m -> m.status().equals("needs-judge"))
                .allSatisfy(m -> assertThat(m.outcomes())
                        .anySatisfy(outcome ->
                                assertThat(outcome).contains("needs-judge: ").containsIgnoringCase("no recording")));
        assertThat(twoAtOnce.survivors()).isNotEmpty();
    }

    /** One check of the classes, its report in a folder of its own. */
    private static MutationCheck check(String name, String classes, int concurrency) {
        // tag::run[]
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, classes);
        configuration.put(ConfigKeys.MUTATION_SEED, "1");
        configuration.put(ConfigKeys.MUTATION_CONCURRENCY, String.valueOf(concurrency));
        configuration.put(ConfigKeys.REPORT_DIR, "target/llm-assert-mutations/" + name);
        configuration.put(ConfigKeys.CONSOLE, "summary");
        return MutationCheck.run(configuration);
        // end::run[]
    }

    private static Mutant mutant(MutationCheck check, String change) {
        return check.results().stream()
                .filter(m -> m.change().equals(change))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no mutant " + change + " in " + check.summary()));
    }
}
