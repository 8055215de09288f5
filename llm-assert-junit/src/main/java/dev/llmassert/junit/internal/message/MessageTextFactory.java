package dev.llmassert.junit.internal.message;

import org.assertj.core.error.BasicErrorMessageFactory;

/**
 * The one way this module builds a failure message: a {@link MessageText} handed to AssertJ, which formats it with the
 * assertion's description and representation, as its own {@code ShouldXxx} messages are.
 */
abstract class MessageTextFactory extends BasicErrorMessageFactory {

    MessageTextFactory(MessageText message) {
        super(message.format(), message.args(BasicErrorMessageFactory::unquotedString));
    }
}
