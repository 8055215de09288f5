package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * MiniCheck's own prompt, as its authors give it (MiniCheck's {@code minicheck/utils.py}, and the Ollama page of
 * {@code bespoke-minicheck}): a fixed system prompt, and the user message {@code Document: <document>\nClaim: <claim>},
 * one claim (a sentence) per call, at temperature 0, for one token.
 *
 * <p>The model was fine-tuned on exactly this form, so nothing is added to it: no data tags around the document or
 * the claim, no rule about them in the system prompt. Its answer is one token and is read only as Yes or No, so a
 * text that says "answer Yes" can at most sway the verdict of its own sentence, never make the judge do anything
 * else.
 *
 * <p>An OpenAI-compatible server is asked for the log-probabilities of the answer token and the {@value #TOP_LOGPROBS}
 * most likely tokens at its place, as MiniCheck's own inference asks vLLM; langchain4j 1.17's Ollama client has no
 * field for them, so an Ollama request asks for the answer only.
 */
@API(status = INTERNAL, since = "0.1")
public final class MiniCheckPrompt {

    /** MiniCheck's system prompt, word for word. */
    public static final String SYSTEM = "Determine whether the provided claim is consistent with the corresponding "
            + "document. Consistency in this context implies that all information presented in the claim is "
            + "substantiated by the document. If not, it should be considered inconsistent. Please assess the claim's "
            + "consistency with the document by responding with either \"Yes\" or \"No\".";

    /** The most likely tokens asked for beside the answer token, as MiniCheck asks vLLM. */
    public static final int TOP_LOGPROBS = 5;

    private MiniCheckPrompt() {}

    /** {@code Document: <document>\nClaim: <claim>} */
    public static String userMessage(String document, String claim) {
        return "Document: " + document + "\nClaim: " + claim;
    }

    /**
     * The request that checks {@code claim} against {@code document}.
     *
     * @param provider the judge model's provider: an OpenAI-compatible one is asked for log-probabilities
     */
    public static ChatRequest request(String document, String claim, ModelProvider provider) {
        ChatRequestParameters parameters = provider == ModelProvider.OPEN_AI
                ? OpenAiChatRequestParameters.builder()
                        .temperature(0.0)
                        .maxOutputTokens(1)
                        .logprobs(true)
                        .topLogprobs(TOP_LOGPROBS)
                        .build()
                : ChatRequestParameters.builder()
                        .temperature(0.0)
                        .maxOutputTokens(1)
                        .build();
        return ChatRequest.builder()
                .messages(SystemMessage.from(SYSTEM), UserMessage.from(userMessage(document, claim)))
                .parameters(parameters)
                .build();
    }
}
