package dev.llmassert.core.calibration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two measurements of calibrating the local judge, through the public API ({@link Calibrator}, {@link Calibration}).
 * A benchmark, not a test: it asserts nothing.
 *
 * <ul>
 *   <li>{@code holdout <files...>}: for each labelled file, the rows are split into two halves by a seeded shuffle
 *       within each label; the bar is fitted by calibrating on the first half, and measured on the second
 *       ({@link Calibration#agreementAt} of the second half's calibration). Beside it, the best balanced accuracy
 *       any single bar reaches on that second half, found by trying every bar between its scores. Then the halves
 *       swap.</li>
 *   <li>{@code speed <file>}: calibrates on the first 1,000 rows of the file (short sources: the BEGIN file), five
 *       times after two warm-up runs, each with a fresh judge (an empty embedding cache), alternated with judging the
 *       same rows alone on a fresh judge (8 at once, no figures) as the baseline measured under the same load; then
 *       once more on the judge of the last run (its sources embedded). It prints the wall times and the ratios.</li>
 * </ul>
 *
 * <p>Files are in the format of {@code ../shared/data/README.md} (beside the checkout, never inside it); a response
 * is grounded when at least half its answers say "yes". From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.calibration.CalibrationBenchmark \
 *     -Dexec.args="holdout ../shared/data/summedits-sales_call.jsonl ../shared/data/summedits-sales_email.jsonl \
 *     ../shared/data/summedits-scitldr.jsonl ../shared/data/summedits-qmsumm.jsonl"
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.calibration.CalibrationBenchmark \
 *     -Dexec.args="speed ../shared/data/begin-wow-cmu.jsonl"
 * </pre>
 */
public final class CalibrationBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SEED = 20_261_126L;

    private CalibrationBenchmark() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("Usage: holdout <file>... | speed <file>");
        }
        System.out.printf(
                Locale.ROOT,
                "processors: %d, java %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        if (args[0].equals("speed")) {
            speed(Path.of(args[1]));
            return;
        }
        System.out.println("| file | half fitted on | rows of the other half (yes/no) | fitted bar "
                + "| held-out balanced accuracy "
                + "| best single bar on that half | gap | in-sample on the fitting half |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        try (LocalGroundednessJudge judge = LocalGroundednessJudge.create()) {
            for (int i = 1; i < args.length; i++) {
                holdout(judge, Path.of(args[i]));
            }
        }
    }

    private static void holdout(GroundednessJudge judge, Path file) throws IOException {
        List<LabelledItem> rows = read(file, Integer.MAX_VALUE);
        List<List<LabelledItem>> halves = halves(rows);
        String name = file.getFileName().toString().replace(".jsonl", "");
        Calibration first = calibrator(name + "-A").calibrate(judge, halves.get(0));
        Calibration second = calibrator(name + "-B").calibrate(judge, halves.get(1));
        print(name, "A", first, second);
        print(name, "B", second, first);
    }

    /** A calibrator that writes its record to {@code target/calibration-benchmark/<name>.json}. */
    private static Calibrator calibrator(String name) {
        return Calibrator.builder()
                .settings(EvaluationSettings.defaults())
                .testId(name)
                .recordTo(Path.of("target", "calibration-benchmark", name + ".json"))
                .build();
    }

    private static void print(String name, String half, Calibration fitting, Calibration measured) {
        double bar = fitting.fittedMinScore().minScore();
        double heldOut = measured.agreementAt(bar).balancedAccuracy().value();
        double best = bestSingleBar(measured.rows());
        long yes = measured.rows().stream()
                .filter(r -> r.label().equals(Calibration.YES))
                .count();
        System.out.printf(
                Locale.ROOT,
                "| %s | %s | %d (%d/%d) | %.3f | %.3f | %.3f | %.3f | %.3f |%n",
                name,
                half,
                measured.rows().size(),
                yes,
                measured.rows().size() - yes,
                bar,
                heldOut,
                best,
                best - heldOut,
                fitting.agreementAt(bar).balancedAccuracy().value());
    }

    /** The highest balanced accuracy of any bar: every bar between two neighbouring scores, and the ends. */
    static double bestSingleBar(List<JudgedRow> rows) {
        List<JudgedRow> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingDouble(JudgedRow::score));
        int yes = (int)
                rows.stream().filter(r -> r.label().equals(Calibration.YES)).count();
        int no = rows.size() - yes;
        double best = 0.5;
        int yesBelow = 0;
        int noBelow = 0;
        for (int c = 0; c <= sorted.size(); c++) {
            if (c > 0) {
                if (sorted.get(c - 1).label().equals(Calibration.YES)) {
                    yesBelow++;
                } else {
                    noBelow++;
                }
            }
            boolean gap = c == 0
                    || c == sorted.size()
                    || sorted.get(c).score() > sorted.get(c - 1).score();
            if (gap) {
                best = Math.max(best, ((double) (yes - yesBelow) / yes + (double) noBelow / no) / 2);
            }
        }
        return best;
    }

    private static void speed(Path file) throws IOException {
        List<LabelledItem> rows = read(file, 1_000);
        Calibrator calibrator = Calibrator.builder().build();
        double[] calibrated = new double[5];
        double[] judgedOnly = new double[5];
        LocalGroundednessJudge last = null;
        for (int run = -2; run < calibrated.length; run++) {
            // alternated, each on a fresh judge (an empty embedding cache), so both see the same load
            double judging = judgeOnly(rows);
            LocalGroundednessJudge judge = LocalGroundednessJudge.create();
            long start = System.nanoTime();
            Calibration calibration = calibrator.calibrate(judge, rows);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (run >= 0) {
                calibrated[run] = seconds;
                judgedOnly[run] = judging;
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s: %d rows calibrated in %.2f s, judged alone in %.2f s (ratio %.2f); "
                            + "balanced accuracy %.3f held out%n",
                    run < 0 ? "warm-up" : "run " + (run + 1),
                    calibration.rows().size(),
                    seconds,
                    judging,
                    seconds / judging,
                    calibration.agreement().balancedAccuracy().value());
            if (last != null) {
                last.close();
            }
            last = judge;
        }
        long start = System.nanoTime();
        calibrator.calibrate(last, rows);
        double cached = (System.nanoTime() - start) / 1e9;
        last.close();
        double[] ratios = new double[calibrated.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = calibrated[i] / judgedOnly[i];
        }
        Arrays.sort(calibrated);
        Arrays.sort(ratios);
        System.out.printf(
                Locale.ROOT,
                "fresh judge, 5 runs: min %.2f s, median %.2f s, max %.2f s; ratio to judging "
                        + "alone: median %.2f (min %.2f, max %.2f); sources already embedded: %.2f s%n",
                calibrated[0],
                calibrated[2],
                calibrated[4],
                ratios[2],
                ratios[0],
                ratios[4],
                cached);
    }

    /** The time to judge every row on a fresh judge, {@code Calibrator.DEFAULT}'s 8 at once, with no figures. */
    private static double judgeOnly(List<LabelledItem> rows) {
        try (LocalGroundednessJudge judge = LocalGroundednessJudge.create()) {
            ExecutorService pool =
                    Executors.newFixedThreadPool(EvaluationSettings.defaults().concurrency());
            try {
                long start = System.nanoTime();
                List<Future<?>> calls = new ArrayList<>();
                for (LabelledItem row : rows) {
                    calls.add(pool.submit(() -> judge.judge(row.response(), row.contextList(Calibrator.SOURCES))));
                }
                for (Future<?> call : calls) {
                    call.get();
                }
                return (System.nanoTime() - start) / 1e9;
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** The halves: the rows of each label shuffled with a fixed seed and dealt alternately. */
    private static List<List<LabelledItem>> halves(List<LabelledItem> rows) {
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(SEED);
        List<LabelledItem> a = new ArrayList<>();
        List<LabelledItem> b = new ArrayList<>();
        for (String label : List.of(Calibration.YES, Calibration.NO)) {
            List<LabelledItem> ofLabel = new ArrayList<>(
                    rows.stream().filter(r -> r.label().equals(label)).toList());
            for (int i = ofLabel.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                LabelledItem swap = ofLabel.get(i);
                ofLabel.set(i, ofLabel.get(j));
                ofLabel.set(j, swap);
            }
            for (int i = 0; i < ofLabel.size(); i++) {
                (i % 2 == 0 ? a : b).add(ofLabel.get(i));
            }
        }
        return List.of(a, b);
    }

    /** One labelled row per summary sentence: grounded when at least half its answers say "yes". */
    private static List<LabelledItem> read(Path file, int limit) throws IOException {
        List<LabelledItem> rows = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode row = JSON.readTree(text);
            String article = row.path("article").asText();
            int sentence = 0;
            for (JsonNode summary : row.path("summary_sentences")) {
                int yes = 0;
                int all = 0;
                for (JsonNode response : summary.path("responses")) {
                    all++;
                    yes += response.path("response").asText().equals("yes") ? 1 : 0;
                }
                rows.add(LabelledItem.of(
                                file.getFileName() + ":" + line + ":" + sentence++,
                                summary.path("sentence").asText(),
                                2 * yes >= all ? Calibration.YES : Calibration.NO)
                        .withContext(Calibrator.SOURCES, article));
                if (rows.size() == limit) {
                    return rows;
                }
            }
        }
        return rows;
    }
}
