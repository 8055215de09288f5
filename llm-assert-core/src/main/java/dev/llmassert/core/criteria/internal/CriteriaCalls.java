package dev.llmassert.core.criteria.internal;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.llmassert.core.criteria.JudgePrompt;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.model.internal.ReplyParser;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * How the criteria judges call the judge model: a {@link JudgePrompt} becomes a request (with its JSON schema as the
 * response format when the model supports structured output), and a judgement is sampled n times for
 * self-consistency.
 */
@API(status = INTERNAL, since = "0.1")
public final class CriteriaCalls {

    private final JudgeChat chat;
    private final boolean structured;
    private final int samples;

    public CriteriaCalls(JudgeChat chat, boolean structured, int samples) {
        this.chat = chat;
        this.structured = structured;
        this.samples = samples;
    }

    public JudgeChat chat() {
        return chat;
    }

    public boolean structured() {
        return structured;
    }

    public int samples() {
        return samples;
    }

    /** The request for {@code prompt}: the system and user messages, and the reply schema when structured. */
    public ChatRequest request(JudgePrompt prompt) {
        ChatRequest.Builder builder =
                ChatRequest.builder().messages(SystemMessage.from(prompt.system()), UserMessage.from(prompt.user()));
        if (structured) {
            builder.responseFormat(ResponseFormat.builder()
                    .type(ResponseFormatType.JSON)
                    .jsonSchema(prompt.responseSchema())
                    .build());
        }
        return builder.build();
    }

    /**
     * Asks the same request once per sample, one after the other. Sequential on purpose: identical requests at a
     * temperature above zero are recorded as an ordered sequence, and replaying them in the same order gives every
     * sample back the reply it had, so a replayed majority vote picks the same representative explanation.
     */
    public <T> List<JudgeReply<T>> sample(String subject, JudgePrompt prompt, ReplyParser<T> parser) {
        ChatRequest request = request(prompt);
        List<JudgeReply<T>> replies = new ArrayList<>(samples);
        for (int i = 1; i <= samples; i++) {
            String what = samples == 1 ? subject : subject + ", sample " + i + " of " + samples;
            replies.add(chat.ask(what, request, parser));
        }
        return replies;
    }
}
