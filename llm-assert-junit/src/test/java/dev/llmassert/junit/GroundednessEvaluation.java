package dev.llmassert.junit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.junit.internal.config.ConfigurationResolver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Measures the default groundedness judge, as a user meets it, on labelled files in JSON Lines (one object a line):
 * <pre>
 * {"article": "...", "summary_sentences": [{"sentence": "...",
 *     "responses": [{"worker_id": 0, "response": "yes"}, ...]}]}
 * </pre>
 * A sentence is labelled grounded when at least half of its responses are "yes" (case-insensitive), i.e.
 * {@code 2 * yes >= responses}: 2 of 3 for three workers. Example files are kept beside the checkout, never inside
 * it: see {@code ../shared/data/README.md}.
 *
 * <p>Each sentence is checked exactly as a test outside {@link LlmJudge} would check it: a bare
 * {@code LlmAssertions.assertThat(sentence).usingJudge(judge).isGroundedIn(article)}, which outside the extension is
 * checked at once against the default minimum ({@value LlmJudge#MIN_SCORE_KEY} as a system property or environment
 * variable, else {@link LlmJudge#DEFAULT_MIN_SCORE}); it passes when it throws no {@link AssertionError}. The judge
 * is the default one, {@code Judges.groundedness(JudgeSettings.defaults())}, built once: the sentence's score (for
 * the AUC) comes from the same instance, so the second judgement of each sentence reuses its embedding cache. The
 * timings include both judgements. ({@code usingJudge} is needed: outside the extension there is no default judge,
 * and a bare {@code assertThat(sentence).isGroundedIn(article)} throws {@link IllegalStateException}.)
 *
 * <p>Printed per file: the judge, the minimum, the counts, balanced accuracy (mean of the two recalls), the recall
 * on grounded sentences (those that pass) and on ungrounded ones (those that fail), Cohen's kappa of pass/fail
 * against the label, the AUC of the score (Mann-Whitney, ties counted half), a cross-check that pass/fail agrees with
 * {@code score >= minimum} and the speed.
 *
 * <p>From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core,llm-assert-junit test-compile exec:java -Dexec.core.skip=true \
 *     -Dexec.classpathScope=test -Dexec.mainClass=dev.llmassert.junit.GroundednessEvaluation \
 *     -Dexec.args="../shared/data/qags-cnndm.jsonl ../shared/data/begin-wow-cmu.jsonl"
 * </pre>
 * {@code llm-assert-junit/src/test/resources/labelled/grounded-sentences.jsonl} is a tiny labelled file of this
 * format, committed so that the command can be tried at once, and run by {@code GroundednessEvaluationTest}.
 * Options after the paths: {@code --without-embeddings} measures the lexical-only judge (what a user gets with the
 * embedding artifact excluded); {@code --without-entailment} the judge without its entailment model
 * ({@code llmassert.groundedness.local.entailment=off}); {@code --min-score=<x>} checks against another minimum (it
 * sets {@value LlmJudge#MIN_SCORE_KEY}, so the bare assertion uses it); {@code --errors=<n>} also prints up to n
 * misjudged sentences of each class, the most confidently wrong first. Bad input ends with a message and exit code 2.
 */
public final class GroundednessEvaluation {

    private static final String FORMAT = "{\"article\": \"...\", \"summary_sentences\": [{\"sentence\": \"...\","
            + " \"responses\": [{\"worker_id\": 0, \"response\": \"yes\"}, ...]}]}";

    static final String USAGE = String.join(
            System.lineSeparator(),
            "Usage: GroundednessEvaluation <file.jsonl> [<file.jsonl> ...] [--without-embeddings | "
                    + "--without-entailment] [--min-score=<x>] [--errors=<n>]",
            "  <file.jsonl>          labelled JSON Lines, one object a line: {\"article\": \"...\", "
                    + "\"summary_sentences\": [{\"sentence\": \"...\", \"responses\": [{\"response\": \"yes\"}, "
                    + "...]}]}",
            "  --without-embeddings  measure the lexical-only local judge",
            "  --without-entailment  measure the local judge without its entailment model (entailment=off)",
            "  --min-score=<x>       the minimum a bare isGroundedIn(...) is checked against, 0 to 1 (default: "
                    + LlmJudge.MIN_SCORE_KEY + ", else " + LlmJudge.DEFAULT_MIN_SCORE + ")",
            "  --errors=<n>          also print up to n misjudged sentences of each class",
            "Example, from the repository root: -Dexec.args=\"../shared/data/qags-cnndm.jsonl"
                    + " ../shared/data/begin-wow-cmu.jsonl --errors=5\"");

    private static final int SNIPPET = 160;

    private GroundednessEvaluation() {}

    /** A user error: {@link #main} prints its message, and no stack trace, and exits with 2. */
    static final class InputException extends Exception {
        InputException(String message) {
            super(message);
        }
    }

    /** The command line. {@code minScore} is {@code null} when not given; {@code errors} is 0 when not given. */
    record Options(
            List<Path> files, boolean withoutEmbeddings, Double minScore, int errors, boolean withoutEntailment) {

        static Options parse(String... args) throws InputException {
            if (args == null || args.length == 0) {
                throw new InputException("No file given." + System.lineSeparator() + USAGE);
            }
            List<Path> files = new ArrayList<>();
            boolean withoutEmbeddings = false;
            boolean withoutEntailment = false;
            Double minScore = null;
            int errors = 0;
            for (String arg : args) {
                if (arg.equals("--without-embeddings")) {
                    withoutEmbeddings = true;
                } else if (arg.equals("--without-entailment")) {
                    withoutEntailment = true;
                } else if (arg.startsWith("--min-score=")) {
                    minScore = minScore(arg.substring("--min-score=".length()));
                } else if (arg.startsWith("--errors=")) {
                    errors = errors(arg.substring("--errors=".length()));
                } else if (arg.startsWith("-")) {
                    throw new InputException("Unknown option: " + arg + System.lineSeparator() + USAGE);
                } else if (!arg.isBlank()) {
                    files.add(Path.of(arg));
                }
            }
            if (files.isEmpty()) {
                throw new InputException("No file given: pass the path of at least one labelled .jsonl file before "
                        + "the options." + System.lineSeparator() + USAGE);
            }
            return new Options(List.copyOf(files), withoutEmbeddings, minScore, errors, withoutEntailment);
        }

        private static double minScore(String value) throws InputException {
            try {
                double minScore = Double.parseDouble(value.strip());
                if (minScore >= 0.0 && minScore <= 1.0) {
                    return minScore;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new InputException(
                    "--min-score=" + value + " is not a number from 0 to 1. Fix: e.g. --min-score=0.5");
        }

        private static int errors(String value) throws InputException {
            try {
                int n = Integer.parseInt(value.strip());
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new InputException(
                    "--errors=" + value + " is not a whole number of 0 or more. Fix: e.g. --errors=10");
        }
    }

    /** One labelled sentence: {@code line} is the file's line (from 1) that holds it. */
    record Labelled(int line, String article, String sentence, boolean grounded) {}

    /** What the metrics need of one sentence: the judge's score, whether the assertion passed, and the label. */
    record Judgement(double score, boolean passed, boolean grounded) {}

    /**
     * The figures of a set of judgements. Recalls, balanced accuracy and AUC are NaN when a class is empty; kappa is
     * NaN when chance agreement is 1 (labels and predictions all of one class).
     */
    record Metrics(
            int n,
            int grounded,
            int ungrounded,
            int groundedPassed,
            int ungroundedFailed,
            double recallGrounded,
            double recallUngrounded,
            double balancedAccuracy,
            double kappa,
            double auc) {

        static Metrics of(List<Judgement> judgements) {
            int tp = 0;
            int fn = 0;
            int tn = 0;
            int fp = 0;
            for (Judgement j : judgements) {
                if (j.grounded()) {
                    if (j.passed()) {
                        tp++;
                    } else {
                        fn++;
                    }
                } else if (j.passed()) {
                    fp++;
                } else {
                    tn++;
                }
            }
            int n = judgements.size();
            int grounded = tp + fn;
            int ungrounded = tn + fp;
            double recallGrounded = grounded == 0 ? Double.NaN : (double) tp / grounded;
            double recallUngrounded = ungrounded == 0 ? Double.NaN : (double) tn / ungrounded;
            return new Metrics(
                    n,
                    grounded,
                    ungrounded,
                    tp,
                    tn,
                    recallGrounded,
                    recallUngrounded,
                    (recallGrounded + recallUngrounded) / 2,
                    kappa(tp, fn, fp, tn),
                    auc(judgements));
        }

        /** Cohen's kappa of pass/fail against grounded/ungrounded. */
        static double kappa(int tp, int fn, int fp, int tn) {
            double n = tp + fn + fp + tn;
            if (n == 0) {
                return Double.NaN;
            }
            double observed = (tp + tn) / n;
            double expected = ((double) (tp + fn) * (tp + fp) + (double) (tn + fp) * (tn + fn)) / (n * n);
            return expected >= 1.0 ? Double.NaN : (observed - expected) / (1 - expected);
        }

        /**
         * The probability that a grounded sentence scores above an ungrounded one, ties counted half (the
         * Mann-Whitney U over the product of the class sizes), from the mid-ranks of the scores.
         */
        static double auc(List<Judgement> judgements) {
            List<Judgement> sorted = new ArrayList<>(judgements);
            sorted.sort(Comparator.comparingDouble(Judgement::score));
            long positives = sorted.stream().filter(Judgement::grounded).count();
            long negatives = sorted.size() - positives;
            if (positives == 0 || negatives == 0) {
                return Double.NaN;
            }
            double rankSum = 0;
            int i = 0;
            while (i < sorted.size()) {
                int j = i;
                while (j + 1 < sorted.size()
                        && sorted.get(j + 1).score() == sorted.get(i).score()) {
                    j++;
                }
                double midRank = (i + 1 + j + 1) / 2.0;
                for (int k = i; k <= j; k++) {
                    if (sorted.get(k).grounded()) {
                        rankSum += midRank;
                    }
                }
                i = j + 1;
            }
            double u = rankSum - positives * (positives + 1) / 2.0;
            return u / ((double) positives * negatives);
        }
    }

    public static void main(String[] args) {
        try {
            run(args, System.out);
        } catch (InputException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }

    /** The whole program, minus the exit: every user error is an {@link InputException}. */
    static void run(String[] args, PrintStream out) throws InputException {
        Options options = Options.parse(args);
        // Read every file first, so a bad line in the last one is reported before minutes of judging.
        List<List<Labelled>> files = new ArrayList<>();
        for (Path file : options.files()) {
            files.add(read(file));
        }
        if (options.minScore() != null) {
            System.setProperty(LlmJudge.MIN_SCORE_KEY, Double.toString(options.minScore()));
        }
        double minScore = configuredMinScore();
        String minScoreSource = minScoreSource(options);

        long buildStart = System.nanoTime();
        try (GroundednessJudge judge = options.withoutEmbeddings()
                ? LocalGroundednessJudge.builder().withoutEmbeddings().build()
                : options.withoutEntailment()
                        ? LocalGroundednessJudge.create(false)
                        : Judges.groundedness(JudgeSettings.defaults())) {
            out.printf(Locale.ROOT, "judge %s built in %.3f s%n", judge.name(), seconds(buildStart));
            for (int f = 0; f < files.size(); f++) {
                List<Labelled> items = files.get(f);
                long start = System.nanoTime();
                List<Judgement> judgements = evaluate(items, judge);
                double seconds = seconds(start);
                out.println();
                report(
                        out,
                        options.files().get(f),
                        judge.name(),
                        minScore,
                        minScoreSource,
                        items,
                        judgements,
                        seconds,
                        options.errors());
            }
        }
    }

    /** The minimum a bare {@code isGroundedIn(...)} is checked against outside the extension, read the same way. */
    static double configuredMinScore() throws InputException {
        try {
            return ConfigurationResolver.outsideJUnit().minScore();
        } catch (RuntimeException e) {
            throw new InputException("Invalid minimum score: " + e.getMessage() + System.lineSeparator()
                    + "Or pass --min-score=<x> to this program.");
        }
    }

    private static String minScoreSource(Options options) {
        if (options.minScore() != null) {
            return "--min-score";
        }
        if (System.getProperty(LlmJudge.MIN_SCORE_KEY) != null
                && !System.getProperty(LlmJudge.MIN_SCORE_KEY).isBlank()) {
            return "system property " + LlmJudge.MIN_SCORE_KEY;
        }
        String variable = ConfigKeys.environmentVariable(LlmJudge.MIN_SCORE_KEY);
        if (System.getenv(variable) != null && !System.getenv(variable).isBlank()) {
            return "environment variable " + variable;
        }
        return "library default, LlmJudge.DEFAULT_MIN_SCORE";
    }

    /**
     * Judges each sentence twice with {@code judge}: once for its score, once through the public assertion (a bare
     * {@code isGroundedIn}, checked at once against the configured minimum outside the extension).
     */
    static List<Judgement> evaluate(List<Labelled> items, GroundednessJudge judge) {
        List<Judgement> judgements = new ArrayList<>(items.size());
        for (Labelled item : items) {
            double score = judge.judge(item.sentence(), List.of(item.article())).score();
            boolean passed;
            try {
                assertThat(item.sentence()).usingJudge(judge).isGroundedIn(item.article());
                passed = true;
            } catch (AssertionError e) {
                passed = false;
            }
            judgements.add(new Judgement(score, passed, item.grounded()));
        }
        return judgements;
    }

    private static void report(
            PrintStream out,
            Path file,
            String judgeName,
            double minScore,
            String minScoreSource,
            List<Labelled> items,
            List<Judgement> judgements,
            double seconds,
            int errors) {
        Metrics m = Metrics.of(judgements);
        int mismatches = 0;
        for (Judgement j : judgements) {
            if (j.passed() != (j.score() >= minScore)) {
                mismatches++;
            }
        }
        out.printf(Locale.ROOT, "== %s%n", file);
        out.printf(Locale.ROOT, "judge              %s%n", judgeName);
        out.printf(Locale.ROOT, "min score          %.3f (%s)%n", minScore, minScoreSource);
        out.printf(
                Locale.ROOT,
                "N                  %d (grounded %d, ungrounded %d)%n",
                m.n(),
                m.grounded(),
                m.ungrounded());
        out.printf(Locale.ROOT, "balanced accuracy  %s%n", format(m.balancedAccuracy()));
        out.printf(
                Locale.ROOT,
                "recall grounded    %s (%d/%d grounded sentences pass)%n",
                format(m.recallGrounded()),
                m.groundedPassed(),
                m.grounded());
        out.printf(
                Locale.ROOT,
                "recall ungrounded  %s (%d/%d ungrounded sentences fail)%n",
                format(m.recallUngrounded()),
                m.ungroundedFailed(),
                m.ungrounded());
        out.printf(Locale.ROOT, "Cohen's kappa      %s%n", format(m.kappa()));
        out.printf(Locale.ROOT, "AUC of the score   %s%n", format(m.auc()));
        out.printf(
                Locale.ROOT,
                "cross-check        %d %s where pass != (score >= min score)%n",
                mismatches,
                mismatches == 1 ? "sentence" : "sentences");
        out.printf(
                Locale.ROOT,
                "time               %.3f s, %.3f sentences/s (each judged twice)%n",
                seconds,
                m.n() / seconds);
        if (errors > 0) {
            printErrors(
                    out,
                    "grounded sentences that fail (lowest scores first)",
                    items,
                    judgements,
                    true,
                    Comparator.comparingDouble(i -> judgements.get(i).score()),
                    errors);
            printErrors(
                    out,
                    "ungrounded sentences that pass (highest scores first)",
                    items,
                    judgements,
                    false,
                    Comparator.<Integer>comparingDouble(i -> judgements.get(i).score())
                            .reversed(),
                    errors);
        }
    }

    private static void printErrors(
            PrintStream out,
            String title,
            List<Labelled> items,
            List<Judgement> judgements,
            boolean grounded,
            Comparator<Integer> order,
            int limit) {
        List<Integer> wrong = new ArrayList<>();
        for (int i = 0; i < judgements.size(); i++) {
            Judgement j = judgements.get(i);
            if (j.grounded() == grounded && j.passed() != grounded) {
                wrong.add(i);
            }
        }
        wrong.sort(order);
        out.printf(Locale.ROOT, "%s: %d, showing %d%n", title, wrong.size(), Math.min(limit, wrong.size()));
        for (int i : wrong.subList(0, Math.min(limit, wrong.size()))) {
            out.printf(
                    Locale.ROOT,
                    "  %.3f  line %d  %s%n",
                    judgements.get(i).score(),
                    items.get(i).line(),
                    truncate(items.get(i).sentence()));
        }
    }

    static String truncate(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= SNIPPET ? oneLine : oneLine.substring(0, SNIPPET - 3) + "...";
    }

    static String format(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /**
     * Reads the labelled sentences of {@code file}.
     *
     * @throws InputException naming the file, and the line and field where it is wrong, with how to fix it
     */
    static List<Labelled> read(Path file) throws InputException {
        if (!Files.exists(file)) {
            throw new InputException("No such file: " + file + " ("
                    + file.toAbsolutePath().normalize() + ")."
                    + System.lineSeparator() + "Fix: pass the path of a labelled .jsonl file; relative paths start"
                    + " from the directory Maven runs in, e.g. ../shared/data/qags-cnndm.jsonl from the repository"
                    + " root.");
        }
        if (!Files.isRegularFile(file)) {
            throw new InputException(
                    "Not a file: " + file + " (" + file.toAbsolutePath().normalize() + ")." + System.lineSeparator()
                            + "Fix: pass the path of a labelled .jsonl file, not a directory.");
        }
        ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        List<Labelled> items = new ArrayList<>();
        int lineNumber = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                items.addAll(parseLine(json, file, lineNumber, line));
            }
        } catch (CharacterCodingException e) {
            throw new InputException(file + ": not UTF-8 text after line " + lineNumber + "." + System.lineSeparator()
                    + "Fix: save the file as UTF-8 JSON Lines.");
        } catch (IOException e) {
            throw new InputException("Cannot read " + file + ": " + e + "." + System.lineSeparator()
                    + "Fix: check that the file is readable.");
        }
        if (items.isEmpty()) {
            throw new InputException(file + " holds no labelled sentences." + System.lineSeparator()
                    + "Fix: give one JSON object a line: " + FORMAT);
        }
        return items;
    }

    private static List<Labelled> parseLine(ObjectMapper json, Path file, int lineNumber, String line)
            throws InputException {
        String where = file + ", line " + lineNumber;
        JsonNode node;
        try {
            node = json.readTree(line);
        } catch (JsonProcessingException e) {
            String problem = e.getOriginalMessage().replaceAll("\\[Source: [^;\\]]*; ", "[");
            String column = e.getLocation() == null
                    ? ""
                    : " at column " + e.getLocation().getColumnNr();
            throw new InputException(where + column + ": not valid JSON (" + problem + ")." + System.lineSeparator()
                    + "Fix: each line must be one complete JSON object: " + FORMAT);
        }
        if (node == null || !node.isObject()) {
            throw new InputException(where + ": expected a JSON object, found " + describe(node) + "."
                    + System.lineSeparator() + "Fix: each line must be one JSON object: " + FORMAT);
        }
        String article = text(node, "article", where);
        JsonNode sentences = node.get("summary_sentences");
        if (sentences == null || !sentences.isArray()) {
            throw new InputException(where + ": \"summary_sentences\" must be an array, found " + describe(sentences)
                    + "." + System.lineSeparator() + "Fix: " + FORMAT);
        }
        List<Labelled> items = new ArrayList<>();
        for (int s = 0; s < sentences.size(); s++) {
            String at = where + ", summary_sentences[" + s + "]";
            JsonNode entry = sentences.get(s);
            if (!entry.isObject()) {
                throw new InputException(at + ": expected an object {\"sentence\": ..., \"responses\": [...]}, found "
                        + describe(entry) + ".");
            }
            String sentence = text(entry, "sentence", at);
            JsonNode responses = entry.get("responses");
            if (responses == null || !responses.isArray() || responses.isEmpty()) {
                throw new InputException(at + ": \"responses\" must be a non-empty array, found "
                        + describe(responses) + "." + System.lineSeparator()
                        + "Fix: give the labels, e.g. \"responses\": [{\"worker_id\": 0, \"response\": \"yes\"}]");
            }
            int yes = 0;
            for (int r = 0; r < responses.size(); r++) {
                JsonNode response = responses.get(r);
                JsonNode answer = response.isObject() ? response.get("response") : null;
                if (answer == null || !answer.isTextual()) {
                    throw new InputException(at + ", responses[" + r + "]: missing the text field \"response\", found "
                            + describe(response) + "." + System.lineSeparator()
                            + "Fix: e.g. {\"worker_id\": 0, \"response\": \"yes\"} "
                            + "(anything but \"yes\" counts as no)");
                }
                if ("yes".equalsIgnoreCase(answer.asText().strip())) {
                    yes++;
                }
            }
            items.add(new Labelled(lineNumber, article, sentence, isGrounded(yes, responses.size())));
        }
        return items;
    }

    /** The label: at least half of the responses say yes (2 of 3 for three workers). */
    static boolean isGrounded(int yes, int responses) {
        return 2 * yes >= responses;
    }

    private static String text(JsonNode node, String field, String where) throws InputException {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new InputException(where + ": missing the text field \"" + field + "\""
                    + (value == null ? "" : ", found " + describe(value)) + "." + System.lineSeparator()
                    + "Fix: " + FORMAT);
        }
        if (value.asText().isBlank()) {
            throw new InputException(where + ": the field \"" + field + "\" is blank; the judge needs text there."
                    + System.lineSeparator() + "Fix: remove the entry or fill in the text.");
        }
        return value.asText();
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        String type = node.getNodeType().name().toLowerCase(Locale.ROOT);
        String shown = truncate(node.toString());
        return type + " " + (shown.length() > 60 ? shown.substring(0, 57) + "..." : shown);
    }
}
