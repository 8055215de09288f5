package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.LabelledSets.Figures;
import dev.llmassert.core.groundedness.LabelledSets.Item;
import dev.llmassert.core.groundedness.LabelledSets.LabelledSet;
import dev.llmassert.core.groundedness.internal.Scoring;
import dev.llmassert.core.groundedness.internal.Support;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.SimpleValueChecker;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.hipparchus.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Fits the local judge's scoring ({@link Scoring}: the weight of each departure and the centre) on labelled sets of
 * different kinds of text, and measures how the fit carries to a kind of text it was not fitted on: each set is left
 * out in turn, the judge is fitted on the others and measured on it.
 *
 * <p>The fit is a logistic regression of the person's label on the features of each sentence
 * ({@link Scoring#FEATURES}), minimised by Hipparchus's non-linear conjugate gradient, with:
 * <ul>
 *   <li>each set weighing the same, and within it each class (so balanced accuracy is what is fitted);</li>
 *   <li>group re-weighting across sets ({@code --dro=eta}, default 1): after each fit, the sets it fits worst weigh
 *       more, {@code q ← q·exp(eta·loss)}, for 30 rounds, so that no kind of text is sacrificed to the others;</li>
 *   <li>signs fixed in advance: more evidence never lowers the score, and a departure never raises it; a feature
 *       whose fitted weight takes the wrong sign is left out and the rest refitted;</li>
 *   <li>a small L2 penalty ({@code --l2}, default 0.003) on the standardised weights.</li>
 * </ul>
 * The regression's weights, divided by the weight of the evidence's logarithm, become the factors of the score; the
 * centre is then chosen, on the judge's own scores (the mean over a response's sentences, as a bare
 * {@code isGroundedIn} takes it), as the one that maximises the worst balanced accuracy over the fitted sets.
 *
 * <p>Files are in the format of {@code ../shared/data/README.md} (kept beside the checkout, never inside it); a
 * response is grounded when at least half its responses say "yes". From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.LocalJudgeFit \
 *     -Dexec.args="$(ls ../shared/data/*.jsonl | tr '\n' ' ')"
 * </pre>
 * Add {@code --without-embeddings} for the lexical-only judge. It prints the left-out figures (their worst and mean
 * are what choices are made by), the figures of the fit on all sets, and the constants to put in {@link Scoring}.
 */
public final class LocalJudgeFit {

    private static final int ROUNDS = 30;
    /** The features the fit may use ({@code --features=0,1,4}); all by default. */
    private static boolean[] allowed;
    /** The judge's floor of related evidence, which the fit keeps: {@link Scoring#related()}. */
    private static double related;
    /** The judge's scoring of other languages, which the fit keeps: {@link Scoring#otherLanguages()}. */
    private static Scoring otherLanguages;

    /** The entailment probability at which the model confirms a sentence ({@code --confirm}); NaN without it. */
    private static double confirm;

    /** The probability under which a sentence that restates its evidence fails ({@code --otherwise}); NaN for none. */
    private static double otherwise;

    /**
     * What the centre is chosen for ({@code --centre=worst|mean|both}): the worst fitted set's balanced accuracy (the
     * default of rounds 7 to 9), their mean, or the two added.
     */
    private static String centreFor = "worst";

    private static final int[] SIGNS = {1, 0, -1, -1, -1, -1, -1, -1, -1, -1};
    /** The least weight of the evidence's logarithm, standardised: the score always rises with the evidence. */
    private static final double EVIDENCE_FLOOR = 0.05;

    private LocalJudgeFit() {}

    public static void main(String[] args) throws IOException {
        List<String> paths =
                Arrays.stream(args).filter(a -> !a.startsWith("--")).toList();
        List<String> flags = Arrays.asList(args);
        boolean lexical = flags.contains("--without-embeddings");
        boolean modelOnly = flags.contains("--model-only");
        double eta = option(args, "--dro=", 1.0);
        for (String arg : args) {
            if (arg.startsWith("--features=")) {
                allowed = features(arg.substring("--features=".length()));
            }
        }
        double l2 = option(args, "--l2=", 0.003);
        for (String arg : args) {
            if (arg.startsWith("--centre=")) {
                centreFor = arg.substring("--centre=".length());
            }
        }
        if (paths.size() < 2) {
            System.err.println("Usage: LocalJudgeFit <labelled.jsonl> <labelled.jsonl>... [--without-embeddings | "
                    + "--without-entailment | --model-only] [--confirm=0.5] [--dro=1] [--l2=0.003] "
                    + "[--nli-cache=file]\nPass at least two labelled sets, e.g. ../shared/data/*.jsonl.");
            System.exit(2);
        }
        LocalGroundednessJudge judge = lexical
                ? LocalGroundednessJudge.builder().withoutEmbeddings().build()
                : LocalGroundednessJudge.create(!flags.contains("--without-entailment"));
        related = judge.scoring().related();
        otherLanguages = judge.scoring().otherLanguages();
        confirm = option(args, "--confirm=", judge.scoring().confirm());
        otherwise = option(args, "--otherwise=", judge.scoring().otherwise());
        EntailmentCacheFile cache = EntailmentCacheFile.of(args, judge);
        List<LabelledSet> sets = new ArrayList<>();
        for (String path : paths) {
            sets.add(LabelledSets.read(Path.of(path), judge));
            cache.save();
        }
        if (modelOnly) {
            ModelOnly.print(sets);
            System.out.println();
        }
        double shipped = confirm;
        double shippedOtherwise = otherwise;
        boolean[] given = allowed;
        for (String arg : args) {
            if (arg.startsWith("--configs=")) {
                compare(sets, arg.substring("--configs=".length()), l2);
                System.out.println();
            }
        }
        allowed = given;
        confirm = shipped;
        otherwise = shippedOtherwise;
        System.out.printf(
                Locale.ROOT,
                "judge %s, group re-weighting eta %.2f, L2 %.4f, confirm %.2f%n%n",
                judge.name(),
                eta,
                l2,
                confirm);

        System.out.println("Each set left out: fitted on the others, measured on it");
        double[] held = new double[sets.size()];
        for (int i = 0; i < sets.size(); i++) {
            List<LabelledSet> train = new ArrayList<>(sets);
            LabelledSet out = train.remove(i);
            Scoring fitted = fit(train, eta, l2);
            Figures f = LabelledSets.figures(out, fitted);
            held[i] = f.balanced();
            System.out.printf(Locale.ROOT, "  %-28s %s%n", out.name(), f);
        }
        System.out.printf(
                Locale.ROOT,
                "  worst %.3f, mean %.3f%n%n",
                Arrays.stream(held).min().orElse(0),
                Arrays.stream(held).average().orElse(0));

        Scoring all = fit(sets, eta, l2);
        System.out.println(
                "Fitted on all sets (in-sample), at the shipped threshold " + LocalGroundednessJudge.DEFAULT_THRESHOLD);
        double sum = 0;
        for (LabelledSet set : sets) {
            Figures f = LabelledSets.figures(set, all);
            sum += f.balanced();
            System.out.printf(
                    Locale.ROOT,
                    "  %-28s %s, %d of %d correct pass%n",
                    set.name(),
                    f,
                    Math.round(f.grounded() * f.positives()),
                    f.positives());
        }
        System.out.printf(Locale.ROOT, "  mean %.3f%n%n", sum / sets.size());
        System.out.println("Constants for Scoring (" + judge.name() + "):");
        String weights =
                Arrays.stream(all.weights()).mapToObj(LocalJudgeFit::constant).collect(Collectors.joining(", "));
        System.out.println("  new Scoring(" + constant(all.center()) + ", " + all.related() + ", new double[] {"
                + weights + "}, ..., " + all.confirm() + ")");
        for (int k = 1; k < Scoring.FEATURES.size(); k++) {
            System.out.printf(
                    Locale.ROOT,
                    "  %-28s weight %8.4f  factor %.3f%n",
                    Scoring.FEATURES.get(k),
                    all.weights()[k - 1],
                    Math.exp(all.weights()[k - 1]));
        }
    }

    private static boolean[] features(String list) {
        boolean[] out = new boolean[Scoring.FEATURES.size()];
        for (String k : list.split(",")) {
            out[Integer.parseInt(k.strip())] = true;
        }
        out[0] = true;
        return out;
    }

    /**
     * One line per configuration ("features|eta" or "features|eta|confirm", separated by ";"): left-out and in-sample
     * figures.
     */
    private static void compare(List<LabelledSet> sets, String configs, double l2) {
        double shipped = confirm;
        for (String config : configs.split(";")) {
            String[] parts = config.split("\\|");
            allowed = features(parts[0]);
            double eta = Double.parseDouble(parts[1]);
            confirm = parts.length > 2 ? Double.parseDouble(parts[2]) : shipped;
            otherwise = parts.length > 3 ? Double.parseDouble(parts[3]) : Double.NaN;
            String shippedCentre = centreFor;
            centreFor = parts.length > 4 ? parts[4] : shippedCentre;
            StringBuilder line = new StringBuilder(String.format(
                    Locale.ROOT, "%-24s eta %.1f confirm %.2f otherwise %.2f LOSO", parts[0], eta, confirm, otherwise));
            double worst = 1;
            double sum = 0;
            for (int i = 0; i < sets.size(); i++) {
                List<LabelledSet> train = new ArrayList<>(sets);
                LabelledSet out = train.remove(i);
                double b = LabelledSets.figures(out, fit(train, eta, l2)).balanced();
                worst = Math.min(worst, b);
                sum += b;
                line.append(String.format(Locale.ROOT, " %.3f", b));
            }
            line.append(String.format(Locale.ROOT, " worst %.3f mean %.3f | ALL", worst, sum / sets.size()));
            Scoring all = fit(sets, eta, l2);
            double allWorst = 1;
            double allSum = 0;
            double minPass = 1;
            for (LabelledSet set : sets) {
                Figures f = LabelledSets.figures(set, all);
                allWorst = Math.min(allWorst, f.balanced());
                allSum += f.balanced();
                minPass = Math.min(minPass, f.grounded());
                line.append(String.format(Locale.ROOT, " %.3f/%.2f", f.balanced(), f.grounded()));
            }
            line.append(String.format(
                    Locale.ROOT, " worst %.3f mean %.3f minpass %.2f", allWorst, allSum / sets.size(), minPass));
            line.append(" centre for ").append(centreFor);
            centreFor = shippedCentre;
            System.out.println(line);
            System.out.println("    centre " + constant(all.center()) + ", weights {"
                    + Arrays.stream(all.weights())
                            .mapToObj(LocalJudgeFit::constant)
                            .collect(Collectors.joining(", "))
                    + "}");
        }
    }

    /** The scoring fitted on {@code sets}: the regression's factors, and the centre that is best for the worst set. */
    static Scoring fit(List<LabelledSet> sets, double eta, double l2) {
        double related = LocalJudgeFit.related;
        Scoring otherLanguages = LocalJudgeFit.otherLanguages;
        double[] weights = regression(sets, eta, l2);
        double best = -1;
        double center = 0.5;
        for (int step = 4; step <= 396; step++) {
            Scoring scoring = new Scoring(step * 0.0025, related, weights, otherLanguages, confirm, otherwise);
            double[] b = sets.stream()
                    .mapToDouble(s -> LabelledSets.figures(s, scoring).balanced())
                    .toArray();
            double worst = Arrays.stream(b).min().orElse(0);
            double mean = Arrays.stream(b).average().orElse(0);
            double objective = switch (centreFor) {
                case "mean" -> mean;
                case "both" -> mean + worst;
                default -> worst;
            };
            if (objective > best + 1e-12) {
                best = objective;
                center = scoring.center();
            }
        }
        return new Scoring(center, related, weights, otherLanguages, confirm, otherwise);
    }

    /**
     * The factors of the departures: the logistic regression's weights over the weight of the evidence's logarithm,
     * fitted with group re-weighting and fixed signs.
     */
    static double[] regression(List<LabelledSet> sets, double eta, double l2) {
        List<double[]> rows = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        List<Integer> setOf = new ArrayList<>();
        List<Double> base = new ArrayList<>();
        for (int s = 0; s < sets.size(); s++) {
            LabelledSet set = sets.get(s);
            long positives = set.items().stream().filter(Item::grounded).count();
            long negatives = set.items().size() - positives;
            for (Item item : set.items()) {
                for (Support support : item.supports()) {
                    rows.add(Scoring.features(support));
                    labels.add(item.grounded() ? 1 : 0);
                    setOf.add(s);
                    // Each response weighs one, shared by its sentences; each class half of its set.
                    base.add(1.0 / item.supports().size() * 0.5 / (item.grounded() ? positives : negatives));
                }
            }
        }
        int d = Scoring.FEATURES.size();
        double[] mean = new double[d];
        double[] sd = new double[d];
        for (double[] r : rows) {
            for (int j = 0; j < d; j++) {
                mean[j] += r[j] / rows.size();
            }
        }
        for (double[] r : rows) {
            for (int j = 0; j < d; j++) {
                sd[j] += (r[j] - mean[j]) * (r[j] - mean[j]) / rows.size();
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = sd[j] > 0 ? Math.sqrt(sd[j]) : 1;
        }
        double[][] x = new double[rows.size()][];
        for (int i = 0; i < rows.size(); i++) {
            x[i] = new double[d];
            for (int j = 0; j < d; j++) {
                x[i][j] = (rows.get(i)[j] - mean[j]) / sd[j];
            }
        }
        int[] y = labels.stream().mapToInt(Integer::intValue).toArray();
        double[] q = new double[sets.size()];
        Arrays.fill(q, 1.0 / sets.size());
        double[] beta = new double[d + 1];
        for (int round = 0; round < ROUNDS; round++) {
            double[] w = new double[rows.size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = base.get(i) * q[setOf.get(i)] * sets.size();
            }
            beta = signed(x, y, w, l2);
            double[] loss = new double[sets.size()];
            for (int i = 0; i < w.length; i++) {
                double z = beta[d];
                for (int j = 0; j < d; j++) {
                    z += beta[j] * x[i][j];
                }
                loss[setOf.get(i)] += base.get(i) * (Math.log1p(Math.exp(-Math.abs(z))) + Math.max(z, 0) - y[i] * z);
            }
            double total = 0;
            for (int s = 0; s < q.length; s++) {
                q[s] *= Math.exp(eta * loss[s]);
                total += q[s];
            }
            for (int s = 0; s < q.length; s++) {
                q[s] /= total;
            }
        }
        double evidence = beta[0] / sd[0];
        if (!(evidence > 0)) {
            throw new IllegalStateException("The fit gives the evidence no positive weight (" + evidence + "): the "
                    + "labelled sets do not support a score; check that the files are labelled as documented.");
        }
        double[] weights = new double[d - 1];
        for (int j = 1; j < d; j++) {
            weights[j - 1] = beta[j] / sd[j] / evidence;
        }
        return weights;
    }

    /**
     * The weighted logistic regression with fixed signs: a departure whose weight takes the wrong sign is dropped; the
     * evidence's weight, which the score cannot do without, is held at {@link #EVIDENCE_FLOOR} instead.
     */
    private static double[] signed(double[][] x, int[] y, double[] w, double l2) {
        int d = x[0].length;
        boolean[] active = allowed == null ? new boolean[d] : allowed.clone();
        if (allowed == null) {
            Arrays.fill(active, true);
        }
        double[] fixed = new double[d];
        while (true) {
            double[] beta = logistic(x, y, w, l2, active, fixed);
            int worst = -1;
            double wrongest = 0;
            for (int j = 0; j < d; j++) {
                double floor = j == 0 ? EVIDENCE_FLOOR : 0;
                if (active[j] && SIGNS[j] * beta[j] < Math.min(wrongest, floor)) {
                    wrongest = SIGNS[j] * beta[j];
                    worst = j;
                }
            }
            if (worst < 0) {
                return beta;
            }
            active[worst] = false;
            fixed[worst] = worst == 0 ? EVIDENCE_FLOOR : 0;
        }
    }

    /** Minimises the weighted log-loss plus the L2 penalty over the active features (and the intercept). */
    private static double[] logistic(double[][] x, int[] y, double[] w, double l2, boolean[] active, double[] fixed) {
        int d = x[0].length;
        ObjectiveFunction value = new ObjectiveFunction(beta -> {
            double f = 0;
            for (int i = 0; i < x.length; i++) {
                double z = z(beta, x[i], active, fixed);
                f += w[i] * (Math.log1p(Math.exp(-Math.abs(z))) + Math.max(z, 0) - y[i] * z);
            }
            for (int j = 0; j < d; j++) {
                f += 0.5 * l2 * beta[j] * beta[j];
            }
            return f;
        });
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(beta -> {
            double[] g = new double[d + 1];
            for (int i = 0; i < x.length; i++) {
                double z = z(beta, x[i], active, fixed);
                double r = w[i] * (1 / (1 + Math.exp(-z)) - y[i]);
                for (int j = 0; j < d; j++) {
                    if (active[j]) {
                        g[j] += r * x[i][j];
                    }
                }
                g[d] += r;
            }
            for (int j = 0; j < d; j++) {
                g[j] = active[j] ? g[j] + l2 * beta[j] : 0;
            }
            return g;
        });
        NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
                NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-12, 1e-12));
        double[] beta = optimizer
                .optimize(new MaxEval(100_000), value, gradient, GoalType.MINIMIZE, new InitialGuess(new double[d + 1]))
                .getPoint();
        for (int j = 0; j < d; j++) {
            if (!active[j]) {
                beta[j] = fixed[j];
            }
        }
        return beta;
    }

    private static double z(double[] beta, double[] x, boolean[] active, double[] fixed) {
        double z = beta[x.length];
        for (int j = 0; j < x.length; j++) {
            z += (active[j] ? beta[j] : fixed[j]) * x[j];
        }
        return z;
    }

    private static double option(String[] args, String prefix, double fallback) {
        for (String arg : args) {
            if (arg.startsWith(prefix)) {
                return Double.parseDouble(arg.substring(prefix.length()));
            }
        }
        return fallback;
    }

    private static String constant(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }
}
