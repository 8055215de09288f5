package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.FactRetention;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.core.conversation.internal.TranscriptText;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.ConversationReport;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.TestScope;
import dev.llmassert.junit.internal.message.ConversationMessages;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldHaveConversation;
import dev.llmassert.junit.internal.message.ShouldHaveConversation.Expectation;
import dev.llmassert.junit.internal.message.ShouldHaveConversation.Judged;
import dev.llmassert.junit.internal.report.Check;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The judged checks of a conversation, for {@link ConversationAssert} and {@link EveryTurnAssert}: which judge (the
 * one given, else the test's), a criteria judged turn by turn or over the whole transcript, a named fact's
 * retention, and the report and failure of each.
 */
final class ConversationChecks {

    /** The context field of the conversation so far, for the conversation criteria. */
    static final String CONVERSATION = "conversation";

    private final Conversation conversation;
    private GroundednessJudge groundednessJudge;
    private DirectJudge criteriaJudge;
    private FailureSink failures = FailureSink.THROWING;

    ConversationChecks(Conversation conversation) {
        this.conversation = conversation;
    }

    /** A copy for another assert of the same conversation, with the same judges and failure sink. */
    ConversationChecks copy() {
        ConversationChecks copy = new ConversationChecks(conversation);
        copy.groundednessJudge = groundednessJudge;
        copy.criteriaJudge = criteriaJudge;
        copy.failures = failures;
        return copy;
    }

    void use(GroundednessJudge judge) {
        this.groundednessJudge = judge;
    }

    void use(DirectJudge judge) {
        this.criteriaJudge = judge;
    }

    GroundednessJudge ownGroundednessJudge() {
        return groundednessJudge;
    }

    DirectJudge ownCriteriaJudge() {
        return criteriaJudge;
    }

    FailureSink failures() {
        return failures;
    }

    void failures(FailureSink sink) {
        this.failures = sink;
    }

    /** Where the check was made and which test runs it. */
    Where begin() {
        return new Where(CurrentTest.scope().orElse(null), CallSite.capture());
    }

    /** The groundedness judge given, else the test's. */
    GroundednessJudge groundednessJudge(Where where) {
        if (groundednessJudge != null) {
            return groundednessJudge;
        }
        if (where.scope() == null) {
            throw new IllegalStateException(Messages.noJudge());
        }
        return where.scope().groundednessJudge();
    }

    /** The criteria judge given, else the test's; {@code empty} under the local judge. */
    Optional<DirectJudge> criteriaJudgeIfAny(Where where) {
        if (criteriaJudge != null) {
            return Optional.of(criteriaJudge);
        }
        return where.scope() == null ? Optional.empty() : where.scope().directJudge(1);
    }

    /** The criteria judge given, else the test's; the message says that a model is needed when there is none. */
    DirectJudge criteriaJudge(Where where, String check) {
        return criteriaJudgeIfAny(where)
                .orElseThrow(() -> new IllegalStateException(
                        where.scope() == null
                                ? ConversationMessages.judgedWithoutModel(check)
                                : Messages.noCriteriaJudgeUnderLocalJudge(
                                        check, where.scope().provider())));
    }

    /**
     * Judges {@code criteria} on each turn from {@code fromTurn}: the reply is the judged field, the conversation
     * before it (up to its user message) is {@value #CONVERSATION}, with {@code fields} as more context. A turn
     * passes with the criteria's best option, or, when {@code expectFailure}, the check passes when a turn does not.
     */
    void judgeEveryTurn(
            String check,
            String kind,
            Criteria criteria,
            Map<String, String> fields,
            int fromTurn,
            boolean expectFailure,
            Expectation expectation,
            Function<ErrorMessageFactory, AssertionError> errors) {
        Where where = begin();
        DirectJudge judge = criteriaJudge(where, check);
        String best = bestOption(criteria);
        List<TurnVerdict> verdicts = new ArrayList<>();
        List<DirectResult> results = new ArrayList<>();
        for (int n = fromTurn; n <= conversation.turnCount(); n++) {
            Map<String, String> instance = new LinkedHashMap<>();
            instance.put(criteria.toEvaluateField(), conversation.turn(n).assistant());
            instance.put(CONVERSATION, TranscriptText.render(conversation, n, false, "user"));
            instance.putAll(fields);
            DirectResult result = judge.evaluate(new Instance(instance), criteria);
            results.add(result);
            verdicts.add(new TurnVerdict(
                    n,
                    result.option().equals(best),
                    result.hasScore() ? result.score() : Double.NaN,
                    result.option(),
                    result.explanation()));
        }
        boolean allBest = verdicts.stream().allMatch(TurnVerdict::passed);
        boolean passed = expectFailure ? !allBest : allBest && !verdicts.isEmpty();
        String expected = (expectFailure ? "some turn not " : "every turn ") + "\"" + best + "\"";
        report(
                where,
                ConversationReport.everyTurn(
                        kind, conversation, criteria.name(), expected, verdicts, results, passed, where.at()));
        if (!passed) {
            Judged judged = results.isEmpty() || results.get(0).metadata() == null
                    ? null
                    : new Judged(
                            results.get(0).metadata().judge(),
                            results.stream()
                                    .allMatch(r ->
                                            r.metadata() != null && r.metadata().replayed()),
                            results.get(0).metadata().recordedModel());
            fail(
                    expectFailure
                            ? ShouldHaveConversation.shouldMissInSomeTurn(
                                    conversation, expectation, criteria.name(), best, verdicts, judged)
                            : ShouldHaveConversation.shouldMeetInEveryTurn(
                                    conversation, expectation, criteria.name(), best, verdicts, judged),
                    errors);
        }
    }

    /** Judges {@code criteria} over the whole transcript, its judged field, with {@code fields} as context. */
    void judgeOverall(
            String check,
            Criteria criteria,
            Map<String, String> fields,
            Expectation expectation,
            Function<ErrorMessageFactory, AssertionError> errors) {
        Where where = begin();
        DirectJudge judge = criteriaJudge(where, check);
        String best = bestOption(criteria);
        Map<String, String> instance = new LinkedHashMap<>();
        instance.put(
                criteria.toEvaluateField(),
                TranscriptText.render(conversation, conversation.turnCount(), true, "user"));
        instance.putAll(fields);
        DirectResult result = judge.evaluate(new Instance(instance), criteria);
        boolean passed = result.option().equals(best);
        report(where, ConversationReport.overall(conversation, result, "option \"" + best + "\"", passed, where.at()));
        if (!passed) {
            Judged judged = result.metadata() == null
                    ? null
                    : new Judged(
                            result.metadata().judge(),
                            result.metadata().replayed(),
                            result.metadata().recordedModel());
            fail(
                    ShouldHaveConversation.shouldMeetOverall(
                            conversation,
                            expectation,
                            criteria.name(),
                            best,
                            result.option(),
                            result.explanation(),
                            judged),
                    errors);
        }
    }

    /** A named fact's retention judged without a model: remembered, or (when {@code forget}) not. */
    void checkRetentionLocally(String fact, boolean forget, Function<ErrorMessageFactory, AssertionError> errors) {
        Where where = begin();
        FactRetention retention = FactRetention.of(conversation, fact);
        boolean passed = forget ? retention.given() && !retention.remembered() : retention.remembered();
        report(
                where,
                ConversationReport.retention(
                        conversation,
                        retention,
                        (forget ? "forgets \"" : "remembers \"") + retention.fact() + "\"",
                        passed,
                        where.at()));
        if (!passed) {
            fail(
                    forget && retention.given()
                            ? ShouldHaveConversation.shouldForget(conversation, retention)
                            : ShouldHaveConversation.shouldRemember(conversation, retention),
                    errors);
        }
    }

    /** No reply contains any of {@code phrases}, ignoring case. */
    void neverSays(String[] phrases, Function<ErrorMessageFactory, AssertionError> errors) {
        if (phrases == null || phrases.length == 0) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "neverSays(...) with at least one phrase",
                    "Pass what no reply may say, e.g. neverSays(\"As an AI\")."));
        }
        for (String phrase : phrases) {
            ConversationAssert.requireText(phrase, "neverSays(...)", "neverSays(\"As an AI\")");
        }
        Map<Integer, String> said = new LinkedHashMap<>();
        for (int n = 1; n <= conversation.turnCount(); n++) {
            String reply = conversation.turn(n).assistant().toLowerCase(Locale.ROOT);
            for (String phrase : phrases) {
                if (reply.contains(phrase.toLowerCase(Locale.ROOT))) {
                    said.putIfAbsent(n, phrase);
                }
            }
        }
        if (!said.isEmpty()) {
            fail(ShouldHaveConversation.shouldNeverSay(conversation, said), errors);
        }
    }

    /** Fails a deterministic check, which the report does not list. */
    void fail(ErrorMessageFactory message, Function<ErrorMessageFactory, AssertionError> errors) {
        failures.fail(CallSite.fromTheTest(errors.apply(message)));
    }

    void report(Where where, Check check) {
        if (where.scope() != null) {
            where.scope().publish(check);
        }
    }

    /** The option with the highest score: the one every turn should get. */
    static String bestOption(Criteria criteria) {
        return criteria.options().stream()
                .filter(option -> option.score() != null)
                .max((a, b) -> Double.compare(a.score(), b.score()))
                .orElse(criteria.options().get(0))
                .name();
    }

    /** Where a check was made: the running test, or {@code null} outside the extension, and the caller's stack. */
    record Where(TestScope scope, StackTraceElement[] site) {

        StackTraceElement at() {
            return site == null || site.length == 0 ? null : site[0];
        }
    }
}
