package dev.llmassert.core.calibration;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.dataset.DatasetException;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.stats.Estimate;
import dev.llmassert.core.stats.Statistics;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CalibratorTest {

    /** 14 rows labelled yes, 10 no; the scores overlap a little around 0.5. */
    static final double[] YES_SCORES = {0.95, 0.9, 0.88, 0.8, 0.77, 0.72, 0.7, 0.66, 0.61, 0.58, 0.55, 0.52, 0.45, 0.3};

    static final double[] NO_SCORES = {0.6, 0.5, 0.42, 0.4, 0.33, 0.3, 0.21, 0.2, 0.1, 0.05};

    @TempDir
    Path dir;

    /** A judge whose score is the number the response ends with: "answer 7 scores 0.88" scores 0.88. */
    static final class ScoreJudge implements GroundednessJudge {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public GroundednessVerdict judge(String response, List<String> sources) {
            calls.incrementAndGet();
            if (response.contains("fails")) {
                throw new IllegalStateException("The judge could not be reached for: " + response);
            }
            double score = Double.parseDouble(response.substring(response.lastIndexOf(' ') + 1));
            return GroundednessVerdict.of(
                    List.of(new SentenceVerdict(
                            0, response, score, score >= 0.5 ? sources.get(0) : SentenceVerdict.NOTHING_FOUND)),
                    name(),
                    null,
                    false,
                    Duration.ZERO);
        }

        @Override
        public String name() {
            return "test:scores";
        }
    }

    static List<LabelledItem> rows() {
        List<LabelledItem> rows = new ArrayList<>();
        for (int i = 0; i < YES_SCORES.length; i++) {
            rows.add(LabelledItem.of("y" + i, "answer y" + i + " scores " + YES_SCORES[i], "yes")
                    .withContext("sources", List.of("The source of y" + i + ".")));
        }
        for (int i = 0; i < NO_SCORES.length; i++) {
            rows.add(LabelledItem.of("n" + i, "answer n" + i + " scores " + NO_SCORES[i], "no")
                    .withContext("sources", "The source of n" + i + "."));
        }
        return rows;
    }

    @Test
    void aGroundednessCalibrationFitsTheBarAndMeasuresItHeldOut() {
        ScoreJudge judge = new ScoreJudge();

        Calibration calibration = Calibrator.builder()
                .currentMinScore(0.7)
                .testId("support")
                .build()
                .calibrate(judge, rows());

        assertThat(judge.calls).hasValue(24);
        assertThat(calibration.kind()).isEqualTo(Calibration.GROUNDEDNESS);
        assertThat(calibration.judge()).isEqualTo("test:scores");
        assertThat(calibration.testId()).isEqualTo("support");
        assertThat(calibration.labels()).containsExactly("yes", "no");
        assertThat(calibration.rows())
                .hasSize(24)
                .first()
                .extracting(JudgedRow::id, JudgedRow::label, JudgedRow::score, JudgedRow::option)
                .containsExactly("y0", "yes", 0.95, null);
        // the best bar over all rows: the yes rows from 0.52 up pass, the no rows from 0.5 down fail
        FittedMinScore fitted = calibration.fittedMinScore();
        assertThat(fitted.minScore()).isGreaterThan(0.5).isLessThanOrEqualTo(0.52);
        assertThat(fitted.folds()).isEqualTo(5);
        assertThat(fitted.foldMinScores()).hasSize(5);
        assertThat(fitted.seed()).isEqualTo(Calibrator.DEFAULT_SEED);

        Agreement agreement = calibration.agreement();
        assertThat(agreement.basis()).isEqualTo(Agreement.HELD_OUT);
        assertThat(agreement.n()).isEqualTo(24);
        assertThat(agreement.confusion().total("yes")).isEqualTo(14);
        assertThat(agreement.confusion().total("no")).isEqualTo(10);
        Estimate recallYes = agreement.recall("yes").orElseThrow();
        int yesPassed = agreement.confusion().count("yes", "yes");
        assertThat(recallYes.value()).isEqualTo(yesPassed / 14.0);
        assertThat(recallYes.interval()).isEqualTo(Statistics.wilson(yesPassed, 14, 0.95));
        assertThat(agreement.balancedAccuracy().value())
                .isCloseTo(
                        (recallYes.value()
                                        + agreement.recall("no").orElseThrow().value())
                                / 2,
                        within(1e-12));
        assertThat(agreement.balancedAccuracy().interval().lower())
                .isLessThan(agreement.balancedAccuracy().value());
        assertThat(agreement.kappa()).isNotNull();
        // the held-out verdicts are each row's score against the bar of the fold it was held out in
        long yesPassedAtFoldBars = calibration.rows().stream()
                .filter(row -> row.label().equals("yes"))
                .filter(row -> row.score() >= fitted.foldMinScores().get(row.fold()))
                .count();
        assertThat(yesPassedAtFoldBars).isEqualTo(yesPassed);
        assertThat(calibration.rows()).extracting(JudgedRow::fold).containsOnly(0, 1, 2, 3, 4);
        assertThat(agreement.confusion().share("no", "yes").interval().method()).isEqualTo("wilson");

        assertThat(calibration.auc().value()).isGreaterThan(0.8);
        assertThat(calibration.curve())
                .hasSize(101)
                .first()
                .satisfies(point -> assertThat(point.recallYes()).isEqualTo(1.0));
        assertThat(calibration.atCurrentMinScore().basis()).isEqualTo(Agreement.IN_SAMPLE);
        assertThat(calibration.atCurrentMinScore().minScore()).isEqualTo(0.7);
        assertThat(calibration.atCurrentMinScore().recall("yes").orElseThrow().value())
                .isEqualTo(7 / 14.0);
        assertThat(calibration.agreementAt(0.7)).isEqualTo(calibration.atCurrentMinScore());
    }

    @Test
    void theMisjudgedRowsComeWorstFirstWithTheJudgesEvidence() {
        Calibration calibration = Calibrator.builder().build().calibrate(new ScoreJudge(), rows());
        double bar = calibration.fittedMinScore().minScore();

        // at the fitted bar: y12 (0.45) and y13 (0.3) fail, n0 (0.6) passes
        assertThat(calibration.misjudged()).extracting(MisjudgedRow::id).containsExactly("y13", "n0", "y12");
        MisjudgedRow worst = calibration.misjudged().get(0);
        assertThat(worst.label()).isEqualTo("yes");
        assertThat(worst.judged()).isEqualTo("no");
        assertThat(worst.minScore()).isEqualTo(bar);
        assertThat(worst.where()).isEqualTo("the labelled item 'y13'");
        assertThat(worst.response()).isEqualTo("answer y13 scores 0.3");
        assertThat(worst.sentences())
                .singleElement()
                .satisfies(sentence -> assertThat(sentence.evidence()).isEqualTo(SentenceVerdict.NOTHING_FOUND));
        assertThat(calibration.misjudged().get(1).sentences().get(0).evidence()).isEqualTo("The source of n0.");
    }

    @Test
    void theRecordIsWrittenAndReadBackWhole() throws IOException {
        Path file = dir.resolve("calibrations").resolve("support.json");

        Calibration calibration =
                Calibrator.builder().currentMinScore(0.7).recordTo(file).build().calibrate(new ScoreJudge(), rows());

        assertThat(Calibration.read(file)).isEqualTo(calibration);
        String json = Files.readString(file);
        assertThat(json)
                .startsWith("{\n  \"format\" : 1,")
                .contains("\"kind\" : \"groundedness\"")
                .doesNotContain("\"groundedness\" :");
    }

    @Test
    void aRowTheJudgeCannotJudgeIsKeptAsAnErrorAndLeftOutOfTheFigures() {
        List<LabelledItem> rows = new ArrayList<>(rows());
        rows.add(LabelledItem.of("broken", "this one fails", "yes").withContext("sources", "S."));

        Calibration calibration = Calibrator.builder()
                .settings(EvaluationSettings.defaults().withMaxErrorRate(0.1))
                .build()
                .calibrate(new ScoreJudge(), rows);

        assertThat(calibration.items()).isEqualTo(25);
        assertThat(calibration.rows()).hasSize(24);
        assertThat(calibration.errors()).singleElement().satisfies(error -> {
            assertThat(error.id()).isEqualTo("broken");
            assertThat(error.error())
                    .isEqualTo("IllegalStateException: The judge could not be reached for: this " + "one fails");
        });
        assertThat(calibration.errorRate()).isEqualTo(0.04);
        assertThat(calibration.errorRateExceeded()).isFalse();
        assertThat(calibration.agreement().n()).isEqualTo(24);
    }

    @Test
    void aBadLabelFailsBeforeAnyRowIsJudged() {
        ScoreJudge judge = new ScoreJudge();
        List<LabelledItem> rows = new ArrayList<>(rows());
        rows.add(LabelledItem.of("odd", "answer scores 0.5", "unsure").withContext("sources", "S."));

        assertThatThrownBy(() -> Calibrator.builder().build().calibrate(judge, rows))
                .isInstanceOf(DatasetException.class)
                .hasMessageStartingWith("The label of the labelled item 'odd': the label is 'unsure'");
        assertThat(judge.calls).hasValue(0);
    }

    @Test
    void aRowWithoutSourcesSaysWhereAndHowToGiveThem() {
        List<LabelledItem> rows = List.of(LabelledItem.of("a", "answer scores 0.9", "yes"));

        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibrator.builder().build().calibrate(new ScoreJudge(), rows))
                .withMessage("the labelled item 'a': the row has no context 'sources' for its sources; it has no "
                        + "context. Fix: give the file's field the role, e.g. .contextList(\"sources\"), or add it "
                        + "in code with item.withContext(\"sources\", ...).");
    }

    @Test
    void aLabelWithFewerThanTwoRowsCannotBeCalibrated() {
        List<LabelledItem> rows = rows().subList(0, 15);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibrator.builder().build().calibrate(new ScoreJudge(), rows))
                .withMessage("A calibration needs at least 2 rows of each label, to fit a bar on some and measure it "
                        + "on others, but there are 14 rows labelled yes and 1 row labelled no. Fix: label more rows "
                        + "of the rarer kind; 50 to 200 rows in all give useful intervals.");
    }

    @Test
    void twoRowsWithOneIdAreAnError() {
        List<LabelledItem> rows = new ArrayList<>(rows());
        rows.add(rows.get(0));

        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibrator.builder().build().calibrate(new ScoreJudge(), rows))
                .withMessageStartingWith("Labelled items 1 and 25 have the same id 'y0'");
    }

    @Test
    void aCriteriaCalibrationComparesTheOptionsPerOptionAndInAll() {
        Criteria clarity = Criteria.builder("clarity")
                .description("Is the answer clear?")
                .option("Clear", "Easy to follow.", 1.0)
                .option("Somewhat clear", "Followable with effort.", 0.5)
                .option("Unclear", "Hard to follow.", 0.0)
                .contextFields("question")
                .build();
        // the judge's option is the answer's first word, so the rows say what it will choose
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            String answer =
                    PromptData.after(ScriptedChatModel.lastUserText(request), "## The response to evaluate\n\n");
            String option = answer.startsWith("Somewhat") ? "Somewhat clear" : answer.split(" ")[0];
            return "{\"explanation\": \"It reads as " + option + ".\", \"selectedOption\": \"" + option + "\"}";
        });
        DirectJudge judge = DirectJudge.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .retryBackoff(Duration.ZERO)
                .build();
        List<LabelledItem> rows = List.of(
                row("c1", "Clear answer.", "clear"),
                row("c2", "Clear again.", "Clear"),
                row("c3", "Unclear answer.", "Clear"),
                row("s1", "Somewhat clear answer.", "Somewhat clear"),
                row("s2", "Clear but long.", "Somewhat clear"),
                row("u1", "Unclear mess.", "Unclear"),
                row("u2", "Unclear too.", "Unclear"));

        Calibration calibration = Calibrator.builder().build().calibrate(judge, clarity, rows);

        assertThat(calibration.kind()).isEqualTo(Calibration.CRITERIA);
        assertThat(calibration.criteria()).isEqualTo("clarity");
        assertThat(calibration.labels()).containsExactly("Clear", "Somewhat clear", "Unclear");
        assertThat(calibration.fittedMinScore()).isNull();
        assertThat(calibration.auc()).isNull();
        assertThat(calibration.curve()).isEmpty();
        Agreement agreement = calibration.agreement();
        assertThat(agreement.basis()).isEqualTo(Agreement.OPTIONS);
        assertThat(agreement.recall("Clear").orElseThrow().value()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(agreement.recall("Somewhat clear").orElseThrow().value()).isEqualTo(0.5);
        assertThat(agreement.recall("Unclear").orElseThrow().value()).isEqualTo(1.0);
        assertThat(agreement.balancedAccuracy().value()).isCloseTo((2 / 3.0 + 0.5 + 1) / 3, within(1e-12));
        assertThat(agreement.accuracy().value()).isCloseTo(5 / 7.0, within(1e-12));
        assertThat(agreement.confusion().count("Clear", "Unclear")).isEqualTo(1);
        assertThat(agreement.confusion().count("Somewhat clear", "Clear")).isEqualTo(1);
        // Clear judged Unclear is further (1.0 from 0.0) than Somewhat clear judged Clear (0.5 from 1.0)
        assertThat(calibration.misjudged()).extracting(MisjudgedRow::id).containsExactly("c3", "s2");
        assertThat(calibration.misjudged().get(0).explanation()).isEqualTo("It reads as Unclear.");
        assertThat(calibration.rows().get(0)).isEqualTo(new JudgedRow("c1", "Clear", 1.0, "Clear", null));
        assertThat(PromptData.after(
                        ScriptedChatModel.lastUserText(model.requests().get(0)), "question"))
                .contains("What does it say?");
        assertThatThrownBy(() -> calibration.agreementAt(0.5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has no bar");
    }

    @Test
    void aCriteriaLabelThatIsNoOptionAndAMissingContextFieldFailBeforeJudging() {
        Criteria tone = Criteria.builder("tone")
                .description("Is it polite?")
                .option("Polite", "Kind.", 1.0)
                .option("Impolite", "Rude.", 0.0)
                .contextFields("question")
                .build();
        ScriptedChatModel model = new ScriptedChatModel();
        DirectJudge judge =
                DirectJudge.builder().chatModel(model).judgeName("test:judge").build();

        assertThatThrownBy(
                        () -> Calibrator.builder().build().calibrate(judge, tone, List.of(row("t1", "Hi.", "Polit"))))
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("Did you mean 'Polite'?");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibrator.builder()
                        .build()
                        .calibrate(judge, tone, List.of(LabelledItem.of("t2", "Hi.", "Polite"))))
                .withMessageContaining(
                        "no context 'question' for the context field 'question' of the criteria " + "'tone'");
        assertThat(model.requestCount()).isZero();
    }

    @Test
    void aRecordThatIsMissingOrNotACalibrationSaysSo() throws IOException {
        Path missing = dir.resolve("none.json");
        Path evaluation = Files.writeString(dir.resolve("evaluation.json"), "{\"format\": 1, \"test\": \"x\"}");
        Path damaged = Files.writeString(
                dir.resolve("damaged.json"),
                "{\"format\": 1, \"kind\": \"groundedness\", " + "\"judge\": \"x\", \"labels\": 3}");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibration.read(missing))
                .withMessageStartingWith("There is no calibration record at " + missing.toAbsolutePath());
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibration.read(evaluation))
                .withMessageContaining("is not a calibration record of format 1");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Calibration.read(damaged))
                .withMessageContaining("is damaged")
                .withMessageContaining("Fix: restore it from version control");
    }

    private static LabelledItem row(String id, String response, String label) {
        return LabelledItem.of(id, response, label).withContext("question", "What does it say?");
    }
}
