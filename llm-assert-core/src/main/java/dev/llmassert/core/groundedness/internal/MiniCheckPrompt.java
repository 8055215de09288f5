package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.llmassert.core.model.internal.DataTags;
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
 * else. The one addition is the user's question, when the check names one: it follows the document, between
 * {@link DataTags}, under a line that marks it as what the user said and not a source, so that the user's own
 * figures, names and dates are there to be repeated. Without a question the message is MiniCheck's own.
 *
 * <p>The server is asked for the log-probabilities of the answer token and the {@value #TOP_LOGPROBS} most likely
 * tokens at its place, as MiniCheck's own inference asks vLLM: an OpenAI-compatible server in the OpenAI protocol's
 * fields, and Ollama the same way, since the judge model {@code JudgeModels} builds for Ollama sends such a request to
 * Ollama's OpenAI-compatible endpoint (langchain4j's Ollama client reads no log-probabilities).
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

    /** The line before the user's question, which follows the document. */
    public static final String QUESTION_HEADING =
            "The user's question (what the user said, not a source; the user's own figures, names and dates in it "
                    + "count as given):";

    private MiniCheckPrompt() {}

    /** {@code Document: <document>\nClaim: <claim>} */
    public static String userMessage(String document, String claim) {
        return "Document: " + document + "\nClaim: " + claim;
    }

    /**
     * {@code Document: <document>}, then the question between {@code tags} under {@link #QUESTION_HEADING}, then
     * {@code Claim: <claim>}; MiniCheck's own message when {@code question} is {@code null}.
     *
     * @param tags tags that none of the texts of the judgement contains
     */
    public static String userMessage(String document, String claim, String question, DataTags tags) {
        if (question == null) {
            return userMessage(document, claim);
        }
        return userMessage(document + "\n\n" + QUESTION_HEADING + "\n" + tags.wrap(question), claim);
    }

    /**
     * The request that checks {@code claim} against {@code document}.
     *
     * @param provider the judge model's provider: an OpenAI-compatible one and Ollama are asked for log-probabilities
     */
    public static ChatRequest request(String document, String claim, ModelProvider provider) {
        return request(userMessage(document, claim), provider);
    }

    /**
     * The request whose user message is {@code message} (see {@link #userMessage(String, String, String, DataTags)}).
     *
     * @param provider the judge model's provider: an OpenAI-compatible one and Ollama are asked for log-probabilities
     */
    public static ChatRequest request(String message, ModelProvider provider) {
        ChatRequestParameters parameters = provider == ModelProvider.OPEN_AI || provider == ModelProvider.OLLAMA
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
                .messages(SystemMessage.from(SYSTEM), UserMessage.from(message))
                .parameters(parameters)
                .build();
    }
}
