package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.GroundednessEvaluation.InputException;
import dev.llmassert.junit.GroundednessEvaluation.Judgement;
import dev.llmassert.junit.GroundednessEvaluation.Labelled;
import dev.llmassert.junit.GroundednessEvaluation.Metrics;
import dev.llmassert.junit.GroundednessEvaluation.Options;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.LlmAssertions.within;

/** The figures and the input handling of {@link GroundednessEvaluation}, on small hand-computed cases. */
class GroundednessEvaluationTest {

    private static final double EPS = 1e-12;
    /** A labelled file of the evaluation's format, 8 sentences of two articles, committed for the command. */
    private static final Path LABELLED = Path.of("src", "test", "resources", "labelled", "grounded-sentences.jsonl");

    private static Judgement grounded(double score, boolean passed) {
        return new Judgement(score, passed, true);
    }

    private static Judgement ungrounded(double score, boolean passed) {
        return new Judgement(score, passed, false);
    }

    /** A confusion table of judgements with the given counts (scores do not matter to the counts). */
    private static List<Judgement> table(int tp, int fn, int fp, int tn) {
        List<Judgement> judgements = new ArrayList<>();
        for (int i = 0; i < tp; i++) {
            judgements.add(grounded(0.9, true));
        }
        for (int i = 0; i < fn; i++) {
            judgements.add(grounded(0.1, false));
        }
        for (int i = 0; i < fp; i++) {
            judgements.add(ungrounded(0.9, true));
        }
        for (int i = 0; i < tn; i++) {
            judgements.add(ungrounded(0.1, false));
        }
        return judgements;
    }

    @Nested
    class MetricsOf {

        @Test
        void aucIsOneWhenEveryGroundedSentenceScoresAboveEveryUngroundedOne() {
            List<Judgement> judgements =
                    List.of(grounded(0.9, true), grounded(0.8, true), ungrounded(0.2, false), ungrounded(0.1, false));

            assertThat(Metrics.auc(judgements)).isEqualTo(1.0);
        }

        @Test
        void aucIsZeroWhenTheOrderIsReversed() {
            List<Judgement> judgements =
                    List.of(grounded(0.1, false), grounded(0.2, false), ungrounded(0.8, true), ungrounded(0.9, true));

            assertThat(Metrics.auc(judgements)).isEqualTo(0.0);
        }

        @Test
        void aucIsOneHalfWhenAllScoresTie() {
            List<Judgement> judgements = List.of(
                    grounded(0.5, true),
                    grounded(0.5, true),
                    grounded(0.5, true),
                    ungrounded(0.5, true),
                    ungrounded(0.5, true));

            assertThat(Metrics.auc(judgements)).isEqualTo(0.5);
        }

        @Test
        void aucCountsATieAcrossClassesAsHalf() {
            // pairs (grounded, ungrounded): (0.5,0.5)=1/2, (0.5,0.1)=1, (0.9,0.5)=1, (0.9,0.1)=1 -> 3.5/4
            List<Judgement> judgements =
                    List.of(grounded(0.5, false), grounded(0.9, true), ungrounded(0.5, false), ungrounded(0.1, false));

            assertThat(Metrics.auc(judgements)).isCloseTo(0.875, within(EPS));
        }

        @Test
        void aucIsUndefinedWithOneClass() {
            assertThat(Metrics.auc(List.of(grounded(0.5, true), grounded(0.7, true))))
                    .isNaN();
        }

        @Test
        void balancedTableByHand() {
            // tp=20 fn=5 fp=10 tn=15, n=50: recalls 20/25=0.8 and 15/25=0.6, balanced 0.7;
            // observed 35/50=0.7, chance (25*30 + 25*20)/2500=0.5, kappa (0.7-0.5)/(1-0.5)=0.4
            Metrics m = Metrics.of(table(20, 5, 10, 15));

            assertThat(m.n()).isEqualTo(50);
            assertThat(m.grounded()).isEqualTo(25);
            assertThat(m.ungrounded()).isEqualTo(25);
            assertThat(m.groundedPassed()).isEqualTo(20);
            assertThat(m.ungroundedFailed()).isEqualTo(15);
            assertThat(m.recallGrounded()).isCloseTo(0.8, within(EPS));
            assertThat(m.recallUngrounded()).isCloseTo(0.6, within(EPS));
            assertThat(m.balancedAccuracy()).isCloseTo(0.7, within(EPS));
            assertThat(m.kappa()).isCloseTo(0.4, within(EPS));
        }

        @Test
        void unbalancedTableByHand() {
            // tp=8 fn=2 fp=1 tn=1, n=12: recalls 0.8 and 0.5, balanced 0.65 (plain accuracy would be 0.75);
            // observed 9/12=0.75, chance (10*9 + 2*3)/144=96/144=2/3, kappa (3/4-2/3)/(1/3)=0.25
            Metrics m = Metrics.of(table(8, 2, 1, 1));

            assertThat(m.recallGrounded()).isCloseTo(0.8, within(EPS));
            assertThat(m.recallUngrounded()).isCloseTo(0.5, within(EPS));
            assertThat(m.balancedAccuracy()).isCloseTo(0.65, within(EPS));
            assertThat(m.kappa()).isCloseTo(0.25, within(EPS));
        }

        @Test
        void perfectAgreementHasKappaOneAndChanceLevelHasKappaZero() {
            assertThat(Metrics.of(table(3, 0, 0, 2)).kappa()).isCloseTo(1.0, within(EPS));
            // everything passes: observed = share grounded = chance agreement
            assertThat(Metrics.of(table(7, 0, 3, 0)).kappa()).isCloseTo(0.0, within(EPS));
            assertThat(Metrics.of(table(7, 0, 3, 0)).balancedAccuracy()).isCloseTo(0.5, within(EPS));
        }

        @Test
        void figuresOfAMissingClassAreUndefinedNotZero() {
            Metrics m = Metrics.of(table(4, 1, 0, 0));

            assertThat(m.recallGrounded()).isCloseTo(0.8, within(EPS));
            assertThat(m.recallUngrounded()).isNaN();
            assertThat(m.balancedAccuracy()).isNaN();
            assertThat(m.auc()).isNaN();
            assertThat(GroundednessEvaluation.format(m.auc())).isEqualTo("n/a");
            assertThat(Metrics.of(table(5, 0, 0, 0)).kappa()).isNaN();
        }

        @Test
        void numbersAreShownWithThreeDecimalsWhateverTheLocale() {
            assertThat(GroundednessEvaluation.format(2.0 / 3)).isEqualTo("0.667");
        }
    }

    @Nested
    class Labels {

        @Test
        void groundedWhenAtLeastHalfTheResponsesSayYes() {
            assertThat(GroundednessEvaluation.isGrounded(2, 3)).isTrue();
            assertThat(GroundednessEvaluation.isGrounded(1, 3)).isFalse();
            assertThat(GroundednessEvaluation.isGrounded(1, 2)).isTrue();
            assertThat(GroundednessEvaluation.isGrounded(0, 1)).isFalse();
        }

        @Test
        void readsEverySentenceWithItsLineAndCaseInsensitiveYes(@TempDir Path dir) throws Exception {
            Path file = write(
                    dir,
                    "data.jsonl",
                    line(
                            "The sky is blue.",
                            sentence("Sky blue.", "YES", "yes", "no"),
                            sentence("Sky green.", "no", "Yes", "no")),
                    "",
                    line("Water is wet.", sentence("Water wet.", "no", "no", "no")));

            List<Labelled> items = GroundednessEvaluation.read(file);

            assertThat(items)
                    .containsExactly(
                            new Labelled(1, "The sky is blue.", "Sky blue.", true),
                            new Labelled(1, "The sky is blue.", "Sky green.", false),
                            new Labelled(3, "Water is wet.", "Water wet.", false));
        }
    }

    @Nested
    class BadInput {

        @Test
        void missingFileNamesItAndSaysHowToFixIt(@TempDir Path dir) {
            Path missing = dir.resolve("nope.jsonl");

            assertThatThrownBy(() -> GroundednessEvaluation.read(missing))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("No such file", "nope.jsonl", "Fix:", "../shared/data/qags-cnndm.jsonl");
        }

        @Test
        void directoryIsNotAFile(@TempDir Path dir) {
            assertThatThrownBy(() -> GroundednessEvaluation.read(dir))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("Not a file");
        }

        @Test
        void malformedJsonNamesTheFileAndLine(@TempDir Path dir) throws IOException {
            Path file = write(dir, "bad.jsonl", line("A.", sentence("A.", "yes")), "{\"article\": \"A.\", ");

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("bad.jsonl", "line 2", "not valid JSON", "Fix:");
        }

        @Test
        void twoObjectsOnOneLineAreMalformed(@TempDir Path dir) throws IOException {
            String one = line("A.", sentence("A.", "yes"));
            Path file = write(dir, "two.jsonl", one + " " + one);

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("two.jsonl", "line 1", "not valid JSON");
        }

        @Test
        void missingFieldNamesTheLineAndTheField(@TempDir Path dir) throws IOException {
            Path file = write(dir, "fields.jsonl", line("A.", sentence("A.", "yes")), "{\"summary_sentences\": []}");

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("fields.jsonl, line 2", "missing the text field \"article\"");
        }

        @Test
        void sentencesThatAreNotAnArrayNameTheLine(@TempDir Path dir) throws IOException {
            Path file = write(dir, "sentences.jsonl", "{\"article\": \"A.\", \"summary_sentences\": \"A.\"}");

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("sentences.jsonl, line 1", "\"summary_sentences\" must be an array");
        }

        @Test
        void missingResponseNamesTheEntry(@TempDir Path dir) throws IOException {
            Path file = write(
                    dir,
                    "responses.jsonl",
                    "{\"article\": \"A.\", \"summary_sentences\": [{\"sentence\": \"A.\", \"responses\": "
                            + "[{\"worker_id\": 0, \"answer\": \"yes\"}]}]}");

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll(
                            "line 1, summary_sentences[0], responses[0]", "missing the text field \"response\"");
        }

        @Test
        void emptyFileHasNothingToMeasure(@TempDir Path dir) throws IOException {
            Path file = write(dir, "empty.jsonl", "", "  ");

            assertThatThrownBy(() -> GroundednessEvaluation.read(file))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("holds no labelled sentences");
        }

        @Test
        void noArgumentsGiveTheUsage() {
            assertThatThrownBy(Options::parse)
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("Usage: GroundednessEvaluation");
        }

        @Test
        void badOptionsSayWhatIsAllowed() {
            assertThatThrownBy(() -> Options.parse("a.jsonl", "--min-score=2"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("not a number from 0 to 1");
            assertThatThrownBy(() -> Options.parse("a.jsonl", "--errors=-1"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("--errors=-1");
            assertThatThrownBy(() -> Options.parse("a.jsonl", "--fast"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContainingAll("Unknown option: --fast", "Usage:");
            assertThatThrownBy(() -> Options.parse("--without-embeddings"))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("No file given");
        }

        @Test
        void optionsAfterSeveralFiles() throws InputException {
            Options options =
                    Options.parse("a.jsonl", "b.jsonl", "--without-embeddings", "--min-score=0.5", "--errors=3");

            assertThat(options)
                    .isEqualTo(new Options(List.of(Path.of("a.jsonl"), Path.of("b.jsonl")), true, 0.5, 3, false));
        }

        @Test
        void badFileEndsTheRunBeforeAnyJudging(@TempDir Path dir) {
            assertThatThrownBy(() -> GroundednessEvaluation.run(
                            new String[] {dir.resolve("x.jsonl").toString()}, System.out))
                    .isInstanceOf(InputException.class)
                    .hasMessageContaining("No such file");
        }
    }

    /**
     * The README's command, on the tiny labelled file committed beside these tests: the program reads it, judges it
     * with the default judge and with the lexical-only one, and prints every figure, as it does for the full sets.
     */
    @Test
    void theCommandRunsOnTheCommittedLabelledFile() throws InputException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);

        GroundednessEvaluation.run(new String[] {LABELLED.toString()}, out);
        GroundednessEvaluation.run(new String[] {LABELLED.toString(), "--without-embeddings", "--errors=2"}, out);

        assertThat(output.toString(StandardCharsets.UTF_8))
                .contains("judge local:all-minilm-l6-v2-q built in ", "judge local:lexical built in ")
                .contains("== " + LABELLED)
                .contains("N                  8 (grounded 4, ungrounded 4)")
                .contains(
                        "balanced accuracy  ",
                        "recall grounded    ",
                        "recall ungrounded  ",
                        "Cohen's kappa      ",
                        "AUC of the score   ")
                .contains("cross-check        0 sentences where pass != (score >= min score)")
                .doesNotContain("n/a");
    }

    @Test
    void passComesFromTheBareAssertionAndScoreFromTheSameJudge() throws InputException {
        double minScore = GroundednessEvaluation.configuredMinScore();
        Map<String, Double> scores = Map.of(
                "above.", Math.min(1.0, minScore + 0.1), "at.", minScore, "below.", Math.max(0.0, minScore - 0.1));
        GroundednessJudge judge = new GroundednessJudge() {
            @Override
            public GroundednessVerdict judge(String response, List<String> sources) {
                return GroundednessVerdict.of(
                        List.of(new SentenceVerdict(0, response, scores.get(response), null)),
                        name(),
                        null,
                        false,
                        null);
            }

            @Override
            public String name() {
                return "fake:table";
            }
        };
        List<Labelled> items = List.of(
                new Labelled(1, "source", "above.", true),
                new Labelled(1, "source", "at.", false),
                new Labelled(2, "source", "below.", true));

        List<Judgement> judgements = GroundednessEvaluation.evaluate(items, judge);

        assertThat(judgements)
                .containsExactly(
                        new Judgement(scores.get("above."), true, true),
                        new Judgement(scores.get("at."), true, false),
                        new Judgement(scores.get("below."), false, true));
    }

    private static Path write(Path dir, String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines), StandardCharsets.UTF_8);
    }

    private static String line(String article, String... sentences) {
        return "{\"article\": \"" + article + "\", \"summary_sentences\": [" + String.join(", ", sentences) + "]}";
    }

    private static String sentence(String text, String... responses) {
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < responses.length; i++) {
            answers.add("{\"worker_id\": " + i + ", \"response\": \"" + responses[i] + "\"}");
        }
        return "{\"sentence\": \"" + text + "\", \"responses\": [" + String.join(", ", answers) + "]}";
    }
}
