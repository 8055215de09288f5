package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.testing.HandWrittenReplies;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.INVENTED;
import static dev.llmassert.junit.testing.Texts.MANUAL;
import static dev.llmassert.junit.testing.Texts.PARTLY_INVENTED;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Each judged check publishes a JUnit report entry. Surefire's XML has no report entries; JUnit's Open Test Reporting
 * XML has them.
 */
class ReportEntriesTest {

    @Test
    void explicitCheckPublishesScoreMinimumJudgeSentencesTokensTimeAndReplayed() {
        List<Map<String, String>> entries = reportEntries(run(Reported.class), "explicitMinimum");

        assertThat(entries).singleElement().satisfies(entry -> {
            assertThat(entry)
                    .containsEntry("llmassert.check", "groundedness")
                    .containsEntry("llmassert.passed", "true")
                    .containsEntry("llmassert.score", "1.0000")
                    .containsEntry("llmassert.minScore", "0.8000")
                    .containsEntry("llmassert.judge", "test:word-overlap")
                    .containsEntry("llmassert.sentences", "2")
                    .containsEntry("llmassert.tokens", "14")
                    .containsEntry("llmassert.durationMillis", "3")
                    .containsEntry("llmassert.replayed", "true");
            assertThat(entry.get("llmassert.at"))
                    .startsWith(Reported.class.getName() + ".explicitMinimum(ReportEntriesTest.java:");
        });
    }

    @Test
    void aReplayedReplyAPersonWroteIsNamedInTheEntryBesideTheConfiguredJudge() {
        EngineExecutionResults results = run(HandWrittenReplies.class);

        for (String test : List.of("groundedByHand", "conciseByHand")) {
            assertThat(reportEntries(results, test))
                    .anySatisfy(entry -> assertThat(entry)
                            .containsEntry("llmassert.judge", "openai:gpt-4o-mini")
                            .containsEntry("llmassert.recordedModel", "hand-written-example")
                            .containsEntry("llmassert.replayed", "true"));
        }
        assertThat(reportEntries(results))
                .anySatisfy(entry -> assertThat(entry)
                        .containsEntry(
                                "llm-assert.gate",
                                "FAILED relevant: lower bound >= 0.900, is 0.342 (mean 1.000 "
                                        + "[0.342, 1.000] wilson, n 2)"));
    }

    @Test
    void bareCheckPublishesTheDefaultMinimum() {
        assertThat(reportEntries(run(Reported.class), "bareCheck"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.minScore", "0.7000")
                        .containsEntry("llmassert.passed", "true"));
    }

    @Test
    void everySentenceCheckPublishesItsOwnEntry() {
        assertThat(reportEntries(run(Reported.class), "everySentence"))
                .extracting(
                        e -> e.get("llmassert.check"),
                        e -> e.get("llmassert.lowestSentenceScore"),
                        e -> e.get("llmassert.passed"))
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("groundedness", "0.2857", "true"),
                        org.assertj.core.groups.Tuple.tuple("groundedness.every-sentence", "0.2857", "false"));
    }

    @Test
    void failedCheckIsReportedAndItsMessageSaysTheVerdictWasReplayed() {
        EngineExecutionResults results = run(Reported.class);

        assertThat(reportEntries(results, "failingCheck"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.passed", "false")
                        .containsEntry("llmassert.score", "0.0000"));
        assertThat(failureOf(results, "failingCheck"))
                .hasMessageContaining("Judge: test:word-overlap (replayed from a recording), 1 sentence");
    }

    @Test
    void theEntriesReachJUnitsOpenTestReportingXml(@TempDir Path dir) throws IOException {
        LauncherFactory.create()
                .execute(LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectClass(Reported.class))
                        .configurationParameter("junit.platform.reporting.open.xml.enabled", "true")
                        .configurationParameter("junit.platform.reporting.output.dir", dir.toString())
                        .configurationParameter(
                                ConfigKeys.REPORT_DIR, dir.resolve("llm-assert").toString())
                        .configurationParameter(ConfigKeys.CONSOLE, "off")
                        .build());

        List<Path> xml;
        try (Stream<Path> files = Files.list(dir)) {
            xml = files.filter(f -> f.getFileName().toString().endsWith(".xml")).toList();
        }
        assertThat(xml)
                .singleElement()
                .satisfies(file -> assertThat(Files.readString(file))
                        .contains("explicitMinimum()")
                        .contains("<entry key=\"llmassert.check\">groundedness</entry>")
                        .contains("<entry key=\"llmassert.score\">1.0000</entry>")
                        .contains("<entry key=\"llmassert.judge\">test:word-overlap</entry>"));
    }

    static class Reported {

        @RegisterExtension
        static final WordOverlapJudgeExtension REPLAYED_JUDGE = new WordOverlapJudgeExtension(true, Duration.ZERO);

        @RegisterExtension
        static final LlmAssertExtension LLM = new LlmAssertExtension();

        @Test
        void explicitMinimum() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        void bareCheck() {
            assertThat(GROUNDED).isGroundedIn(MANUAL);
        }

        @Test
        void everySentence() {
            assertThat(PARTLY_INVENTED)
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.6)
                    .everySentence()
                    .hasMinScore(0.5);
        }

        @Test
        void failingCheck() {
            assertThat(INVENTED).isGroundedIn(MANUAL).withMinScore(0.5);
        }
    }
}
