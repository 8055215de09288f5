package dev.llmassert.junit.mutation;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.ConversationRecorder;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.LlmSoftAssertions;
import dev.llmassert.junit.chats.ChatScript;
import dev.llmassert.junit.chats.SupportChat;
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
 * A user's conversation suite under a mutation check: a support chat (a langchain4j AI service with a chat memory)
 * talks with a simulated customer, both models through {@code evaluator.recorded(...)} and langchain4j's real OpenAI
 * client, recorded from the loopback server ({@link ChatScript} plays both parts), then replayed with the server
 * stopped. The conversation has four turns; the customer ends it with {@value UserSimulator#GOAL_REACHED}.
 */
public final class ConversationFixtures {

    private ConversationFixtures() {}

    /**
     * Records the conversation of {@link SupportChatWithACustomer} into {@code dir} through the loopback server, and
     * gives the configuration of a mutation check of that class with the server stopped; the recordings mode is left
     * to the caller (or to the environment variable {@code CI}).
     */
    public static Map<String, String> recorded(Path dir, Path reportDir) {
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ChatScript::reply)) {
            Runs.run(
                    SupportChatWithACustomer.class,
                    ConfigKeys.RECORDINGS_MODE,
                    RecordingMode.RECORD.id(),
                    ConfigKeys.RECORDINGS_DIR,
                    dir.toString(),
                    AppModels.BASE_URL,
                    server.baseUrl());
        }
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, SupportChatWithACustomer.class.getName());
        configuration.put(ConfigKeys.RECORDINGS_DIR, dir.toString());
        configuration.put(ConfigKeys.REPORT_DIR, reportDir.toString());
        configuration.put(ConfigKeys.CONSOLE, "off");
        configuration.put(AppModels.BASE_URL, "http://127.0.0.1:9/v1");
        return configuration;
    }

    @LlmJudge
    @ExtendWith(AppModels.class)
    public static class SupportChatWithACustomer {

        /** Each of the four turns judged on its own: a failing turn does not stop the others from being judged. */
        @Test
        void everyTurnIsGroundedInTheManual(Evaluator evaluator, AppModel app, ConversationRecorder recorder) {
            Conversation conversation = talk(evaluator, app, recorder);

            LlmSoftAssertions softly = new LlmSoftAssertions();
            for (int turn = 1; turn <= 4; turn++) {
                softly.assertThat(conversation)
                        .turn(turn)
                        .isGroundedIn(ChatScript.MANUAL)
                        .withMinScore(0.7);
            }
            softly.assertAll();
        }

        @Test
        void theLastTurnNamesTheOrderNumberOfTheFirst(
                Evaluator evaluator, AppModel app, ConversationRecorder recorder) {
            Conversation conversation = talk(evaluator, app, recorder);

            assertThat(conversation).hasAtMostTurns(4).remembers("NR-20417");
            assertThat(conversation).turn(4).contains("NR-20417");
        }

        private static Conversation talk(Evaluator evaluator, AppModel app, ConversationRecorder recorder) {
            ChatModel model = evaluator.recorded(app.model());
            SupportChat chat = SupportChat.create(model, recorder.listeners());
            UserSimulator customer = UserSimulator.builder()
                    .persona("A customer whose new Nimbus R2 router shows a blinking red light")
                    .goal("Get the router online again, or know whom to ask")
                    .model(model)
                    .maxTurns(6)
                    .build();
            return recorder.simulate(customer, message -> chat.chat("customer-1", message));
        }
    }
}
