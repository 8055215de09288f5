package dev.llmassert.junit.internal.config;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.internal.config.UnknownKeys.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static dev.llmassert.junit.LlmAssertions.assertThat;

class UnknownKeysTest {

    private static final String API_KEY_VARIABLE = "OPENAI_API_KEY";

    @Test
    void everySupportedKeyPasses() {
        List<Setting> settings = ConfigKeys.supported().stream()
                .map(key -> new Setting(key, "by a system property"))
                .toList();

        assertThat(UnknownKeys.check(settings, API_KEY_VARIABLE)).isEmpty();
    }

    @Test
    void everySupportedEnvironmentVariablePasses() {
        List<Setting> settings = ConfigKeys.supported().stream()
                .map(key -> new Setting(ConfigKeys.environmentVariable(key), "in the environment"))
                .toList();

        assertThat(UnknownKeys.check(settings, API_KEY_VARIABLE)).isEmpty();
    }

    @Test
    void aMisspeltKeyIsNamedWithWhereItWasSetAndTheNearestKey() {
        Optional<String> message = UnknownKeys.check(
                List.of(new Setting(
                        "llmassert.judge.provder", "in junit-platform.properties (file:/p/junit-platform.properties)")),
                API_KEY_VARIABLE);

        assertThat(message)
                .hasValueSatisfying(text -> assertThat(text)
                        .startsWith("llm-assert does not know 1 setting of this run, so it would change nothing")
                        .contains("unknown key llmassert.judge.provder, set in junit-platform.properties "
                                + "(file:/p/junit-platform.properties); did you mean llmassert.judge.provider?")
                        .contains("Fix: correct each misspelt key"));
    }

    @ParameterizedTest
    @CsvSource({
        "llmassert.groundedness.minscore, llmassert.groundedness.min-score",
        "llmassert.groundedness.minScore, llmassert.groundedness.min-score",
        "llmassert.minscore, llmassert.groundedness.min-score",
        "llmassert.recording.mode, llmassert.recordings.mode",
        "llmassert.judge.api-key, llmassert.judge.api-key-env",
        "llmassert.eval.maxitems, llmassert.eval.max-items",
        "llmassert.report.enable, llmassert.report.enabled",
        "llmassert.consol, llmassert.console",
        "llmassert.judge.timout, llmassert.judge.timeout"
    })
    void theNearestKeyIsSuggested(String misspelt, String nearest) {
        assertThat(UnknownKeys.nearestKey(misspelt)).hasValue(nearest);
    }

    @Test
    void aKeyCloseToNothingGetsNoGuess() {
        assertThat(UnknownKeys.nearestKey("llmassert.colour")).isEmpty();
        assertThat(UnknownKeys.check(
                        List.of(new Setting("llmassert.colour", "by a system property")), API_KEY_VARIABLE))
                .hasValueSatisfying(text -> assertThat(text)
                        .contains("unknown key llmassert.colour, set by a system "
                                + "property; no known key is close to it"));
    }

    @Test
    void aMisspeltEnvironmentVariableGetsTheNearestVariableAndItsKey() {
        assertThat(UnknownKeys.check(
                        List.of(new Setting("LLMASSERT_GROUNDEDNESS_MINSCORE", "in the environment")),
                        API_KEY_VARIABLE))
                .hasValueSatisfying(text -> assertThat(text)
                        .contains("unknown environment variable "
                                + "LLMASSERT_GROUNDEDNESS_MINSCORE, set in the environment; did you mean "
                                + "LLMASSERT_GROUNDEDNESS_MIN_SCORE (llmassert.groundedness.min-score)?"));
    }

    @Test
    void keysOfTheDesignNotImplementedYetFailSayingSo() {
        Map<String, String> reserved = Map.of("llmassert.judge.cache", "a cache of judge replies");
        Optional<String> message = UnknownKeys.check(
                List.of(
                        new Setting("llmassert.judge.cache", "by a system property"),
                        new Setting("LLMASSERT_JUDGE_CACHE", "in the environment")),
                API_KEY_VARIABLE,
                reserved);

        assertThat(message)
                .hasValueSatisfying(text -> assertThat(text)
                        .startsWith("llm-assert does not know 2 settings of this run, so they would change nothing")
                        .contains("llmassert.judge.cache, set by a system property, is not supported yet: "
                                + "llmassert.judge.cache is reserved for a cache of judge replies")
                        .contains("LLMASSERT_JUDGE_CACHE, set in the environment, is not supported yet"));
    }

    @Test
    void thisVersionReadsEveryKeyOfTheDesign() {
        assertThat(ConfigKeys.reserved()).isEmpty();
        assertThat(ConfigKeys.supported())
                .contains("llmassert.groundedness.method", "llmassert.groundedness.calibration");
    }

    @Test
    void theGroundednessMethodAndCalibrationAreKnownKeys() {
        assertThat(UnknownKeys.check(
                        List.of(
                                new Setting("llmassert.groundedness.method", "by a system property"),
                                new Setting("LLMASSERT_GROUNDEDNESS_METHOD", "in the environment"),
                                new Setting("llmassert.groundedness.calibration", "by a system property"),
                                new Setting("LLMASSERT_GROUNDEDNESS_CALIBRATION", "in the environment")),
                        API_KEY_VARIABLE))
                .isEmpty();
    }

    @Test
    void theVariableThatHoldsTheApiKeyIsNoSetting() {
        assertThat(UnknownKeys.check(
                        List.of(new Setting("LLMASSERT_OPENAI_KEY", "in the environment")), "LLMASSERT_OPENAI_KEY"))
                .isEmpty();
        assertThat(UnknownKeys.check(
                        List.of(new Setting("LLMASSERT_OPENAI_KEY", "in the environment")), API_KEY_VARIABLE))
                .isPresent();
    }

    @Test
    void aKeySetInTwoPlacesIsNamedOnceWithBoth() {
        Optional<String> message = UnknownKeys.check(
                List.of(
                        new Setting("llmassert.judge.modle", "by a system property"),
                        new Setting("llmassert.judge.modle", "in junit-platform.properties (x)")),
                API_KEY_VARIABLE);

        assertThat(message)
                .hasValueSatisfying(text -> assertThat(text)
                        .contains("unknown key llmassert.judge.modle, set by a system property and "
                                + "in junit-platform.properties (x); did you mean llmassert.judge.model?")
                        .contains("does not know 1 setting"));
    }

    @Test
    void settingsAreFoundInSystemPropertiesEveryPropertiesFileTheLauncherAndTheEnvironment(@TempDir Path dir)
            throws IOException {
        Properties system = new Properties();
        system.setProperty("llmassert.judge.provider", "local");
        system.setProperty("java.version", "17");
        Files.writeString(
                dir.resolve("junit-platform.properties"),
                "llmassert.judge.modle=x\njunit.jupiter.execution.parallel.enabled=true\n");
        Map<String, String> environment = Map.of("LLMASSERT_CONSOLE", "off", "PATH", "/bin");

        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            List<Setting> settings = UnknownKeys.settings(
                    system,
                    environment,
                    loader,
                    List.of(
                            "llmassert.judge.provider",
                            "llmassert.judge.modle",
                            "llmassert.report.enabeld",
                            "junit.jupiter.foo"));

            assertThat(settings)
                    .containsExactly(
                            new Setting(
                                    "llmassert.judge.provider",
                                    "by a system property (-Dllmassert.judge.provider=...)"),
                            new Setting(
                                    "llmassert.judge.modle",
                                    "in junit-platform.properties ("
                                            + dir.resolve("junit-platform.properties")
                                                    .toUri()
                                                    .toURL() + ")"),
                            new Setting(
                                    "llmassert.report.enabeld",
                                    "by a configuration parameter of the JUnit launcher "
                                            + "(Surefire's <configurationParameters>, or the build tool's or "
                                            + "IDE's own)"),
                            new Setting("LLMASSERT_CONSOLE", "in the environment"));
        }
    }

    @Test
    void theMessageNeverShowsAValueWhichMayBeAKey() {
        Properties system = new Properties();
        system.setProperty("llmassert.judge.api-key", "value-of-a-misspelt-key-1");

        Optional<String> message = UnknownKeys.check(
                UnknownKeys.settings(system, Map.of("LLMASSERT_API_KEY", "value-of-a-misspelt-key-2"), null, List.of()),
                API_KEY_VARIABLE);

        assertThat(message)
                .hasValueSatisfying(text -> assertThat(text)
                        .contains("llmassert.judge.api-key", "LLMASSERT_API_KEY")
                        .doesNotContain("value-of-a-misspelt-key"));
    }
}
