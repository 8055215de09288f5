package dev.llmassert.junit;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.calibration.Calibrator;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.testing.ConfigurationProbe;
import dev.llmassert.junit.testing.WordOverlapJudge;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * Calibrations run by the extension: the injected {@link Evaluator}'s record and report entry, the gates of
 * {@code assertThat(calibration)}, and {@code llmassert.groundedness.calibration}, which applies a record's bar to its
 * own judge only; checked by running fixture classes on the JUnit Platform.
 */
class CalibrationsTest {

    /** The record {@link AnnotatedRecord} names; written by the test that runs it. */
    static final String ANNOTATED_RECORD = "target/calibrations-test/annotated.json";

    @TempDir
    Path dir;

    /** 12 rows labelled yes and 8 no; the word-overlap judge scores a row by the share of its words in the source. */
    static List<LabelledItem> rows() {
        List<LabelledItem> rows = new ArrayList<>();
        String source = "The router restarts in two minutes and the light turns white.";
        for (int i = 0; i < 12; i++) {
            rows.add(LabelledItem.of("yes-" + i, i % 3 == 0 ? "The light turns white." : "The router restarts.", "yes")
                    .withContext("sources", source));
        }
        for (int i = 0; i < 8; i++) {
            rows.add(LabelledItem.of("no-" + i, i == 0 ? "The router turns white." : "Call us on Sundays.", "no")
                    .withContext("sources", source));
        }
        return rows;
    }

    @Test
    void aCalibrationWritesItsRecordAndItsEntryGivesTheLineThatAppliesTheBar() {
        EngineExecutionResults results = run(Calibrates.class, ConfigKeys.REPORT_DIR, dir.toString());

        assertThat(failures(results)).isEmpty();
        Path record = dir.resolve("calibrations").resolve(Calibrates.class.getName() + ".calibrates.json");
        Calibration read = Calibration.read(record);
        assertThat(read.judge()).isEqualTo(WordOverlapJudge.NAME);
        assertThat(read.rows()).hasSize(20);
        assertThat(read.currentMinScore()).isEqualTo(LlmJudge.DEFAULT_MIN_SCORE);
        assertThat(reportEntries(results, "calibrates")).anySatisfy(entry -> {
            assertThat(entry.get("llm-assert.calibration.record")).isEqualTo(record.toString());
            assertThat(entry.get("llm-assert.calibration"))
                    .startsWith(WordOverlapJudge.NAME + " over 20 rows: " + "balanced accuracy ");
            assertThat(entry.get("llm-assert.calibration.apply"))
                    .contains("llmassert.groundedness.calibration=")
                    .contains("llmassert.groundedness.min-score="
                            + read.fittedMinScore().minScoreText());
        });
    }

    @Test
    void theGatesFailOnTheLowerBoundAndSayWhatTheFigureIs() {
        Calibration calibration = Calibrator.builder().build().calibrate(new WordOverlapJudge(), rows());

        assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.5).hasValueAtLeast(0.9);
        assertThat(calibration).recall("no").hasValueAtLeast(0.8);
        assertThatThrownBy(() -> assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.99))
                .hasMessageStartingWith("Expecting the lower bound of the balanced accuracy of test:word-overlap "
                        + "held out at the fitted bar "
                        + calibration.fittedMinScore().minScoreText() + " in the calibration "
                        + "calibration to be at least 0.990, but it is ")
                .hasMessageContaining("(wilson-mover 95%), n 20")
                .hasMessageContaining("more labelled rows narrow the interval");
        assertThatThrownBy(() -> assertThat(calibration).recall("maybe"))
                .hasMessageContaining("has no label 'maybe'; its labels are [yes, no]");
        assertThatThrownBy(() -> assertThat(calibration).kappa().hasLowerBoundAtLeast(0.99))
                .hasMessageContaining("(bootstrap 95%)");
    }

    @Test
    void aCommittedRecordSetsTheDefaultMinimumOfItsJudge() {
        Calibration calibration = Calibrator.builder().build().calibrate(new WordOverlapJudge(), rows());
        Path record = dir.resolve("word-overlap.json");
        calibration.write(record);

        EngineExecutionResults results = run(Probed.class, ConfigKeys.GROUNDEDNESS_CALIBRATION, record.toString());
        EngineExecutionResults nearer = run(
                Probed.class,
                ConfigKeys.GROUNDEDNESS_CALIBRATION,
                record.toString(),
                ConfigKeys.GROUNDEDNESS_MIN_SCORE,
                "0.9");

        assertThat(failures(results)).isEmpty();
        assertThat(reportEntries(results, "probe"))
                .extracting(entry -> entry.get("minScore"))
                .contains(String.valueOf(calibration.fittedMinScore().minScore()));
        // a min-score set in the same place or nearer the test wins
        assertThat(reportEntries(nearer, "probe"))
                .extracting(entry -> entry.get("minScore"))
                .contains("0.9");
    }

    @Test
    void theAnnotationNamesARecordToo() {
        Calibration calibration = Calibrator.builder().build().calibrate(new WordOverlapJudge(), rows());
        calibration.write(Path.of(ANNOTATED_RECORD));

        EngineExecutionResults results = run(AnnotatedRecord.class);

        assertThat(failures(results)).isEmpty();
        assertThat(reportEntries(results, "probe"))
                .extracting(entry -> entry.get("minScore"))
                .contains(String.valueOf(calibration.fittedMinScore().minScore()));
    }

    @Test
    void aRecordOfAnotherJudgeFailsTheTestNamingBothJudges() {
        GroundednessJudge other = new GroundednessJudge() {
            @Override
            public GroundednessVerdict judge(String response, List<String> sources) {
                double score = response.startsWith("Call") ? 0.1 : 0.9;
                return GroundednessVerdict.of(
                        List.of(new SentenceVerdict(0, response, score, null)), name(), null, false, Duration.ZERO);
            }

            @Override
            public String name() {
                return "openai:gpt-4o-mini";
            }
        };
        Path record = dir.resolve("gpt-4o-mini.json");
        Calibrator.builder().build().calibrate(other, rows()).write(record);

        EngineExecutionResults results = run(Probed.class, ConfigKeys.GROUNDEDNESS_CALIBRATION, record.toString());

        assertThat(failureOf(results, "probe"))
                .hasMessageStartingWith("The calibration record " + record
                        + " (llmassert.groundedness.calibration, set by the JUnit configuration parameter")
                .hasMessageContaining("was made with the judge openai:gpt-4o-mini, but this test's groundedness "
                        + "judge is test:word-overlap")
                .hasMessageContaining("Fix: calibrate test:word-overlap on the same labels");
    }

    @Test
    void outsideTheExtensionARecordAppliesToTheJudgeOfTheCheckOnly() {
        Calibration calibration = Calibrator.builder().build().calibrate(new WordOverlapJudge(), rows());
        Path record = dir.resolve("outside.json");
        calibration.write(record);
        ConfigurationResolver resolver = new ConfigurationResolver(List.of(new ConfigurationResolver.Source() {
            @Override
            public String get(String key) {
                return key.equals(ConfigKeys.GROUNDEDNESS_CALIBRATION) ? record.toString() : null;
            }

            @Override
            public String describe(String key) {
                return "the system property " + key;
            }
        }));

        assertThat(resolver.defaultMinScore(WordOverlapJudge.NAME))
                .isEqualTo(calibration.fittedMinScore().minScore());
        assertThat(resolver.defaultMinScore(null)).isEqualTo(LlmJudge.DEFAULT_MIN_SCORE);
        assertThatThrownBy(() -> resolver.defaultMinScore("local:all-minilm-l6-v2-q"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("was made with the judge test:word-overlap, but this test's groundedness "
                        + "judge is local:all-minilm-l6-v2-q");
    }

    @Test
    void aRecordThatIsMissingOrOfACriteriaJudgeFailsWithThePathAndTheFix() {
        EngineExecutionResults results = run(
                Probed.class,
                ConfigKeys.GROUNDEDNESS_CALIBRATION,
                dir.resolve("missing.json").toString());

        // the class's configuration is resolved before its tests, so the class fails
        Throwable failure = results.allEvents().failed().stream()
                .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                        .getThrowable()
                        .orElseThrow())
                .findFirst()
                .orElseThrow();
        assertThat(failure)
                .hasMessageStartingWith("The calibration record named by "
                        + "llmassert.groundedness.calibration (set by the JUnit configuration parameter")
                .hasMessageContaining("There is no calibration record at " + dir.resolve("missing.json"))
                .hasMessageContaining("Fix: run the calibration once and commit its record");
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class Calibrates {

        @Test
        void calibrates(Evaluator evaluator, GroundednessJudge judge) {
            Calibration calibration = evaluator.calibrate(judge, rows());
            assertThat(calibration).balancedAccuracy().hasValueAtLeast(0.5);
        }
    }

    @LlmJudge
    @ExtendWith({WordOverlapJudgeExtension.class, ConfigurationProbe.class})
    static class Probed {

        @Test
        void probe() {}
    }

    @LlmJudge(calibration = ANNOTATED_RECORD)
    @ExtendWith({WordOverlapJudgeExtension.class, ConfigurationProbe.class})
    static class AnnotatedRecord {

        @Test
        void probe() {}
    }
}
