package dev.llmassert.springai;

import dev.llmassert.junit.LlmAssertions;
import org.apiguardian.api.API;
import org.assertj.core.annotation.CheckReturnValue;
import org.springframework.ai.chat.client.ChatClientResponse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The entry point of llm-assert's assertions for a Spring AI application: every {@code assertThat} of
 * {@link LlmAssertions} (and so of AssertJ), and {@link #assertThat(ChatClientResponse)} for what a {@code ChatClient}
 * call did. One static import serves all of them.
 *
 * <pre>{@code
 * import static dev.llmassert.springai.SpringAiAssertions.assertThat;
 *
 * ChatClientResponse response = chat.prompt().user(question).call().chatClientResponse();
 * assertThat(response).calledTool("orderStatus").withArgument("orderNumber", "NR-20417");
 * assertThat(response).isGroundedInItsSources().withMinScore(0.7);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
@CheckReturnValue
public class SpringAiAssertions extends LlmAssertions {

    /** For a project's own entry point that extends this one. */
    protected SpringAiAssertions() {}

    /**
     * Assertions on a {@code ChatClient} call's answer: every check of a {@code ResponseAssert}, with the documents its
     * retrieval advisors gave the model as its sources ({@code isGroundedInItsSources()}) and the tools the model
     * called as its trajectory ({@code calledTool(...)}, {@code isGroundedInToolResults()}). The tools are known when
     * the {@code ChatClient} has the {@link ChatClientRecorder}'s advisors, as every auto-configured one has under
     * the Spring Boot wiring.
     *
     * @param response the {@code ChatClient}'s response
     * @return the assert
     */
    public static ChatClientResponseAssert assertThat(ChatClientResponse response) {
        return new ChatClientResponseAssert(response);
    }
}
