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
 * Fits the confidence model ({@link Confidence}) on labelled sets: a logistic regression of "the judge's verdict
 * agrees with the person's label" on each sentence's features, over the responses of one sentence (whose label is the
 * sentence's), minimised by Hipparchus's non-linear conjugate gradient, as {@link LocalJudgeFit} fits the score. Each
 * set weighs the same, each response of a set the same, so that no kind of text outweighs the others; the classes
 * keep their share in each set, so that the probability is one a person's label bears out. A small L2 penalty holds
 * the standardised weights.
 */
final class ConfidenceRegression {

    private ConfidenceRegression() {}

    /** The confidence model fitted on {@code sets}, with the features {@code allowed} lets in (all when null). */
    static Confidence fit(List<UnitSet> sets, double l2, boolean[] allowed) {
        int d = Confidence.FEATURES.size();
        List<double[]> xs = new ArrayList<>();
        List<Integer> ys = new ArrayList<>();
        List<Double> ws = new ArrayList<>();
        for (UnitSet set : sets) {
            long singles = set.units().stream().filter(Unit::single).count();
            for (Unit unit : set.units()) {
                if (unit.single()) {
                    xs.add(unit.features()[0]);
                    ys.add(unit.right() ? 1 : 0);
                    ws.add(1.0 / sets.size() / singles);
                }
            }
        }
        double[] mean = new double[d];
        double[] sd = new double[d];
        for (double[] x : xs) {
            for (int j = 0; j < d; j++) {
                mean[j] += x[j] / xs.size();
            }
        }
        for (double[] x : xs) {
            for (int j = 0; j < d; j++) {
                sd[j] += (x[j] - mean[j]) * (x[j] - mean[j]) / xs.size();
            }
        }
        for (int j = 0; j < d; j++) {
            sd[j] = sd[j] > 1e-12 ? Math.sqrt(sd[j]) : 1;
        }
        double[][] z = new double[xs.size()][d];
        for (int i = 0; i < xs.size(); i++) {
            for (int j = 0; j < d; j++) {
                boolean on = allowed == null || allowed[j];
                z[i][j] = on ? (xs.get(i)[j] - mean[j]) / sd[j] : 0;
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

    private static double[] minimise(double[][] x, int[] y, double[] w, double l2, int d) {
        ObjectiveFunction value = new ObjectiveFunction(beta -> {
            double f = 0;
            for (int i = 0; i < x.length; i++) {
                double z = z(beta, x[i]);
                f += w[i] * (softplus(z) - y[i] * z);
            }
            for (int j = 0; j < d; j++) {
                f += 0.5 * l2 * beta[j] * beta[j];
            }
            return f;
        });
        ObjectiveFunctionGradient gradient = new ObjectiveFunctionGradient(beta -> {
            double[] g = new double[d + 1];
            for (int i = 0; i < x.length; i++) {
                double r = w[i] * (1 / (1 + Math.exp(-z(beta, x[i]))) - y[i]);
                for (int j = 0; j < d; j++) {
                    g[j] += r * x[i][j];
                }
                g[d] += r;
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
}
