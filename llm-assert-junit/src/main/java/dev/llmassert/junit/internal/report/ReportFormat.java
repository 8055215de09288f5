package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.llmassert.core.calibration.Agreement;
import dev.llmassert.core.calibration.CurvePoint;
import dev.llmassert.core.calibration.Estimate;
import dev.llmassert.core.calibration.FittedBar;
import dev.llmassert.core.calibration.MisjudgedRow;
import org.apiguardian.api.API;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report's JSON, {@code report.json} format {@value #FORMAT}, as records: Jackson writes them, and reads a
 * report back into them. The README's "The run report" lists the same fields. A {@link Check} also gives the JUnit
 * report entry of its check ({@link Check#reportEntry()}), so the two cannot drift apart.
 *
 * <p>Fields without a value are left out, except the costs and interval bounds, which are {@code null} when unknown.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportFormat {

    /** The format number, the first field of the report. */
    public static final int FORMAT = 1;

    private ReportFormat() {
    }

    /**
     * The whole report.
     *
     * @param format      {@value #FORMAT}
     * @param generatedAt when it was written, ISO-8601
     */
    @API(status = INTERNAL, since = "0.1")
    public record Report(int format, String generatedAt, Run run, PricesUsed prices, List<Check> checks,
                         List<Evaluation> evaluations, List<CalibrationEntry> calibrations) {

        public Report {
            checks = List.copyOf(checks);
            evaluations = List.copyOf(evaluations);
            calibrations = calibrations == null ? List.of() : List.copyOf(calibrations);
        }

        /** A report without calibrations. */
        public Report(int format, String generatedAt, Run run, PricesUsed prices, List<Check> checks,
                      List<Evaluation> evaluations) {
            this(format, generatedAt, run, prices, checks, evaluations, List.of());
        }
    }

    /**
     * The run's totals.
     *
     * @param nearTheBar checks whose score is within {@link RunReport#NEAR_THE_BAR} of their minimum
     * @param retries    judge calls retried after a transient failure, over every check
     * @param tokens     the checks' and the evaluations' judge tokens
     */
    @API(status = INTERNAL, since = "0.1")
    public record Run(long wallMillis, long judgeMillis, int checks, int failed, int nearTheBar, int replayed,
                      int live, long retries, Tokens tokens, RunCost cost, int evaluations) {
    }

    /** Tokens in and out. */
    @API(status = INTERNAL, since = "0.1")
    public record Tokens(long input, long output) {

        /** No tokens. */
        public static final Tokens NONE = new Tokens(0, 0);

        public Tokens plus(Tokens other) {
            return new Tokens(input + other.input, output + other.output);
        }
    }

    /**
     * What the run's judge calls cost.
     *
     * @param now            what they cost in this run (a replayed call costs nothing), or {@code null} when no
     *                       check's model has a price
     * @param recorded       what they cost when recorded, or {@code null} as {@code now}
     * @param unpricedModels the models the price table does not know
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record RunCost(Double now, Double recorded, String currency, List<String> unpricedModels) {

        public RunCost {
            unpricedModels = List.copyOf(unpricedModels);
        }
    }

    /**
     * The price table the costs come from.
     *
     * @param nearTheBarMargin how close to its minimum a score is "near the bar"
     */
    @API(status = INTERNAL, since = "0.1")
    public record PricesUsed(String source, String asOf, String currency, double nearTheBarMargin) {
    }

    /**
     * One judged check: groundedness ({@code sentences}), criteria and pairwise ({@code criteria}, {@code option},
     * {@code explanation}, {@code feedback}, {@code samples}, {@code agreement}) or multi-criteria. {@code id},
     * {@code nearTheBar} and {@code cost} are set when the report is made; {@code testId}, {@code className} and
     * {@code displayName} when the check reaches the report.
     *
     * @param source      the file and line of the assertion, e.g. {@code BotTest.java:42}
     * @param kind        {@code groundedness}, {@code groundedness.every-sentence}, {@code criteria},
     *                    {@code criteria.positional-bias}, {@code criteria.agreement}, {@code pairwise},
     *                    {@code pairwise.positional-bias}, {@code pairwise.agreement} or {@code multi-criteria}
     * @param expected    what was required, e.g. {@code score >= 0.70} or {@code option "Concise"}
     * @param judge       {@code provider:model}
     * @param entryOnly   what the JUnit report entry shows and the JSON does not
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Check(Integer id, String testId, String className, String displayName, String source, String kind,
                        boolean passed, Double score, Double minimum, String expected, Boolean nearTheBar,
                        String response, List<Sentence> sentences, String criteria, String option,
                        String explanation, String feedback, Integer samples, Double agreement, String judge,
                        Boolean replayed, Integer retries, Tokens tokens, Long latencyMillis, CheckCost cost,
                        @JsonIgnore EntryOnly entryOnly) {

        public Check {
            sentences = sentences == null ? null : List.copyOf(sentences);
            score = finiteOrNull(score);
            minimum = finiteOrNull(minimum);
            agreement = finiteOrNull(agreement);
        }

        /** The same check, made in the test {@code testId} of {@code className}, shown as {@code displayName}. */
        public Check inTest(String testId, String className, String displayName) {
            return new Check(id, testId, className, displayName, source, kind, passed, score, minimum, expected,
                    nearTheBar, response, sentences, criteria, option, explanation, feedback, samples, agreement,
                    judge, replayed, retries, tokens, latencyMillis, cost, entryOnly);
        }

        /** The same check with the response it judged. */
        public Check withResponse(String judgedResponse) {
            return new Check(id, testId, className, displayName, source, kind, passed, score, minimum, expected,
                    nearTheBar, judgedResponse, sentences, criteria, option, explanation, feedback, samples,
                    agreement, judge, replayed, retries, tokens, latencyMillis, cost, entryOnly);
        }

        /** The same check as the report lists it: numbered, whether it is near the bar, and what it cost. */
        Check numbered(int number, boolean near, CheckCost checkCost) {
            return new Check(number, testId, className, displayName, source, kind, passed, score, minimum, expected,
                    near, response, sentences, criteria, option, explanation, feedback, samples, agreement, judge,
                    replayed, retries, tokens, latencyMillis, checkCost, entryOnly);
        }

        /**
         * The JUnit report entry of the check, as Surefire's XML and the IDEs show it: flat texts under
         * {@code llmassert.} keys, scores with four decimals.
         */
        public Map<String, String> reportEntry() {
            EntryOnly extra = entryOnly == null ? EntryOnly.NONE : entryOnly;
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("llmassert.check", kind);
            entry.put("llmassert.passed", String.valueOf(passed));
            if (kind.startsWith("groundedness")) {
                entry.put("llmassert.score", decimals(score));
                entry.put("llmassert.lowestSentenceScore", decimals(sentences.stream()
                        .mapToDouble(s -> s.score() == null ? Double.NaN : s.score()).min().orElse(0.0)));
                entry.put("llmassert.minScore", decimals(minimum));
                entry.put("llmassert.judge", judge);
                entry.put("llmassert.sentences", String.valueOf(sentences.size()));
                entry.put("llmassert.tokens", String.valueOf(extra.totalTokens()));
                entry.put("llmassert.durationMillis", String.valueOf(latencyMillis));
                entry.put("llmassert.replayed", String.valueOf(replayed));
                entry.put("llmassert.retries", String.valueOf(retries));
            } else if (kind.equals("multi-criteria")) {
                entry.put("llmassert.score", decimals(score));
                entry.put("llmassert.minScore", decimals(minimum));
                entry.put("llmassert.criteria", criteria);
                if (!extra.fellShort().isEmpty()) {
                    // JUnit rejects blank report values, so the key is left out when nothing fell short
                    entry.put("llmassert.fellShort", String.join(", ", extra.fellShort()));
                }
                judged(entry);
            } else {
                entry.put("llmassert.criteria", criteria);
                if (kind.startsWith("pairwise")) {
                    entry.put("llmassert.ranking", extra.ranking());
                    entry.put("llmassert.winrate", decimals(score));
                } else {
                    entry.put("llmassert.option", option);
                    if (score != null) {
                        entry.put("llmassert.score", decimals(score));
                    }
                }
                entry.put("llmassert.expected", expected);
                entry.put("llmassert.samples", String.valueOf(samples));
                entry.put("llmassert.agreement", decimals(agreement));
                if (extra.positionalBias() != null) {
                    entry.put("llmassert.positionalBias", String.valueOf(extra.positionalBias()));
                }
                judged(entry);
            }
            if (extra.at() != null) {
                entry.put("llmassert.at", extra.at());
            }
            return entry;
        }

        /** The judge, when the check was judged by a model call of its own. */
        private void judged(Map<String, String> entry) {
            if (replayed != null) {
                entry.put("llmassert.judge", judge);
                entry.put("llmassert.replayed", String.valueOf(replayed));
                entry.put("llmassert.retries", String.valueOf(retries));
            }
        }

        private static String decimals(Double score) {
            return String.format(Locale.ROOT, "%.4f", score == null ? Double.NaN : score);
        }
    }

    /**
     * The parts of a check's JUnit report entry that the report's JSON does not hold.
     *
     * @param at             where the assertion was made, as the stack shows it, or {@code null}
     * @param totalTokens    the judge's token count, as the model reported it
     * @param positionalBias whether a bias check found the verdict changed with the order, or {@code null} when not
     *                       checked
     * @param ranking        a pairwise check's ranking, e.g. {@code [1, 2]}, or {@code null}
     * @param fellShort      the criteria of a multi-criteria check that fell short
     */
    @API(status = INTERNAL, since = "0.1")
    public record EntryOnly(String at, long totalTokens, Boolean positionalBias, String ranking,
                            List<String> fellShort) {

        static final EntryOnly NONE = new EntryOnly(null, 0, null, null, List.of());

        public EntryOnly {
            fellShort = fellShort == null ? List.of() : List.copyOf(fellShort);
        }
    }

    /** One sentence of a groundedness check: its score and the evidence the judge found, or NOTHING FOUND. */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sentence(String sentence, Double score, String evidence) {
    }

    /**
     * What one check's judge calls cost, in the report's currency.
     *
     * @param recorded what they cost when recorded, or {@code null} when the price is not known
     * @param now      what they cost in this run, 0 when replayed, or {@code null} as {@code recorded}
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record CheckCost(boolean priceKnown, Double recorded, Double now) {
    }

    /**
     * One evaluation of the run.
     *
     * @param record   the evaluation's own record file
     * @param judges   per annotator, its judge ({@code provider:model}) or {@code code}
     * @param replayed whether no judge annotation was a live call
     */
    @API(status = INTERNAL, since = "0.1")
    public record Evaluation(String testId, String className, String displayName, String test,
                             String systemUnderTest, String record, int items, int errors, String recordings,
                             long wallMillis, Map<String, String> judges, Tokens tokens, boolean replayed,
                             Map<String, Measurement> measurements, List<Group> groups) {

        public Evaluation {
            judges = Collections.unmodifiableMap(new LinkedHashMap<>(judges));
            measurements = Collections.unmodifiableMap(new LinkedHashMap<>(measurements));
            groups = List.copyOf(groups);
        }
    }

    /**
     * One calibration of the run: a judge against a person's labels (see {@code dev.llmassert.core.calibration}).
     *
     * @param record    the calibration's own record file
     * @param misjudged the rows where the judge disagrees, worst first, at most {@value RunReport#MISJUDGED_SHOWN}
     */
    @API(status = INTERNAL, since = "0.1")
    public record CalibrationEntry(String testId, String className, String displayName, String calibration,
                                   String kind, String judge, String criteria, List<String> labels, String record,
                                   int items, int errors, String recordings, long wallMillis, double confidence,
                                   FittedBar fittedBar, Double currentBar, Agreement agreement,
                                   Agreement atCurrentBar, Estimate auc, List<CurvePoint> curve,
                                   List<MisjudgedRow> misjudged, int misjudgedTotal) {

        public CalibrationEntry {
            labels = List.copyOf(labels);
            curve = List.copyOf(curve);
            misjudged = List.copyOf(misjudged);
        }
    }

    /** One measurement's mean and interval; a bound that is not a finite number is {@code null}. */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Measurement(int n, Double mean, Double lower, Double upper, String method) {

        public Measurement {
            mean = finiteOrNull(mean);
            lower = finiteOrNull(lower);
            upper = finiteOrNull(upper);
        }
    }

    /** The measurements of one group of items, e.g. {@code topic=billing}. */
    @API(status = INTERNAL, since = "0.1")
    public record Group(String label, int items, Map<String, Measurement> measurements) {

        public Group {
            measurements = Collections.unmodifiableMap(new LinkedHashMap<>(measurements));
        }
    }

    private static Double finiteOrNull(Double value) {
        return value == null || !Double.isFinite(value) ? null : value;
    }
}
