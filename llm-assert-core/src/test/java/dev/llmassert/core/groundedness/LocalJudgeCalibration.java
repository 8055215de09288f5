package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.Support;
import dev.llmassert.core.groundedness.internal.Words;
import dev.llmassert.core.text.SentenceSplitter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Fits the local judge's centre (the evidence at which a sentence counts as supported) on labelled sets of different
 * domains, and shows how the fit carries over from one set to another: leave-one-dataset-out.
 *
 * <p>For each file it prints the best centre on that file alone; for each pair, the balanced accuracy on one file at
 * the centre fitted on the other; and for all files together, the centre the judge ships. Every fit takes the
 * lowest centre whose mean balanced accuracy over the files (each file weighted equally) is within one standard error
 * of the best (the one-standard-error rule): centres closer than that are not told apart by the data, and among them
 * the lowest is chosen because a correct answer wrongly failed costs a user more trust than a missed one, and because
 * answers outside the measured domains are more often paraphrases than copies. The standard error is the binomial one
 * of each file's two recalls at the best centre.
 *
 * <p>Files are in the format of {@code ../shared/data/README.md} (kept beside the checkout, never inside it); a
 * sentence is grounded when at least half its responses say "yes". A sentence is scored as the judge scores it,
 * including the penalties, and a response of several sentences by the mean of the scores of those that make a claim,
 * as a bare {@code isGroundedIn} does; it passes at {@link LocalGroundednessJudge#DEFAULT_THRESHOLD}. The figures at
 * the shipped defaults through the public assertion path come from {@code GroundednessEvaluation} in
 * {@code llm-assert-junit}.
 *
 * <pre>
 * mvn -B -o -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.LocalJudgeCalibration \
 *     -Dexec.args="../shared/data/qags-cnndm.jsonl ../shared/data/begin-wow-cmu.jsonl"
 * </pre>
 * Add {@code --without-embeddings} to {@code exec.args} for the lexical-only judge.
 */
public final class LocalJudgeCalibration {

    /** One labelled response: the measurements of its sentences and whether each makes a claim. */
    private record Item(boolean grounded, List<Support> supports, List<Boolean> noClaim) {

        double score(double center) {
            // As the judge does: sentences that make no claim ("Yes.", "That's true!") are left out of the mean.
            double sum = 0;
            int claims = 0;
            for (int i = 0; i < supports.size(); i++) {
                if (!noClaim.get(i)) {
                    sum += LocalGroundednessJudge.score(supports.get(i), center);
                    claims++;
                }
            }
            return claims == 0 ? 1.0 : sum / claims;
        }
    }

    private record LabelledSet(String name, List<Item> items) {
    }

    private record Figures(double balanced, double recallGrounded, double recallUngrounded, int grounded,
                           int ungrounded) {

        /** The binomial standard error of the balanced accuracy. */
        double standardError() {
            return 0.5 * Math.sqrt(recallGrounded * (1 - recallGrounded) / grounded
                    + recallUngrounded * (1 - recallUngrounded) / ungrounded);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.3f (grounded pass %.3f, ungrounded fail %.3f)",
                    balanced, recallGrounded, recallUngrounded);
        }
    }

    public static void main(String[] args) throws IOException {
        List<String> paths = List.of(args).stream().filter(a -> !a.startsWith("--")).toList();
        boolean withoutEmbeddings = List.of(args).contains("--without-embeddings");
        if (paths.isEmpty()) {
            System.err.println("Usage: LocalJudgeCalibration <labelled.jsonl>... [--without-embeddings] [--curve]");
            System.exit(2);
        }
        LocalGroundednessJudge judge = withoutEmbeddings
                ? LocalGroundednessJudge.builder().withoutEmbeddings().build()
                : LocalGroundednessJudge.create();
        List<LabelledSet> sets = new ArrayList<>();
        for (String path : paths) {
            sets.add(read(Path.of(path), judge));
        }
        double shipped = withoutEmbeddings ? LocalGroundednessJudge.LEXICAL_CENTER : LocalGroundednessJudge.CENTER;
        System.out.printf(Locale.ROOT, "judge %s, a sentence passes at %.2f, shipped centre %.4f%n",
                judge.name(), LocalGroundednessJudge.DEFAULT_THRESHOLD, shipped);

        double[] best = new double[sets.size()];
        for (int i = 0; i < sets.size(); i++) {
            LabelledSet set = sets.get(i);
            best[i] = bestCenter(List.of(set));
            System.out.printf(Locale.ROOT, "%-22s N=%4d  fitted alone: centre %.4f -> %s; at the shipped centre: %s%n",
                    set.name(), set.items().size(), best[i], figures(set, best[i]), figures(set, shipped));
        }
        for (int i = 0; i < sets.size(); i++) {
            for (int j = 0; j < sets.size(); j++) {
                if (i != j) {
                    System.out.printf(Locale.ROOT, "fitted on %-22s measured on %-22s %s%n", sets.get(i).name(),
                            sets.get(j).name(), figures(sets.get(j), best[i]));
                }
            }
        }
        if (List.of(args).contains("--curve")) {
            for (int step = 0; step <= 24; step++) {
                double center = 0.80 + step * 0.0075;
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "centre %.4f", center));
                for (LabelledSet set : sets) {
                    line.append(String.format(Locale.ROOT, "  %s %s", set.name(), figures(set, center)));
                }
                System.out.println(line);
            }
        }
        double pooled = bestCenter(sets);
        System.out.printf(Locale.ROOT, "fitted on all (lowest centre within one standard error, %.4f, of the best "
                + "mean): %.4f%n", band(sets), pooled);
        for (LabelledSet set : sets) {
            System.out.printf(Locale.ROOT, "  %-22s %s%n", set.name(), figures(set, pooled));
        }
    }

    /**
     * The lowest centre on a grid of 0.0025 whose mean balanced accuracy over {@code sets} is within one standard
     * error of the best.
     */
    private static double bestCenter(List<LabelledSet> sets) {
        double top = mean(sets, topCenter(sets));
        double band = band(sets);
        for (int k = 200; k <= 396; k++) {
            if (mean(sets, k * 0.0025) >= top - band) {
                return k * 0.0025;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** The centre on the grid with the best mean balanced accuracy over {@code sets} (the lowest of equals). */
    private static double topCenter(List<LabelledSet> sets) {
        double best = 0;
        double top = -1;
        for (int k = 200; k <= 396; k++) {
            double mean = mean(sets, k * 0.0025);
            if (mean > top) {
                top = mean;
                best = k * 0.0025;
            }
        }
        return best;
    }

    /** The standard error of the mean balanced accuracy over {@code sets} at their best centre. */
    private static double band(List<LabelledSet> sets) {
        double center = topCenter(sets);
        double variance = sets.stream().mapToDouble(s -> Math.pow(figures(s, center).standardError(), 2)).sum();
        return Math.sqrt(variance) / sets.size();
    }

    private static double mean(List<LabelledSet> sets, double center) {
        return sets.stream().mapToDouble(s -> figures(s, center).balanced()).average().orElse(0);
    }

    private static Figures figures(LabelledSet set, double center) {
        int tp = 0;
        int positives = 0;
        int tn = 0;
        int negatives = 0;
        for (Item item : set.items()) {
            boolean passes = item.score(center) >= LocalGroundednessJudge.DEFAULT_THRESHOLD;
            if (item.grounded()) {
                positives++;
                tp += passes ? 1 : 0;
            } else {
                negatives++;
                tn += passes ? 0 : 1;
            }
        }
        double rg = positives == 0 ? Double.NaN : (double) tp / positives;
        double ru = negatives == 0 ? Double.NaN : (double) tn / negatives;
        return new Figures((rg + ru) / 2, rg, ru, positives, negatives);
    }

    private static LabelledSet read(Path path, LocalGroundednessJudge judge) throws IOException {
        if (!Files.isRegularFile(path)) {
            System.err.println("No such file: " + path.toAbsolutePath()
                    + "\nPass labelled files in the format of ../shared/data/README.md, e.g. "
                    + "../shared/data/qags-cnndm.jsonl from the checkout.");
            System.exit(2);
        }
        SentenceSplitter splitter = SentenceSplitter.english();
        ObjectMapper json = new ObjectMapper();
        List<Item> items = new ArrayList<>();
        for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode node = json.readTree(line);
            String article = node.get("article").asText();
            for (JsonNode s : node.get("summary_sentences")) {
                String sentence = s.get("sentence").asText();
                int yes = 0;
                int all = 0;
                for (JsonNode r : s.get("responses")) {
                    all++;
                    yes += "yes".equalsIgnoreCase(r.get("response").asText()) ? 1 : 0;
                }
                List<Boolean> noClaim = JudgeInput.sentences(sentence, splitter).stream()
                        .map(part -> LocalGroundednessJudge.makesNoClaim(Words.of(part))).toList();
                items.add(new Item(2 * yes >= all, judge.measure(sentence, List.of(article)), noClaim));
            }
        }
        String name = path.getFileName().toString().replaceFirst("\\.jsonl$", "");
        return new LabelledSet(name, items);
    }
}
