package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.LoopbackChatServer.ToolCallReply;
import dev.llmassert.junit.internal.report.ReportRuns;
import dev.llmassert.junit.testing.LoopbackOpenAi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * What a new user meets with an agent under {@code @LlmJudge}: a langchain4j AI service whose model goes through
 * {@code evaluator.recorded(model)}, the real OpenAI client against the loopback server speaking tool calling, run
 * through the JUnit Platform's launcher with the run report's listener. The tools' class is compiled here, as a user's
 * project without {@code -parameters} compiles it, so that langchain4j names its parameters {@code arg0, arg1}.
 */
class AgentsUnderTheExtensionTest {

    static final String REQUEST = "Please refund order A-1042, it arrived broken.";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The tools, compiled without -parameters, and the endpoint of the fixtures' model: set before each run. */
    static volatile Object tools;

    static volatile String baseUrl;

    private static LoopbackChatServer server;
    private static Path toolClasses;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeAll
    static void compileTheToolsWithoutParameterNames() throws Exception {
        toolClasses = Files.createTempDirectory("tools-without-parameters");
        Path source = toolClasses.resolve("RefundTools.java");
        Files.writeString(source, """
                import dev.langchain4j.agent.tool.Tool;

                public class RefundTools {
                    @Tool("Refunds the payment of an order")
                    public String refundOrder(String orderId, int amount) {
                        return "A refund of " + amount + " dollars for order " + orderId + " has been issued.";
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(
                null,
                null,
                null,
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                toolClasses.toString(),
                source.toString());
        assertThat(status).as("javac of RefundTools").isZero();
        URLClassLoader loader = new URLClassLoader(
                new URL[] {toolClasses.toUri().toURL()}, AgentsUnderTheExtensionTest.class.getClassLoader());
        tools = loader.loadClass("RefundTools").getConstructor().newInstance();
        server = LoopbackChatServer.start().respondWith(AgentsUnderTheExtensionTest::refundScript);
        baseUrl = server.baseUrl();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void anArgumentNamedArgNSaysTheToolsWereCompiledWithoutParametersAndHowToFixIt() {
        TestExecutionSummary summary = run("record-missing", RefundAgent.class);

        assertThat(summary.getFailures()).hasSize(1);
        assertThat(summary.getFailures().get(0).getException())
                .hasMessageContainingAll(
                        "to call \"refundOrder\" with orderId = \"A-1042\", but none of its 1 call of it did",
                        "refundOrder {\"arg0\":\"A-1042\",\"arg1\":198}",
                        "The arguments of \"refundOrder\" are named arg0, arg1 instead of orderId: its class was"
                                + " compiled without -parameters, so langchain4j named each parameter by its position.",
                        "Fix: compile with parameter names (Maven: <parameters>true</parameters> in the"
                                + " maven-compiler-plugin's configuration; Gradle:"
                                + " options.compilerArgs.add(\"-parameters\")), or name each parameter of the tool"
                                + " with @P(name = \"orderId\", value = ...).");
    }

    @Test
    void theApplicationsLiveModelCallsCountInTheReportAndTheSummary() throws IOException {
        run("record-missing", RefundAgent.class);

        JsonNode run = JSON.readTree(dir.resolve("report.json").toFile()).path("run");
        assertThat(run.path("localOnly").asBoolean()).isFalse();
        assertThat(run.path("systemCalls").path("count").asInt()).isEqualTo(2);
        assertThat(run.path("systemCalls").path("replayed").asInt()).isZero();
        assertThat(run.path("systemCalls").path("models"))
                .extracting(JsonNode::asText)
                .containsExactly("gpt-4o-mini");
        // the loopback server reports 20 tokens in and 10 out per call
        assertThat(run.path("tokens").path("input").asInt()).isEqualTo(40);
        assertThat(run.path("tokens").path("output").asInt()).isEqualTo(20);
        assertThat(run.path("systemCalls").path("cost").path("priceKnown").asBoolean())
                .isTrue();
        assertThat(summaryLine())
                .matches("llm-assert: 0 checks: no check reached a verdict, as 1 of 1 test failed before one; the"
                        + " first: RefundAgent.refundsTheOrder\\(Evaluator\\), AssertionError: Expecting the"
                        + " agent's trajectory; 60 tokens, ~\\$0\\.0000 \\(0 replayed, 0 live; 2 calls of the"
                        + " application's model, 0 replayed\\); report: .*");
    }

    @Test
    void aReplayedAgentsModelCallsCountTooAndAGroundedAnswerIsOneCheck() throws IOException {
        run("record-missing", GroundedRefund.class);
        console.reset();

        TestExecutionSummary replay = run("replay", GroundedRefund.class);

        assertThat(replay.getFailures()).isEmpty();
        JsonNode run = JSON.readTree(dir.resolve("report.json").toFile()).path("run");
        assertThat(run.path("checks").asInt()).isEqualTo(1);
        assertThat(run.path("localOnly").asBoolean())
                .as("the local judge called no model, the application's model did")
                .isFalse();
        assertThat(run.path("systemCalls").path("count").asInt()).isEqualTo(2);
        assertThat(run.path("systemCalls").path("replayed").asInt()).isEqualTo(2);
        assertThat(summaryLine())
                .matches("llm-assert: 1 check, 0 failed, \\d near the bar; 60 tokens, .*\\(0 replayed, 1 live; 2 calls"
                        + " of the application's model, 2 replayed\\); report: .*");
    }

    @Test
    void aMissOfTheApplicationsModelNamesItAndItsKeyAndItsTraceHasNoFramesOfLlmAssert() {
        TestExecutionSummary replay = run("replay", RefundAgent.class);

        assertThat(replay.getFailures()).hasSize(1);
        Throwable miss = replay.getFailures().get(0).getException();
        assertThat(miss)
                .isInstanceOf(RecordingMissException.class)
                .hasMessageStartingWith("No recording for this request of the application's model (mode replay, so"
                        + " the model was not called).")
                .hasMessageContaining("with the key the application's model needs (your application reads it;"
                        + " llm-assert never does), then commit " + RefundAgent.class.getName() + ".json.")
                .hasMessageNotContaining("judge");
        assertThat(miss.getStackTrace())
                .extracting(StackTraceElement::getClassName)
                .noneMatch(name ->
                        name.startsWith("dev.llmassert.core.") || name.startsWith("dev.llmassert.junit.internal."))
                .contains(RefundAgent.class.getName());
    }

    @Test
    void aMissOfTheJudgeNamesItAndTheVariableOfItsKeyAndItsTraceStartsAtTheTest() {
        TestExecutionSummary replay = run("replay", JudgedByOpenAi.class, ConfigKeys.JUDGE_PROVIDER, "openai");

        assertThat(replay.getFailures()).hasSize(1);
        Throwable miss = replay.getFailures().get(0).getException();
        assertThat(miss)
                .isInstanceOf(RecordingMissException.class)
                .hasMessageStartingWith(
                        "No recording for this request of the judge (mode replay, so the model was" + " not called).")
                .hasMessageContaining("with the judge's API key in the environment variable OPENAI_API_KEY (named by"
                        + " llmassert.judge.api-key-env), then commit " + JudgedByOpenAi.class.getName() + ".json.");
        assertThat(miss.getStackTrace()[0].getClassName()).isEqualTo(JudgedByOpenAi.class.getName());
        assertThat(miss.getStackTrace()[0].getMethodName()).isEqualTo("grounded");
    }

    private TestExecutionSummary run(String mode, Class<?> fixture, String... more) {
        Map<String, String> parameters = new HashMap<>(Map.of(
                ConfigKeys.REPORT_DIR,
                dir.toString(),
                ConfigKeys.RECORDINGS_MODE,
                mode,
                ConfigKeys.RECORDINGS_DIR,
                dir.resolve("recordings").toString(),
                ConfigKeys.CONSOLE,
                "summary"));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], more[i + 1]);
        }
        return ReportRuns.run(parameters, new PrintStream(console, true, StandardCharsets.UTF_8), fixture);
    }

    private String summaryLine() {
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.get(lines.size() - 1);
    }

    /** A model that calls {@code refundOrder} with the parameter names the request's tool offers, then answers. */
    static Reply refundScript(ReceivedRequest request) {
        if (!request.toolResults().isEmpty()) {
            return Reply.content(String.join(" ", request.toolResults()));
        }
        List<String> names = new ArrayList<>();
        request.json()
                .path("tools")
                .get(0)
                .path("function")
                .path("parameters")
                .path("properties")
                .fieldNames()
                .forEachRemaining(names::add);
        return Reply.toolCalls(
                new ToolCallReply("refundOrder", "{\"" + names.get(0) + "\":\"A-1042\",\"" + names.get(1) + "\":198}"));
    }

    static ChatModel openAi() {
        return LoopbackOpenAi.chatModel(baseUrl);
    }

    /** The agent of the fixtures: a langchain4j AI service. */
    interface RefundService {
        Result<String> chat(String message);
    }

    static RefundService agent(Evaluator evaluator) {
        return AiServices.builder(RefundService.class)
                .chatModel(evaluator.recorded(openAi()))
                .tools(tools)
                .build();
    }

    @LlmJudge
    static class RefundAgent {

        @Test
        void refundsTheOrder(Evaluator evaluator) {
            Result<String> result = agent(evaluator).chat(REQUEST);

            assertThat(result).calledTool("refundOrder").withArgument("orderId", "A-1042");
        }
    }

    @LlmJudge
    static class GroundedRefund {

        @Test
        void refundsTheOrder(Evaluator evaluator) {
            Result<String> result = agent(evaluator).chat(REQUEST);

            assertThat(result).calledTool("refundOrder").withArgument("arg1", 198);
            assertThat(result).finalAnswer().isGroundedInToolResults().withMinScore(0.7);
        }
    }

    @LlmJudge
    static class JudgedByOpenAi {

        @Test
        void grounded() {
            assertThat("A refund of 198 dollars has been issued.")
                    .isGroundedIn("A refund of 198 dollars for order A-1042 has been issued.")
                    .withMinScore(0.7);
        }
    }
}
