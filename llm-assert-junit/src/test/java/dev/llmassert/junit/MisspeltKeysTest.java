package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.ChildJvm;
import dev.llmassert.junit.internal.report.ReportRuns;
import dev.llmassert.junit.testing.LaunchClasses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A misspelt key fails the run, through the JUnit Platform as a build runs it: a child JVM runs a judged test class
 * on the platform's own launcher, with the key in {@code junit-platform.properties}, in a system property or in an
 * environment variable, and every test of the class fails with the key, where it was set and the nearest known key.
 */
class MisspeltKeysTest {

    @TempDir
    Path dir;

    @Test
    void aMisspeltKeyInJunitPlatformPropertiesFailsTheRun() throws Exception {
        Path resources = Files.createDirectories(dir.resolve("resources"));
        Files.writeString(resources.resolve("junit-platform.properties"), "llmassert.judge.provder=openai\n");

        String output =
                launch("properties", resources + File.pathSeparator + ChildJvm.testClassPath(), List.of(), Map.of());

        assertThat(output)
                .contains("FAILED ")
                .contains(": llm-assert does not know 1 setting of this run")
                .contains("unknown key llmassert.judge.provder, set in junit-platform.properties (file:"
                        + resources.toUri().getPath())
                .contains("; did you mean llmassert.judge.provider?")
                .contains("SUCCEEDED 0");
    }

    @Test
    void aMisspeltKeyInASystemPropertyFailsTheRun() throws Exception {
        String output = launch(
                "system-property",
                ChildJvm.testClassPath(),
                List.of("-Dllmassert.groundedness.minscore=0.99"),
                Map.of());

        assertThat(output)
                .contains("unknown key llmassert.groundedness.minscore, set by a system property "
                        + "(-Dllmassert.groundedness.minscore=...); did you mean llmassert.groundedness.min-score?")
                .contains("SUCCEEDED 0")
                .doesNotContain("0.99");
    }

    @Test
    void aMisspeltEnvironmentVariableFailsTheRun() throws Exception {
        String output =
                launch("environment", ChildJvm.testClassPath(), List.of(), Map.of("LLMASSERT_JUDGE_PROVDER", "openai"));

        assertThat(output)
                .contains("unknown environment variable LLMASSERT_JUDGE_PROVDER, set in the environment; did "
                        + "you mean LLMASSERT_JUDGE_PROVIDER (llmassert.judge.provider)?")
                .contains("SUCCEEDED 0");
    }

    @Test
    void correctKeysEverywhereRunTheTests() throws Exception {
        Path resources = Files.createDirectories(dir.resolve("resources"));
        Files.writeString(resources.resolve("junit-platform.properties"), "llmassert.judge.provider=local\n");

        String output = launch(
                "correct",
                resources + File.pathSeparator + ChildJvm.testClassPath(),
                List.of("-Dllmassert.groundedness.min-score=0.7"),
                Map.of("LLMASSERT_CONSOLE", "summary"));

        assertThat(output).doesNotContain("FAILED").contains("SUCCEEDED 1");
    }

    @Test
    void aMisspeltKeyGivenToTheLauncherFailsTheRun() {
        // as Surefire's <configurationParameters> gives it: only the launcher listener can list such keys
        assertThat(failureOfALauncherRunWith("llmassert.report.enabeld", "false"))
                .hasMessageContaining("unknown key llmassert.report.enabeld, set by a configuration parameter of "
                        + "the JUnit launcher")
                .hasMessageContaining("did you mean llmassert.report.enabled?");
    }

    @Test
    void theKeysOfTheDesignGivenToTheLauncherAreRead() {
        // a calibration record that is not there fails as a missing record, not as an unknown or reserved key
        assertThat(failureOfALauncherRunWith("llmassert.groundedness.calibration", "no-such-calibration.json"))
                .hasMessageContaining("no-such-calibration.json")
                .hasMessageNotContaining("unknown key")
                .hasMessageNotContaining("is not supported yet");
        TestExecutionSummary summary = ReportRuns.run(
                Map.of("llmassert.groundedness.method", "auto"),
                new PrintStream(PrintStream.nullOutputStream(), true, StandardCharsets.UTF_8),
                Judged.class);
        assertThat(summary.getFailures()).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
    }

    /** The one failure of a run of {@link Judged} in this JVM, with {@code key=value} given to the launcher. */
    private static Throwable failureOfALauncherRunWith(String key, String value) {
        TestExecutionSummary summary = ReportRuns.run(
                Map.of(key, value),
                new PrintStream(PrintStream.nullOutputStream(), true, StandardCharsets.UTF_8),
                Judged.class);
        assertThat(summary.getFailures()).hasSize(1);
        return summary.getFailures().get(0).getException();
    }

    private String launch(String name, String classPath, List<String> systemProperties, Map<String, String> environment)
            throws IOException, InterruptedException {
        ChildJvm child = ChildJvm.start(
                name,
                LaunchClasses.class,
                dir.resolve(name),
                classPath,
                systemProperties,
                environment,
                Judged.class.getName());
        child.awaitSuccess();
        return child.output();
    }

    /** A judged class whose one test passes when the configuration is right. */
    @LlmJudge
    static class Judged {

        @Test
        void judged() {
            assertThat(ConfigKeys.supported()).contains(ConfigKeys.JUDGE_PROVIDER);
        }
    }
}
