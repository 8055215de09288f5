package dev.llmassert.examples.springboot;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.MutationCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The mutation check never calls the Spring application's model, and a conversation goes on after a changed turn,
 * through the Spring AI wiring as through langchain4j. Spring AI's real OpenAI client of the application is pointed at
 * a loopback server ({@code spring.ai.openai.base-url}) that answers as the recordings were made
 * ({@link SupportScript}), so a call that went live would succeed and change no outcome: only the server's count of
 * requests shows it. The check runs twice, in {@code replay} and in {@code record-missing}, the mode that would call
 * the model on a miss, on a copy of the recordings in a fixed folder under {@code target} (a live call would be
 * recorded into the copy, never into the committed files; a fixed folder, as a mutant's id holds its recordings file's
 * path, so the same mutants are drawn on every run).
 *
 * <p>Surefire runs this class in a JVM of its own (the module's POM): Spring's test context cache would otherwise hand
 * the check the application context an earlier test class built, whose client points at OpenAI's default endpoint.
 */
class SpringMutationCheckOfflineTest {

    private static final Path RECORDINGS = Path.of("src/test/resources/llm-recordings");
    private static final Path COPY = Path.of("target/llm-recordings-offline-check");
    private static final String BASE_URL = "spring.ai.openai.base-url";
    private static final String CONVERSATION_TEST =
            "SupportAssistantTest.remembersTheOrderNumberLaterInTheConversation()";

    private static LoopbackChatServer server;

    @BeforeAll
    static void startTheModelsServer() {
        // one server for the class: the application's context, built once, keeps the address it was given
        server = LoopbackChatServer.start().respondWith(SupportScript::reply);
        System.setProperty(BASE_URL, server.baseUrl());
    }

    @AfterAll
    static void stopTheModelsServer() {
        System.clearProperty(BASE_URL);
        server.close();
    }

    @Test
    void theCheckSendsNoRequestToTheModelInEitherModeAndFollowsTheConversation() throws IOException {
        Path copy = copyRecordings();
        int before = server.requestCount();

        MutationCheck replayed = check("replay", copy, Map.of());
        MutationCheck recordMissing = check("record-missing", copy, Map.of());

        assertThat(server.requestCount() - before)
                .as("requests that reached the application's model during both checks")
                .isZero();
        assertThat(files(copy))
                .as("the copy of the recordings after both checks")
                .isEqualTo(files(RECORDINGS));
        assertThat(recordMissing.statuses()).as(recordMissing.summary()).isEqualTo(replayed.statuses());
        for (MutationCheck check : List.of(replayed, recordMissing)) {
            assertThat(check.mutants()).isPositive();
            assertThat(check.leftOut()).as(check.summary()).isEmpty();
            assertThat(check.errored()).as(check.summary()).isZero();
            assertThat(check.needsApplication()).as(check.summary()).isZero();
            assertThat(check.notReplayable()).as(check.summary()).isZero();
            // a changed reply of the three-turn conversation is carried by the chat memory into the next requests,
            // which get the replies recorded at their positions: the later turns' checks judge the mutant too
            assertThat(check.results())
                    .filteredOn(m -> m.tests().contains(CONVERSATION_TEST))
                    .filteredOn(m -> m.followedCalls() > 0)
                    .as(check.summary())
                    .isNotEmpty()
                    .allSatisfy(m -> assertThat(m.status()).isIn("killed", "survived"));
        }
    }

    /**
     * With the Spring Boot wiring off ({@code llmassert.spring-ai.record=off}) the application's calls go to its model
     * unrecorded. The run without mutants makes them as the suite does; a mutant's run makes none: each call fails,
     * saying why, and the mutant is errored.
     */
    @Test
    void withTheSpringWiringOffAMutantsRunCallsNoModelAndErrsSayingWhy() throws IOException {
        Path copy = copyRecordings();
        int before = server.requestCount();
        EngineExecutionResults suite = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(SupportAssistantTest.class))
                .configurationParameter(ConfigKeys.SPRING_AI_RECORD, "off")
                .configurationParameter(ConfigKeys.RECORDINGS_DIR, copy.toString())
                .execute();
        assertThat(suite.testEvents().failed().count()).isZero();
        int oneRun = server.requestCount() - before;
        assertThat(oneRun).as("requests of one run of the suite, unrecorded").isPositive();

        MutationCheck check = check("replay", copy, Map.of(ConfigKeys.SPRING_AI_RECORD, "off"));

        assertThat(server.requestCount() - before - oneRun)
                .as("requests during the check: its run without mutants only")
                .isEqualTo(oneRun);
        assertThat(check.mutants()).as(check.summary()).isPositive();
        assertThat(check.errored()).as(check.summary()).isEqualTo(check.mutants());
        assertThat(check.results())
                .flatExtracting(MutationCheck.Mutant::outcomes)
                .allSatisfy(outcome -> assertThat(outcome)
                        .contains("errored")
                        .contains("calls no model, but llmassert.spring-ai.record=off"));
    }

    private static MutationCheck check(String mode, Path recordings, Map<String, String> more) {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, "SupportAssistantTest");
        configuration.put(ConfigKeys.MUTATION_SEED, "1");
        configuration.put(ConfigKeys.MUTATION_CONCURRENCY, "1");
        configuration.put(ConfigKeys.MUTATION_MAX_PER_ANSWER, "2");
        configuration.put(ConfigKeys.RECORDINGS_MODE, mode);
        configuration.put(ConfigKeys.RECORDINGS_DIR, recordings.toString());
        configuration.put(ConfigKeys.REPORT_DIR, "target/llm-assert-mutations/spring-" + mode);
        configuration.put(ConfigKeys.CONSOLE, "summary");
        configuration.putAll(more);
        MutationCheck check = MutationCheck.run(configuration);
        System.out.println(check.summary());
        return check;
    }

    private static Path copyRecordings() throws IOException {
        if (Files.exists(COPY)) {
            try (Stream<Path> old = Files.walk(COPY)) {
                for (Path path : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(COPY);
        try (Stream<Path> files = Files.list(RECORDINGS)) {
            for (Path file : files.toList()) {
                Files.copy(file, COPY.resolve(file.getFileName()));
            }
        }
        return COPY;
    }

    private static Map<String, String> files(Path folder) throws IOException {
        Map<String, String> contents = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                contents.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        return contents;
    }
}
