package dev.llmassert.junit;

import dev.llmassert.junit.testing.WordOverlapJudge;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.assertj.core.api.junit.jupiter.InjectSoftAssertions;
import org.assertj.core.api.junit.jupiter.SoftAssertionsExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.MultipleFailuresError;

import java.util.Arrays;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.INVENTED;
import static dev.llmassert.junit.testing.Texts.MANUAL;
import static dev.llmassert.junit.testing.Texts.PARTLY_INVENTED;

/** {@link LlmSoftAssertions} collects every failing check, on its own and with AssertJ's extension. */
class SoftAssertionsTest {

    @Test
    void everyFailingCheckOfATestIsCollectedAndReported() {
        EngineExecutionResults results = run(ManualSoftly.class);

        assertThat(reportEntries(results, "collectsEveryFailure")).contains(Map.of("collected", "5"));
        Throwable failure = failureOf(results, "collectsEveryFailure");
        assertThat(failure).isInstanceOf(MultipleFailuresError.class);
        assertThat(((MultipleFailuresError) failure).getFailures()).hasSize(5);
        assertThat(failure)
                .hasMessageContainingAll(
                        "[first] ",
                        "with a score of at least 0.80, but its score was 0.00",
                        "[second] ",
                        "with a score of at least 0.90, but its score was 0.64",
                        "Expecting every sentence of response",
                        "Expecting actual not to be null",
                        "something else");
    }

    @Test
    void worksWithAssertJsSoftAssertionsExtension() {
        EngineExecutionResults results = run(InjectedSoftly.class);

        results.testEvents().assertStatistics(s -> s.started(2).failed(2));
        assertThat(reportEntries(results, "twoFailures")).contains(Map.of("reached", "end of method"));
        Throwable failure = failureOf(results, "twoFailures");
        assertThat(((MultipleFailuresError) failure).getFailures()).hasSize(2);
        assertThat(failure)
                .hasMessageContainingAll(
                        "\"Routers brew espresso daily.\"", "\"The router also brews coffee every morning.\"");
    }

    @Test
    void bareSoftCheckIsStillCheckedAfterTheMethod() {
        Throwable failure = failureOf(run(InjectedSoftly.class), "bareSoftCheck");

        assertThat(failure).isNotNull();
        assertThat(failure.toString() + Arrays.toString(failure.getSuppressed()))
                .contains("had no withMinScore(...), so it was checked after the test")
                .contains("isGroundedIn(...) at " + InjectedSoftly.class.getName()
                        + ".bareSoftCheck(SoftAssertionsTest.java:");
    }

    @Test
    void softAssertionsWorkOutsideTheExtensionWithAJudge() {
        WordOverlapJudge judge = new WordOverlapJudge();
        LlmSoftAssertions softly = new LlmSoftAssertions();

        softly.assertThat(INVENTED)
                .usingJudge(judge)
                .isGroundedIn(MANUAL)
                .withMinScore(0.0)
                .everySentence()
                .hasMinScore(0.5);
        softly.assertThat(GROUNDED).usingJudge(judge).isGroundedIn(MANUAL).withMinScore(1.0);
        softly.assertThat(PARTLY_INVENTED)
                .usingJudge(judge)
                .isGroundedIn(MANUAL)
                .withMinScore(0.9);

        // outside @LlmJudge the two bare checks below the default (INVENTED, PARTLY_INVENTED) fail at once too
        assertThat(softly.errorsCollected()).hasSize(4);
        assertThat(softly.errorsCollected())
                .filteredOn(e -> e.getMessage().contains("ran outside @LlmJudge"))
                .hasSize(2);
        assertThatThrownBy(softly::assertAll).isInstanceOf(MultipleFailuresError.class);
    }

    @Test
    void softStringChecksAreCollectedBesideTheJudgedOnes() {
        WordOverlapJudge judge = new WordOverlapJudge();
        LlmSoftAssertions softly = new LlmSoftAssertions();

        softly.assertThat(INVENTED)
                .as("string checks")
                .isBlank()
                .doesNotContain("espresso")
                .usingJudge(judge)
                .isGroundedIn(MANUAL)
                .withMinScore(0.8);
        softly.assertThat(GROUNDED)
                .isNotBlank()
                .usingJudge(judge)
                .isGroundedIn(MANUAL)
                .withMinScore(0.0);

        // outside @LlmJudge the bare isGroundedIn(...) is also checked at once, against the default minimum
        assertThat(softly.errorsCollected()).hasSize(4);
        assertThat(softly.errorsCollected().get(0)).hasMessageContainingAll("[string checks] ", "Expecting blank");
        assertThat(softly.errorsCollected().get(1))
                .hasMessageContainingAll("[string checks] ", "not to contain", "\"espresso\"");
        assertThat(softly.errorsCollected().get(2))
                .hasMessageContainingAll("[string checks] ", "ran outside @LlmJudge");
        assertThat(softly.errorsCollected().get(3))
                .hasMessageContainingAll("[string checks] ", "with a score of at least 0.80");
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class ManualSoftly {

        @Test
        void collectsEveryFailure(TestReporter reporter) {
            LlmSoftAssertions softly = new LlmSoftAssertions();
            softly.assertThat(INVENTED).as("first").isGroundedIn(MANUAL).withMinScore(0.8);
            softly.assertThat(PARTLY_INVENTED)
                    .as("second")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.9)
                    .everySentence()
                    .hasMinScore(0.5);
            softly.assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.9);
            softly.assertThat((String) null)
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.9)
                    .everySentence()
                    .hasMinScore(0.9);
            softly.assertThat(GROUNDED).isEqualTo("something else");
            reporter.publishEntry(
                    "collected", String.valueOf(softly.errorsCollected().size()));
            softly.assertAll();
        }
    }

    @LlmJudge
    @ExtendWith({WordOverlapJudgeExtension.class, SoftAssertionsExtension.class})
    static class InjectedSoftly {

        @InjectSoftAssertions
        LlmSoftAssertions softly;

        @Test
        void twoFailures(TestReporter reporter) {
            softly.assertThat(INVENTED).isGroundedIn(MANUAL).withMinScore(0.5);
            softly.assertThat(PARTLY_INVENTED)
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.5)
                    .everySentence()
                    .hasMinScore(0.5);
            softly.assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.5);
            reporter.publishEntry("reached", "end of method");
        }

        @Test
        void bareSoftCheck() {
            softly.assertThat(INVENTED).isGroundedIn(MANUAL);
        }
    }
}
