package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import org.apiguardian.api.API;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report's JSON, {@code report.json} format {@value #FORMAT}, as records: Jackson writes them, and reads a
 * report back into them, with {@link Check} and {@link Gate}, which have their own files. The README's "The run report"
 * lists the same fields. A {@link Check} also gives the JUnit report entry of its check ({@link Check#reportEntry()}),
 * so the two cannot drift apart.
 *
 * <p>Fields without a value are left out, except the costs and interval bounds, which are {@code null} when unknown.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportFormat {

    /** The format number, the first field of the report. */
    public static final int FORMAT = 1;

    private ReportFormat() {}

    /**
     * The whole report.
     *
     * @param format      {@value #FORMAT}
     * @param generatedAt when it was written, ISO-8601
     * @param prices      the price table the costs come from; left out when no model was called
     */
    @API(status = INTERNAL, since = "0.1")
    public record Report(
            int format,
            String generatedAt,
            Run run,
            @JsonInclude(JsonInclude.Include.NON_NULL) PricesUsed prices,
            List<Check> checks,
            List<Evaluation> evaluations,
            List<CalibrationEntry> calibrations,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RepeatEntry> repeats,
            @JsonInclude(JsonInclude.Include.NON_NULL) MutationsEntry mutations) {

        public Report {
            checks = List.copyOf(checks);
            evaluations = List.copyOf(evaluations);
            calibrations = calibrations == null ? List.of() : List.copyOf(calibrations);
            repeats = repeats == null ? List.of() : List.copyOf(repeats);
        }

        /** A report without calibrations, repeated tests or mutations. */
        public Report(
                int format,
                String generatedAt,
                Run run,
                PricesUsed prices,
                List<Check> checks,
                List<Evaluation> evaluations) {
            this(format, generatedAt, run, prices, checks, evaluations, List.of(), List.of(), null);
        }
    }

    /**
     * The run's totals.
     *
     * @param failed           checks that failed in a test that did not pass; a check that failed in a run of a
     *                         repeated test is counted by that test's pass rate ({@code repeats}), not here
     * @param failedAsExpected checks that failed in a test that passed (inside {@code assertThatThrownBy}): the test
     *                         expected them to fail, so they are not counted in {@code failed}
     * @param passedUnexpectedly checks that passed inside a block that expects a failure, in a test that failed: the
     *                         test failed because they did not
     * @param nearTheBar       checks that passed by less than {@code nearTheBarMargin}: a score at most that much
     *                         above their minimum
     * @param replayed         checks whose judge's replies came from the recordings
     * @param live             checks whose judge ran in this run (the local judge, or a model called); a check that
     *                         called no judge (a plain check of a conversation) is neither live nor replayed
     * @param retries          judge calls retried after a transient failure, over every check
     * @param tokens           every model call's tokens: the checks' judges, and the evaluations' judges and systems
     * @param localOnly        whether no model was called at all (the local judge, plain checks, function systems):
     *                         no tokens, no cost, and the report leaves the prices out
     * @param gates            the evaluations' gates
     * @param failedGates      gates that failed in a test that did not pass
     * @param calibrations     the run's calibrations
     * @param systemCalls      every call of an application's model that went through the recordings, in evaluations
     *                         and out ({@code evaluator.recorded(model)}), live or replayed
     * @param nothingJudged    why the run has no check, evaluation or calibration; left out when it has one
     * @param cascade          the cascades' counts summed over the run's checks; left out when no check was judged
     *                         by a cascade
     */
    @API(status = INTERNAL, since = "0.1")
    public record Run(
            long wallMillis,
            long judgeMillis,
            int checks,
            int failed,
            int failedAsExpected,
            int passedUnexpectedly,
            int nearTheBar,
            double nearTheBarMargin,
            int replayed,
            int live,
            long retries,
            Tokens tokens,
            RunCost cost,
            boolean localOnly,
            int evaluations,
            int gates,
            int failedGates,
            int calibrations,
            ModelUse systemCalls,
            @JsonInclude(JsonInclude.Include.NON_NULL) String nothingJudged,
            @JsonInclude(JsonInclude.Include.NON_NULL) Cascade cascade) {}

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

    /** The price table the costs come from. */
    @API(status = INTERNAL, since = "0.1")
    public record PricesUsed(String source, String asOf, String currency) {}

    /**
     * The agent's trajectory behind a check of its final answer ({@code isGroundedInToolResults()}, or criteria on a
     * trajectory): the user's request and the tool calls, in order.
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AgentTrajectory(String request, List<ToolCallMade> calls) {

        public AgentTrajectory {
            calls = calls == null ? List.of() : List.copyOf(calls);
        }

        /** The report's form of {@code trajectory}, or {@code null} for none. */
        public static AgentTrajectory of(Trajectory trajectory) {
            if (trajectory == null) {
                return null;
            }
            return new AgentTrajectory(
                    trajectory.request().isEmpty() ? null : trajectory.request(), calls(trajectory.toolCalls()));
        }

        /** The report's form of tool calls, an agent's or a conversation turn's. */
        static List<ToolCallMade> calls(List<ToolCall> toolCalls) {
            return toolCalls.stream()
                    .map(call -> new ToolCallMade(
                            call.name(),
                            call.argumentsAreJson() ? call.arguments().toString() : call.argumentsJson(),
                            call.result(),
                            call.failed() ? Boolean.TRUE : null))
                    .toList();
        }
    }

    /** One tool call: the tool, its arguments as the model wrote them (JSON), its result, and whether it failed. */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ToolCallMade(String name, String arguments, String result, Boolean failed) {}

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
    public record EntryOnly(
            String at, long totalTokens, Boolean positionalBias, String ranking, List<String> fellShort) {

        static final EntryOnly NONE = new EntryOnly(null, 0, null, null, List.of());

        public EntryOnly {
            fellShort = fellShort == null ? List.of() : List.copyOf(fellShort);
        }
    }

    /**
     * One sentence of a groundedness check: its score, the evidence the judge found (or NOTHING FOUND) and, when the
     * judge gave one, why it scored the sentence as it did.
     *
     * @param confidence the judge's probability that a person agrees with its verdict, when it gave one
     * @param unsure     {@code unsure (0.58): the model and the wording disagree} when the judge was unsure of it
     * @param decidedBy  the judge that decided it, in a cascade
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sentence(
            String sentence,
            Double score,
            String evidence,
            String reason,
            Double confidence,
            String unsure,
            String decidedBy) {

        public Sentence {
            confidence = finiteOrNull(confidence);
        }

        /** A sentence without a confidence. */
        public Sentence(String sentence, Double score, String evidence, String reason) {
            this(sentence, score, evidence, reason, null, null, null);
        }
    }

    /**
     * What a cascade did: in a check, with its one response; in the run, summed over its checks.
     *
     * @param localJudge     the judge that decided the sentences it was sure of; in the run, the first such judge
     * @param minConfidence  the confidence from which its verdicts stood, or {@code null} when it said none
     * @param decidedLocally sentences the local judge decided
     * @param sentOn         sentences sent on to the other judge
     * @param callsNotSpent  calls the other judge would have made for the sentences decided locally
     * @param tokensNotSpent their prompt tokens, estimated at 4 characters a token
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cascade(
            String localJudge,
            Double minConfidence,
            long decidedLocally,
            long sentOn,
            long callsNotSpent,
            long tokensNotSpent) {

        public Cascade {
            minConfidence = finiteOrNull(minConfidence);
        }

        /** The counts of both. */
        public Cascade plus(Cascade other) {
            return new Cascade(
                    localJudge == null ? other.localJudge : localJudge,
                    minConfidence == null ? other.minConfidence : minConfidence,
                    decidedLocally + other.decidedLocally,
                    sentOn + other.sentOn,
                    callsNotSpent + other.callsNotSpent,
                    tokensNotSpent + other.tokensNotSpent);
        }
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

        /** What several calls cost together: known when each is known. */
        static CheckCost sum(List<CheckCost> costs) {
            double recorded = 0;
            double now = 0;
            for (CheckCost cost : costs) {
                if (cost == null || !cost.priceKnown()) {
                    return new CheckCost(false, null, null);
                }
                recorded += cost.recorded();
                now += cost.now();
            }
            return new CheckCost(true, recorded, now);
        }
    }

    /**
     * One evaluation of the run.
     *
     * @param test        its title: the name the test gives, or the JUnit test's display name
     * @param record      the evaluation's own record file, or {@code null} for results read from a file and gated
     * @param judges      per annotator, its judge ({@code provider:model}) or {@code code}
     * @param tokens      every model call's tokens, the judges' and the system's
     * @param replayed    whether no model call of it (judge or system) was live
     * @param judgeCalls  the judgements of its LLM judges (a local judge or a plain check calls no model)
     * @param systemCalls the system under test's model calls that went through the recordings (a {@code ChatModel}
     *                    system, or a model wrapped with {@code evaluator.recorded(model)})
     * @param gates       every gate run on its results, passed or failed, in the order they ran
     */
    @API(status = INTERNAL, since = "0.1")
    public record Evaluation(
            String testId,
            String className,
            String displayName,
            String test,
            String systemUnderTest,
            String record,
            int items,
            int errors,
            String recordings,
            long wallMillis,
            Map<String, String> judges,
            Tokens tokens,
            boolean replayed,
            ModelUse judgeCalls,
            ModelUse systemCalls,
            Map<String, Measurement> measurements,
            List<Group> groups,
            List<Gate> gates) {

        public Evaluation {
            judges = Collections.unmodifiableMap(new LinkedHashMap<>(judges));
            measurements = Collections.unmodifiableMap(new LinkedHashMap<>(measurements));
            groups = List.copyOf(groups);
            gates = gates == null ? List.of() : List.copyOf(gates);
        }

        /** The same evaluation with its gates, and its model calls priced. */
        Evaluation listed(ModelUse pricedJudges, ModelUse pricedSystem, List<Gate> listedGates) {
            return new Evaluation(
                    testId,
                    className,
                    displayName,
                    test,
                    systemUnderTest,
                    record,
                    items,
                    errors,
                    recordings,
                    wallMillis,
                    judges,
                    tokens,
                    replayed,
                    pricedJudges,
                    pricedSystem,
                    measurements,
                    groups,
                    listedGates);
        }
    }

    /**
     * Model calls of one kind in an evaluation, its judges' or its system's.
     *
     * @param count          the calls: the system's model calls, or the judges' judgements (an LLM groundedness
     *                       judge makes one call per sentence of a judgement)
     * @param replayed       how many of them were served from recordings
     * @param models         the models called, as configured
     * @param recordedModels who wrote replayed replies when it was not the model called, e.g.
     *                       {@code hand-written-example}
     * @param cost           what they cost, or {@code null} before the report prices them
     * @param parts          the tokens per model and per live or replayed, to price them; not written
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ModelUse(
            int count,
            int replayed,
            Tokens tokens,
            List<String> models,
            List<String> recordedModels,
            CheckCost cost,
            @JsonIgnore List<Part> parts) {

        /** No model call. */
        public static final ModelUse NONE = new ModelUse(0, 0, Tokens.NONE, List.of(), List.of(), null, List.of());

        public ModelUse {
            models = models == null ? List.of() : List.copyOf(models);
            recordedModels = recordedModels == null ? List.of() : List.copyOf(recordedModels);
            parts = parts == null ? List.of() : List.copyOf(parts);
        }

        /** The calls of {@code parts}: one part per call. */
        public static ModelUse of(List<Part> calls) {
            Tokens tokens = Tokens.NONE;
            Set<String> models = new LinkedHashSet<>();
            Set<String> recorded = new LinkedHashSet<>();
            int replayed = 0;
            for (Part call : calls) {
                tokens = tokens.plus(call.tokens());
                models.add(call.model());
                if (call.recordedModel() != null) {
                    recorded.add(call.recordedModel());
                }
                replayed += call.replayed() ? 1 : 0;
            }
            return new ModelUse(
                    calls.size(), replayed, tokens, List.copyOf(models), List.copyOf(recorded), null, calls);
        }

        ModelUse priced(CheckCost price) {
            return new ModelUse(count, replayed, tokens, models, recordedModels, price, parts);
        }
    }

    /**
     * One model call, or one judgement, for pricing.
     *
     * @param model         the model called, {@code provider:model} or the model's name
     * @param recordedModel who wrote its replayed reply, when not {@code model}; or {@code null}
     */
    @API(status = INTERNAL, since = "0.1")
    public record Part(String model, boolean replayed, String recordedModel, Tokens tokens) {}

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

    static Double finiteOrNull(Double value) {
        return value == null || !Double.isFinite(value) ? null : value;
    }
}
