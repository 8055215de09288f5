package dev.llmassert.junit.mutation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.junit.MutationCheck;
import dev.llmassert.junit.MutationCheck.Mutant;
import dev.llmassert.junit.chats.ChatScript;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The mutation check on a conversation suite with a simulated customer ({@link ConversationFixtures}): only the
 * assistant's four replies are changed, never the customer's messages or the token that ends the conversation; the
 * turns after a changed one replay as recorded, so a change in turn 2 of 4 is judged by the checks of all four turns;
 * a mutant is killed by a failed assertion only; and the result is the same whether the run without mutants replays
 * (as with {@code CI=true}) or records what is missing (as without).
 */
class ConversationMutationCheckTest {

    private static final String TURN_TWO = "Unplug the power adapter, wait 10 seconds, and plug it back in.";

    @TempDir
    Path dir;

    @Test
    void onlyTheAssistantsRepliesChangeAndTheTurnsAfterAChangeAreJudgedTheSameWithAndWithoutCi() throws IOException {
        Map<String, String> configuration =
                ConversationFixtures.recorded(MutationFixtures.freshRecordings("conversation"), dir);

        MutationCheck ci = check(configuration, RecordingMode.REPLAY, "ci");
        MutationCheck local = check(configuration, RecordingMode.RECORD_MISSING, "local");

        assertThat(local.withoutTimings())
                .as("the same with and without CI=true")
                .isEqualTo(ci.withoutTimings());
        JsonNode mutations = new ObjectMapper()
                .readTree(dir.resolve("ci/report.json").toFile())
                .path("mutations");
        assertThat(mutations.path("answers").asInt())
                .as("the assistant's four replies; the customer's five messages are not answers of the application")
                .isEqualTo(4);
        List<String> replies = new ArrayList<>(ChatScript.ASSISTANT.values().stream()
                .map(reply -> reply.replace("{order}", "NR-20417"))
                .toList());
        assertThat(ci.results()).isNotEmpty().allSatisfy(mutant -> {
            String original = mutant.diff().get(0).substring(2);
            assertThat(replies).anySatisfy(reply -> assertThat(reply).contains(original));
            assertThat(ChatScript.CUSTOMER)
                    .noneSatisfy(message -> assertThat(message).contains(original));
            assertThat(mutant.diff()).noneSatisfy(line -> assertThat(line).contains(UserSimulator.GOAL_REACHED));
        });

        // no call of a mutant's run reached a model or missed: every mutant has a verdict, and each kill is an
        // assertion
        assertThat(ci.needsJudge() + ci.needsApplication() + ci.notReplayable() + ci.errored())
                .isZero();
        assertThat(ci.killed() + ci.survived()).isEqualTo(ci.mutants());
        assertThat(ci.results())
                .flatMap(Mutant::outcomes)
                .filteredOn(outcome -> outcome.contains(": killed: "))
                .isNotEmpty()
                .allSatisfy(outcome -> assertThat(outcome)
                        .doesNotContain("Exception")
                        .containsAnyOf(": killed: Expecting ", ": killed: Multiple Failures"));

        // a change in turn 2: the customer's turn 3 and 4 and the end, and the assistant's replies, replay as recorded
        Mutant turnTwo = ci.results().stream()
                .filter(m -> m.operator().equals("number") && m.diff().get(0).equals("- " + TURN_TWO))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no number mutant of turn 2 in " + ci.summary()));
        assertThat(turnTwo.status()).isEqualTo("killed");
        assertThat(turnTwo.followedCalls())
                .as("five later calls in each of the two tests")
                .isEqualTo(10);
        JsonNode everyTurn = test(mutations, turnTwo.id(), "everyTurnIsGroundedInTheManual");
        assertThat(everyTurn.path("outcome").asText()).isEqualTo("killed");
        assertThat(everyTurn.path("detail").asText())
                .contains(turnTwo.diff().get(1).substring(2));
        assertThat(everyTurn.path("passedChecks"))
                .as("turns 1, 3 and 4 were judged and passed, after the change in turn 2")
                .hasSize(3)
                .allSatisfy(check -> assertThat(check.asText()).startsWith("groundedness PASSED"));
        assertThat(test(mutations, turnTwo.id(), "theLastTurnNamesTheOrderNumberOfTheFirst")
                        .path("passedChecks"))
                .as("the last turn was judged")
                .isNotEmpty();
    }

    private MutationCheck check(Map<String, String> configuration, RecordingMode mode, String name) {
        Map<String, String> settings = new HashMap<>(configuration);
        settings.put(ConfigKeys.RECORDINGS_MODE, mode.id());
        settings.put(ConfigKeys.REPORT_DIR, dir.resolve(name).toString());
        return MutationCheck.run(settings);
    }

    private static JsonNode test(JsonNode mutations, String mutant, String method) {
        for (JsonNode result : mutations.path("results")) {
            if (result.path("id").asText().equals(mutant)) {
                for (JsonNode test : result.path("tests")) {
                    if (test.path("displayName").asText().startsWith(method + "(")) {
                        return test;
                    }
                }
            }
        }
        throw new AssertionError("no test " + method + " of mutant " + mutant);
    }
}
