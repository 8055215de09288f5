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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A small application under a mutation check: three answers of its model (langchain4j's OpenAI client, recorded from
 * the loopback server), read by four tests: a grounded check, a plain check of one word, a test whose application
 * code reads the answer (and throws on one it cannot read), and a test that reads no answer.
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
    static final String RESTART_QUESTION = "How long do I wait before I plug the router back in?";
    static final String RESTART = "Unplug the power adapter, wait 10 seconds, and plug it back in.";

    private MutationFixtures() {}

    /**
     * A fresh folder for a fixture's recordings, at the same path under the working directory in every run: a mutant's
     * answer is named by its recordings file, and the same name gives the same mutants for the seed.
     */
    static Path freshRecordings(String name) {
        Path dir = Path.of("target", "mutation-fixtures", name);
        try (Stream<Path> paths = Files.exists(dir) ? Files.walk(dir) : Stream.empty()) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /**
     * Records the application's answers for {@link Support} into {@code dir} through the loopback server, and gives
     * the configuration of a mutation check that replays them with the server stopped.
     */
    public static Map<String, String> recorded(Path dir, Path reportDir) {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content(
                    request.lastUserMessage().contains("reset")
                            ? RESET
                            : request.lastUserMessage().contains("plug") ? RESTART : WARRANTY));
            for (Class<?> fixture : List.of(Support.class, FailsWithoutMutants.class)) {
                Runs.run(
                        fixture,
                        ConfigKeys.RECORDINGS_MODE,
                        RecordingMode.RECORD.id(),
                        ConfigKeys.RECORDINGS_DIR,
                        dir.toString(),
                        AppModels.BASE_URL,
                        server.baseUrl());
            }
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
        void theRestartWaitsTenSeconds(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat(RESTART_QUESTION);

            assertThat(RestartStep.of(answer).waitSeconds()).isEqualTo(10);
        }

        @Test
        void readsNoAnswer() {
            assertThat(MANUAL).contains("warranty");
        }
    }

    /** A class whose only test reads an answer and fails without mutants: the check leaves it out and says why. */
    @LlmJudge
    @ExtendWith(AppModels.class)
    public static class FailsWithoutMutants {

        @Test
        void promisesALifetimeWarranty(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat(WARRANTY_QUESTION);

            assertThat(answer).contains("lifetime");
        }
    }

    /**
     * The application's reading of a restart instruction: one sentence that says how long to wait. An answer it cannot
     * read is an error of the application ({@link IllegalStateException}), not a failed assertion.
     */
    record RestartStep(int waitSeconds) {

        private static final Pattern WAIT = Pattern.compile("wait (\\d+) seconds");

        static RestartStep of(String answer) {
            long sentences = answer.chars().filter(c -> c == '.').count();
            Matcher wait = WAIT.matcher(answer);
            if (sentences != 1 || !wait.find()) {
                throw new IllegalStateException("Not one restart step with a wait: " + answer);
            }
            return new RestartStep(Integer.parseInt(wait.group(1)));
        }
    }
}
