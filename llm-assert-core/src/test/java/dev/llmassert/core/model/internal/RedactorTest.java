package dev.llmassert.core.model.internal;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RedactorTest {

    private static final String KEY = "sk-proj-FAKE-test-only-Ab12";
    private static final String ODD_KEY = "fa4efa4efa4efa4efa4efa4efa4efa4e";

    private final Redactor redactor = Redactor.forVariables(
            Map.of("OPENAI_API_KEY", KEY, "AZURE_OPENAI_KEY", ODD_KEY)::get, "OPENAI_API_KEY", "AZURE_OPENAI_KEY");

    @Test
    void masksKeyShapesAndTheKnownValues() {
        String text = "Authorization: Bearer " + KEY + " ; api-key: " + ODD_KEY + " ; {\"api_key\": \"fake-hunter2\"}"
                + " ; x-api-key=abc123 ; basic dXNlcjpwYXNz ; AIzaFAKE-test-only-0000000000000 ; sk-ant-FAKE-api03-xyz";

        String masked = redactor.redact(text);

        assertThat(masked)
                .doesNotContain(
                        KEY,
                        ODD_KEY,
                        "fake-hunter2",
                        "abc123",
                        "dXNlcjpwYXNz",
                        "AIzaFAKE-test-only-0000000000000",
                        "api03-xyz",
                        "Ab12");
        assertThat(masked).contains("Bearer ***", "api-key: ***");
    }

    @Test
    void leavesOrdinaryTextAlone() {
        String text = "Rate limit reached: Limit 10000, Used 9990, Requested 500 tokens. Please try again in 1.5s.";

        assertThat(redactor.redact(text)).isEqualTo(text);
        assertThat(redactor.containsSecret(text)).isFalse();
    }

    @Test
    void aShortOrMissingVariableMasksNothingLiterally() {
        Redactor shortValue = Redactor.forVariables(Map.of("K", "abc")::get, "K", "UNSET", null);

        assertThat(shortValue.redact("abc is here")).isEqualTo("abc is here");
    }

    @Test
    void aCauseChainHoldingAKeyIsCopiedWithEveryMessageMasked() {
        HttpException http = new HttpException(401, "{\"error\": \"bad key, header was Bearer " + KEY + "\"}");
        AuthenticationException error = new AuthenticationException(http);
        error.addSuppressed(new IllegalStateException("also " + ODD_KEY));

        Throwable copy = redactor.redact(error);

        assertThat(copy).isNotSameAs(error).isInstanceOf(Redactor.RedactedException.class);
        assertThat(((Redactor.RedactedException) copy).originalClassName())
                .isEqualTo(AuthenticationException.class.getName());
        assertThat(copy.getCause()).isInstanceOf(Redactor.RedactedException.class);
        assertThat(copy.getStackTrace()).isEqualTo(error.getStackTrace());
        StringWriter trace = new StringWriter();
        copy.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString())
                .doesNotContain(KEY, ODD_KEY, "Ab12")
                .contains(
                        AuthenticationException.class.getName() + " (credentials masked by llm-assert)",
                        HttpException.class.getName(),
                        "Bearer ***");
    }

    @Test
    void aCauseChainWithoutAKeyIsKeptAsItIs() {
        AuthenticationException error = new AuthenticationException(new HttpException(401, "invalid key"));

        assertThat(redactor.redact(error)).isSameAs(error);
    }

    @Test
    void neverPrintsTheValuesItMasks() {
        assertThat(redactor.toString()).doesNotContain(KEY, ODD_KEY).contains("2 key values");
    }
}
