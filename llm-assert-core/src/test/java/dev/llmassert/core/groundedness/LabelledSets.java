package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.Scoring;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;

/**
 * The labelled sets {@link LocalJudgeFit} fits on, in the format of {@code ../shared/data/README.md}: each response
 * measured by the judge once, and the figures of a scoring on them.
 */
final class LabelledSets {

    /** Rows measured side by side. */
    private static final int THREADS = 4;

    private LabelledSets() {}

    /** One labelled response: the measurements of its sentences that make a claim. */
    record Item(boolean grounded, List<Support> supports) {

        double score(Scoring scoring) {
            return supports.isEmpty()
                    ? 1.0
                    : supports.stream().mapToDouble(scoring::score).average().orElse(1.0);
        }
    }

    record LabelledSet(String name, List<Item> items) {}

    /** Balanced accuracy and the two recalls of {@code scoring} on a set, with the AUC of the scores. */
    record Figures(double balanced, double grounded, double ungrounded, double auc, int positives, int negatives) {

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "%.3f (correct pass %.3f, unsupported fail %.3f, AUC %.3f)",
                    balanced,
                    grounded,
                    ungrounded,
                    auc);
        }
    }

    static Figures figures(LabelledSet set, Scoring scoring) {
        return figures(set, item -> item.score(scoring), LocalGroundednessJudge.DEFAULT_THRESHOLD);
    }

    /** The figures of {@code score} on a set, an item passing at or above {@code bar}. */
    static Figures figures(LabelledSet set, ToDoubleFunction<Item> scorer, double bar) {
        int tp = 0;
        int positives = 0;
        int tn = 0;
        int negatives = 0;
        List<double[]> scored = new ArrayList<>();
        for (Item item : set.items()) {
            double score = scorer.applyAsDouble(item);
            boolean passes = score >= bar;
            scored.add(new double[] {score, item.grounded() ? 1 : 0});
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
        return new Figures((rg + ru) / 2, rg, ru, auc(scored), positives, negatives);
    }

    /** The area under the ROC curve of the scores (Mann-Whitney, ties counted half). */
    static double auc(List<double[]> scored) {
        double pairs = 0;
        double wins = 0;
        for (double[] p : scored) {
            if (p[1] != 1) {
                continue;
            }
            for (double[] n : scored) {
                if (n[1] != 0) {
                    continue;
                }
                pairs++;
                wins += p[0] > n[0] ? 1 : p[0] == n[0] ? 0.5 : 0;
            }
        }
        return pairs == 0 ? Double.NaN : wins / pairs;
    }

    static LabelledSet read(Path path, LocalGroundednessJudge judge) throws IOException {
        if (!Files.isRegularFile(path)) {
            System.err.println("No such file: " + path.toAbsolutePath()
                    + "\nPass labelled files in the format of ../shared/data/README.md, e.g. "
                    + "../shared/data/qags-cnndm.jsonl from the checkout.");
            System.exit(2);
        }
        SentenceSplitter splitter = SentenceSplitter.english();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                rows.add(json.readTree(line));
            }
        }
        // Rows are measured side by side (the judge is thread-safe), in order: the entailment model's calls of one
        // row are short, and several keep the cores busy.
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<Item>>> measured = new ArrayList<>();
            for (JsonNode node : rows) {
                measured.add(pool.submit(() -> items(node, judge, splitter)));
            }
            List<Item> items = new ArrayList<>();
            for (Future<List<Item>> f : measured) {
                items.addAll(f.get());
            }
            String name = path.getFileName().toString().replaceFirst("\\.jsonl$", "");
            System.err.println("Measured " + name + ": " + items.size() + " labelled responses");
            return new LabelledSet(name, items);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while measuring " + path, e);
        } catch (ExecutionException e) {
            throw new IOException("Could not measure " + path + ": " + e.getCause(), e.getCause());
        } finally {
            pool.shutdown();
        }
    }

    private static List<Item> items(JsonNode node, LocalGroundednessJudge judge, SentenceSplitter splitter) {
        List<Item> items = new ArrayList<>();
        String article = node.get("article").asText();
        for (JsonNode s : node.get("summary_sentences")) {
            String sentence = s.get("sentence").asText();
            int yes = 0;
            int all = 0;
            for (JsonNode r : s.get("responses")) {
                all++;
                yes += "yes".equalsIgnoreCase(r.get("response").asText()) ? 1 : 0;
            }
            List<String> parts = JudgeInput.sentences(sentence, splitter);
            List<Support> supports = judge.measure(sentence, List.of(article));
            List<Support> claims = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                if (!Words.of(parts.get(i)).makesNoClaim()) {
                    claims.add(supports.get(i));
                }
            }
            items.add(new Item(2 * yes >= all, claims));
        }
        return items;
    }
}
