package dev.llmassert.core.calibration;

import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.stats.Interval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How the fitted bar and its claimed interval carry to new rows, as a team would use a calibration, through the public
 * API ({@link Calibrator}, {@link Calibration}). A benchmark, not a test: it asserts nothing.
 *
 * <p>Each labelled set is split into two halves by a seeded shuffle within each label
 * ({@link CalibrationBenchmark#halves}). A calibration on one half, with the current bar the default minimum
 * ({@link LocalGroundednessJudge#DEFAULT_THRESHOLD}, as {@code evaluator.calibrate(judge, rows)} has it), gives the
 * fitted bar and the held-out balanced accuracy it claims, with its interval; the other half measures it: its balanced
 * accuracy at the fitted bar ({@link Calibration#agreementAt}), beside the best any single bar reaches on it and the
 * balanced accuracy at the default bar. Then the halves swap. For each fit it prints
 * <ul>
 *   <li>the gap: the other half's best single bar less its balanced accuracy at the fitted bar;</li>
 *   <li>whether the claimed interval holds the other half's figure (an honest 95% interval of the true agreement
 *       holds the figure of another sample of the same size about 83% of the time: both figures have their own
 *       noise);</li>
 *   <li>the gain: the other half's balanced accuracy at the fitted bar less at the default bar;</li>
 *   <li>whether the fitting half's calibration says the judge cannot tell the labels apart (the AUC's interval or the
 *       held-out interval reaches 0.5);</li>
 * </ul>
 * then the counts and means over all fits.
 *
 * <p>The arguments are folders (every {@code *.jsonl} in them) or files in the format of
 * {@code ../shared/data/README.md}, kept beside the checkout, never inside it; {@code --rows=N} first takes a seeded
 * sample of N rows of each set (each label in its share). From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.calibration.HeldOutFitBenchmark \
 *     -Dexec.args="../shared/data"
 * </pre>
 */
public final class HeldOutFitBenchmark {

    /** The default minimum of a bare {@code isGroundedIn}, the current bar of {@code evaluator.calibrate}. */
    private static final double DEFAULT_MIN_SCORE = LocalGroundednessJudge.DEFAULT_THRESHOLD;

    private static final double NEAR_BEST = 0.03;

    private HeldOutFitBenchmark() {}

    public static void main(String[] args) throws IOException {
        int limit = Integer.MAX_VALUE;
        List<Path> files = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("--rows=")) {
                limit = Integer.parseInt(arg.substring("--rows=".length()));
            } else if (Files.isDirectory(Path.of(arg))) {
                try (Stream<Path> listed = Files.list(Path.of(arg))) {
                    listed.filter(p -> p.toString().endsWith(".jsonl")).sorted().forEach(files::add);
                }
            } else {
                files.add(Path.of(arg));
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("Usage: [--rows=N] <folder or file>...");
        }
        List<Fit> fits = new ArrayList<>();
        try (LocalGroundednessJudge judge = LocalGroundednessJudge.create()) {
            System.out.printf(
                    Locale.ROOT,
                    "processors: %d, java %s, judge %s, default bar %.2f, rows %s%n%n",
                    Runtime.getRuntime().availableProcessors(),
                    System.getProperty("java.version"),
                    judge.name(),
                    DEFAULT_MIN_SCORE,
                    limit == Integer.MAX_VALUE ? "all" : limit + " per set");
            System.out.println("| set | fitted on | fitting rows (yes/no) | AUC of the fitting half | fitted bar "
                    + "| claimed (held out) | other half at the fitted bar | its best single bar | gap | inside "
                    + "| other half at the default bar | gain | says it cannot separate | how the bar was chosen |");
            System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (Path file : files) {
                fits.addAll(holdout(judge, file, limit));
            }
        }
        summarise(fits);
    }

    /** One fit: a bar fitted on one half and measured on the other. */
    record Fit(double gap, boolean inside, double gain, boolean flagged) {}

    private static List<Fit> holdout(GroundednessJudge judge, Path file, int limit) throws IOException {
        List<LabelledItem> rows =
                CalibrationBenchmark.sample(CalibrationBenchmark.read(file, Integer.MAX_VALUE), limit);
        List<List<LabelledItem>> halves = CalibrationBenchmark.halves(rows);
        String name = file.getFileName().toString().replace(".jsonl", "");
        Calibration first = calibrator(name + "-A").calibrate(judge, halves.get(0));
        Calibration second = calibrator(name + "-B").calibrate(judge, halves.get(1));
        return List.of(fit(name, "A", first, second), fit(name, "B", second, first));
    }

    /** A calibrator as {@code evaluator.calibrate} makes it, writing to {@code target/calibration-benchmark/}. */
    private static Calibrator calibrator(String name) {
        return Calibrator.builder()
                .settings(EvaluationSettings.defaults())
                .currentMinScore(DEFAULT_MIN_SCORE)
                .testId(name)
                .recordTo(Path.of("target", "calibration-benchmark", name + ".json"))
                .build();
    }

    private static Fit fit(String name, String half, Calibration fitting, Calibration measured) {
        double bar = fitting.fittedMinScore().minScore();
        double atFitted = measured.agreementAt(bar).balancedAccuracy().value();
        double atDefault =
                measured.agreementAt(DEFAULT_MIN_SCORE).balancedAccuracy().value();
        double best = CalibrationBenchmark.bestSingleBar(measured.rows());
        Interval claimed = fitting.agreement().balancedAccuracy().interval();
        boolean inside = claimed.lower() <= atFitted && atFitted <= claimed.upper();
        boolean flagged = fitting.auc().interval().lower() <= 0.5 || claimed.lower() <= 0.5;
        long yes = fitting.rows().stream()
                .filter(r -> r.label().equals(Calibration.YES))
                .count();
        System.out.printf(
                Locale.ROOT,
                "| %s | %s | %d (%d/%d) | %.3f [%.3f, %.3f] | %.3f | %.3f [%.3f, %.3f] | %.3f | %.3f | %.3f | %s "
                        + "| %.3f | %+.3f | %s | %s |%n",
                name,
                half,
                fitting.rows().size(),
                yes,
                fitting.rows().size() - yes,
                fitting.auc().value(),
                fitting.auc().interval().lower(),
                fitting.auc().interval().upper(),
                bar,
                fitting.agreement().balancedAccuracy().value(),
                claimed.lower(),
                claimed.upper(),
                atFitted,
                best,
                best - atFitted,
                inside ? "yes" : "no",
                atDefault,
                atFitted - atDefault,
                flagged ? "yes" : "no",
                fitting.fittedMinScore().choice());
        return new Fit(best - atFitted, inside, atFitted - atDefault, flagged);
    }

    private static void summarise(List<Fit> fits) {
        long near = fits.stream().filter(f -> f.gap() <= NEAR_BEST + 1e-12).count();
        double worst = fits.stream().mapToDouble(Fit::gap).max().orElse(Double.NaN);
        long inside = fits.stream().filter(Fit::inside).count();
        double gain = fits.stream().mapToDouble(Fit::gain).average().orElse(Double.NaN);
        long flagged = fits.stream().filter(Fit::flagged).count();
        System.out.printf(
                Locale.ROOT,
                "%nfits within %.2f of the other half's best: %d of %d; worst gap %.3f; claimed interval holds the "
                        + "other half's figure: %d of %d; gain over the default bar, mean %+.3f; fits that say the "
                        + "judge cannot separate the labels: %d%n",
                NEAR_BEST,
                near,
                fits.size(),
                worst,
                inside,
                fits.size(),
                gain,
                flagged);
    }
}
