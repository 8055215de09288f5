package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.LogProb;
import dev.langchain4j.model.openai.OpenAiChatResponseMetadata;
import dev.llmassert.core.model.internal.JsonReplies;
import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.model.internal.ResponseParser;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads a claim-checking model's answer: Yes or No, and, where the server sent log-probabilities, the probability of
 * Yes, as MiniCheck computes it: the summed probability of every token at the answer's place that reads "yes"
 * ({@code Yes}, {@code yes}, {@code  Yes}) among those the server listed. A reply that is neither Yes nor No is a
 * {@link ReplyParseException}, so the model is re-asked rather than a score guessed.
 */
@API(status = INTERNAL, since = "0.1")
public final class ClaimReplies {

    private static final String YES = "yes";
    private static final String NO = "no";

    private ClaimReplies() {}

    /**
     * One answer about one claim and one document.
     *
     * @param yes              whether the model answered Yes
     * @param probabilityOfYes the probability of Yes from the log-probabilities, or {@code null} when the server sent
     *                         none
     */
    @API(status = INTERNAL, since = "0.1")
    public record ClaimAnswer(boolean yes, Double probabilityOfYes) {

        /** The probability of Yes where the server gave it, else 1 for Yes and 0 for No. */
        public double score() {
            return probabilityOfYes != null ? probabilityOfYes : yes ? 1.0 : 0.0;
        }

        public boolean fromLogprobs() {
            return probabilityOfYes != null;
        }
    }

    /** Reads the answer's text and the log-probabilities of its first token, if any. */
    public static ResponseParser<ClaimAnswer> parser() {
        return ClaimReplies::parse;
    }

    static ClaimAnswer parse(String reply, ChatResponse response) throws ReplyParseException {
        String word =
                reply.strip().replaceAll("^[\\s\"'*_`]+|[\\s\"'*_`.!]+$", "").toLowerCase(Locale.ROOT);
        boolean yes;
        if (YES.equals(word)) {
            yes = true;
        } else if (NO.equals(word)) {
            yes = false;
        } else if (reply.isBlank()) {
            throw new ReplyParseException("the reply was empty; answer with one word, Yes or No");
        } else {
            throw new ReplyParseException("the reply must be one word, Yes or No, but is \""
                    + JsonReplies.abbreviate(reply.strip(), 60) + "\"");
        }
        return new ClaimAnswer(yes, probabilityOfYes(response));
    }

    /** The summed probability of the "yes" tokens at the answer's first token, or {@code null} without logprobs. */
    static Double probabilityOfYes(ChatResponse response) {
        if (response == null
                || !(response.metadata() instanceof OpenAiChatResponseMetadata openAi)
                || openAi.logProbs() == null
                || openAi.logProbs().isEmpty()) {
            return null;
        }
        LogProb first = openAi.logProbs().get(0);
        if (first == null || first.token() == null || first.logprob() == null) {
            return null;
        }
        // The listed tokens, each once: the answer token itself and its alternatives.
        Map<String, Double> listed = new LinkedHashMap<>();
        listed.put(first.token(), first.logprob());
        List<LogProb> top = first.topLogprobs() == null ? List.of() : first.topLogprobs();
        for (LogProb alternative : top) {
            if (alternative != null && alternative.token() != null && alternative.logprob() != null) {
                listed.putIfAbsent(alternative.token(), alternative.logprob());
            }
        }
        double sum = 0;
        for (Map.Entry<String, Double> token : listed.entrySet()) {
            if (YES.equals(token.getKey().strip().toLowerCase(Locale.ROOT))) {
                sum += Math.exp(token.getValue());
            }
        }
        return Math.min(1.0, Math.max(0.0, sum));
    }
}
