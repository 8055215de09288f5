package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.ClaimCheckGroundednessJudge;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.ResolvedConfiguration;
import dev.llmassert.junit.testing.ConfigurationProbe;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/** Where each setting comes from: annotation, method, class, enclosing class, parameter, environment, default. */
class ConfigurationTest {

    @Test
    void classAnnotationSetsEverySetting() {
        assertThat(settingsOf(run(ClassLevel.class), "classSettings"))
                .isEqualTo(settings("openai", "class-model", "3", "0.5"));
    }

    @Test
    void methodAnnotationOverridesOnlyWhatItSets() {
        assertThat(settingsOf(run(ClassLevel.class), "methodOverride"))
                .isEqualTo(settings("openai", "method-model", "3", "0.5"));
    }

    @Test
    void nestedClassesInheritFromTheEnclosingClass() {
        assertThat(settingsOf(run(ClassLevel.class), "inheritedFromOuter"))
                .isEqualTo(settings("openai", "class-model", "3", "0.5"));
    }

    @Test
    void nestedClassAnnotationOverridesTheEnclosingClass() {
        assertThat(settingsOf(run(ClassLevel.class), "nestedOverride"))
                .isEqualTo(settings("openai", "class-model", "5", "0.5"));
    }

    @Test
    void annotationOnASuperclassIsInherited() {
        assertThat(settingsOf(run(Subclass.class), "inheritedFromSuperclass"))
                .isEqualTo(settings("local", "base-model", "8", "0.7"));
    }

    @Test
    void metaAnnotationCarriesTheSettings() {
        assertThat(settingsOf(run(MetaAnnotated.class), "metaAnnotated"))
                .isEqualTo(settings("ollama", "meta-model", "8", "0.7"));
    }

    @Test
    void annotationBeatsConfigurationParameter() {
        EngineExecutionResults results = run(
                ClassLevel.class,
                ConfigKeys.JUDGE_PROVIDER,
                "ollama",
                ConfigKeys.JUDGE_MODEL,
                "param-model",
                ConfigKeys.JUDGE_CONCURRENCY,
                "9");

        assertThat(settingsOf(results, "classSettings")).isEqualTo(settings("openai", "class-model", "3", "0.5"));
    }

    @Test
    void configurationParameterBeatsDefault() {
        EngineExecutionResults results = run(
                Unannotated.class,
                ConfigKeys.JUDGE_MODEL,
                "param-model",
                ConfigKeys.JUDGE_CONCURRENCY,
                "4",
                LlmJudge.MIN_SCORE_KEY,
                "0.55");

        assertThat(settingsOf(results, "defaults")).isEqualTo(settings("local", "param-model", "4", "0.55"));
    }

    @Test
    void withoutAnyConfigurationTheDefaultsApply() {
        assertThat(settingsOf(run(Unannotated.class), "defaults"))
                .isEqualTo(settings("local", "all-minilm-l6-v2-q", "8", String.valueOf(LlmJudge.DEFAULT_MIN_SCORE)));
    }

    @Test
    void configurationParameterBeatsEnvironmentWhichBeatsDefault() {
        Map<String, String> parameters = Map.of(ConfigKeys.JUDGE_MODEL, "param-model");
        Map<String, String> environment = Map.of(
                "LLMASSERT_JUDGE_MODEL", "env-model",
                "LLMASSERT_JUDGE_PROVIDER", "openai",
                "LLMASSERT_GROUNDEDNESS_MIN_SCORE", "0.9");

        ResolvedConfiguration resolved = new ConfigurationResolver(List.of(
                        source(parameters, "the parameter"), ConfigurationResolver.environment(environment::get)))
                .resolve();

        assertThat(resolved.settings().model()).isEqualTo("param-model");
        assertThat(resolved.settings().provider().id()).isEqualTo("openai");
        assertThat(resolved.defaultMinScore()).isEqualTo(0.9);
    }

    @Test
    void providerTypoInTheEnvironmentFailsNamingTheVariable() {
        Map<String, String> environment = Map.of("LLMASSERT_JUDGE_PROVIDER", "open-ai");

        assertThatThrownBy(() -> new ConfigurationResolver(List.of(ConfigurationResolver.environment(environment::get)))
                        .resolve())
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll(
                        "'llmassert.judge.provider': 'open-ai'",
                        "set by the environment variable LLMASSERT_JUDGE_PROVIDER",
                        "Allowed: local, openai, ollama");
    }

    @Test
    void unknownProviderFailsTheClassNamingKeyValueSourceAndAllowedValues() {
        EngineExecutionResults results = run(Unannotated.class, ConfigKeys.JUDGE_PROVIDER, "opanai");

        results.testEvents().assertStatistics(s -> s.started(0));
        assertThat(containerFailure(results))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll(
                        "Unsupported value for configuration key 'llmassert.judge.provider': 'opanai'",
                        "set by the JUnit configuration parameter llmassert.judge.provider",
                        "Allowed: local, openai, ollama.",
                        "Fix the value where it is set");
    }

    @Test
    void unknownProviderOnTheAnnotationNamesTheClass() {
        assertThat(containerFailure(run(BadProvider.class)))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll("'OpenAI-Azure'", "set by @LlmJudge on " + BadProvider.class.getName());
    }

    @Test
    void badMinimumScoreFails() {
        assertThat(containerFailure(run(Unannotated.class, LlmJudge.MIN_SCORE_KEY, "high")))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll("'llmassert.groundedness.min-score': 'high'", "a number from 0.0 to 1.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"4k", "199", "1000001", "-1"})
    void aBadChunkSizeFailsNamingKeyValueAndWhatIsAllowed(String value) {
        EngineExecutionResults results = run(Unannotated.class, ConfigKeys.GROUNDEDNESS_CHUNK_SIZE, value);

        results.testEvents().assertStatistics(s -> s.started(0));
        assertThat(containerFailure(results))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll(
                        "Unsupported value for configuration key 'llmassert.groundedness.chunk-size': '" + value + "'",
                        "set by the JUnit configuration parameter llmassert.groundedness.chunk-size",
                        "Allowed: a whole number of characters from 200 to 1000000");
    }

    @Test
    void theChunkSizeIsReadLikeEveryKeyAndDefaultsToTheJudgesOwn() {
        Map<String, String> environment = Map.of("LLMASSERT_GROUNDEDNESS_CHUNK_SIZE", " 12000 ");

        ResolvedConfiguration fromTheEnvironment =
                new ConfigurationResolver(List.of(ConfigurationResolver.environment(environment::get))).resolve();
        ResolvedConfiguration unset = new ConfigurationResolver(List.of()).resolve();

        assertThat(fromTheEnvironment.chunkSize()).isEqualTo(12_000);
        assertThat(unset.chunkSize()).isEqualTo(ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE);
    }

    @Test
    void badSettingOnAMethodFailsThatTestOnly() {
        EngineExecutionResults results = run(BadMethodSetting.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        assertThat(failureOf(results, "tooHigh"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll(
                        "'1.5'", "set by @LlmJudge on " + BadMethodSetting.class.getName() + ".tooHigh()");
    }

    @Test
    void temperatureAndRecordingsComeFromOneRecordResolvedOncePerClassOrMethod() {
        EngineExecutionResults results = run(OneRecord.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(settingsOf(results, "classLevel"))
                .isEqualTo(Map.of(
                        "temperature",
                        "0.7",
                        "mode",
                        "replay",
                        "file",
                        "target/one-record/shared.json",
                        "resolvedOnce",
                        "true"));
        assertThat(settingsOf(results, "methodLevel"))
                .isEqualTo(Map.of(
                        "temperature",
                        "0.2",
                        "mode",
                        "off",
                        "file",
                        "target/one-record/shared.json",
                        "resolvedOnce",
                        "true"));
    }

    @Test
    void aTemperatureOutOfRangeOnTheAnnotationNamesKeyValueAndWhere() {
        assertThat(containerFailure(run(TooHot.class)))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContainingAll(
                        "'llmassert.judge.temperature': '2.5'",
                        "set by @LlmJudge on " + TooHot.class.getName(),
                        "a number from 0 to 2");
    }

    private static Throwable containerFailure(EngineExecutionResults results) {
        return results.containerEvents().failed().stream()
                .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                        .getThrowable()
                        .orElseThrow())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no container failed"));
    }

    private static Map<String, String> settingsOf(EngineExecutionResults results, String method) {
        List<Map<String, String>> entries = reportEntries(results, method);
        assertThat(entries).as("report entries of %s", method).hasSize(1);
        return entries.get(0);
    }

    private static Map<String, String> settings(String provider, String model, String concurrency, String minScore) {
        return Map.of("provider", provider, "model", model, "concurrency", concurrency, "minScore", minScore);
    }

    private static ConfigurationResolver.Source source(Map<String, String> values, String name) {
        return new ConfigurationResolver.Source() {
            @Override
            public String get(String key) {
                return values.get(key);
            }

            @Override
            public String describe(String key) {
                return name;
            }
        };
    }

    @LlmJudge(provider = "openai", model = "class-model", concurrency = 3, minScore = 0.5)
    @ExtendWith(ConfigurationProbe.class)
    static class ClassLevel {

        @Test
        void classSettings() {}

        @Test
        @LlmJudge(model = "method-model")
        void methodOverride() {}

        @Nested
        class Inner {
            @Test
            void inheritedFromOuter() {}
        }

        @Nested
        @LlmJudge(concurrency = 5)
        class InnerOverride {
            @Test
            void nestedOverride() {}
        }
    }

    /** Publishes what the one configuration record of each test holds, and whether it is kept in the store. */
    static class OneRecordProbe implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            ResolvedConfiguration configuration = ConfigurationResolver.of(context);
            context.publishReportEntry(Map.of(
                    "temperature", String.valueOf(configuration.settings().temperature()),
                    "mode", configuration.recordings().mode().id(),
                    "file", configuration.recordings().file().toString().replace('\\', '/'),
                    "resolvedOnce", String.valueOf(configuration == ConfigurationResolver.of(context))));
        }
    }

    @LlmJudge(provider = "openai", model = "one-record-model", temperature = 0.7)
    @JudgeRecordings(mode = "replay", file = "target/one-record/shared.json")
    @ExtendWith(OneRecordProbe.class)
    static class OneRecord {

        @Test
        void classLevel() {}

        @Test
        @LlmJudge(temperature = 0.2)
        @JudgeRecordings(mode = "off")
        void methodLevel() {}
    }

    @LlmJudge(provider = "openai", temperature = 2.5)
    static class TooHot {
        @Test
        void neverRuns() {}
    }

    @LlmJudge(model = "base-model")
    @ExtendWith(ConfigurationProbe.class)
    abstract static class AnnotatedBase {}

    static class Subclass extends AnnotatedBase {
        @Test
        void inheritedFromSuperclass() {}
    }

    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @LlmJudge(provider = "ollama", model = "meta-model")
    @interface OllamaJudge {}

    @OllamaJudge
    @ExtendWith(ConfigurationProbe.class)
    static class MetaAnnotated {
        @Test
        void metaAnnotated() {}
    }

    @LlmJudge
    @ExtendWith(ConfigurationProbe.class)
    static class Unannotated {
        @Test
        void defaults() {}
    }

    @LlmJudge(provider = "OpenAI-Azure")
    static class BadProvider {
        @Test
        void neverRuns() {}
    }

    @LlmJudge
    static class BadMethodSetting {
        @Test
        @LlmJudge(minScore = 1.5)
        void tooHigh() {}

        @Test
        void fine() {}
    }
}
