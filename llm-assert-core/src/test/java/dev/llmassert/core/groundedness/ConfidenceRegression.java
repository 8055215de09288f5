package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.ConfidenceUnits.Unit;
import dev.llmassert.core.groundedness.ConfidenceUnits.UnitSet;
import dev.llmassert.core.groundedness.internal.Confidence;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.SimpleValueChecker;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunctionGradient;
import org.hipparchus.optim.nonlinear.scalar.gradient.NonLinearConjugateGradientOptimizer;

import java.util.ArrayList;
import java.util.List;

/**
 * Fits the confidence model ({@link Confidence}) on labelled sets: a logistic regression of "the sources support the
 * sentence" on each sentence's features, where a labelled response is supported when all its sentences are (its
 * probability the product of theirs: a noisy AND), minimised by Hipparchus's non-linear conjugate gradient, as
 * {@link LocalJudgeFit} fits the score. Each set weighs the same, each response of a set the same; the classes keep
 * their share in each set, so that the probability is one a person's label would bear out. A small L2 penalty holds
 * the standardised weights.
 */
final class ConfidenceRegression {

    private ConfidenceRegression() {}

    /** The confidence model fitted on {@code sets}, with the features {@code allowed} lets in (all when null). */
    static Confidence fit(List<UnitSet> sets, double l2, boolean[] allowed) {
        int d = Confidence.FEATURES.size();
        List<double[][]> xs = new ArrayList<>();
        List<Integer> ys = new ArrayList<>();
        List<Double> ws = new ArrayList<>();
        for (UnitSet set : sets) {
            for (Unit unit : set.units()) {
                if (unit.features().length == 0) {
                    continue;
                }
                xs.add(unit.features());
                ys.add(unit.grounded() ? 1 : 0);
                ws.add(1.0 / sets.size() / set.units().size());
            }
        }
        double[] mean = new double[d];
        double[] sd = new double[d];
        int rows = 0;
        for (double[][] unit : xs) {
            for (double[] x : unit) {
                rows++;
                for (int j = 0; j < d; j++) {
                    mean[j] += x[j];
                }
            }
        }
        for (int j = 0; j < d; j++) {
            mean[j] /= rows;
        }
        for (double[][] unit : xs) {
            for (double[] x : unit) {
                for (int j = 0; j < d; j++) {
                    sd[j] += (x[j] - mean[j]) * (x[j] - mean[j]) / rows;
                }
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = sd[j] > 1e-12 ? Math.sqrt(sd[j]) : 1;
        }
        double[][][] z = new double[xs.size()][][];
        for (int u = 0; u < xs.size(); u++) {
            z[u] = new double[xs.get(u).length][d];
            for (int i = 0; i < xs.get(u).length; i++) {
                for (int j = 0; j < d; j++) {
                    boolean on = allowed == null || allowed[j];
                    z[u][i][j] = on ? (xs.get(u)[i][j] - mean[j]) / sd[j] : 0;
                }
            }
        }
        int[] y = ys.stream().mapToInt(Integer::intValue).toArray();
        double[] w = ws.stream().mapToDouble(Double::doubleValue).toArray();
        double[] beta = minimise(z, y, w, l2, d);
        double[] weights = new double[d];
        double intercept = beta[d];
        for (int j = 0; j < d; j++) {
            weights[j] = beta[j] / sd[j];
            intercept -= weights[j] * mean[j];
        }
        return new Confidence(weights, intercept);
    }

    private static double[] minimise(double[][][] x, int[] y, double[] w, double l2, int d) {
        ObjectiveFunction value = new ObjectiveFunction(beta -> {
            double f = 0;
            for (int u = 0; u < x.length; u++) {
                double logP = 0;
                for (double[] row : x[u]) {
                    logP -= softplus(-z(beta, row));
                }
                f -= w[u] * (y[u] == 1 ? logP : log1mexp(logP));
            }
            for (int j = 0; j < d; j++) {
                f += 0.5 * l2 * beta[j] * beta[j];
            }
            return f;
        });
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(beta -> {
            double[] g = new double[d + 1];
            for (int u = 0; u < x.length; u++) {
                double logP = 0;
                double[] zs = new double[x[u].length];
                for (int i = 0; i < x[u].length; i++) {
                    zs[i] = z(beta, x[u][i]);
                    logP -= softplus(-zs[i]);
                }
                // d logP / dz = 1 - q; d log(1 - P) / dz = -(P / (1 - P)) (1 - q)
                double factor = y[u] == 1 ? 1 : -Math.exp(logP - log1mexp(logP));
                for (int i = 0; i < x[u].length; i++) {
                    double r = -w[u] * factor * sigmoid(-zs[i]);
                    for (int j = 0; j < d; j++) {
                        g[j] += r * x[u][i][j];
                    }
                    g[d] += r;
                }
            }
            for (int j = 0; j < d; j++) {
                g[j] += l2 * beta[j];
            }
            return g;
        });
        NonLinearConjugateGradientOptimizer optimizer = new NonLinearConjugateGradientOptimizer(
                NonLinearConjugateGradientOptimizer.Formula.POLAK_RIBIERE, new SimpleValueChecker(1e-12, 1e-12));
        return optimizer
                .optimize(new MaxEval(100_000), value, gradient, GoalType.MINIMIZE, new InitialGuess(new double[d + 1]))
                .getPoint();
    }

    private static double z(double[] beta, double[] x) {
        double z = beta[x.length];
        for (int j = 0; j < x.length; j++) {
            z += beta[j] * x[j];
        }
        return z;
    }

    private static double softplus(double v) {
        return Math.max(v, 0) + Math.log1p(Math.exp(-Math.abs(v)));
    }

    private static double sigmoid(double v) {
        return 1 / (1 + Math.exp(-v));
    }

    /** log(1 - exp(a)) for a below 0, without losing precision near 0. */
    private static double log1mexp(double a) {
        double v = Math.min(a, -1e-12);
        return v > -0.693 ? Math.log(-Math.expm1(v)) : Math.log1p(-Math.exp(v));
    }
}
