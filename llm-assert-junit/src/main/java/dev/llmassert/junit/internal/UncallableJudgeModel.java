package dev.llmassert.junit.internal;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.record.RecordingException;

import java.util.Set;

/**
 * The judge model of a test that replays, when the real client cannot be built (typically: no API key, as in CI).
 * It has the real client's parameters and capabilities, so requests get the same recording keys, but it cannot be
 * called: a request that is not recorded fails with why the client could not be built and how to fix it.
 */
final class UncallableJudgeModel implements ChatModel {

    private final ChatModel shape;
    private final String reason;
    private final RuntimeException cause;

    UncallableJudgeModel(ChatModel shape, String reason, RuntimeException cause) {
        this.shape = shape;
        this.reason = reason;
        this.cause = cause;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        throw new RecordingException(reason, cause);
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return shape.defaultRequestParameters();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return shape.supportedCapabilities();
    }

    @Override
    public ModelProvider provider() {
        return shape.provider();
    }
}
