package dev.llmassert.junit.mutation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.MutationCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The mutation check with {@code llmassert.groundedness.cascade=on}: the baseline and every mutant are judged by the
 * cascade, so the claim-check judge behind it, through langchain4j's OpenAI client against the loopback server, is
 * asked only about the sentences the local judge is unsure of (a mutant's negated sentence), never about the one it
 * copies from the manual.
 */
class MutationCheckCascadeTest {

    private static final String MODEL = "bespokelabs/Bespoke-MiniCheck-7B";

    @TempDir
    Path dir;

    private static String claimOf(ReceivedRequest request) {
        String user = request.json().path("messages").get(1).path("content").asText();
        return user.substring(user.lastIndexOf("\nClaim: ") + "\nClaim: ".length());
    }

    @Test
    void theBaselineAndTheMutantsAreJudgedByTheCascade() throws Exception {
        Map<String, String> configuration = MutationFixtures.recorded(dir.resolve("recordings"), dir.resolve("report"));
        try (LoopbackChatServer judge = LoopbackChatServer.start()) {
            judge.respondWith(request -> MutationFixtures.MANUAL.contains(claimOf(request))
                    ? Reply.content("Yes").withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1))
                    : Reply.content("No").withLogprobs(-0.02, Map.of("No", -0.02, "Yes", -3.9)));
            configuration.put(ConfigKeys.JUDGE_PROVIDER, "openai");
            configuration.put(ConfigKeys.JUDGE_BASE_URL, judge.baseUrl());
            configuration.put(ConfigKeys.JUDGE_MODEL, MODEL);
            configuration.put(ConfigKeys.GROUNDEDNESS_CASCADE, "on");
            // surer than the default, so that the mutants' edited sentences are sent on, and not the copied ones
            configuration.put(ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE, "0.9");
            // the judge's replies are recorded as they are made; the application's answers still replay
            configuration.put(ConfigKeys.RECORDINGS_MODE, RecordingMode.RECORD_MISSING.id());

            MutationCheck check = MutationCheck.run(configuration);

            // the fixture's restart test throws on an answer that is not one step: an error, not a kill, with or
            // without the cascade (MutationCheckTest holds the same)
            assertThat(check.errored()).as(check.summary()).isEqualTo(1);
            assertThat(check.killed()).isPositive();
            // A mutant's run never calls a model: a sentence the cascade sends on that the baseline did not record
            // needs the judge behind's reply, and the mutant says so, naming the sentence.
            assertThat(check.needsJudge()).isPositive();
            assertThat(check.results())
                    .filteredOn(m -> m.status().equals("needs-judge"))
                    .as("a mutant's edited sentence, which the local judge was unsure of, went to the judge behind")
                    .anySatisfy(
                            m -> assertThat(m.diff()).contains("+ It does cover damage from water or power surges."))
                    .allSatisfy(m -> assertThat(m.outcomes())
                            .anySatisfy(o -> assertThat(o).contains("needs-judge: ")));
            List<String> claims = judge.requests().stream()
                    .map(MutationCheckCascadeTest::claimOf)
                    .toList();
            assertThat(claims)
                    .as("the baseline's unsure sentences reached the judge, a mutant's never did")
                    .isNotEmpty()
                    .doesNotContain("It does cover damage from water or power surges.");
            assertThat(claims)
                    .as("the warranty's first sentence, copied from the manual, is decided locally")
                    .doesNotContain("The Nimbus R2 has a two-year limited warranty from the date of purchase.");
        }
        JsonNode report =
                new ObjectMapper().readTree(dir.resolve("report/report.json").toFile());
        assertThat(report.path("run").path("cascade").path("decidedLocally").asInt())
                .as("the baseline's checks")
                .isPositive();
        assertThat(report.path("mutations").toString()).contains("openai:" + MODEL);
    }
}
