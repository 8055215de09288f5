package dev.llmassert.examples.springboot;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.MutationCheck;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The mutation check on the Spring Boot example: the application's answers and tool results, replayed through the
 * Spring AI wiring, are changed one at a time, and the {@code @SpringBootTest} suite must notice. The mutants run one
 * at a time: the suite's tests share one application context (its chat memory and the recorder).
 */
class SpringMutationCheckTest {

    @Test
    void theSpringSuiteKillsMutantsOfTheApplicationsAnswersAndToolResults() {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, "SupportAssistantTest");
        configuration.put(ConfigKeys.MUTATION_SEED, "1");
        configuration.put(ConfigKeys.MUTATION_CONCURRENCY, "1");
        configuration.put(ConfigKeys.MUTATION_MAX_PER_ANSWER, "2");
        configuration.put(ConfigKeys.REPORT_DIR, "target/llm-assert-mutations/spring");
        configuration.put(ConfigKeys.CONSOLE, "summary");

        MutationCheck check = MutationCheck.run(configuration);

        System.out.println(check.summary());
        assertThat(check.mutants()).isPositive();
        assertThat(check.errored()).as(check.summary()).isZero();
        assertThat(check.killed()).as(check.summary()).isPositive();
        assertThat(check.scoreOfOperator("tool-result")).isPresent();
    }
}
