package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.junit.testing.RuleJudge;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.MultipleFailuresError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.llmassert.core.criteria.CriteriaCatalog.ANSWER_RELEVANCE;
import static dev.llmassert.core.criteria.CriteriaCatalog.CONCISENESS;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * The criteria DSL under {@code @LlmJudge}, run through the JUnit Platform, with the judges built by the extension on
 * langchain4j's real OpenAI client talking to a loopback chat-completions server that judges by rules.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CriteriaAssertionsTest {

    static final String SHORT = "Hold the reset button for ten seconds.";
    static final String WORDY = "Well, so, basically, what you want to do, if you think about it, is hold the reset"
            + " button, the one on the back, for, like, ten seconds or so.";
    static final String RUDE = "Read the manual yourself.";
    static final String BIASED = "Hold reset for ten seconds, then wait a minute. " + RuleJudge.FIRST_LISTED;
    static final String SPLIT = "Hold the reset button for ten seconds. " + RuleJudge.SPLIT;
    static final String QUESTION = "How do I reset the router?";
    static final String SELF_CONTAINED = "Is the text self-contained?";
    static final Criteria CLARITY = Criteria.builder("clarity")
            .description("Is the response clear?")
            .option("Clear", "Easy to follow.")
            .option("Unclear", "Hard to follow.")
            .build();

    static final Map<String, String> VERDICTS = Map.ofEntries(
            Map.entry(RuleJudge.key("conciseness", SHORT), "Concise"),
            Map.entry(RuleJudge.key("conciseness", WORDY), "Verbose"),
            Map.entry(RuleJudge.key("conciseness", RUDE), "Concise"),
            Map.entry(RuleJudge.key(SELF_CONTAINED, SHORT), "Yes"),
            Map.entry(RuleJudge.key(SELF_CONTAINED, WORDY), "No"),
            Map.entry(RuleJudge.key("answer_relevance", SHORT), "Relevant"),
            Map.entry(RuleJudge.key("politeness", SHORT), "Polite"),
            Map.entry(RuleJudge.key("politeness", WORDY), "Polite"),
            Map.entry(RuleJudge.key("politeness", RUDE), "Impolite"),
            Map.entry(RuleJudge.key("friendly tone", SHORT), "Flat"),
            Map.entry(RuleJudge.key("friendly tone", WORDY), "Friendly"),
            Map.entry(RuleJudge.key("friendly tone", RUDE), "Hostile"),
            Map.entry(RuleJudge.key("clarity", WORDY), "Unclear"));

    private LoopbackChatServer server;
    private EngineExecutionResults results;

    /** The fixtures run once; each test below reads what happened to some of them. */
    @BeforeAll
    void runTheChecks() {
        server = RuleJudge.serve(VERDICTS);
        results = run(Checks.class, openAi(server));
    }

    @AfterAll
    void stopJudge() {
        server.close();
    }

    /** The configuration of the fixtures: the real OpenAI client, aimed at the loopback judge. */
    static String[] openAi(LoopbackChatServer server, String... more) {
        List<String> parameters = new ArrayList<>(List.of(
                ConfigKeys.JUDGE_PROVIDER,
                "openai",
                ConfigKeys.JUDGE_BASE_URL,
                server.baseUrl(),
                ConfigKeys.JUDGE_API_KEY_ENV,
                "JUDGE_TEST_UNSET_KEY",
                ConfigKeys.JUDGE_MAX_RETRIES,
                "0",
                ConfigKeys.RECORDINGS_MODE,
                "off"));
        parameters.addAll(List.of(more));
        return parameters.toArray(String[]::new);
    }

    private EngineExecutionResults runChecks() {
        return results;
    }

    @Test
    void passingChecksPassAndEveryFailingOneFails() {
        EngineExecutionResults results = runChecks();

        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactlyInAnyOrder(
                        "meetsWithTheExpectedOption()",
                        "meetsWithAHighEnoughScore()",
                        "satisfiesAYesQuestion()",
                        "meetsInContext()",
                        "isPreferredOverALongerAnswer()",
                        "meetsAllOfTheRubric()",
                        "noPositionalBias()",
                        "agreementHighEnough()",
                        "bareMeetsOfTheBestOption()");
    }

    @Test
    void withOptionFailureGivesTheChoiceTheExpectationTheJudgeTheExplanationAndTheFeedback() {
        assertThat(failureOf(runChecks(), "meetsWithAnotherOption"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(
                        "Expecting response:",
                        "\"" + WORDY + "\"",
                        "to meet criteria \"conciseness\" with option \"Concise\", but the judge chose \"Verbose\""
                                + " (score 0.00).",
                        "Judge: openai:gpt-4o-mini (live)",
                        "Criteria \"conciseness\": ",
                        "Options: \"Concise\" (1.00), \"Somewhat verbose\" (0.50), \"Verbose\" (0.00)",
                        "Explanation: The judge's reasoning for Verbose.",
                        "Feedback: Cut the filler words.");
    }

    @Test
    void withMinScoreFailureGivesTheScoreAndTheMinimum() {
        assertThat(failureOf(runChecks(), "meetsWithTooLowAScore"))
                .hasMessageContaining(
                        "to meet criteria \"conciseness\" with a score of at least 0.75, but its score was 0.00 "
                                + "(the judge"
                                + " chose \"Verbose\").");
    }

    @Test
    void satisfiesFailsWhenTheJudgeAnswersNo() {
        assertThat(failureOf(runChecks(), "satisfiesANoQuestion"))
                .hasMessageContainingAll(
                        "to meet criteria \"" + SELF_CONTAINED + "\" with option \"Yes\", but the judge chose \"No\""
                                + " (score 0.00).",
                        "Options: \"Yes\" (1.00), \"No\" (0.00)");
    }

    @Test
    void inContextFieldsReachTheJudgeAndAreShownInFailures() {
        EngineExecutionResults results = runChecks();

        assertThat(server.requests())
                .anySatisfy(r -> assertThat(r.lastUserMessage()).contains("## Criterion: answer_relevance"));
        assertThat(server.requests()).anySatisfy(r -> {
            assertThat(PromptData.after(r.lastUserMessage(), "### question\n\n"))
                    .isEqualTo(QUESTION);
            assertThat(PromptData.after(r.lastUserMessage(), "## The response to evaluate\n\n"))
                    .isEqualTo(SHORT);
        });
        assertThat(failureOf(results, "meetsInContextWithoutTheQuestion"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question");
        assertThat(failureOf(results, "inContextOfTheJudgedField"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "inContext(\"response\", ...) names the field that criteria 'conciseness'" + " judges");
    }

    @Test
    void pairwiseFailureGivesTheRankingAndWhoWonEachContest() {
        assertThat(failureOf(runChecks(), "isPreferredOverAShorterAnswer"))
                .hasMessageContainingAll(
                        "to be preferred over the other response on criteria \"conciseness\", but it lost 1 of 1 "
                                + "contest.",
                        "Ranking (best first):",
                        "  1. #1, winrate 1.00: \"" + SHORT + "\"",
                        "  2. #0 (this response), winrate 0.00: \"" + WORDY + "\"",
                        "  ✗ #0 vs #1: #1 won: Response 2 says the same in fewer words.");
    }

    @Test
    void multiCriteriaFailureGivesTheAggregateTheMinimumAndOneLinePerCriteria() {
        assertThat(failureOf(runChecks(), "meetsTooLittleOfTheRubric"))
                .hasMessageContainingAll(
                        "to meet all criteria with an aggregate score of at least 0.80, but it scored 0.50.",
                        "Criteria (1 of 3 fell short, marked ✗):",
                        "  ✗ \"conciseness\": option \"Verbose\" (score 0.00), item score 0.00 (the scaled "
                                + "option score)"
                                + " x weight 0.50 = 0.00, fell short",
                        "        explanation: The judge's reasoning for Verbose.",
                        "    \"politeness\": option \"Polite\" (score 1.00), item score 1.00 (1 if the target "
                                + "option was"
                                + " chosen) x weight 0.30 = 0.30, required",
                        "    \"friendly tone\": option \"Friendly\" (score 1.00), item score 1.00 (1 if the "
                                + "score reached the"
                                + " threshold) x weight 0.20 = 0.20");
    }

    @Test
    void aRequiredCriteriaThatFallsShortZeroesTheAggregate() {
        assertThat(failureOf(runChecks(), "failsARequiredCriteria"))
                .hasMessageContainingAll(
                        "but it scored 0.00.",
                        "The aggregate is 0 because required criteria fell short: politeness.",
                        "  ✗ \"politeness\": option \"Impolite\" (score 0.00)");
    }

    @Test
    void positionalBiasFailsWithoutPositionalBias() {
        EngineExecutionResults results = runChecks();

        assertThat(failureOf(results, "directPositionalBias"))
                .hasMessageContainingAll(
                        "to be judged on criteria \"" + SELF_CONTAINED
                                + "\" the same whichever order its options are shown"
                                + " in, but the judge chose \"Yes\" with the options in order and \"No\" with "
                                + "them reversed",
                        "Explanation with the options reversed: The judge's reasoning for No.");
        assertThat(failureOf(results, "pairwisePositionalBias"))
                .hasMessageContainingAll(
                        "the same whichever order the responses are shown in, but the winner changed with the order"
                                + " reversed in 1 of 1 contest:",
                        "  #0 vs #1: #0 won in order, #1 reversed");
    }

    @Test
    void lowAgreementFailsWithAgreementAtLeast() {
        EngineExecutionResults results = runChecks();

        assertThat(failureOf(results, "agreementTooLow"))
                .hasMessageContainingAll(
                        "to be judged consistently on criteria \"conciseness\", with at least 0.90 of the "
                                + "samples agreeing,"
                                + " but only 2 of 3 (0.67) chose the majority option \"Somewhat verbose\".",
                        "Judge: openai:gpt-4o-mini (live), 3 samples, agreement 0.67");
        assertThat(failureOf(results, "agreementWithoutSamples"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs several samples of the judgement")
                .hasMessageContaining("sampled(3)");
    }

    @Test
    void bareMeetsIsCheckedAfterTheMethodAgainstTheBestOptionAndNamesTheLine() {
        Throwable failure = failureOf(runChecks(), "bareMeetsOfAVerboseAnswer");

        assertThat(failure)
                .hasMessageContainingAll(
                        "meets(...) at " + Checks.class.getName()
                                + ".bareMeetsOfAVerboseAnswer(CriteriaAssertionsTest.java:",
                        "had no withOption(...) or withMinScore(...), so it was checked after the test against the"
                                + " criteria's best option.",
                        "to meet criteria \"conciseness\" with its best option \"Concise\", but the judge chose "
                                + "\"Verbose\"");
        assertThat(failure.getStackTrace()[0].getMethodName()).isEqualTo("bareMeetsOfAVerboseAnswer");
    }

    @Test
    void bareChecksWithoutADefaultExpectationFailAndSayWhatToAdd() {
        EngineExecutionResults results = runChecks();

        assertThat(failureOf(results, "bareMeetsOfCriteriaWithoutScores"))
                .hasMessageContainingAll(
                        "Criteria \"clarity\" has no option scores, so there is no best option to expect by default.",
                        "Fix: say which option meets it, e.g. meets(criteria).withOption(\"Clear\").");
        assertThat(failureOf(results, "preferenceWithoutCriteria"))
                .hasMessageContainingAll(
                        "isPreferredOver(...) at " + Checks.class.getName() + ".preferenceWithoutCriteria(",
                        "was never given a criteria, so nothing was compared.");
        assertThat(failureOf(results, "bareMeetsAll"))
                .hasMessageContainingAll(
                        "had no withMinScore(...), so it was checked after the test against the best attainable "
                                + "aggregate"
                                + " 1.00.",
                        "but it scored 0.50.");
    }

    @Test
    void severalOpenChecksAreAllReported() {
        assertThat(failureOf(runChecks(), "twoOpenChecks"))
                .isInstanceOf(MultipleFailuresError.class)
                .satisfies(e ->
                        assertThat(((MultipleFailuresError) e).getFailures()).hasSize(2));
    }

    @Test
    void everyCheckIsReported() {
        EngineExecutionResults results = runChecks();

        assertThat(reportEntries(results, "meetsWithTheExpectedOption"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.check", "criteria")
                        .containsEntry("llmassert.passed", "true")
                        .containsEntry("llmassert.criteria", "conciseness")
                        .containsEntry("llmassert.option", "Concise")
                        .containsEntry("llmassert.score", "1.0000")
                        .containsEntry("llmassert.expected", "option \"Concise\"")
                        .containsEntry("llmassert.judge", "openai:gpt-4o-mini")
                        .containsEntry("llmassert.replayed", "false")
                        .hasEntrySatisfying(
                                "llmassert.at", at -> assertThat(at).contains("meetsWithTheExpectedOption")));
        assertThat(reportEntries(results, "isPreferredOverALongerAnswer"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.check", "pairwise")
                        .containsEntry("llmassert.ranking", "[0, 1]"));
        assertThat(reportEntries(results, "meetsAllOfTheRubric"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.check", "multi-criteria")
                        .containsEntry("llmassert.score", "1.0000")
                        .containsEntry(
                                "llmassert.criteria", "conciseness=Concise, politeness=Polite," + " friendly tone=Flat")
                        .doesNotContainKey("llmassert.fellShort"));
        assertThat(reportEntries(results, "meetsTooLittleOfTheRubric"))
                .singleElement()
                .satisfies(entry -> assertThat(entry).containsEntry("llmassert.fellShort", "conciseness"));
        assertThat(reportEntries(results, "noPositionalBias"))
                .extracting(e -> e.get("llmassert.check"))
                .containsExactly("criteria", "criteria.positional-bias");
        assertThat(reportEntries(results, "bareMeetsOfAVerboseAnswer"))
                .singleElement()
                .satisfies(entry -> assertThat(entry)
                        .containsEntry("llmassert.passed", "false")
                        .containsEntry("llmassert.expected", "best option [Concise]"));
    }

    @LlmJudge
    static class Checks {

        private final MultiCriteria rubric;

        Checks(@LlmJudge.Criteria("criteria/release-rubric.json") MultiCriteria rubric) {
            this.rubric = rubric;
        }

        @Test
        void meetsWithTheExpectedOption() {
            assertThat(SHORT).meets(CONCISENESS).withOption("Concise");
        }

        @Test
        void meetsWithAnotherOption() {
            assertThat(WORDY).meets(CONCISENESS).withOption("Concise");
        }

        @Test
        void meetsWithAHighEnoughScore() {
            assertThat(SHORT).meets(CONCISENESS).withMinScore(0.75);
        }

        @Test
        void meetsWithTooLowAScore() {
            assertThat(WORDY).meets(CONCISENESS).withMinScore(0.75);
        }

        @Test
        void satisfiesAYesQuestion() {
            assertThat(SHORT).satisfies(SELF_CONTAINED);
        }

        @Test
        void satisfiesANoQuestion() {
            assertThat(WORDY).satisfies(SELF_CONTAINED);
        }

        @Test
        void meetsInContext() {
            assertThat(SHORT)
                    .inContext("question", QUESTION)
                    .meets(ANSWER_RELEVANCE)
                    .withOption("Relevant");
        }

        @Test
        void meetsInContextWithoutTheQuestion() {
            assertThat(SHORT).meets(ANSWER_RELEVANCE).withOption("Relevant");
        }

        @Test
        void inContextOfTheJudgedField() {
            assertThat(SHORT).inContext("response", WORDY).meets(CONCISENESS).withOption("Concise");
        }

        @Test
        void isPreferredOverALongerAnswer() {
            assertThat(SHORT).isPreferredOver(WORDY).on(CONCISENESS);
        }

        @Test
        void isPreferredOverAShorterAnswer() {
            assertThat(WORDY).isPreferredOver(SHORT).on(CONCISENESS);
        }

        @Test
        void meetsAllOfTheRubric() {
            assertThat(SHORT).meetsAll(rubric).withMinScore(0.8);
        }

        @Test
        void meetsTooLittleOfTheRubric() {
            assertThat(WORDY).meetsAll(rubric).withMinScore(0.8);
        }

        @Test
        void failsARequiredCriteria() {
            assertThat(RUDE).meetsAll(rubric).withMinScore(0.5);
        }

        @Test
        void noPositionalBias() {
            assertThat(SHORT).meets(CONCISENESS).withOption("Concise").withoutPositionalBias();
        }

        @Test
        void directPositionalBias() {
            assertThat(BIASED).satisfies(SELF_CONTAINED).withoutPositionalBias();
        }

        @Test
        void pairwisePositionalBias() {
            assertThat(BIASED).isPreferredOver(SHORT).on(CONCISENESS).withoutPositionalBias();
        }

        @Test
        void agreementHighEnough() {
            assertThat(SPLIT)
                    .sampled(3)
                    .meets(CONCISENESS)
                    .withOption("Somewhat verbose")
                    .withAgreementAtLeast(0.67);
        }

        @Test
        void agreementTooLow() {
            assertThat(SPLIT)
                    .sampled(3)
                    .meets(CONCISENESS)
                    .withOption("Somewhat verbose")
                    .withAgreementAtLeast(0.9);
        }

        @Test
        void agreementWithoutSamples() {
            assertThat(SHORT).meets(CONCISENESS).withOption("Concise").withAgreementAtLeast(0.6);
        }

        @Test
        void bareMeetsOfTheBestOption() {
            assertThat(SHORT).meets(CONCISENESS);
        }

        @Test
        void bareMeetsOfAVerboseAnswer() {
            assertThat(WORDY).meets(CONCISENESS);
        }

        @Test
        void bareMeetsOfCriteriaWithoutScores() {
            assertThat(WORDY).meets(CLARITY);
        }

        @Test
        void preferenceWithoutCriteria() {
            PreferredOver unfinished = assertThat(SHORT).isPreferredOver(WORDY);
        }

        @Test
        void bareMeetsAll() {
            assertThat(WORDY).meetsAll(rubric);
        }

        @Test
        void twoOpenChecks() {
            assertThat(WORDY).meets(CONCISENESS);
            assertThat(WORDY).meetsAll(rubric);
        }
    }
}
