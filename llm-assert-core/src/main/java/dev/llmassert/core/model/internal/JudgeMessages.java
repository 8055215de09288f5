package dev.llmassert.core.model.internal;

import dev.langchain4j.model.ModelProvider;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The user-facing messages of model access and judge replies, in one place. Each says what happened, where, and the
 * fix. None of them ever holds a credential: keys are named by their environment variable only.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeMessages {

    private static final int MAX_QUOTED_REPLY = 2_000;

    private JudgeMessages() {}

    public static String endpointKind(ModelProvider provider) {
        if (provider == ModelProvider.OPEN_AI) {
            return "OpenAI-compatible endpoint";
        }
        if (provider == ModelProvider.OLLAMA) {
            return "Ollama endpoint";
        }
        return "chat model of provider " + provider;
    }

    /** What the judge model is told when its reply could not be parsed. */
    public static String repairRequest(String parseError) {
        return "Your previous reply could not be used: " + parseError + ".\n"
                + "Answer the same request again, following the required format exactly and adding nothing else.";
    }

    public static String unusableReply(
            String judge, String subject, int attempts, String lastReply, String parseError) {
        return String.format(
                "The judge %s gave no usable reply for %s after %d %s.%n"
                        + "Last reply: %s%n"
                        + "Problem: %s.%n"
                        + "The judge never guesses a score. Fix: use a stronger judge model (%s), one that supports "
                        + "structured output, or run again if the model is usually reliable.",
                judge,
                subject,
                attempts,
                attempts == 1 ? "try" : "tries",
                quote(lastReply),
                parseError,
                ConfigKeys.JUDGE_MODEL);
    }

    /**
     * The message of a call that failed for good.
     *
     * @param tries      what each try got, in order ({@link CallFailure#label()}), the last one being {@code failure}
     * @param maxRetries the retries allowed
     * @param tooLong    the wait the endpoint asked for when it is longer than a judge waits, else {@code null}
     */
    public static String callFailed(
            String judge,
            String endpointKind,
            String subject,
            CallFailure failure,
            List<String> tries,
            int maxRetries,
            Duration tooLong) {
        String where = String.format("The judge %s (%s) failed while judging %s", judge, endpointKind, subject);
        String detail = failure.detail().isEmpty() ? "" : String.format("%nProvider said: %s", failure.detail());
        String tried =
                String.format("%d %s: %s", tries.size(), tries.size() == 1 ? "try" : "tries", String.join(", ", tries));
        String retries = tooLong != null
                ? String.format(
                        "after %s; the endpoint asked to wait %s before trying again, longer than a judge "
                                + "waits (%s), so it was not retried",
                        tried, seconds(tooLong), seconds(JudgeChat.MAX_WAIT))
                : String.format("after %s (%s=%d)", tried, ConfigKeys.JUDGE_MAX_RETRIES, maxRetries);
        return switch (failure.kind()) {
            case RATE_LIMITED ->
                String.format(
                        "%s: rate limited (HTTP 429) %s.%s%n"
                                + "Fix: wait and run again; set %s or %s to stay under the endpoint's limits; lower %s "
                                + "so fewer calls run at once, or raise %s.",
                        where,
                        retries,
                        detail,
                        ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE,
                        ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE,
                        ConfigKeys.JUDGE_CONCURRENCY,
                        ConfigKeys.JUDGE_MAX_RETRIES);
            case TIMEOUT ->
                String.format(
                        "%s: the call timed out %s.%s%n"
                                + "Fix: check that the endpoint is up and not overloaded, raise %s (the limit for one "
                                + "call), or raise %s.",
                        where, retries, detail, ConfigKeys.JUDGE_TIMEOUT, ConfigKeys.JUDGE_MAX_RETRIES);
            case SERVER_ERROR ->
                String.format(
                        "%s: server error%s %s.%s%n"
                                + "Fix: the endpoint is failing; check its status or logs and run again, or raise %s.",
                        where, status(failure), retries, detail, ConfigKeys.JUDGE_MAX_RETRIES);
            case CONNECTION_LOST ->
                String.format(
                        "%s: the connection broke (%s) %s.%s%n"
                                + "Fix: check the endpoint and any proxy or load balancer between (one that drops "
                                + "connections, or closes idle ones early), and run again, or raise %s.",
                        where, failure.label(), retries, detail, ConfigKeys.JUDGE_MAX_RETRIES);
            case UNREACHABLE ->
                String.format(
                        "%s: could not connect to the endpoint (connection refused) %s.%s%n"
                                + "Fix: start the server, or correct %s.",
                        where, retries, detail, ConfigKeys.JUDGE_BASE_URL);
            case OTHER_TRANSIENT ->
                String.format(
                        "%s: a transient error%s %s.%s%nFix: run again, or raise %s.",
                        where, status(failure), retries, detail, ConfigKeys.JUDGE_MAX_RETRIES);
            case AUTHENTICATION ->
                String.format(
                        "%s: the endpoint rejected the credentials%s, %s.%s%n"
                                + "Fix: put a valid key for this endpoint in the environment variable named by %s "
                                + "(default %s). Not retried: a retry cannot fix a key.",
                        where,
                        status(failure),
                        tried,
                        detail,
                        ConfigKeys.JUDGE_API_KEY_ENV,
                        JudgeSettings.DEFAULT_API_KEY_ENV);
            case MODEL_NOT_FOUND ->
                String.format(
                        "%s: the endpoint does not know the model or the path%s, %s.%s%n"
                                + "Fix: check %s (the model name) and %s (the endpoint). Not retried: the same request "
                                + "would fail again.",
                        where, status(failure), tried, detail, ConfigKeys.JUDGE_MODEL, ConfigKeys.JUDGE_BASE_URL);
            case BAD_REQUEST ->
                String.format(
                        "%s: the endpoint rejected the request%s, %s.%s%n"
                                + "Fix: check that %s names a chat model this endpoint serves. If the endpoint "
                                + "does not "
                                + "support JSON-schema structured output (response_format json_schema), use a "
                                + "server or "
                                + "model that does, or build the judge in code with structuredOutput(false) to use the "
                                + "text format. Not retried: the same request would fail again.",
                        where, status(failure), tried, detail, ConfigKeys.JUDGE_MODEL);
            case UNKNOWN_HOST ->
                String.format(
                        "%s: the endpoint's host name is unknown, %s.%s%nFix: correct %s.",
                        where, tried, detail, ConfigKeys.JUDGE_BASE_URL);
            case CONTENT_FILTERED ->
                String.format(
                        "%s: the provider's content filter refused the request, %s.%s%n"
                                + "Fix: use a judge model or deployment without this filter for these tests.",
                        where, tried, detail);
            case UNEXPECTED ->
                String.format(
                        "%s: the call failed, %s.%s%nFix: check %s and %s, and the cause below.",
                        where, tried, detail, ConfigKeys.JUDGE_PROVIDER, ConfigKeys.JUDGE_BASE_URL);
        };
    }

    /** A wait in seconds, e.g. {@code 1.5 s}. */
    static String seconds(Duration wait) {
        return BigDecimal.valueOf(wait.toMillis())
                        .movePointLeft(3)
                        .stripTrailingZeros()
                        .toPlainString() + " s";
    }

    /** The log line of a retry. */
    public static String retrying(
            String judge, String subject, CallFailure failure, int retry, int maxRetries, Duration wait) {
        return String.format(
                "The judge %s got %s while judging %s; retry %d of %d (%s) in %s%s.%s",
                judge,
                failure.label(),
                subject,
                retry,
                maxRetries,
                ConfigKeys.JUDGE_MAX_RETRIES,
                seconds(wait),
                failure.retryAfter() == null ? "" : ", as the endpoint asked",
                failure.detail().isEmpty() ? "" : " Provider said: " + failure.detail());
    }

    public static String interrupted(String judge, String subject) {
        return "The judge " + judge + " was interrupted while waiting to call the model for " + subject
                + " (a retry's backoff or a rate limit).\n"
                + "Fix: nothing in the judge: the run or the test was stopped (a timeout, a cancelled build, or "
                + "another sentence's failure ending the judgement); raise the test's timeout if it was too short.";
    }

    public static String localHasNoChatModel() {
        return String.format(
                "The local judge (%s=%s) uses no chat model: it judges with embeddings and lexical "
                        + "evidence, offline.%n"
                        + "Fix: use the local judge directly, or set %s to %s or %s to judge with a model.",
                ConfigKeys.JUDGE_PROVIDER,
                JudgeProvider.LOCAL.id(),
                ConfigKeys.JUDGE_PROVIDER,
                JudgeProvider.OPENAI.id(),
                JudgeProvider.OLLAMA.id());
    }

    /**
     * The provider's client library is not on the class path: llm-assert's POM does not bring it, so that a project
     * that judges with another provider does not download it.
     */
    public static String missingClient(JudgeProvider provider, String client, String coordinates) {
        return String.format(
                "%s=%s needs %s, which is not on the class path: llm-assert does not bring it, so that a project "
                        + "that judges with another provider does not download it.%n"
                        + "Fix: add the test dependency %s to your build (the version llm-assert is built and tested "
                        + "with), or set %s to another provider.",
                ConfigKeys.JUDGE_PROVIDER, provider.id(), client, coordinates, ConfigKeys.JUDGE_PROVIDER);
    }

    public static String missingApiKey(String variable, String baseUrl) {
        return String.format(
                "No API key for the OpenAI judge at %s: the environment variable %s is not set or is "
                        + "empty.%n"
                        + "Fix: export %s=<your key> in the environment that runs the tests (keys are never read "
                        + "from files), or set %s to the name of the variable that holds your key, or use %s=%s to "
                        + "judge offline with no key.",
                baseUrl,
                variable,
                variable,
                ConfigKeys.JUDGE_API_KEY_ENV,
                ConfigKeys.JUDGE_PROVIDER,
                JudgeProvider.LOCAL.id());
    }

    public static String badApiKeyEnvName() {
        // The value is not shown: a value that is not a variable name is most likely the key itself.
        return String.format(
                "Unsupported value for configuration key '%s': it must be the NAME of an environment "
                        + "variable (letters, digits and underscores, e.g. %s), not the key itself. The value is not "
                        + "shown, in case it is a key.%n"
                        + "Fix: set %s to the variable's name and put the key in that variable.",
                ConfigKeys.JUDGE_API_KEY_ENV, JudgeSettings.DEFAULT_API_KEY_ENV, ConfigKeys.JUDGE_API_KEY_ENV);
    }

    private static String status(CallFailure failure) {
        return failure.status() == null ? "" : " (HTTP " + failure.status() + ")";
    }

    /** A reply as it stood, in quotes, shortened when very long. */
    public static String quote(String reply) {
        if (reply == null || reply.isEmpty()) {
            return "(empty)";
        }
        String shown = reply.length() > MAX_QUOTED_REPLY
                ? reply.substring(0, MAX_QUOTED_REPLY) + "... (" + reply.length() + " characters in all)"
                : reply;
        return "\"" + shown + "\"";
    }

    static String selfConsistencyOutOfRange(int n, int max) {
        return "selfConsistency must be between 1 and " + max + ", but is: " + n + "." + System.lineSeparator()
                + "Fix: use 1 for a single run, or an odd number such as 3 or 5 for a majority vote.";
    }
}
