package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.LabelledSets.Figures;
import dev.llmassert.core.groundedness.LabelledSets.Item;
import dev.llmassert.core.groundedness.LabelledSets.LabelledSet;
import dev.llmassert.core.groundedness.internal.Support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The entailment model alone, for comparison ({@code LocalJudgeFit --model-only}): a response scores the mean, over
 * its sentences that make a claim, of the model's probability that the sources entail it, and passes at one bar
 * chosen, as the judge's centre is, for the best worst set of the sets fitted on.
 */
final class ModelOnly {

    private static final ToDoubleFunction<Item> SCORE = item -> item.supports().isEmpty()
            ? 1.0
            : item.supports().stream()
                    .mapToDouble(Support::entailment)
                    .average()
                    .orElse(1.0);

    private ModelOnly() {}

    static void print(List<LabelledSet> sets) {
        System.out.println("The entailment model alone: each set left out, the bar chosen on the others");
        double[] held = new double[sets.size()];
        for (int i = 0; i < sets.size(); i++) {
            List<LabelledSet> train = new ArrayList<>(sets);
            LabelledSet out = train.remove(i);
            Figures f = LabelledSets.figures(out, SCORE, bar(train));
            held[i] = f.balanced();
            System.out.printf(Locale.ROOT, "  %-28s %s%n", out.name(), f);
        }
        System.out.printf(
                Locale.ROOT,
                "  worst %.3f, mean %.3f%n%n",
                Arrays.stream(held).min().orElse(0),
                Arrays.stream(held).average().orElse(0));
        double bar = bar(sets);
        System.out.printf(Locale.ROOT, "One bar on all sets (in-sample): %.3f%n", bar);
        double sum = 0;
        for (LabelledSet set : sets) {
            Figures f = LabelledSets.figures(set, SCORE, bar);
            sum += f.balanced();
            System.out.printf(Locale.ROOT, "  %-28s %s%n", set.name(), f);
        }
        System.out.printf(Locale.ROOT, "  mean %.3f%n", sum / sets.size());
    }

    /** The bar, from 0.01 to 0.99, with the best worst balanced accuracy over {@code sets}. */
    private static double bar(List<LabelledSet> sets) {
        double best = -1;
        double chosen = 0.5;
        for (int step = 1; step < 100; step++) {
            double bar = step / 100.0;
            double worst = sets.stream()
                    .mapToDouble(s -> LabelledSets.figures(s, SCORE, bar).balanced())
                    .min()
                    .orElse(0);
            if (worst > best + 1e-12) {
                best = worst;
                chosen = bar;
            }
        }
        return chosen;
    }
}
