package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.ConfidenceUnits.Unit;
import dev.llmassert.core.groundedness.ConfidenceUnits.UnitSet;
import dev.llmassert.core.groundedness.LabelledSets.LabelledSet;
import dev.llmassert.core.groundedness.internal.Confidence;
import dev.llmassert.core.groundedness.internal.Scoring;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Fits the local judge's confidence ({@link Confidence}) on labelled sets of different kinds of text and measures, by
 * leaving each set out in turn, what it is worth: how well calibrated it is on the set it was not fitted on (expected
 * calibration error), and what a cascade gains that keeps the verdicts the judge is surest of and sends the rest to a
 * judge that is always right.
 *
 * <p>The unit is a labelled response (one sentence on most sets, a summary of several on SummEdits), judged as a bare
 * {@code isGroundedIn} judges it: the mean of its sentences' scores at the bar. A response is decided locally when the
 * judge's confidence in every one of its sentences reaches the minimum; otherwise the judge behind decides it, and is
 * taken to decide it right. Its confidence is the model's probability that all its sentences are supported for a pass,
 * the complement for a fail.
 *
 * <p>It prints, for each set left out: the expected calibration error (10 equal bins); the two curves against the
 * share of responses decided locally (the accuracy of the kept verdicts, plain, and the cascade's balanced accuracy);
 * the figures at half of the set decided locally; and the figures at the minimum confidence chosen on the other sets
 * (the highest from 0.50 at which each of them keeps at least half of its responses, or 0.50). The expected
 * calibration error is measured on the responses of one sentence, whose label is that sentence's. Before them, the
 * crude way (the verdicts whose mean score lies furthest from the bar); after them, the model fitted on all sets (the
 * constants for {@link Confidence}) and the default minimum. {@code --configs=0;0,1;...} compares feature sets by
 * the same left-out figures. From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.ConfidenceFit \
 *     -Dexec.args="$(ls ../shared/data/*.jsonl | tr '\n' ' ') --nli-cache=/tmp/nli-cache.gz"
 * </pre>
 * {@code --l2=0.01} sets the penalty, {@code --features=0,1,2} the features the model may use, {@code --dump=file}
 * writes what the judge measured of every sentence as a table.
 */
public final class ConfidenceFit {

    /** The shares of a set decided locally at which the curves are drawn. */
    private static final double[] SHARES = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

    private static final int BINS = 10;

    private ConfidenceFit() {}

    public static void main(String[] args) throws IOException {
        List<String> paths =
                Arrays.stream(args).filter(a -> !a.startsWith("--")).toList();
        if (paths.size() < 2) {
            System.err.println("Usage: ConfidenceFit <labelled.jsonl> <labelled.jsonl>... [--nli-cache=file] "
                    + "[--l2=0.01] [--features=0,1,2] [--configs=0;0,1] [--dump=file]\nPass at least two labelled "
                    + "sets, e.g. ../shared/data/*.jsonl.");
            System.exit(2);
        }
        double l2 = option(args, "--l2=", 0.01);
        boolean[] allowed = null;
        for (String arg : args) {
            if (arg.startsWith("--features=")) {
                allowed = features(arg.substring("--features=".length()));
            }
        }
        LocalGroundednessJudge judge = LocalGroundednessJudge.create();
        EntailmentCacheFile cache = EntailmentCacheFile.of(args, judge);
        List<LabelledSet> labelled = new ArrayList<>();
        for (String path : paths) {
            labelled.add(LabelledSets.read(Path.of(path), judge));
            cache.save();
        }
        Scoring scoring = judge.scoring();
        for (String arg : args) {
            if (arg.startsWith("--dump=")) {
                ConfidenceDump.write(Path.of(arg.substring("--dump=".length())), labelled, scoring);
            }
        }
        List<UnitSet> sets = ConfidenceUnits.of(labelled, scoring);
        System.out.printf(
                Locale.ROOT,
                "judge %s, L2 %.4f, features %s%n%n",
                judge.name(),
                l2,
                allowed == null ? "all" : names(allowed));

        System.out.println("The crude way: the verdicts whose mean score lies furthest from the bar, on each set");
        Summary crude = new Summary();
        for (UnitSet set : sets) {
            Curve curve = Curve.of(set.units(), ConfidenceFit::distanceFromBar, ConfidenceFit::distanceFromBar);
            crude.add(curve, null, null);
            System.out.printf(Locale.ROOT, "  %-28s %s%n", set.name(), curve.at(0.5));
        }
        crude.printMeans("  mean at half decided locally");
        System.out.println();

        for (String arg : args) {
            if (arg.startsWith("--configs=")) {
                System.out.println("Variants, each set left out (mean at half decided locally; ECE on the responses of"
                        + " one sentence, mean of the sets and pooled; at the minimum chosen on the others):");
                for (String config : arg.substring("--configs=".length()).split(";")) {
                    boolean[] features = features(config);
                    Summary summary = loso(sets, l2, features, false);
                    System.out.printf(Locale.ROOT, "  %-60s %s%n", names(features), summary.line());
                }
                System.out.println();
            }
        }

        System.out.println("Each set left out: the confidence fitted on the others, measured on it");
        Summary held = loso(sets, l2, allowed, true);
        held.printMeans("  mean at half decided locally");
        held.printAtMinimum();
        System.out.printf(
                Locale.ROOT,
                "  ECE on the responses of one sentence: mean of the sets %.3f, worst %.3f, pooled %.3f%n%n",
                held.eces.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN),
                held.eces.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN),
                held.pooledEce());

        Confidence all = ConfidenceRegression.fit(sets, l2, allowed);
        double minimum = minimum(sets, all);
        System.out.printf(
                Locale.ROOT,
                "Fitted on all sets: the default minimum confidence %.2f, the highest from 0.50 at which every set "
                        + "keeps at least half of its responses, or 0.50 when none does (chosen on the left-out folds: "
                        + "%s)%n",
                minimum,
                held.minimums.stream()
                        .map(m -> String.format(Locale.ROOT, "%.2f", m))
                        .collect(Collectors.joining(", ")));
        for (UnitSet set : sets) {
            Curve curve = Curve.of(
                    set.units(), u -> ConfidenceUnits.leastSure(all, u), u -> ConfidenceUnits.leastSure(all, u));
            System.out.printf(
                    Locale.ROOT,
                    "  %-28s in-sample ECE %.3f, at %.2f: %s%n",
                    set.name(),
                    ece(singles(set.units()), all),
                    minimum,
                    curve.atMinimum(minimum));
        }
        System.out.println("Constants for Confidence:");
        System.out.println("  new Confidence(new double[] {"
                + Arrays.stream(all.weights())
                        .mapToObj(w -> String.format(Locale.ROOT, "%.4f", w))
                        .collect(Collectors.joining(", "))
                + "}, " + String.format(Locale.ROOT, "%.4f", all.intercept()) + ")");
        for (int k = 0; k < Confidence.FEATURES.size(); k++) {
            System.out.printf(Locale.ROOT, "  %-32s %9.4f%n", Confidence.FEATURES.get(k), all.weights()[k]);
        }
    }

    /**
     * Each set left out in turn: the confidence fitted on the others, measured on it, with the minimum chosen on the
     * others; {@code print} prints each set's ECE, curves and figures.
     */
    private static Summary loso(List<UnitSet> sets, double l2, boolean[] allowed, boolean print) {
        Summary held = new Summary();
        for (int i = 0; i < sets.size(); i++) {
            List<UnitSet> train = new ArrayList<>(sets);
            UnitSet out = train.remove(i);
            Confidence model = ConfidenceRegression.fit(train, l2, allowed);
            double minimum = minimum(train, model);
            Curve curve = Curve.of(
                    out.units(), u -> ConfidenceUnits.leastSure(model, u), u -> ConfidenceUnits.leastSure(model, u));
            List<Unit> singles = singles(out.units());
            double ece = ece(singles, model);
            Point atMinimum = curve.atMinimum(minimum);
            held.add(curve, ece, atMinimum);
            held.minimums.add(minimum);
            for (Unit unit : singles) {
                held.pooled.add(new double[] {model.agrees(unit.features()[0]), unit.right() ? 1 : 0});
            }
            if (print) {
                System.out.printf(
                        Locale.ROOT,
                        "  %-28s ECE %.3f (%d responses of one sentence)%n",
                        out.name(),
                        ece,
                        singles.size());
                System.out.println("    decided locally  " + curve.sharesLine());
                System.out.println("    kept accuracy    " + curve.keptLine());
                System.out.println("    cascade BAcc     " + curve.cascadeLine());
                System.out.printf(Locale.ROOT, "    at half: %s%n", curve.at(0.5));
                System.out.printf(
                        Locale.ROOT, "    at the minimum %.2f chosen on the others: %s%n", minimum, atMinimum);
            }
        }
        return held;
    }

    private static List<Unit> singles(List<Unit> units) {
        return units.stream().filter(Unit::single).toList();
    }

    private static boolean[] features(String list) {
        boolean[] out = new boolean[Confidence.FEATURES.size()];
        for (String k : list.split(",")) {
            out[Integer.parseInt(k.strip())] = true;
        }
        return out;
    }

    private static String names(boolean[] features) {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < features.length; k++) {
            if (features[k]) {
                names.add(Confidence.FEATURES.get(k));
            }
        }
        return String.join(", ", names);
    }

    /**
     * The minimum confidence chosen on {@code sets}: the highest, in steps of 0.01 from 0.5, at which every set keeps
     * at least half of its responses; 0.5 when none does, as below it a verdict the judge keeps is more likely wrong
     * than right.
     */
    static double minimum(List<UnitSet> sets, Confidence model) {
        double best = 0.5;
        for (int step = 50; step <= 99; step++) {
            double m = step / 100.0;
            boolean everyHalf = sets.stream()
                    .allMatch(set -> set.units().stream()
                                            .filter(u -> ConfidenceUnits.leastSure(model, u) >= m)
                                            .count()
                                    * 2
                            >= set.units().size());
            if (everyHalf) {
                best = m;
            }
        }
        return best;
    }

    private static double distanceFromBar(Unit unit) {
        double sum = 0;
        for (double s : unit.scores()) {
            sum += s;
        }
        return unit.scores().length == 0 ? 1 : Math.abs(sum / unit.scores().length - Scoring.THRESHOLD);
    }

    /** Expected calibration error of {@code model} on responses of one sentence, over {@value #BINS} equal bins. */
    static double ece(List<Unit> singles, Confidence model) {
        List<double[]> scored = new ArrayList<>();
        for (Unit unit : singles) {
            scored.add(new double[] {model.agrees(unit.features()[0]), unit.right() ? 1 : 0});
        }
        return ece(scored);
    }

    /** Expected calibration error of {confidence, right} pairs over {@value #BINS} equal bins. */
    static double ece(List<double[]> scored) {
        double[] sumConfidence = new double[BINS];
        double[] right = new double[BINS];
        for (double[] p : scored) {
            int bin = Math.min(BINS - 1, (int) (p[0] * BINS));
            sumConfidence[bin] += p[0];
            right[bin] += p[1];
        }
        double ece = 0;
        for (int b = 0; b < BINS; b++) {
            ece += Math.abs(right[b] - sumConfidence[b]) / scored.size();
        }
        return ece;
    }

    private static double option(String[] args, String prefix, double fallback) {
        for (String arg : args) {
            if (arg.startsWith(prefix)) {
                return Double.parseDouble(arg.substring(prefix.length()));
            }
        }
        return fallback;
    }

    /** What a cascade gives on a set when the judge keeps some share of its responses. */
    record Point(double share, double kept, double cascade, double keptBalanced) {

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "decided locally %.3f, kept accuracy %.3f (balanced %.3f), cascade BAcc %.3f",
                    share,
                    kept,
                    keptBalanced,
                    cascade);
        }
    }

    /**
     * The curves of one set: its responses ranked by how sure the judge is of them (the ranking), and the point at
     * each share decided locally, or at a minimum on the confidence of the least sure sentence.
     */
    static final class Curve {

        private final List<Unit> units;
        private final double[] rank;
        private final double[] least;
        private final Point[] points;

        private Curve(List<Unit> units, double[] rank, double[] least) {
            this.units = units;
            this.rank = rank;
            this.least = least;
            this.points = new Point[SHARES.length];
            for (int k = 0; k < SHARES.length; k++) {
                points[k] = at(SHARES[k]);
            }
        }

        /**
         * @param rank  how sure the judge is of a response, to rank them for the curves
         * @param least the confidence of its least sure sentence, which a minimum is held to
         */
        static Curve of(List<Unit> units, ToDoubleFunction<Unit> rank, ToDoubleFunction<Unit> least) {
            return new Curve(
                    units,
                    units.stream().mapToDouble(rank).toArray(),
                    units.stream().mapToDouble(least).toArray());
        }

        /** The point at which the {@code share} of responses the judge is surest of are decided locally. */
        Point at(double share) {
            Integer[] order = new Integer[units.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            // surest first; ties in input order, so the curve is the same run after run
            Arrays.sort(order, (a, b) -> Double.compare(rank[b], rank[a]));
            int keep = (int) Math.round(share * units.size());
            boolean[] local = new boolean[units.size()];
            for (int i = 0; i < keep; i++) {
                local[order[i]] = true;
            }
            return point(local);
        }

        /** The point at a minimum confidence of every sentence of a response. */
        Point atMinimum(double minimum) {
            boolean[] local = new boolean[units.size()];
            for (int i = 0; i < local.length; i++) {
                local[i] = least[i] >= minimum;
            }
            return point(local);
        }

        private Point point(boolean[] local) {
            int kept = 0;
            int right = 0;
            int[] tp = new int[2];
            int[] all = new int[2];
            int[] keptRight = new int[2];
            int[] keptAll = new int[2];
            for (int i = 0; i < local.length; i++) {
                Unit u = units.get(i);
                int c = u.grounded() ? 1 : 0;
                all[c]++;
                if (local[i]) {
                    kept++;
                    right += u.right() ? 1 : 0;
                    keptAll[c]++;
                    keptRight[c] += u.right() ? 1 : 0;
                    tp[c] += u.right() ? 1 : 0;
                } else {
                    tp[c]++; // the judge behind is always right
                }
            }
            double cascade = ((double) tp[0] / all[0] + (double) tp[1] / all[1]) / 2;
            double keptBalanced = keptAll[0] == 0 || keptAll[1] == 0
                    ? Double.NaN
                    : ((double) keptRight[0] / keptAll[0] + (double) keptRight[1] / keptAll[1]) / 2;
            return new Point(
                    (double) kept / local.length,
                    kept == 0 ? Double.NaN : (double) right / kept,
                    cascade,
                    keptBalanced);
        }

        String sharesLine() {
            return Arrays.stream(points)
                    .map(p -> String.format(Locale.ROOT, "%5.2f", p.share()))
                    .collect(Collectors.joining(" "));
        }

        String keptLine() {
            return Arrays.stream(points)
                    .map(p -> String.format(Locale.ROOT, "%5.3f", p.kept()))
                    .collect(Collectors.joining(" "));
        }

        String cascadeLine() {
            return Arrays.stream(points)
                    .map(p -> String.format(Locale.ROOT, "%5.3f", p.cascade()))
                    .collect(Collectors.joining(" "));
        }
    }

    /** The figures of every set, and their means. */
    private static final class Summary {
        private final List<Point> half = new ArrayList<>();
        private final List<Point> atMinimum = new ArrayList<>();
        private final List<Double> eces = new ArrayList<>();
        private final List<Double> minimums = new ArrayList<>();
        private final List<double[]> pooled = new ArrayList<>();

        void add(Curve curve, Double ece, Point minimum) {
            half.add(curve.at(0.5));
            if (ece != null) {
                eces.add(ece);
            }
            if (minimum != null) {
                atMinimum.add(minimum);
            }
        }

        double pooledEce() {
            return ece(pooled);
        }

        void printMeans(String label) {
            System.out.printf(
                    Locale.ROOT,
                    "%s: kept accuracy %.3f, cascade BAcc %.3f%n",
                    label,
                    half.stream().mapToDouble(Point::kept).average().orElse(Double.NaN),
                    half.stream().mapToDouble(Point::cascade).average().orElse(Double.NaN));
        }

        void printAtMinimum() {
            System.out.printf(
                    Locale.ROOT,
                    "  mean at the minimum chosen on the others: decided locally %.3f (least %.3f), kept accuracy %.3f,"
                            + " cascade BAcc %.3f%n",
                    atMinimum.stream().mapToDouble(Point::share).average().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::share).min().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::kept).average().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::cascade).average().orElse(Double.NaN));
        }

        /** One line: the means at half, the ECEs, and the means at the minimum chosen on the others. */
        String line() {
            return String.format(
                    Locale.ROOT,
                    "half: kept %.3f cascade %.3f | ECE %.3f pooled %.3f | minimum: share %.3f (least %.3f) kept %.3f"
                            + " cascade %.3f",
                    half.stream().mapToDouble(Point::kept).average().orElse(Double.NaN),
                    half.stream().mapToDouble(Point::cascade).average().orElse(Double.NaN),
                    eces.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN),
                    pooledEce(),
                    atMinimum.stream().mapToDouble(Point::share).average().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::share).min().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::kept).average().orElse(Double.NaN),
                    atMinimum.stream().mapToDouble(Point::cascade).average().orElse(Double.NaN));
        }
    }
}
