package dev.llmassert.core.criteria;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The direct judge's rules, against a scripted model: validation and repair, feedback, personas, bias, sampling. */
class DirectJudgeTest {

    static final Criteria CLARITY = Criteria.builder("clarity")
            .description("Is the answer clear?")
            .option("Clear", "Easy to follow.", 1.0)
            .option("Somewhat clear", "Followable with effort.", 0.5)
            .option("Unclear", "Hard to follow.", 0.0)
            .build();
    static final Criteria RELEVANCE = CriteriaCatalog.ANSWER_RELEVANCE;
    static final Instance ANSWER = Instance.of("response", "Hold the reset button for ten seconds.")
            .with("question", "How do I reset the router?");

    static String reply(String option) {
        return reply(option, "Because of the evidence for " + option + ".");
    }

    static String reply(String option, String explanation) {
        return "{\"explanation\": \"" + explanation + "\", \"selectedOption\": \"" + option + "\"}";
    }

    static String system(ChatRequest request) {
        return ((SystemMessage) request.messages().get(0)).text();
    }

    static String user(ChatRequest request) {
        return ((UserMessage) request.messages().get(1)).singleText();
    }

    /** The option listed first in the prompt's user message: what a judge with positional bias picks. */
    static String firstShownOption(ChatRequest request, Criteria criteria) {
        String text = user(request);
        return criteria.optionNames().stream()
                .min((a, b) -> Integer.compare(text.indexOf("- \"" + a + "\""), text.indexOf("- \"" + b + "\"")))
                .orElseThrow();
    }

    private static DirectJudge.Builder judge(ChatModel model) {
        return DirectJudge.builder().chatModel(model).judgeName("test:judge").retryBackoff(Duration.ZERO);
    }

    @Test
    void aValidReplyBecomesAResultWithTheOptionsScoreExplanationAndMetadata() {
        ScriptedChatModel model = ScriptedChatModel.replying(reply("Somewhat clear", "One step is vague."));

        DirectResult result;
        try (DirectJudge judge = judge(model).build()) {
            result = judge.evaluate("Hold the button, then wait.", CLARITY);
        }

        assertThat(result.option()).isEqualTo("Somewhat clear");
        assertThat(result.score()).isEqualTo(0.5);
        assertThat(result.explanation()).isEqualTo("One step is vague.");
        assertThat(result.feedback()).isNull();
        assertThat(result.samples()).isEqualTo(1);
        assertThat(result.agreement()).isEqualTo(1.0);
        assertThat(result.positionalBiasChecked()).isFalse();
        assertThat(result.metadata().judge()).isEqualTo("test:judge");
        assertThat(result.metadata().persona()).isNull();
        assertThat(result.metadata().replayed()).isFalse();
        assertThat(result.metadata().prompt().user()).contains("Hold the button, then wait.", "## Criterion: clarity");
        assertThat(model.requestCount()).isEqualTo(1);
        ChatRequest request = model.requests().get(0);
        assertThat(system(request)).isEqualTo(result.metadata().prompt().system());
        assertThat(user(request)).isEqualTo(result.metadata().prompt().user());
    }

    @Test
    void theRetriesOfTransientFailuresAreCountedInTheMetadata() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new InternalServerException(new HttpException(503, "busy")))
                .thenThrow(new RateLimitException(new HttpException(429, "slow down")))
                .thenReply(reply("Clear"));

        DirectResult result;
        try (DirectJudge judge = judge(model).build()) {
            result = judge.evaluate("Hold the button, then wait.", CLARITY);
        }

        assertThat(result.option()).isEqualTo("Clear");
        assertThat(result.metadata().retries()).isEqualTo(2);
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void anInvalidOptionIsRepairedByReAskingWithTheErrorAndTheOptions() {
        ScriptedChatModel model = ScriptedChatModel.replying(reply("Mostly clear"), reply("Clear"));

        DirectResult result;
        try (DirectJudge judge = judge(model).build()) {
            result = judge.evaluate("Hold the reset button for ten seconds.", CLARITY);
        }

        assertThat(result.option()).isEqualTo("Clear");
        assertThat(result.score()).isEqualTo(1.0);
        assertThat(model.requestCount()).isEqualTo(2);
        ChatRequest repair = model.requests().get(1);
        assertThat(repair.messages()).hasSize(4);
        assertThat(repair.messages().get(2)).isEqualTo(AiMessage.from(reply("Mostly clear")));
        assertThat(ScriptedChatModel.lastUserText(repair))
                .contains("\"Mostly clear\", which is not one of the options")
                .contains("\"Clear\", \"Somewhat clear\", \"Unclear\"");
    }

    @Test
    void threeInvalidRepliesFailWithAClearMessageAndNoOptionIsGuessed() {
        ScriptedChatModel model = ScriptedChatModel.replying(
                reply("Mostly clear"), "Clear, I think.", reply("Crystal clear"), reply("Clear"));

        try (DirectJudge judge = judge(model).build()) {
            assertThatThrownBy(() -> judge.evaluate("Hold the reset button.", CLARITY))
                    .isInstanceOfSatisfying(JudgeReplyException.class, e -> {
                        assertThat(e.attempts()).isEqualTo(3);
                        assertThat(e.lastReply()).isEqualTo(reply("Crystal clear"));
                        assertThat(e.getMessage())
                                .contains(
                                        "test:judge",
                                        "criteria 'clarity'",
                                        "after 3 tries",
                                        "\"Crystal clear\", which is not one of the options",
                                        "never guesses",
                                        "Fix:");
                    });
        }
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void feedbackIsInTheSchemaAndPromptOnlyWhenAskedFor() {
        String withFeedback = "{\"explanation\": \"Long.\", \"selectedOption\": \"Unclear\","
                + " \"feedback\": \"Number the steps.\"}";
        ScriptedChatModel model = ScriptedChatModel.replying(withFeedback, withFeedback);

        DirectResult on;
        DirectResult off;
        try (DirectJudge judge =
                judge(model).structuredOutput(true).generateFeedback(true).build()) {
            on = judge.evaluate("Do this and that and the other.", CLARITY);
        }
        try (DirectJudge judge = judge(model).structuredOutput(true).build()) {
            off = judge.evaluate("Do this and that and the other.", CLARITY);
        }

        assertThat(on.feedback()).isEqualTo("Number the steps.");
        assertThat(off.feedback())
                .as("feedback the judge was not asked for is dropped")
                .isNull();
        ChatRequest asked = model.requests().get(0);
        ChatRequest notAsked = model.requests().get(1);
        assertThat(asked.responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
        JsonObjectSchema askedSchema =
                (JsonObjectSchema) asked.responseFormat().jsonSchema().rootElement();
        JsonObjectSchema plainSchema =
                (JsonObjectSchema) notAsked.responseFormat().jsonSchema().rootElement();
        assertThat(askedSchema.required()).containsExactly("explanation", "selectedOption", "feedback");
        assertThat(plainSchema.required()).containsExactly("explanation", "selectedOption");
        assertThat(plainSchema.properties()).doesNotContainKey("feedback");
        assertThat(((JsonEnumSchema) plainSchema.properties().get("selectedOption")).enumValues())
                .containsExactly("Clear", "Somewhat clear", "Unclear");
        assertThat(system(asked)).contains("\"feedback\"");
        assertThat(system(notAsked)).doesNotContain("\"feedback\"");
    }

    @Test
    void aModelWithoutStructuredOutputIsAskedForJsonInTheTextAndItsReplyParses() {
        ScriptedChatModel model = ScriptedChatModel.replying("Here you go:\n```json\n" + reply("clear") + "\n```");

        try (DirectJudge judge = judge(model).build()) {
            assertThat(judge.usesStructuredOutput()).isFalse();
            assertThat(judge.evaluate("Hold the reset button.", CLARITY).option())
                    .isEqualTo("Clear");
        }
        ChatRequest request = model.requests().get(0);
        assertThat(request.responseFormat()).isNull();
        assertThat(system(request)).contains("Reply with only a JSON object", "\"selectedOption\"");
    }

    @Test
    void aJudgeDescriptionOpensThePromptAndIsReportedAsThePersona() {
        ScriptedChatModel model = ScriptedChatModel.replying(reply("Clear"));

        DirectResult result;
        try (DirectJudge judge =
                judge(model).judgeDescription("You are a senior support agent.").build()) {
            result = judge.evaluate("Hold the reset button.", CLARITY);
        }

        assertThat(system(model.requests().get(0))).startsWith("You are a senior support agent.\n\n");
        assertThat(result.metadata().persona()).isEqualTo("You are a senior support agent.");
    }

    @Test
    void aSyntheticPersonaIsWrittenOncePerCriteriaAndThenJudgesAsThatPersona() {
        AtomicInteger personaCalls = new AtomicInteger();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            if (system(request).startsWith("You choose the best evaluator")) {
                personaCalls.incrementAndGet();
                String criterion = user(request).contains("## Criterion: clarity") ? "clarity" : "relevance";
                return "{\"persona_name\": \"a " + criterion + " editor\", \"persona_description\": \"You have"
                        + " edited support manuals for ten years.\"}";
            }
            return reply(user(request).contains("## Criterion: clarity") ? "Clear" : "Relevant");
        });

        List<DirectResult> clarity;
        DirectResult relevance;
        try (DirectJudge judge = judge(model).generateSyntheticPersona(true).build()) {
            clarity = judge.evaluate(
                    List.of(Instance.ofResponse("one"), Instance.ofResponse("two"), Instance.ofResponse("three")),
                    CLARITY);
            clarity = List.of(clarity.get(0), clarity.get(1), judge.evaluate("four", CLARITY));
            relevance = judge.evaluate(ANSWER, RELEVANCE);
        }

        assertThat(personaCalls).as("one persona per criteria name, cached").hasValue(2);
        String editor = "You are a clarity editor. You have edited support manuals for ten years.";
        assertThat(clarity).allSatisfy(r -> assertThat(r.metadata().persona()).isEqualTo(editor));
        assertThat(relevance.metadata().persona()).startsWith("You are a relevance editor.");
        ChatRequest personaRequest = model.requests().get(0);
        assertThat(user(personaRequest))
                .contains(
                        "## Criterion: clarity",
                        CLARITY.description(),
                        "- \"Somewhat clear\": Followable with effort.");
        assertThat(model.requests())
                .filteredOn(r -> user(r).contains("## The response to evaluate"))
                .hasSize(5)
                .allSatisfy(r -> assertThat(system(r)).startsWith("You are a "));
    }

    @Test
    void criteriaThatShareANameButNotTheirTextGetTheirOwnPersonas() {
        Criteria supportTone = Criteria.builder("tone")
                .description("Is the support reply friendly?")
                .option("Yes", "")
                .option("No", "")
                .build();
        Criteria legalTone = Criteria.builder("tone")
                .description("Is the contract clause formal?")
                .option("Yes", "")
                .option("No", "")
                .build();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            if (system(request).startsWith("You choose the best evaluator")) {
                String expert = user(request).contains("support reply") ? "support lead" : "contract lawyer";
                return "{\"persona_name\": \"a " + expert + "\", \"persona_description\": \"You know tone.\"}";
            }
            return reply("Yes");
        });

        DirectResult support;
        DirectResult legal;
        try (DirectJudge judge = judge(model).generateSyntheticPersona(true).build()) {
            support = judge.evaluate("Happy to help!", supportTone);
            legal = judge.evaluate("The party shall indemnify.", legalTone);
        }

        assertThat(support.metadata().persona()).startsWith("You are a support lead.");
        assertThat(legal.metadata().persona()).startsWith("You are a contract lawyer.");
    }

    @Test
    void aJudgeDescriptionAndASyntheticPersonaCannotBeCombined() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> judge(ScriptedChatModel.replying())
                        .judgeDescription("You are strict.")
                        .generateSyntheticPersona(true)
                        .build())
                .withMessageContaining("only one persona")
                .withMessageContaining("Fix:");
    }

    @Test
    void positionalBiasIsDetectedWhenTheChoiceFollowsTheOrderOfTheOptions() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> reply(firstShownOption(request, CLARITY)));

        DirectResult result;
        try (DirectJudge judge = judge(model).checkPositionalBias(true).build()) {
            result = judge.evaluate("Hold the reset button.", CLARITY);
        }

        assertThat(result.option()).isEqualTo("Clear");
        assertThat(result.positionalBiasChecked()).isTrue();
        assertThat(result.positionalBiasDetected()).isTrue();
        assertThat(result.positionalBias().optionWhenReversed()).isEqualTo("Unclear");
        assertThat(model.requestCount()).isEqualTo(2);
        assertThat(model.requests())
                .extracting(r -> firstShownOption(r, CLARITY))
                .containsExactlyInAnyOrder("Clear", "Unclear");
    }

    @Test
    void positionalBiasIsNotDetectedWhenTheChoiceHoldsInBothOrders() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> reply("Somewhat clear"));

        DirectResult result;
        try (DirectJudge judge = judge(model).checkPositionalBias(true).build()) {
            result = judge.evaluate("Hold the reset button.", CLARITY);
        }

        assertThat(result.positionalBiasChecked()).isTrue();
        assertThat(result.positionalBiasDetected()).isFalse();
        assertThat(result.positionalBias().optionWhenReversed()).isEqualTo("Somewhat clear");
        assertThat(model.requestCount()).isEqualTo(2);
    }

    @Test
    void selfConsistencyTakesTheMajorityOfNIdenticalRequestsAndReportsTheAgreement() {
        ScriptedChatModel model = ScriptedChatModel.replying(
                reply("Clear", "first"), reply("Unclear", "second"), reply("Clear", "third"));

        DirectResult result;
        try (DirectJudge judge = judge(model).selfConsistency(3).build()) {
            result = judge.evaluate("Hold the reset button.", CLARITY);
        }

        assertThat(result.option()).isEqualTo("Clear");
        assertThat(result.samples()).isEqualTo(3);
        assertThat(result.agreement()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(result.score()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(result.explanation())
                .as("the first sample that chose the majority")
                .isEqualTo("first");
        assertThat(model.requests()).hasSize(3).containsOnly(model.requests().get(0));
    }

    @Test
    void selfConsistencyWithTheBiasCheckSamplesBothOrders() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> reply(firstShownOption(request, CLARITY)));

        DirectResult result;
        try (DirectJudge judge =
                judge(model).selfConsistency(3).checkPositionalBias(true).build()) {
            result = judge.evaluate("Hold the reset button.", CLARITY);
        }

        assertThat(model.requestCount()).isEqualTo(6);
        assertThat(result.agreement()).isEqualTo(1.0);
        assertThat(result.positionalBiasDetected()).isTrue();
    }

    @Test
    void selfConsistencyMustBeBetweenOneAndTheMaximum() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DirectJudge.builder().selfConsistency(0))
                .withMessageContaining("between 1 and 25, but is: 0");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DirectJudge.builder().selfConsistency(26))
                .withMessageContaining("but is: 26");
    }

    @Test
    void manyInstancesAreJudgedInParallelWithinTheConcurrencyAndComeBackInOrder() {
        CyclicBarrier pairs = new CyclicBarrier(2);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                // Two calls must be in flight together for either to finish: proves they run in parallel.
                pairs.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
            return reply(user(request).contains("clear answer") ? "Clear" : "Unclear");
        });
        List<Instance> instances = List.of(
                        "clear answer 1", "muddled 2", "clear answer 3", "muddled 4", "clear answer 5", "muddled 6")
                .stream()
                .map(Instance::ofResponse)
                .toList();

        List<DirectResult> results;
        try (DirectJudge judge = judge(model).concurrency(2).build()) {
            results = judge.evaluate(instances, CLARITY);
        }

        assertThat(results)
                .extracting(DirectResult::option)
                .containsExactly("Clear", "Unclear", "Clear", "Unclear", "Clear", "Unclear");
        assertThat(most).hasValue(2);
    }

    @Test
    void identicalInstancesAreJudgedOnceAndShareTheResult() {
        // Identical requests share one recorded sequence; judged separately in parallel, they could swap samples.
        ScriptedChatModel model = ScriptedChatModel.answering(
                request -> reply(user(request).contains("clear answer") ? "Clear" : "Unclear"));
        Instance same = Instance.ofResponse("clear answer");

        List<DirectResult> results;
        try (DirectJudge judge =
                judge(model).selfConsistency(3).checkPositionalBias(true).build()) {
            results = judge.evaluate(List.of(same, Instance.ofResponse("muddled"), same), CLARITY);
        }

        assertThat(model.requestCount())
                .as("3 samples in 2 orders for each of 2 distinct instances")
                .isEqualTo(12);
        assertThat(results).extracting(DirectResult::option).containsExactly("Clear", "Unclear", "Clear");
        assertThat(results.get(2)).isSameAs(results.get(0));
    }

    @Test
    void aMissingFieldFailsBeforeAnyCallAndNamesTheFix() {
        ScriptedChatModel model = ScriptedChatModel.replying();

        try (DirectJudge judge = judge(model).build()) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.evaluate("Hold it.", RELEVANCE))
                    .withMessageContaining("reads field 'question'")
                    .withMessageContaining("Fix:");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.evaluate(Arrays.asList(ANSWER, null), RELEVANCE))
                    .withMessageContaining("Instance 2 of 2 is null");
        }
        assertThat(model.requestCount()).isZero();
    }

    @Test
    void aBareTextIsTheCriteriasEvaluatedField() {
        Criteria onSummary = CLARITY.withToEvaluateField("summary");
        ScriptedChatModel model = ScriptedChatModel.replying(reply("Clear"));

        try (DirectJudge judge = judge(model).build()) {
            assertThat(judge.evaluate("Short summary.", onSummary).option()).isEqualTo("Clear");
        }
        assertThat(user(model.requests().get(0))).contains("## The summary to evaluate\n\n<<data-");
        assertThat(PromptData.after(user(model.requests().get(0)), "## The summary to evaluate\n\n"))
                .isEqualTo("Short summary.");
    }

    @Test
    void aJudgeNeedsAChatModelAndStopsWorkingWhenClosed() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DirectJudge.builder().build())
                .withMessageContaining("no chat model")
                .withMessageContaining("JudgeModels.chatModel(settings)");
        DirectJudge judge = judge(ScriptedChatModel.replying(reply("Clear"))).build();
        judge.close();
        assertThatThrownBy(() -> judge.evaluate("text", CLARITY))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed");
    }
}
