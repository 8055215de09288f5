package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * Conversations under {@link LlmJudge}: an injected {@link ConversationRecorder} per test, published as a report
 * entry; a judged criteria under the local judge says that it needs an LLM judge; soft assertions collect every failed
 * check of a conversation.
 */
class ConversationExtensionTest {

    static final Conversation CHAT = Conversation.builder()
            .turn("My order is NR-20417. How do I restart the router?", "Unplug the power adapter, wait 10 seconds.")
            .turn("Thanks! What was my order?", "Your order is NR-20417.")
            .build();

    @Test
    void aRecorderIsInjectedAndItsConversationPublishedAfterTheTest() {
        EngineExecutionResults results = run(Chats.class);

        results.testEvents().assertStatistics(s -> s.started(3).succeeded(1).failed(2));
        List<Map<String, String>> entries = reportEntries(results, "recorded");
        assertThat(entries)
                .filteredOn(entry -> entry.containsKey("llmassert.conversation"))
                .singleElement()
                .satisfies(entry -> assertThat(entry.get("llmassert.conversation"))
                        .contains("turn 1", "My order is NR-20417.", "turn 2", "Your order is NR-20417."));
    }

    @Test
    void aJudgedCriteriaUnderTheLocalJudgeSaysThatItNeedsAnLlmJudge() {
        Throwable failure = failureOf(run(Chats.class), "staysInRoleUnderTheLocalJudge");

        assertThat(failure)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("staysInRole(...) asks a chat model to judge, but the judge provider is 'local'")
                .hasMessageContaining("@LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")");
    }

    @Test
    void softAssertionsCollectEveryFailedCheckOfAConversation() {
        Throwable failure = failureOf(run(Chats.class), "softly");

        assertThat(failure)
                .hasMessageContaining("Multiple Failures (2 failures)")
                .hasMessageContaining("to have at most 1 turn")
                .hasMessageContaining("  ✗ turn 1");
    }

    @LlmJudge
    static class Chats {

        @Test
        void recorded(ConversationRecorder recorder) {
            recorder.user("My order is NR-20417.").replied("Thank you, noted.");
            recorder.user("Which order was it?").reply(message -> "Your order is NR-20417.");

            assertThat(recorder.conversation()).turn(2).contains("NR-20417");
        }

        @Test
        void staysInRoleUnderTheLocalJudge() {
            assertThat(CHAT).staysInRole("the Nimbus support assistant");
        }

        @Test
        void softly() {
            LlmSoftAssertions softly = new LlmSoftAssertions();
            softly.assertThat(CHAT).hasAtMostTurns(1);
            softly.assertThat(CHAT).neverSays("wait 10 seconds");
            softly.assertThat(CHAT).remembers("NR-20417");
            softly.assertAll();
        }
    }
}
