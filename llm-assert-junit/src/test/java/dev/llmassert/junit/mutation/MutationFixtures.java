package dev.llmassert.junit.mutation;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.testing.AppModels;
import dev.llmassert.junit.testing.AppModels.AppModel;
import dev.llmassert.junit.testing.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A small application under a mutation check: two answers of its model (langchain4j's OpenAI client, recorded from
 * the loopback server), read by three tests: a grounded check, a plain check of one word, and a test that reads no
 * answer.
 */
public final class MutationFixtures {

    static final String MANUAL = "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does "
            + "not cover damage from water or power surges. To reset the router, hold the reset button for 15 "
            + "seconds, until the light turns amber.";
    static final String WARRANTY_QUESTION = "How long is the warranty of the Nimbus R2?";
    static final String WARRANTY = "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does"
            + " not cover damage from water or power surges.";
    static final String RESET_QUESTION = "How do I reset the router?";
    static final String RESET = "Hold the reset button for 15 seconds, until the light turns amber.";

    private MutationFixtures() {}

    /**
     * Records the application's answers for {@link Support} into {@code dir} through the loopback server, and gives
     * the configuration of a mutation check that replays them with the server stopped.
     */
    public static Map<String, String> recorded(Path dir, Path reportDir) {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(
                    request -> Reply.content(request.lastUserMessage().contains("reset") ? RESET : WARRANTY));
            Runs.run(
                    Support.class,
                    ConfigKeys.RECORDINGS_MODE,
                    RecordingMode.RECORD.id(),
                    ConfigKeys.RECORDINGS_DIR,
                    dir.toString(),
                    AppModels.BASE_URL,
                    server.baseUrl());
        }
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, Support.class.getName());
        configuration.put(ConfigKeys.RECORDINGS_MODE, RecordingMode.REPLAY.id());
        configuration.put(ConfigKeys.RECORDINGS_DIR, dir.toString());
        configuration.put(ConfigKeys.REPORT_DIR, reportDir.toString());
        configuration.put(ConfigKeys.CONSOLE, "off");
        configuration.put(AppModels.BASE_URL, "http://127.0.0.1:9/v1");
        return configuration;
    }

    @LlmJudge
    @ExtendWith(AppModels.class)
    public static class Support {

        @Test
        void theWarrantyAnswerIsGrounded(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat(WARRANTY_QUESTION);

            assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.7);
        }

        @Test
        void theWarrantyAnswerNamesItsTerm(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat(WARRANTY_QUESTION);

            assertThat(answer).contains("two-year");
        }

        @Test
        void theResetAnswerIsGroundedOnAverage(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat(RESET_QUESTION);

            assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.5);
        }

        @Test
        void readsNoAnswer() {
            assertThat(MANUAL).contains("warranty");
        }
    }
}
