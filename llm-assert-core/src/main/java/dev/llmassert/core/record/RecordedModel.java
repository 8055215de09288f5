package dev.llmassert.core.record;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Whose model a recording wrapper stands in front of: a miss names it ("No recording for this request of the
 * application's model") and says which key recording it needs, so that a miss of the application's model does not
 * send the reader to the judge's key.
 *
 * @param who          the model in the reader's words: {@code the judge}, {@code the application's model}
 * @param toRecord     what a live call needs, ending the fix: {@code with the judge's API key in the environment
 *                     variable OPENAI_API_KEY (named by llmassert.judge.api-key-env)}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RecordedModel(String who, String toRecord) {

    /**
     * Checks that both texts are given.
     *
     * @param who the model in the reader's words, not blank
     * @param toRecord what a live call needs, not blank
     * @throws IllegalArgumentException for a blank text
     */
    public RecordedModel {
        if (who == null || who.isBlank() || toRecord == null || toRecord.isBlank()) {
            throw new IllegalArgumentException("who and toRecord must be texts, but are: " + who + ", " + toRecord);
        }
    }

    /**
     * The judge's model.
     *
     * @param apiKeyVariable the environment variable that holds its key, or {@code null} for a provider that needs
     *                       none (Ollama)
     * @return the judge's model, whose miss names its key's variable
     */
    public static RecordedModel judge(String apiKeyVariable) {
        return new RecordedModel(
                "the judge",
                apiKeyVariable == null
                        ? "with the judge's server running"
                        : "with the judge's API key in the environment variable " + apiKeyVariable + " (named by "
                                + ConfigKeys.JUDGE_API_KEY_ENV + ")");
    }

    /**
     * The application's own model, wrapped by the test (an agent's, or an evaluation's system under test).
     *
     * @return the application's model, whose miss says its key is the application's to read
     */
    public static RecordedModel application() {
        return new RecordedModel(
                "the application's model",
                "with the key the application's model needs (your application reads it; llm-assert never does)");
    }

    /**
     * The model that plays the user in a simulated conversation.
     *
     * @return the simulated user's model
     */
    public static RecordedModel simulatedUser() {
        return new RecordedModel(
                "the simulated user's model", "with the key the simulated user's model needs (as you configured it)");
    }

    /**
     * A model wrapped with {@code RecordingSession.wrap(model)}, whose role is not known.
     *
     * @return the wrapped model
     */
    public static RecordedModel wrapped() {
        return new RecordedModel("the wrapped model", "with the key the wrapped model needs");
    }
}
