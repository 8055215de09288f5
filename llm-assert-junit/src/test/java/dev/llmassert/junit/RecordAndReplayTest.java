package dev.llmassert.junit;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.record.RecordingException;
import dev.llmassert.core.record.RecordingFileException;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.RecordingConfiguration;
import dev.llmassert.junit.internal.message.Messages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.llmassert.core.testing.ReadOnlyFolders.makeReadOnly;
import static dev.llmassert.core.testing.ReadOnlyFolders.makeWritable;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * The judge's calls recorded and replayed through the extension, with langchain4j's real OpenAI client against the
 * loopback chat-completions server. Every run sets the mode explicitly: the ambient {@code CI} variable must not
 * decide what these tests do.
 */
class RecordAndReplayTest {

    static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";
    static final String GROUNDED = "Hold the red button for ten seconds. The lights blink green when it is done.";
    static final String INVENTED = "Routers brew espresso every morning.";

    /** Set for the test JVM by this module's Surefire configuration: a key in the real environment. */
    private static final String KEY_VARIABLE = "JUDGE_TEST_API_KEY";

    private static final String MANUAL_PARAMETER = "test.manual";

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start().respondWith(RecordAndReplayTest::judge);

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void recordedOnceThenReplayedWithTheServerStopped() throws IOException {
        EngineExecutionResults recording = run(Judged.class, RecordingMode.RECORD_MISSING);
        recording.testEvents().assertStatistics(s -> s.started(3).succeeded(2).failed(1));
        assertThat(checkEntry(recording, "grounded")).containsEntry("llmassert.replayed", "false");
        int calls = server.requestCount();
        assertThat(calls)
                .as("2 sentences of GROUNDED, 1 of INVENTED, 1 in the nested class")
                .isEqualTo(4);
        Path file = Recordings.fileFor(dir, Judged.class.getName());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("@Nested classes record into their top-level class's file")
                    .containsExactly(file.getFileName().toString());
        }
        String recorded = Files.readString(file);
        assertThat(recorded)
                .startsWith("{\n  \"format\": 1,")
                .contains("\"model\": \"gpt-4o-mini\"")
                .contains("Routers brew espresso every morning.");

        server.close();
        EngineExecutionResults replay = run(Judged.class, RecordingMode.REPLAY);

        replay.testEvents().assertStatistics(s -> s.started(3).succeeded(2).failed(1));
        assertThat(server.requestCount()).as("requests during replay").isEqualTo(calls);
        assertThat(checkEntry(replay, "grounded"))
                .containsEntry("llmassert.replayed", "true")
                .containsEntry("llmassert.judge", "openai:gpt-4o-mini")
                .containsEntry(
                        "llmassert.score", checkEntry(recording, "grounded").get("llmassert.score"))
                .containsEntry(
                        "llmassert.tokens", checkEntry(recording, "grounded").get("llmassert.tokens"));
        assertThat(reportEntries(replay, "grounded")).contains(Map.of("judgeChatModel", "RecordingChatModel"));
        assertThat(checkEntry(replay, "nested")).containsEntry("llmassert.replayed", "true");
        assertThat(failureOf(replay, "invented"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Judge: openai:gpt-4o-mini (replayed from a recording)")
                .hasMessageContaining("NOTHING FOUND");
        assertThat(Files.readString(file)).as("replay never rewrites the file").isEqualTo(recorded);
    }

    @Test
    void replayingModesNeedNoKeyUntilARequestIsNotRecorded() {
        run(Judged.class, RecordingMode.RECORD_MISSING).testEvents().assertStatistics(s -> s.started(3));
        String noKey = "JUDGE_TEST_NO_SUCH_KEY";

        for (RecordingMode mode : List.of(RecordingMode.REPLAY, RecordingMode.RECORD_MISSING)) {
            Map<String, String> ci = parameters(mode, ConfigKeys.JUDGE_API_KEY_ENV, noKey);
            ci.remove(ConfigKeys.JUDGE_BASE_URL);
            EngineExecutionResults replay = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(Judged.class))
                    .configurationParameters(ci)
                    .execute();

            replay.testEvents().assertStatistics(s -> s.started(3).succeeded(2).failed(1));
            assertThat(checkEntry(replay, "grounded")).as("mode %s", mode).containsEntry("llmassert.replayed", "true");
        }

        EngineExecutionResults miss = run(
                Judged.class,
                RecordingMode.RECORD_MISSING,
                ConfigKeys.JUDGE_API_KEY_ENV,
                noKey,
                ConfigKeys.JUDGE_BASE_URL,
                "https://api.openai.com/v1",
                MANUAL_PARAMETER,
                MANUAL + " Unplug the router before you move it.");
        assertThat(failureOf(miss, "grounded"))
                .isInstanceOf(RecordingException.class)
                .hasMessageContaining("This judge request is not recorded, and in mode record-missing it would be "
                        + "sent to the judge model, but that model cannot be called")
                .hasMessageContaining("the environment variable " + noKey + " is not set")
                .hasMessageContaining("-Dllmassert.recordings.mode=replay");

        EngineExecutionResults record = run(
                Judged.class,
                RecordingMode.RECORD,
                ConfigKeys.JUDGE_API_KEY_ENV,
                noKey,
                ConfigKeys.JUDGE_BASE_URL,
                "https://api.openai.com/v1");
        assertThat(failureOf(record, "grounded"))
                .as("record mode calls the model for everything: the key is needed")
                .isInstanceOf(org.junit.jupiter.api.extension.ParameterResolutionException.class)
                .hasStackTraceContaining("the environment variable " + noKey + " is not set");
    }

    @Test
    void aChangedRequestFailsReplayNamingTheDifferenceTheTestTheFileAndTheCommand() {
        run(Judged.class, RecordingMode.RECORD_MISSING).testEvents().assertStatistics(s -> s.started(3));
        String edited = MANUAL.replace("ten seconds", "twelve seconds");

        EngineExecutionResults replay = run(Judged.class, RecordingMode.REPLAY, MANUAL_PARAMETER, edited);

        Path file = Recordings.fileFor(dir, Judged.class.getName()).toAbsolutePath();
        assertThat(failureOf(replay, "grounded"))
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining("No recording for this request (mode replay, so the model was not called).")
                .hasMessageContaining("test:    " + Judged.class.getName() + ".grounded()")
                .hasMessageContaining("file:    " + file)
                .hasMessageContaining("twelve seconds")
                .hasMessageContaining("-Dllmassert.recordings.mode=record-missing");
        assertThat(failureOf(replay, "grounded").getMessage())
                .containsPattern("Nearest recorded request \\(key [0-9a-f]{64}\\)");
    }

    @Test
    void aCorruptFileFailsEveryTestWithItsPathAndStaysUnchanged() throws IOException {
        Path file = Recordings.fileFor(dir, Judged.class.getName());
        byte[] corrupt = "{\"format\": 1, \"entries\": [ <<<<<<< HEAD".getBytes(StandardCharsets.UTF_8);
        Files.write(file, corrupt);

        for (RecordingMode mode : List.of(RecordingMode.REPLAY, RecordingMode.RECORD_MISSING, RecordingMode.RECORD)) {
            EngineExecutionResults results = run(Judged.class, mode);

            results.testEvents().assertStatistics(s -> s.started(3).failed(3));
            assertThat(failureOf(results, "grounded"))
                    .as("mode %s", mode)
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining("The recordings file cannot be parsed: " + file.toAbsolutePath())
                    .hasMessageContaining("It was left unchanged");
            assertThat(Files.readAllBytes(file)).isEqualTo(corrupt);
        }
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void twoHundredTestsRunningInParallelRecordEveryEntryIntoOneFile() throws IOException {
        EngineExecutionResults results = run(
                ManyInParallel.class,
                RecordingMode.RECORD_MISSING,
                "junit.jupiter.execution.parallel.enabled",
                "true",
                "junit.jupiter.execution.parallel.mode.default",
                "concurrent",
                "junit.jupiter.execution.parallel.config.strategy",
                "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism",
                "16");

        results.testEvents()
                .assertStatistics(s -> s.started(ManyInParallel.TESTS).succeeded(ManyInParallel.TESTS));
        assertThat(server.requestCount()).isEqualTo(ManyInParallel.TESTS);
        String recorded = Files.readString(Recordings.fileFor(dir, ManyInParallel.class.getName()));
        assertThat(recorded.split("\"key\": ", -1)).hasSize(ManyInParallel.TESTS + 1);
        for (int n = 0; n < ManyInParallel.TESTS; n++) {
            assertThat(recorded).contains("answer " + n + " says hold the red button.");
        }
    }

    @Test
    void theApiKeyReachesTheEndpointButNoRecordingOrReport() throws IOException {
        String key = System.getenv(KEY_VARIABLE);
        assertThat(key)
                .as(KEY_VARIABLE + " is set by this module's Surefire configuration")
                .startsWith("sk-");

        EngineExecutionResults results = run(Judged.class, RecordingMode.RECORD);

        results.testEvents().assertStatistics(s -> s.started(3));
        assertThat(server.requests())
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.header("Authorization")).isEqualTo("Bearer " + key));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files)
                .isNotEmpty()
                .allSatisfy(f -> assertThat(Files.readString(f)).doesNotContain(key));
        assertThat(reportEntries(results))
                .allSatisfy(e -> assertThat(e.toString()).doesNotContain(key));
    }

    @Test
    void unusedRecordingsAreReportedAndPrunedOnlyWhenAskedAndTheWholeClassRan() throws IOException {
        run(Judged.class, RecordingMode.RECORD_MISSING);
        Path file = Recordings.fileFor(dir, Judged.class.getName());
        String edited = MANUAL + " Unplug the router before you move it.";

        EngineExecutionResults unpruned = run(Judged.class, RecordingMode.RECORD_MISSING, MANUAL_PARAMETER, edited);
        assertThat(unusedEntry(unpruned))
                .containsEntry("llmassert.recordings.unused", "4")
                .containsEntry("llmassert.recordings.pruned", "0")
                .containsEntry(
                        "llmassert.recordings.file", file.toAbsolutePath().toString());
        assertThat(Files.readString(file).split("\"key\": ", -1))
                .as("4 old + 4 new")
                .hasSize(9);

        EngineExecutionResults filtered = EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(
                        Judged.class,
                        "grounded",
                        String.class.getName() + "," + ChatModel.class.getName() + "," + TestReporter.class.getName()))
                .configurationParameters(
                        parameters(RecordingMode.RECORD, MANUAL_PARAMETER, edited, JudgeRecordings.PRUNE_KEY, "true"))
                .execute();
        filtered.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(unusedEntry(filtered))
                .containsEntry("llmassert.recordings.pruned", "0")
                .containsEntry("llmassert.recordings.testsRun", "1/3")
                .containsEntry("llmassert.recordings.pruneSkipped", "only 1 of 3 test methods ran");
        assertThat(Files.readString(file).split("\"key\": ", -1)).hasSize(9);

        EngineExecutionResults pruned =
                run(Judged.class, RecordingMode.RECORD, MANUAL_PARAMETER, edited, JudgeRecordings.PRUNE_KEY, "true");
        assertThat(unusedEntry(pruned))
                .containsEntry("llmassert.recordings.unused", "4")
                .containsEntry("llmassert.recordings.pruned", "4");
        String remaining = Files.readString(file);
        assertThat(remaining.split("\"key\": ", -1)).hasSize(5);
        assertThat(remaining).contains("Unplug the router before you move it.");

        EngineExecutionResults clean = run(Judged.class, RecordingMode.REPLAY, MANUAL_PARAMETER, edited);
        clean.testEvents().assertStatistics(s -> s.started(3).succeeded(2).failed(1));
        assertThat(reportEntries(clean)).noneMatch(e -> e.containsKey("llmassert.recordings.unused"));
    }

    @Test
    void aFileNamedWithTheAnnotationIsReportedButNeverPruned() throws IOException {
        Path named = Path.of(NamedFile.FILE).toAbsolutePath();
        deleteRecursively(named.getParent());
        try {
            run(NamedFile.class, RecordingMode.RECORD_MISSING).testEvents().assertStatistics(s -> s.succeeded(1));
            String edited = MANUAL + " Unplug the router before you move it.";

            EngineExecutionResults results = run(
                    NamedFile.class, RecordingMode.RECORD, MANUAL_PARAMETER, edited, JudgeRecordings.PRUNE_KEY, "true");

            results.testEvents().assertStatistics(s -> s.succeeded(1));
            assertThat(unusedEntry(results))
                    .containsEntry("llmassert.recordings.file", named.toString())
                    .containsEntry("llmassert.recordings.unused", "2")
                    .containsEntry("llmassert.recordings.testsRun", "1/1")
                    .containsEntry("llmassert.recordings.pruned", "0")
                    .containsEntry("llmassert.recordings.pruneSkipped", Messages.NAMED_FILE_NOT_PRUNED);
            assertThat(Files.readString(named).split("\"key\": ", -1))
                    .as("2 old + 2 new, nothing pruned")
                    .hasSize(5);
        } finally {
            deleteRecursively(named.getParent());
        }
    }

    @Test
    void aTypoInTheModeFailsTheClassNamingTheKeyTheValueAndTheModes() {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(Judged.class))
                .configurationParameters(parameters(RecordingMode.REPLAY, JudgeRecordings.MODE_KEY, "replai"))
                .execute();

        results.testEvents().assertStatistics(s -> s.started(0));
        assertThat(containerFailure(results))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("Unsupported value for configuration key 'llmassert.recordings.mode': 'replai'")
                .hasMessageContaining("set by the JUnit configuration parameter llmassert.recordings.mode")
                .hasMessageContaining("Allowed: off, replay, record-missing, record.");
        assertThat(server.requestCount()).isZero();

        assertThat(containerFailure(run(ModeTypoOnAnnotation.class, RecordingMode.RECORD)))
                .hasMessageContaining("'llmassert.recordings.mode': 'recrod'")
                .hasMessageContaining("set by @JudgeRecordings on " + ModeTypoOnAnnotation.class.getName());
    }

    @Test
    void theAnnotationOverridesTheConfiguredModeAndFolderAndAMethodCanUseItsOwnFile() throws IOException {
        Path annotatedDir = Path.of(AnnotatedRecordings.DIR).toAbsolutePath();
        deleteRecursively(annotatedDir);
        try {
            EngineExecutionResults results = run(AnnotatedRecordings.class, RecordingMode.REPLAY);

            results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
            assertThat(server.requestCount())
                    .as("record-missing from the annotation, not replay")
                    .isEqualTo(3);
            assertThat(dir).isEmptyDirectory();
            assertThat(Recordings.fileFor(annotatedDir, AnnotatedRecordings.class.getName()))
                    .isRegularFile();
            assertThat(annotatedDir.resolve("own-file.json"))
                    .isRegularFile()
                    .content()
                    .contains("Hold the red button for ten seconds.")
                    .doesNotContain("when it is done");
        } finally {
            deleteRecursively(annotatedDir);
        }
    }

    @Test
    void aReadOnlyFolderInRecordModeFailsNamingTheFolder() throws IOException {
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        makeReadOnly(readOnly);
        try {
            EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(Judged.class))
                    .configurationParameters(
                            parameters(RecordingMode.RECORD, JudgeRecordings.DIR_KEY, readOnly.toString()))
                    .execute();

            results.testEvents().assertStatistics(s -> s.started(3).failed(3));
            assertThat(failureOf(results, "grounded"))
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining("Cannot write recordings in mode record: the folder is not writable: "
                            + readOnly.toAbsolutePath())
                    .hasMessageContaining("-Dllmassert.recordings.mode=replay");
            assertThat(server.requestCount())
                    .as("no call is made that could not be saved")
                    .isZero();
        } finally {
            makeWritable(readOnly);
        }
    }

    @Test
    void aJudgeUsedAtClassLevelLeavesEachTestItsOwnSession() throws IOException {
        EngineExecutionResults recording = run(ClassLevelJudge.class, RecordingMode.RECORD_MISSING);

        recording.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(server.requestCount())
                .as("the second test replays the first one's call: each test starts at the"
                        + " first reply of a request, not after the other test's")
                .isEqualTo(1);

        Path empty = Files.createDirectory(dir.resolve("empty"));
        EngineExecutionResults miss = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(ClassLevelJudge.class))
                .configurationParameters(parameters(RecordingMode.REPLAY, JudgeRecordings.DIR_KEY, empty.toString()))
                .execute();
        assertThat(failureOf(miss, "second"))
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining("test:    " + ClassLevelJudge.class.getName() + ".second()");
    }

    @Test
    void theLocalJudgeIsNeverRecorded() {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(LocalJudge.class))
                .configurationParameter(JudgeRecordings.MODE_KEY, "record")
                .configurationParameter(JudgeRecordings.DIR_KEY, dir.toString())
                .execute();

        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(checkEntry(results, "local")).containsEntry("llmassert.replayed", "false");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void theDefaultModeIsReplayWhenCiIsSetElseRecordMissing() {
        Map<String, String> ci = Map.of("CI", "true");
        Map<String, String> laptop = Map.of();

        assertThat(resolve(ci).mode()).isEqualTo(RecordingMode.REPLAY);
        assertThat(resolve(laptop).mode()).isEqualTo(RecordingMode.RECORD_MISSING);
        assertThat(resolve(Map.of("CI", "true", "LLMASSERT_RECORDINGS_MODE", "record"))
                        .mode())
                .isEqualTo(RecordingMode.RECORD);
        assertThat(resolve(laptop).dir()).isEqualTo(Path.of("src/test/resources/llm-recordings"));
        assertThat(resolve(laptop).pruneUnused()).isFalse();
        assertThat(resolve(Map.of("LLMASSERT_RECORDINGS_PRUNE", "yes"), "prune"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("'llmassert.recordings.prune': 'yes'")
                .hasMessageContaining("Allowed: true, false.");
    }

    private static RecordingConfiguration resolve(Map<String, String> environment) {
        return new ConfigurationResolver(List.of(ConfigurationResolver.environment(environment::get)))
                .recordings(null, environment::get);
    }

    private static Throwable resolve(Map<String, String> environment, String expectingFailure) {
        try {
            resolve(environment);
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected the " + expectingFailure + " setting to be rejected");
    }

    // ---------------------------------------------------------------------------------------------------------

    private EngineExecutionResults run(Class<?> testClass, RecordingMode mode, String... more) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(testClass))
                .configurationParameters(parameters(mode, more))
                .execute();
    }

    private Map<String, String> parameters(RecordingMode mode, String... more) {
        Map<String, String> parameters = new HashMap<>(Map.of(
                ConfigKeys.JUDGE_PROVIDER,
                "openai",
                ConfigKeys.JUDGE_MODEL,
                "gpt-4o-mini",
                ConfigKeys.JUDGE_BASE_URL,
                server.baseUrl(),
                ConfigKeys.JUDGE_API_KEY_ENV,
                KEY_VARIABLE,
                ConfigKeys.JUDGE_MAX_RETRIES,
                "0",
                JudgeRecordings.DIR_KEY,
                dir.toString(),
                JudgeRecordings.MODE_KEY,
                mode.id()));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], more[i + 1]);
        }
        return parameters;
    }

    /** A judge that finds a statement in the source when every word of it is there, quoting it as evidence. */
    static Reply judge(ReceivedRequest request) {
        String user = request.lastUserMessage();
        String source = PromptData.all(user).get(0).toLowerCase();
        String statement = PromptData.after(user, "STATEMENT:\n");
        List<String> words =
                List.of(statement.toLowerCase().replaceAll("[^a-z0-9 ]", "").split(" +"));
        long found = words.stream().filter(source::contains).count();
        int score = (int) Math.round(10.0 * found / words.size());
        String evidence = score == 0 ? "NOTHING FOUND" : statement.replace("\"", "'");
        return Reply.content("{\"evidence\": \"" + evidence + "\", \"score\": " + score + "}");
    }

    private static Map<String, String> checkEntry(EngineExecutionResults results, String method) {
        List<Map<String, String>> entries = reportEntries(results, method).stream()
                .filter(e -> e.containsKey("llmassert.check"))
                .toList();
        assertThat(entries).as("check entries of %s", method).hasSize(1);
        return entries.get(0);
    }

    private static Map<String, String> unusedEntry(EngineExecutionResults results) {
        List<Map<String, String>> entries = reportEntries(results).stream()
                .filter(e -> e.containsKey("llmassert.recordings.unused"))
                .toList();
        assertThat(entries).as("unused-recordings entries").hasSize(1);
        return entries.get(0);
    }

    private static Throwable containerFailure(EngineExecutionResults results) {
        return results.containerEvents().failed().stream()
                .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                        .getThrowable()
                        .orElseThrow())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no container failed"));
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Resolves a {@code String} parameter to the manual: configuration parameter {@value #MANUAL_PARAMETER}. */
    static class ManualFromConfiguration implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return parameterContext.getParameter().getType() == String.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return extensionContext.getConfigurationParameter(MANUAL_PARAMETER).orElse(MANUAL);
        }
    }

    @LlmJudge
    @ExtendWith(ManualFromConfiguration.class)
    static class Judged {

        @Test
        void grounded(String manual, ChatModel judgeModel, TestReporter reporter) {
            reporter.publishEntry("judgeChatModel", judgeModel.getClass().getSimpleName());
            assertThat(GROUNDED).isGroundedIn(manual).withMinScore(0.8);
        }

        @Test
        void invented(String manual) {
            assertThat(INVENTED).isGroundedIn(manual).withMinScore(0.5);
        }

        @Nested
        class Inner {
            @Test
            void nested(String manual) {
                assertThat("Hold the red button.").isGroundedIn(manual).withMinScore(0.8);
            }
        }
    }

    @LlmJudge
    static class ManyInParallel {

        static final int TESTS = 200;

        static IntStream numbers() {
            return IntStream.range(0, TESTS);
        }

        @ParameterizedTest
        @MethodSource("numbers")
        void judged(int n) {
            assertThat("answer " + n + " says hold the red button.")
                    .isGroundedIn(MANUAL + " This is answer " + n + ", it says hold the red button.")
                    .withMinScore(0.9);
        }
    }

    @LlmJudge
    @JudgeRecordings(mode = "recrod")
    static class ModeTypoOnAnnotation {
        @Test
        void never() {}
    }

    @LlmJudge
    @JudgeRecordings(mode = "record-missing", dir = AnnotatedRecordings.DIR)
    static class AnnotatedRecordings {

        static final String DIR = "target/judge-recordings-annotation-test";

        @Test
        void classFile() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        @JudgeRecordings(file = DIR + "/own-file.json")
        void ownFile() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.8);
        }
    }

    /** The whole class ran, in record mode, alone in its file: only the name keeps the file from being pruned. */
    @LlmJudge
    @ExtendWith(ManualFromConfiguration.class)
    @JudgeRecordings(file = NamedFile.FILE)
    static class NamedFile {

        static final String FILE = "target/judge-recordings-named-file-test/shared-judge.json";

        @Test
        void grounded(String manual) {
            assertThat(GROUNDED).isGroundedIn(manual).withMinScore(0.8);
        }
    }

    /** Resolves the judge at class level, which opens a class-level recording session before the tests run. */
    @LlmJudge
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class ClassLevelJudge {

        @BeforeAll
        static void judgeAtClassLevel(GroundednessJudge judge) {
            assertThat(judge).isNotNull();
        }

        @Test
        void first() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.8);
        }

        @Test
        void second() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.8);
        }
    }

    @LlmJudge(provider = "local")
    static class LocalJudge {
        @Test
        void local() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.5);
        }
    }
}
