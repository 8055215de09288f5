package dev.llmassert.junit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.util.Arrays;
import java.util.regex.Matcher;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * {@code forQuestion(...)} and sentences that make no claim with an LLM groundedness judge, through the extension and
 * langchain4j's real OpenAI client against the loopback server, which plays a judge model that finds a statement
 * supported when its numbers are in the sources or in the user's question, where the request shows one.
 */
class LlmJudgeQuestionAndNoClaimTest {

    static final String POLICY = "Checked bags may weigh up to 23 kg. A heavier bag pays an overweight fee.";
    static final String QUESTION = "My checked bag weighs 27 kg. Do I have to pay extra?";
    static final String ANSWER = "Your 27 kg bag is over the 23 kg limit, so you pay the overweight fee.";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** The texts between the data tags after {@code heading}, or an empty string. */
    private static String block(String message, String heading) {
        int at = message.indexOf(heading);
        Matcher open = DataTags.OPEN_TAG.matcher(message);
        if (at < 0 || !open.find(at)) {
            return "";
        }
        return message.substring(open.end(), message.indexOf("<</data-" + open.group(1) + ">>", open.end()));
    }

    private static Reply judgeModel(ReceivedRequest request) {
        String message = request.lastUserMessage();
        String given = block(message, "SOURCE:") + " " + block(message, "QUESTION");
        boolean supported = Arrays.stream(block(message, "STATEMENT:").split("[^0-9]+"))
                .filter(number -> !number.isEmpty())
                .allMatch(number -> given.matches("(?s).*\\b" + number + "\\b.*"));
        return Reply.content(JSON.createObjectNode()
                .put("evidence", supported ? "Checked bags may weigh up to 23 kg." : "NOTHING FOUND")
                .put("score", supported ? 10 : 0)
                .toString());
    }

    @Test
    void theUsersFigurePassesWhenTheQuestionIsNamedFailsWhenItIsNotAndGreatQuestionIsLeftOut() {
        server.respondWith(LlmJudgeQuestionAndNoClaimTest::judgeModel);

        EngineExecutionResults results = run(
                BaggageAnswers.class,
                ConfigKeys.JUDGE_PROVIDER,
                "openai",
                ConfigKeys.JUDGE_BASE_URL,
                server.baseUrl(),
                ConfigKeys.JUDGE_MODEL,
                "judge-model",
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id());

        results.testEvents().assertStatistics(s -> s.started(3).succeeded(1).failed(2));
        assertThat(failureOf(results, "withoutTheQuestion"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("0.00")
                .hasMessageContaining(ANSWER)
                .hasMessageContaining("NOTHING FOUND");
        assertThat(failureOf(results, "greatQuestionAndAnInventedFigure"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("\"Great question!\"\n              no claim: left out of the score")
                .hasMessageContaining("0.00");
        // "Great question!" is never sent; each of the others is one request
        assertThat(server.requests())
                .hasSize(3)
                .noneMatch(request -> request.lastUserMessage().contains("Great question!"));
        assertThat(server.requests())
                .filteredOn(request -> request.lastUserMessage().contains(QUESTION))
                .singleElement()
                .satisfies(request ->
                        assertThat(request.lastUserMessage()).contains("QUESTION (what the user said, not a source):"));
    }

    @LlmJudge
    static class BaggageAnswers {

        @Test
        void withTheQuestion() {
            assertThat(ANSWER).forQuestion(QUESTION).isGroundedIn(POLICY).withMinScore(0.7);
        }

        @Test
        void withoutTheQuestion() {
            assertThat(ANSWER).isGroundedIn(POLICY).withMinScore(0.7);
        }

        @Test
        void greatQuestionAndAnInventedFigure() {
            assertThat("Great question! Your bag may weigh up to 32 kg.")
                    .isGroundedIn(POLICY)
                    .withMinScore(0.7);
        }
    }
}
