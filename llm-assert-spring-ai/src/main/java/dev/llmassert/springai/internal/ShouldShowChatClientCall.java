package dev.llmassert.springai.internal;

import org.apiguardian.api.API;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The failures of a {@code ChatClient} call that cannot show what an assertion asks about, in AssertJ's layout; the
 * answer is an argument, never part of the format.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldShowChatClientCall extends BasicErrorMessageFactory {

    private ShouldShowChatClientCall(String format, Object... arguments) {
        super(format, arguments);
    }

    /** The call retrieved no document, so its answer has no sources to be grounded in. */
    public static ErrorMessageFactory shouldHaveSources(String answer) {
        return new ShouldShowChatClientCall(
                "%nExpecting the ChatClient's answer:%n  %s%nto be grounded in the documents its retrieval advisors"
                        + " gave the model, but the call retrieved no document.%n"
                        + "Fix: give the ChatClient a QuestionAnswerAdvisor or a RetrievalAugmentationAdvisor, check"
                        + " that its retriever finds documents for the question, or judge the answer against sources"
                        + " of your own with isGroundedIn(...).",
                answer);
    }

    /** The call's tools are not known: its ChatClient has no recorder's advisors. */
    public static ErrorMessageFactory shouldShowTools(String answer) {
        return new ShouldShowChatClientCall(
                "%nExpecting the ChatClient's answer:%n  %s%nto show the tools the model called, but its"
                        + " ChatClient did not record them.%n"
                        + "Fix: add the advisors of a ChatClientRecorder to the ChatClient"
                        + " (ChatClient.builder(model).defaultAdvisors(recorder.advisors())), or build it from the"
                        + " ChatClient.Builder that Spring AI auto-configures, to which the Spring Boot wiring of"
                        + " @LlmJudge adds them.",
                answer);
    }
}
