package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.llmassert.junit.internal.report.ReportFormat.AgentTrajectory;
import dev.llmassert.junit.internal.report.ReportFormat.Cascade;
import dev.llmassert.junit.internal.report.ReportFormat.CheckCost;
import dev.llmassert.junit.internal.report.ReportFormat.EntryOnly;
import dev.llmassert.junit.internal.report.ReportFormat.Sentence;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One judged check: groundedness ({@code sentences}), criteria and pairwise ({@code criteria}, {@code option},
 * {@code explanation}, {@code feedback}, {@code samples}, {@code agreement}) or multi-criteria. {@code id},
 * {@code nearTheBar} and {@code cost} are set when the report is made; {@code testId}, {@code className} and
 * {@code displayName} when the check reaches the report.
 *
 * @param source      the file and line of the assertion, e.g. {@code BotTest.java:42}
 * @param kind        {@code groundedness}, {@code groundedness.every-sentence}, {@code criteria},
 *                    {@code criteria.positional-bias}, {@code criteria.agreement}, {@code pairwise},
 *                    {@code pairwise.positional-bias}, {@code pairwise.agreement}, {@code multi-criteria}, or for a
 *                    conversation {@code conversation.groundedness}, {@code conversation.retention} or
 *                    {@code conversation.criteria}
 * @param failedAsExpected {@code true} for a failed check in a test that passed (an {@code assertThatThrownBy}
 *                    around it): the test expected the failure, and the run does not count it as failed; left
 *                    out otherwise
 * @param expectsFailure {@code true} for a check made inside a block that expects a failure
 *                    ({@code assertThatThrownBy}, {@code isThrownBy}, {@code assertThrows}); left out otherwise
 * @param passedUnexpectedly {@code true} for a check that passed inside such a block in a test that failed: the mirror
 *                    of {@code failedAsExpected}, the test failed because the check did not; left out otherwise
 * @param inRepeatedRun {@code true} for a check made in a run of a repeated test ({@code @LlmJudge.Repeat}): a failed
 *                    one is counted by the repeated test's pass rate, in its section, and not as failed; left out
 *                    otherwise
 * @param expected    what was required, e.g. {@code score >= 0.70} or {@code option "Concise"}
 * @param judge       {@code provider:model}
 * @param recordedModel who wrote the replayed replies when it was not the judge's model, e.g.
 *                    {@code hand-written-example}
 * @param cascade     for a groundedness check by a cascade: the sentences the local judge decided and sent on, and
 *                    the calls and tokens not spent
 * @param conversation the conversation a check of a turn or of the whole conversation judged, with each judged turn's
 *                    verdict
 * @param entryOnly   what the JUnit report entry shows and the JSON does not
 */
@API(status = INTERNAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Check(
        Integer id,
        String testId,
        String className,
        String displayName,
        String source,
        String kind,
        boolean passed,
        Boolean failedAsExpected,
        Boolean expectsFailure,
        Boolean passedUnexpectedly,
        Boolean inRepeatedRun,
        Double score,
        Double minimum,
        String expected,
        Boolean nearTheBar,
        String response,
        List<Sentence> sentences,
        String criteria,
        String option,
        String explanation,
        String feedback,
        Integer samples,
        Double agreement,
        String judge,
        String recordedModel,
        Cascade cascade,
        Boolean replayed,
        Integer retries,
        Tokens tokens,
        Long latencyMillis,
        CheckCost cost,
        AgentTrajectory trajectory,
        ConversationTranscript conversation,
        @JsonIgnore EntryOnly entryOnly) {

    public Check {
        sentences = sentences == null ? null : List.copyOf(sentences);
        score = ReportFormat.finiteOrNull(score);
        minimum = ReportFormat.finiteOrNull(minimum);
        agreement = ReportFormat.finiteOrNull(agreement);
    }

    /** A check of {@code kind} that passed or not; the rest is set on the builder. */
    public static Builder builder(String kind, boolean passed) {
        return new Builder().kind(kind).passed(passed);
    }

    /** A builder that starts from this check. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The same check, made in the test {@code testId} of {@code className}, shown as {@code displayName}. */
    public Check inTest(String testId, String className, String displayName) {
        return toBuilder()
                .testId(testId)
                .className(className)
                .displayName(displayName)
                .build();
    }

    /** The same check with the trajectory whose final answer it judged. */
    public Check withTrajectory(AgentTrajectory agentTrajectory) {
        return toBuilder().trajectory(agentTrajectory).build();
    }

    /** The same check with the conversation it judged. */
    public Check withConversation(ConversationTranscript transcript) {
        return toBuilder().conversation(transcript).build();
    }

    /** The same check, made inside a block that expects a failure ({@code assertThatThrownBy}, ...). */
    public Check expectingFailure() {
        return toBuilder().expectsFailure(Boolean.TRUE).build();
    }

    /** The same check with the response it judged. */
    public Check withResponse(String judgedResponse) {
        return toBuilder().response(judgedResponse).build();
    }

    /**
     * The same check as the report lists it: numbered, whether it failed in a test that passed (so the test
     * expected it), whether it passed where its test expected a failure, whether it was made in a run of a repeated
     * test, whether it passed near the bar, and what it cost.
     */
    Check listed(
            int number,
            boolean expectedFailure,
            boolean unexpectedPass,
            boolean repeatedRun,
            boolean near,
            CheckCost checkCost) {
        return toBuilder()
                .id(number)
                .failedAsExpected(expectedFailure ? Boolean.TRUE : null)
                .passedUnexpectedly(unexpectedPass ? Boolean.TRUE : null)
                .inRepeatedRun(repeatedRun ? Boolean.TRUE : null)
                .nearTheBar(near)
                .cost(checkCost)
                .build();
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
            entry.put(
                    "llmassert.lowestSentenceScore",
                    decimals(sentences.stream()
                            .mapToDouble(s -> s.score() == null ? Double.NaN : s.score())
                            .min()
                            .orElse(0.0)));
            entry.put("llmassert.minScore", decimals(minimum));
            entry.put("llmassert.judge", judge);
            recordedModel(entry);
            entry.put("llmassert.sentences", String.valueOf(sentences.size()));
            entry.put("llmassert.tokens", String.valueOf(extra.totalTokens()));
            entry.put("llmassert.durationMillis", String.valueOf(latencyMillis));
            entry.put("llmassert.replayed", String.valueOf(replayed));
            entry.put("llmassert.retries", String.valueOf(retries));
            if (cascade != null) {
                entry.put("llmassert.decidedLocally", String.valueOf(cascade.decidedLocally()));
                entry.put("llmassert.sentOn", String.valueOf(cascade.sentOn()));
            }
            long unsure = sentences.stream().filter(s -> s.unsure() != null).count();
            if (unsure > 0) {
                entry.put("llmassert.unsure", String.valueOf(unsure));
            }
        } else if (kind.startsWith("conversation")) {
            ConversationTranscript.entry(this, entry);
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
            recordedModel(entry);
            entry.put("llmassert.replayed", String.valueOf(replayed));
            entry.put("llmassert.retries", String.valueOf(retries));
        }
    }

    /** Who wrote the replayed replies, when it was not the judge's model. */
    void recordedModel(Map<String, String> entry) {
        if (recordedModel != null) {
            entry.put("llmassert.recordedModel", recordedModel);
        }
    }

    static String decimals(Double score) {
        return String.format(Locale.ROOT, "%.4f", score == null ? Double.NaN : score);
    }

    /** Builds a {@link Check}: every field not set stays {@code null} (left out of the JSON). */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {
        private Integer id;
        private String testId;
        private String className;
        private String displayName;
        private String source;
        private String kind;
        private boolean passed;
        private Boolean failedAsExpected;
        private Boolean expectsFailure;
        private Boolean passedUnexpectedly;
        private Boolean inRepeatedRun;
        private Double score;
        private Double minimum;
        private String expected;
        private Boolean nearTheBar;
        private String response;
        private List<Sentence> sentences;
        private String criteria;
        private String option;
        private String explanation;
        private String feedback;
        private Integer samples;
        private Double agreement;
        private String judge;
        private String recordedModel;
        private Cascade cascade;
        private Boolean replayed;
        private Integer retries;
        private Tokens tokens;
        private Long latencyMillis;
        private CheckCost cost;
        private AgentTrajectory trajectory;
        private ConversationTranscript conversation;
        private EntryOnly entryOnly;

        private Builder() {}

        private Builder(Check check) {
            this.id = check.id;
            this.testId = check.testId;
            this.className = check.className;
            this.displayName = check.displayName;
            this.source = check.source;
            this.kind = check.kind;
            this.passed = check.passed;
            this.failedAsExpected = check.failedAsExpected;
            this.expectsFailure = check.expectsFailure;
            this.passedUnexpectedly = check.passedUnexpectedly;
            this.inRepeatedRun = check.inRepeatedRun;
            this.score = check.score;
            this.minimum = check.minimum;
            this.expected = check.expected;
            this.nearTheBar = check.nearTheBar;
            this.response = check.response;
            this.sentences = check.sentences;
            this.criteria = check.criteria;
            this.option = check.option;
            this.explanation = check.explanation;
            this.feedback = check.feedback;
            this.samples = check.samples;
            this.agreement = check.agreement;
            this.judge = check.judge;
            this.recordedModel = check.recordedModel;
            this.cascade = check.cascade;
            this.replayed = check.replayed;
            this.retries = check.retries;
            this.tokens = check.tokens;
            this.latencyMillis = check.latencyMillis;
            this.cost = check.cost;
            this.trajectory = check.trajectory;
            this.conversation = check.conversation;
            this.entryOnly = check.entryOnly;
        }

        public Builder id(Integer value) {
            this.id = value;
            return this;
        }

        public Builder testId(String value) {
            this.testId = value;
            return this;
        }

        public Builder className(String value) {
            this.className = value;
            return this;
        }

        public Builder displayName(String value) {
            this.displayName = value;
            return this;
        }

        public Builder source(String value) {
            this.source = value;
            return this;
        }

        public Builder kind(String value) {
            this.kind = value;
            return this;
        }

        public Builder passed(boolean value) {
            this.passed = value;
            return this;
        }

        public Builder failedAsExpected(Boolean value) {
            this.failedAsExpected = value;
            return this;
        }

        public Builder expectsFailure(Boolean value) {
            this.expectsFailure = value;
            return this;
        }

        public Builder passedUnexpectedly(Boolean value) {
            this.passedUnexpectedly = value;
            return this;
        }

        public Builder inRepeatedRun(Boolean value) {
            this.inRepeatedRun = value;
            return this;
        }

        public Builder score(Double value) {
            this.score = value;
            return this;
        }

        public Builder minimum(Double value) {
            this.minimum = value;
            return this;
        }

        public Builder expected(String value) {
            this.expected = value;
            return this;
        }

        public Builder nearTheBar(Boolean value) {
            this.nearTheBar = value;
            return this;
        }

        public Builder response(String value) {
            this.response = value;
            return this;
        }

        public Builder sentences(List<Sentence> value) {
            this.sentences = value;
            return this;
        }

        public Builder criteria(String value) {
            this.criteria = value;
            return this;
        }

        public Builder option(String value) {
            this.option = value;
            return this;
        }

        public Builder explanation(String value) {
            this.explanation = value;
            return this;
        }

        public Builder feedback(String value) {
            this.feedback = value;
            return this;
        }

        public Builder samples(Integer value) {
            this.samples = value;
            return this;
        }

        public Builder agreement(Double value) {
            this.agreement = value;
            return this;
        }

        public Builder judge(String value) {
            this.judge = value;
            return this;
        }

        public Builder recordedModel(String value) {
            this.recordedModel = value;
            return this;
        }

        public Builder cascade(Cascade value) {
            this.cascade = value;
            return this;
        }

        public Builder replayed(Boolean value) {
            this.replayed = value;
            return this;
        }

        public Builder retries(Integer value) {
            this.retries = value;
            return this;
        }

        public Builder tokens(Tokens value) {
            this.tokens = value;
            return this;
        }

        public Builder latencyMillis(Long value) {
            this.latencyMillis = value;
            return this;
        }

        public Builder cost(CheckCost value) {
            this.cost = value;
            return this;
        }

        public Builder trajectory(AgentTrajectory value) {
            this.trajectory = value;
            return this;
        }

        public Builder conversation(ConversationTranscript value) {
            this.conversation = value;
            return this;
        }

        public Builder entryOnly(EntryOnly value) {
            this.entryOnly = value;
            return this;
        }

        public Check build() {
            return new Check(
                    id,
                    testId,
                    className,
                    displayName,
                    source,
                    kind,
                    passed,
                    failedAsExpected,
                    expectsFailure,
                    passedUnexpectedly,
                    inRepeatedRun,
                    score,
                    minimum,
                    expected,
                    nearTheBar,
                    response,
                    sentences,
                    criteria,
                    option,
                    explanation,
                    feedback,
                    samples,
                    agreement,
                    judge,
                    recordedModel,
                    cascade,
                    replayed,
                    retries,
                    tokens,
                    latencyMillis,
                    cost,
                    trajectory,
                    conversation,
                    entryOnly);
        }
    }
}
