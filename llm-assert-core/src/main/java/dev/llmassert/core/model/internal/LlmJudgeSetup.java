package dev.llmassert.core.model.internal;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.run.internal.WorkerPool;
import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What every LLM judge builds from the settings of its builder ({@code LlmJudgeBuilder}): the chat that calls the
 * model with retries and repair, how many calls may be in flight, and whether replies are requested as structured
 * output. The defaults of the settings a builder left unset are applied here, when the judge is built.
 *
 * @param chat        calls the judge model
 * @param concurrency calls in flight at most
 * @param structured  whether replies are requested as JSON-schema structured output
 */
@API(status = INTERNAL, since = "0.1")
public record LlmJudgeSetup(JudgeChat chat, int concurrency, boolean structured) {

    /**
     * The setup for the settings of a builder, each {@code null} when not set.
     *
     * @param noChatModel the message when no chat model is set: it names the judge and shows how to pass one
     * @throws IllegalArgumentException with {@code noChatModel} when {@code chatModel} is {@code null}
     */
    public static LlmJudgeSetup of(
            ChatModel chatModel,
            String judgeName,
            Integer maxRetries,
            Duration retryBackoff,
            Integer concurrency,
            Boolean structuredOutput,
            String noChatModel) {
        return of(chatModel, judgeName, maxRetries, retryBackoff, concurrency, structuredOutput, null, noChatModel);
    }

    /**
     * @param apiKeyEnv the variable holding the judge's key, whose value is masked in every message, or {@code null}
     *                  for the default ({@code OPENAI_API_KEY})
     */
    public static LlmJudgeSetup of(
            ChatModel chatModel,
            String judgeName,
            Integer maxRetries,
            Duration retryBackoff,
            Integer concurrency,
            Boolean structuredOutput,
            String apiKeyEnv,
            String noChatModel) {
        if (chatModel == null) {
            throw new IllegalArgumentException(noChatModel);
        }
        JudgeChat chat = JudgeChat.builder()
                .chatModel(chatModel)
                .judgeName(judgeName)
                .maxRetries(maxRetries)
                .retryBackoff(retryBackoff)
                .redactor(Redactor.forVariables(System::getenv, apiKeyEnv, JudgeSettings.DEFAULT_API_KEY_ENV))
                .build();
        return new LlmJudgeSetup(
                chat,
                concurrency == null ? JudgeSettings.DEFAULT_CONCURRENCY : concurrency,
                structuredOutput == null ? chat.supportsJsonSchema() : structuredOutput);
    }

    /** A new pool for the judge's calls, at most {@link #concurrency()} at once; the judge closes it. */
    public WorkerPool pool() {
        return WorkerPool.forJudge(chat.judgeName(), concurrency);
    }
}
