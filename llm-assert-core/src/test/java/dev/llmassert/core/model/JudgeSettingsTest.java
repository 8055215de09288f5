package dev.llmassert.core.model;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgeSettingsTest {

    private static final String FAKE_KEY = "sk-FAKE.test.key.0123456789";

    @Test
    void theDefaultsAreTheLocalJudgeWithTheDocumentedValues() {
        JudgeSettings settings = JudgeSettings.defaults();

        assertThat(settings.provider()).isEqualTo(JudgeProvider.LOCAL);
        assertThat(settings.judgeName()).isEqualTo("local:all-minilm-l6-v2-q");
        assertThat(settings.baseUrl()).isNull();
        assertThat(settings.apiKeyEnv()).isEqualTo("OPENAI_API_KEY");
        assertThat(settings.temperature()).isZero();
        assertThat(settings.concurrency()).isEqualTo(8);
        assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(settings.maxRetries()).isEqualTo(3);
        assertThat(settings.maxRequestsPerMinute()).as("unlimited").isEmpty();
        assertThat(settings.maxTokensPerMinute()).as("unlimited").isEmpty();
    }

    @Test
    void everyJudgeKeyIsReadThroughTheLookup() {
        Map<String, String> values = Map.of(
                ConfigKeys.JUDGE_PROVIDER, " OpenAI ",
                ConfigKeys.JUDGE_MODEL, "gpt-4o",
                ConfigKeys.JUDGE_BASE_URL, "http://localhost:8000/v1",
                ConfigKeys.JUDGE_API_KEY_ENV, "MY_KEY",
                ConfigKeys.JUDGE_TEMPERATURE, "0.7",
                ConfigKeys.JUDGE_CONCURRENCY, "4",
                ConfigKeys.JUDGE_TIMEOUT, "90s",
                ConfigKeys.JUDGE_MAX_RETRIES, "0",
                ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE, " 120 ",
                ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE, "90000");

        JudgeSettings settings = JudgeSettings.from(values::get);

        assertThat(settings)
                .isEqualTo(JudgeSettings.builder()
                        .provider(JudgeProvider.OPENAI)
                        .model("gpt-4o")
                        .baseUrl("http://localhost:8000/v1")
                        .apiKeyEnv("MY_KEY")
                        .temperature(0.7)
                        .concurrency(4)
                        .timeout(Duration.ofSeconds(90))
                        .maxRetries(0)
                        .maxRequestsPerMinute(120)
                        .maxTokensPerMinute(90_000)
                        .build());
        assertThat(settings.maxRequestsPerMinute()).hasValue(120);
        assertThat(settings.maxTokensPerMinute()).hasValue(90_000);
        assertThat(settings)
                .isNotEqualTo(settings.toBuilder().maxTokensPerMinute(null).build());
        assertThat(settings.toString()).contains("maxRequestsPerMinute=120", "maxTokensPerMinute=90000");
        assertThat(settings.toBuilder().build()).isEqualTo(settings).hasSameHashCodeAs(settings);
    }

    @Test
    void aProviderWithoutModelOrUrlGetsItsDefaults() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .model(" ")
                .build();

        assertThat(settings.model()).isEqualTo("llama3.1");
        assertThat(settings.baseUrl()).isEqualTo("http://localhost:11434");
    }

    @Test
    void aRateLimitCanBeSetBackToUnlimited() {
        JudgeSettings limited = JudgeSettings.builder()
                .set(ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE, "60")
                .build();

        JudgeSettings unlimited = limited.toBuilder()
                .set(ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE, "Unlimited")
                .build();

        assertThat(limited.maxRequestsPerMinute()).hasValue(60);
        assertThat(unlimited.maxRequestsPerMinute()).isEmpty();
        assertThat(unlimited.toString()).contains("maxRequestsPerMinute=unlimited");
    }

    @ParameterizedTest
    @CsvSource({"30s, PT30S", "500ms, PT0.5S", "2m, PT2M", "1h, PT1H", "PT45S, PT45S", "pt1m, PT1M", "' 10 s ', PT10S"})
    void durationsAreReadInShortAndIsoForm(String text, Duration expected) {
        assertThat(JudgeSettings.parseDuration(ConfigKeys.JUDGE_TIMEOUT, text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "0s", "-5s", "PT0S", "1.5s", "10 minutes"})
    void anUnusableDurationNamesTheKeyTheValueAndTheForm(String text) {
        assertThatThrownBy(() -> JudgeSettings.parseDuration(ConfigKeys.JUDGE_TIMEOUT, text))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.key()).isEqualTo(ConfigKeys.JUDGE_TIMEOUT);
                    assertThat(e.value()).isEqualTo(text);
                    assertThat(e.getMessage())
                            .contains("'llmassert.judge.timeout'", "30s, 500ms", "LLMASSERT_JUDGE_TIMEOUT");
                });
    }

    @ParameterizedTest
    @CsvSource({
        "llmassert.judge.provider, opnai, 'local, openai, ollama'",
        "llmassert.judge.temperature, hot, a number from 0 to 2",
        "llmassert.judge.temperature, 2.5, a number from 0 to 2",
        "llmassert.judge.temperature, NaN, a number from 0 to 2",
        "llmassert.judge.concurrency, 0, a whole number from 1 to 256",
        "llmassert.judge.concurrency, eight, a whole number from 1 to 256",
        "llmassert.judge.max-retries, 21, a whole number from 0 to 20",
        "llmassert.judge.max-retries, -1, a whole number from 0 to 20",
        "llmassert.judge.max-requests-per-minute, 0, 'a whole number from 1 to 1000000000, or unlimited'",
        "llmassert.judge.max-requests-per-minute, lots, 'a whole number from 1 to 1000000000, or unlimited'",
        "llmassert.judge.max-tokens-per-minute, -5, 'a whole number from 1 to 1000000000, or unlimited'",
        "llmassert.judge.max-tokens-per-minute, 1000000001, 'a whole number from 1 to 1000000000, or unlimited'",
        "llmassert.judge.max-tokens-per-minute, 90k, 'a whole number from 1 to 1000000000, or unlimited'",
        "llmassert.judge.colour, blue, a key of llmassert.judge.*"
    })
    void anUnusableValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String allowed) {
        assertThatThrownBy(() -> JudgeSettings.builder().set(key, value))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.key()).isEqualTo(key);
                    assertThat(e.allowed()).isEqualTo(allowed);
                    assertThat(e.getMessage())
                            .contains("'" + key + "'", "'" + value + "'", allowed, ConfigKeys.environmentVariable(key));
                });
    }

    @Test
    void theEnvironmentVariableOfAKeyIsUpperCaseWithUnderscores() {
        assertThat(ConfigKeys.environmentVariable(ConfigKeys.JUDGE_BASE_URL)).isEqualTo("LLMASSERT_JUDGE_BASE_URL");
        assertThat(ConfigKeys.environmentVariable(ConfigKeys.RECORDINGS_MODE)).isEqualTo("LLMASSERT_RECORDINGS_MODE");
    }

    @Test
    void theTextOfTheSettingsHidesAKeyPutWhereTheVariableNameBelongs() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .apiKeyEnv(FAKE_KEY)
                .build();

        assertThat(settings.toString()).doesNotContain(FAKE_KEY, "FAKE.").contains("apiKeyEnv=(hidden");
        assertThat(JudgeSettings.builder().apiKeyEnv("MY_JUDGE_KEY").build().toString())
                .contains("apiKeyEnv=MY_JUDGE_KEY");
    }

    @ParameterizedTest
    @CsvSource({
        "https://user:hunter2@judge.example.com/v1, https://***@judge.example.com/v1",
        "https://judge.example.com/v1?api-key=hunter2, https://judge.example.com/v1?...",
        "http://hunter2@localhost:8000, http://***@localhost:8000",
        "http://localhost:8000/v1/me@home, http://localhost:8000/v1/me@home"
    })
    void theTextOfTheSettingsHidesCredentialsInTheBaseUrl(String url, String shown) {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(url)
                .build();

        assertThat(settings.toString()).contains("baseUrl=" + shown + ",").doesNotContain("hunter2");
    }
}
