package dev.llmassert.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/** Resolves a {@link ConversationRecorder} parameter to a new recorder for the test, which publishes what it heard. */
final class ConversationRecorderParameterResolver extends TypeBasedParameterResolver<ConversationRecorder> {

    @Override
    public ConversationRecorder resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return ConversationRecorders.newRecorder(extensionContext);
    }
}
