package dev.llmassert.springai.internal;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.MessageType;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Every message of {@code llm-assert-spring-ai} that says what went wrong and how to fix it. The types that raise them
 * pass names and values.
 */
@API(status = INTERNAL, since = "0.1")
public final class SpringAiMessages {

    private static final String NL = System.lineSeparator();

    private SpringAiMessages() {}

    public static String nullModel() {
        return "model must be the Spring AI ChatModel to record and replay, but is: null." + NL
                + "Fix: pass the application's ChatModel (e.g. the OpenAiChatModel bean).";
    }

    public static String nullFile() {
        return "file must be the recordings file, e.g. src/test/resources/llm-recordings/com.example.BotTest.json,"
                + " but is: null.";
    }

    public static String nullMode(String allowed) {
        return "mode must be one of " + allowed + ", but is: null.";
    }

    public static String nullEvaluator() {
        return "evaluator must be the Evaluator of the running test, but is: null." + NL
                + "Fix: declare an Evaluator parameter on the @LlmJudge test method and pass it.";
    }

    public static String unknownMessageType(MessageType type) {
        return "A Spring AI message of type " + type + " has no place in a recorded request." + NL
                + "Fix: send system, user, assistant and tool messages only.";
    }

    public static String unreadableToolSchema(String tool, String schema, Exception cause) {
        return "The input schema of the tool '" + tool + "' cannot be read as a JSON schema, so its request cannot be"
                + " keyed: " + cause.getMessage() + NL
                + "Schema: " + schema + NL
                + "Fix: give the tool a JSON object schema (Spring AI makes one from a @Tool method's parameters).";
    }

    public static String emptyStream(String model) {
        return "The stream of " + model + " ended without a reply, so there is nothing to record." + NL
                + "Fix: check the model's endpoint; a stream that the server ends at once is not a reply.";
    }

    public static String notRecorded(String model) {
        return "The application's ChatModel '" + model + "' was called live, not recorded, because "
                + ConfigKeys.SPRING_AI_RECORD + "=off." + NL
                + "Fix: remove " + ConfigKeys.SPRING_AI_RECORD + "=off to record its calls and replay them in CI"
                + " with no key and no network.";
    }

    public static String notRecordedInMutantRun() {
        return "A mutant's run of the mutation check calls no model, but " + ConfigKeys.SPRING_AI_RECORD
                + "=off sends the application's calls to its ChatModel live, unrecorded." + NL
                + "Fix: run the mutation check with the Spring Boot wiring on (remove " + ConfigKeys.SPRING_AI_RECORD
                + "=off), so that the application's answers are recorded, replayed and changed.";
    }

    public static String noRunningTest(String model) {
        return "The application's ChatModel '" + model + "' was called while no @LlmJudge test method runs, so the"
                + " call has no recordings to go to." + NL
                + "It is recorded for a call made inside a test method (on its thread, or on the application's"
                + " threads while the method runs). A call from @BeforeAll, @BeforeEach, a static initializer or"
                + " the application's start-up is not." + NL
                + "Fix: make the call from the test method; or record it with SpringAiRecordings.wrap(model, file,"
                + " mode); or set " + ConfigKeys.SPRING_AI_RECORD + "=off to call the model live.";
    }

    public static String severalRunningTests(String model, List<String> tests) {
        return "The application's ChatModel '" + model + "' was called on a thread of the application's own while "
                + tests.size() + " @LlmJudge test methods of one Spring test context run at once: "
                + String.join(", ", tests) + ". The call could belong to any of them." + NL
                + "Fix: run these tests one after another (@Execution(SAME_THREAD) on the class), or call the model on"
                + " the test's own thread.";
    }

    public static String noChatModelBean(String testClass) {
        return testClass + " is an @LlmJudge test of a Spring application context with no Spring AI ChatModel bean,"
                + " so there is nothing to record." + NL
                + "Fix: add a model starter (e.g. spring-ai-starter-model-openai) to the application, or set "
                + ConfigKeys.SPRING_AI_RECORD + "=off when the test needs no model.";
    }

    public static String mockNotRecorded(String bean) {
        return "The ChatModel bean '" + bean + "' is a Mockito mock (@MockitoBean): it is the test's own stand-in,"
                + " and its calls are not recorded.";
    }

    public static String noJudgeBean() {
        return "@SpringAiJudge found no Spring AI ChatModel bean in the test's application context to judge with."
                + NL + "Fix: add a model starter (e.g. spring-ai-starter-model-openai), declare a ChatModel @Bean in"
                + " a @TestConfiguration, or pass the model: SpringAiJudge.of(chatModel).";
    }

    public static String severalJudgeBeans(List<String> beans) {
        return "@SpringAiJudge found " + beans.size() + " Spring AI ChatModel beans in the test's application"
                + " context: " + String.join(", ", beans) + ", and cannot tell which one judges." + NL
                + "Fix: name it: @RegisterExtension static SpringAiJudge judge = SpringAiJudge.bean(\"" + beans.get(0)
                + "\");";
    }

    public static String judgeBeanNotFound(String bean, List<String> beans) {
        return "SpringAiJudge.bean(\"" + bean + "\") names no Spring AI ChatModel bean of the test's application"
                + " context; its ChatModel beans are: " + (beans.isEmpty() ? "none" : String.join(", ", beans)) + "."
                + NL + "Fix: name one of them.";
    }

    public static String judgeIsMock(String bean) {
        return "The ChatModel bean '" + bean + "' that would judge is a Mockito mock (@MockitoBean): a mock cannot"
                + " judge." + NL
                + "Fix: name a real model with SpringAiJudge.bean(...), or pass one: SpringAiJudge.of(chatModel).";
    }

    public static String noApplicationContext(String testClass) {
        return "@SpringAiJudge takes the judge's ChatModel from the test's Spring application context, but "
                + testClass + " does not run in one." + NL
                + "Fix: annotate the class with @SpringBootTest (or @SpringJUnitConfig), or pass the model:"
                + " @RegisterExtension static SpringAiJudge judge = SpringAiJudge.of(chatModel);";
    }

    public static String nullJudgeModel() {
        return "SpringAiJudge.of(chatModel) needs the Spring AI ChatModel that judges, but it is null." + NL
                + "Fix: pass a model, e.g. OpenAiChatModel.builder()...build(), or use SpringAiJudge.bean(name) in a"
                + " Spring test.";
    }

    public static String noSuchConversation(String id, List<String> recorded) {
        return "The ChatClientRecorder recorded no call in the conversation '" + id + "'; it recorded "
                + (recorded.isEmpty() ? "no call at all" : "the conversations " + String.join(", ", recorded)) + "."
                + NL + "Fix: pass the conversation id the application gives ChatMemory.CONVERSATION_ID, and check that"
                + " its ChatClient has the recorder's advisors (ChatClient.builder(model).defaultAdvisors("
                + "recorder.advisors()), or the Spring Boot wiring's auto-configured ChatClient.Builder).";
    }

    public static String unsupportedJudgeMessage(String type) {
        return "A " + type + " message cannot be sent to a Spring AI model by llm-assert's judges." + NL
                + "Fix: judges and the user simulator send system, user, assistant and tool messages only; this is a"
                + " bug to report with the check that sent it.";
    }

    public static String nullMemory(boolean memoryMissing) {
        return (memoryMissing
                        ? "SpringAiConversations.of(memory, conversationId) needs the application's ChatMemory, but it"
                                + " is null."
                        : "SpringAiConversations.of(memory, conversationId) needs the conversation id, but it is"
                                + " blank.")
                + NL + "Fix: pass the ChatMemory bean and the id the application gives ChatMemory.CONVERSATION_ID.";
    }

    public static String blankJudgeBean() {
        return "SpringAiJudge.bean(name) needs the name of the ChatModel bean that judges, but it is blank." + NL
                + "Fix: pass the bean's name, e.g. SpringAiJudge.bean(\"judgeChatModel\").";
    }

    public static String nullEvaluatorJudge(String evaluator) {
        return evaluator + " needs the llm-assert judge that evaluates, but it is null." + NL
                + "Fix: pass the judge of an @LlmJudge test (a GroundednessJudge or DirectJudge parameter), or build"
                + " one: Judges.groundedness(JudgeSettings.defaults()), DirectJudge.builder().chatModel(...).build().";
    }

    public static String minScoreOutOfRange(double minScore) {
        return "minScore must be between 0.0 and 1.0, but is: " + minScore + "." + NL
                + "Fix: pass the share of the response that must be supported, e.g. 0.7.";
    }

    public static String nullCriteria() {
        return "CriteriaEvaluator needs the criteria to judge on, but it is null." + NL
                + "Fix: pass one of the catalog's (CriteriaCatalog.ANSWER_RELEVANCE, ...) or your own"
                + " (CriteriaLoader.fromClasspath(\"criteria/tone.json\")).";
    }

    public static String criteriaWithoutScores(String criteria) {
        return "The criteria '" + criteria + "' has no scores on its options, so no score can be held to a minimum."
                + NL + "Fix: expect an option with withOption(...), or give every option a score.";
    }

    public static String noResponseToEvaluate(String evaluator) {
        return evaluator + " was given an EvaluationRequest with no response content to judge." + NL
                + "Fix: pass the answer as the request's response content: new EvaluationRequest(question,"
                + " documents, answer).";
    }

    public static String noDocumentsToEvaluate() {
        return "GroundednessEvaluator was given an EvaluationRequest with no document that has text, so the answer"
                + " has nothing to be grounded in." + NL
                + "Fix: pass the documents the model was given: new EvaluationRequest(question, documents, answer),"
                + " e.g. the ChatResponse's QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS.";
    }

    public static String missingCriteriaField(String criteria, String field) {
        return "The criteria '" + criteria + "' shows the judge the field '" + field + "', which the"
                + " EvaluationRequest does not fill." + NL
                + "Fix: "
                + (field.equals("question")
                        ? "give the request the user's question as its user text."
                        : "give the request documents: their texts, joined, fill '" + field + "'.");
    }
}
