package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.groundedness.internal.Support;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures how well the local judge agrees with people on the QAGS CNN/DailyMail summaries (a file kept beside the
 * checkout, never inside it: see {@code ../shared/data/README.md}).
 *
 * <p>Each summary sentence is judged alone against its article; it counts as grounded when its score is at least
 * {@link LocalGroundednessJudge#DEFAULT_THRESHOLD}. People's label: grounded when at least 2 of the 3 workers said
 * yes. Figures are printed for the whole file, the development split (articles 0 to 116, the only part the judge's
 * weights were ever fitted or tuned on) and the held-out split (articles 117 to 234, reported, never tuned on).
 *
 * <p>From the repository root:
 * <pre>
 * mvn -B -o -q -pl llm-assert-core test-compile exec:java -Dexec.mainClass=dev.llmassert.core.groundedness.QagsEvaluation \
 *     -Dexec.classpathScope=test -Dexec.args=../shared/data/qags-cnndm.jsonl
 * </pre>
 * Options after the path: {@code --without-embeddings} measures the lexical-only judge; {@code --fit} also fits
 * the calibration on the development split and prints the logistic centre and the band of near-best cut-offs (how
 * the centres in the judge were found).
 */
public final class QagsEvaluation {

    static final int DEV_ARTICLES = 117;

    private record Item(int article, String sentence, boolean grounded, double score, double[] features) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("Usage: QagsEvaluation <path/to/qags-cnndm.jsonl> [--without-embeddings] [--fit]");
            System.exit(2);
        }
        Path path = Path.of(args[0]);
        boolean withoutEmbeddings = List.of(args).contains("--without-embeddings");
        boolean fit = List.of(args).contains("--fit");
        if (!Files.isRegularFile(path)) {
            System.err.println("No such file: " + path.toAbsolutePath()
                    + "\nPass the path of qags-cnndm.jsonl, e.g. ../shared/data/qags-cnndm.jsonl from the checkout.");
            System.exit(2);
        }
        LocalGroundednessJudge judge = withoutEmbeddings
                ? LocalGroundednessJudge.builder().withoutEmbeddings().build()
                : LocalGroundednessJudge.create();

        ObjectMapper json = new ObjectMapper();
        List<Item> items = new ArrayList<>();
        long start = System.nanoTime();
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String line;
            int article = 0;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node = json.readTree(line);
                String text = node.get("article").asText();
                for (JsonNode s : node.get("summary_sentences")) {
                    String sentence = s.get("sentence").asText();
                    int yes = 0;
                    for (JsonNode r : s.get("responses")) {
                        if ("yes".equalsIgnoreCase(r.get("response").asText())) {
                            yes++;
                        }
                    }
                    double score = judge.judge(sentence, List.of(text)).score();
                    items.add(new Item(article, sentence, yes >= 2, score,
                            fit ? features(judge.measure(sentence, List.of(text))) : null));
                }
                article++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        double t = LocalGroundednessJudge.DEFAULT_THRESHOLD;
        System.out.printf(Locale.ROOT, "judge %s, threshold %.2f, %.1f s%n", judge.name(), t, seconds);
        report("full", items, t);
        report("dev (articles 0-116)", items.stream().filter(i -> i.article() < DEV_ARTICLES).toList(), t);
        report("held-out (articles 117-234)", items.stream().filter(i -> i.article() >= DEV_ARTICLES).toList(), t);

        if (fit) {
            fitOnDev(items.stream().filter(i -> i.article() < DEV_ARTICLES).toList());
        }
    }

    private static void report(String split, List<Item> items, double threshold) {
        int tp = 0;
        int fn = 0;
        int tn = 0;
        int fp = 0;
        for (Item item : items) {
            boolean predicted = item.score() >= threshold;
            if (item.grounded()) {
                if (predicted) {
                    tp++;
                } else {
                    fn++;
                }
            } else if (predicted) {
                fp++;
            } else {
                tn++;
            }
        }
        int n = items.size();
        double recallGrounded = (double) tp / (tp + fn);
        double recallUngrounded = (double) tn / (tn + fp);
        double balanced = (recallGrounded + recallUngrounded) / 2;
        double observed = (double) (tp + tn) / n;
        double expected = ((double) (tp + fn) * (tp + fp) + (double) (tn + fp) * (tn + fn)) / ((double) n * n);
        double kappa = (observed - expected) / (1 - expected);
        System.out.printf(Locale.ROOT,
                "%-28s N=%3d  balanced accuracy=%.3f  kappa=%.3f  recall grounded=%.3f (%d/%d)  "
                        + "recall ungrounded=%.3f (%d/%d)%n",
                split, n, balanced, kappa, recallGrounded, tp, tp + fn, recallUngrounded, tn, tn + fp);
    }

    /** The uncalibrated evidence and the penalties, averaged over the sentence's parts (nearly always one). */
    private static double[] features(List<Support> supports) {
        double[] f = new double[3];
        for (Support s : supports) {
            f[0] += LocalGroundednessJudge.evidence(s);
            f[1] += s.missingFacts();
            f[2] += s.negationMismatch() ? 1 : 0;
        }
        for (int i = 0; i < f.length; i++) {
            f[i] /= supports.size();
        }
        return f;
    }

    /**
     * Fits the calibration {@code score = 1 / (1 + exp(-scale * (evidence - center)))} by class-balanced logistic
     * regression on the development split, by plain gradient descent.
     */
    private static void fitOnDev(List<Item> dev) {
        long positives = dev.stream().filter(Item::grounded).count();
        double wPos = dev.size() / (2.0 * positives);
        double wNeg = dev.size() / (2.0 * (dev.size() - positives));
        double w = 0;
        double b = 0;
        for (int iter = 0; iter < 50_000; iter++) {
            double g = 0;
            double gb = 0;
            for (Item item : dev) {
                double x = item.features()[0];
                double p = 1 / (1 + Math.exp(-(w * x + b)));
                double err = (item.grounded() ? wPos : wNeg) * (p - (item.grounded() ? 1 : 0));
                g += err * x;
                gb += err;
            }
            w -= 2.0 * g / dev.size();
            b -= 2.0 * gb / dev.size();
        }
        System.out.printf(Locale.ROOT, "fitted on dev (%d sentences): scale=%.2f center=%.3f%n", dev.size(), w,
                -b / w);
        double best = bestBalanced(dev, item -> item.features()[0]);
        System.out.printf(Locale.ROOT, "dev balanced accuracy of the evidence at its best threshold: %.3f%n", best);
        // The band of cut-offs on a 0.005 grid within 0.005 of the best: its middle is the centre with embeddings.
        double low = Double.NaN;
        double high = Double.NaN;
        for (int k = 0; k <= 200; k++) {
            double cut = k * 0.005;
            if (balancedAt(dev, cut) >= best - 0.005) {
                low = Double.isNaN(low) ? cut : low;
                high = cut;
            }
        }
        System.out.printf(Locale.ROOT, "cut-offs within 0.005 of it: %.3f to %.3f%n", low, high);
        long withMissing = dev.stream().filter(i -> i.features()[1] > 0).count();
        long withMissingGrounded = dev.stream().filter(i -> i.features()[1] > 0 && i.grounded()).count();
        long withNeg = dev.stream().filter(i -> i.features()[2] > 0).count();
        long withNegGrounded = dev.stream().filter(i -> i.features()[2] > 0 && i.grounded()).count();
        System.out.printf(Locale.ROOT, "dev sentences with a missing fact: %d (%d grounded); with a negation "
                + "mismatch: %d (%d grounded)%n", withMissing, withMissingGrounded, withNeg, withNegGrounded);
    }

    private static double balancedAt(List<Item> items, double cut) {
        int tp = 0, fn = 0, tn = 0, fp = 0;
        for (Item item : items) {
            boolean predicted = item.features()[0] >= cut;
            if (item.grounded()) {
                if (predicted) tp++; else fn++;
            } else if (predicted) fp++; else tn++;
        }
        return ((double) tp / (tp + fn) + (double) tn / (tn + fp)) / 2;
    }

    private static double bestBalanced(List<Item> items, java.util.function.ToDoubleFunction<Item> f) {
        double best = 0;
        for (Item cut : items) {
            double t = f.applyAsDouble(cut);
            int tp = 0, fn = 0, tn = 0, fp = 0;
            for (Item item : items) {
                boolean predicted = f.applyAsDouble(item) >= t;
                if (item.grounded()) {
                    if (predicted) tp++; else fn++;
                } else if (predicted) fp++; else tn++;
            }
            best = Math.max(best, ((double) tp / (tp + fn) + (double) tn / (tn + fp)) / 2);
        }
        return best;
    }

}
