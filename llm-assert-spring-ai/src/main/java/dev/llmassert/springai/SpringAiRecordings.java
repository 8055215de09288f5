package dev.llmassert.springai;

import dev.llmassert.core.record.RecordingFileException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.springai.internal.RecordingSpringAiChatModel;
import dev.llmassert.springai.internal.Routes;
import dev.llmassert.springai.internal.SpringAiMessages;
import org.apiguardian.api.API;
import org.springframework.ai.chat.model.ChatModel;

import java.nio.file.Path;
import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Record and replay a Spring AI {@link ChatModel}, in the same recordings files, modes and canonical request form as a
 * langchain4j model ({@link Recordings}): a request is keyed by its messages, options and tools whichever client made
 * it. {@code call} and {@code stream} are both recorded; a stream is recorded whole and replayed as a stream.
 *
 * <pre>{@code
 * // in an @LlmJudge test: the test's recordings, counted as the application's calls
 * ChatModel model = SpringAiRecordings.recorded(evaluator, openAiChatModel);
 * // anywhere else: one file, one long session
 * ChatModel model = SpringAiRecordings.wrap(openAiChatModel,
 *         Path.of("src/test/resources/llm-recordings/com.example.BotTest.json"), RecordingMode.REPLAY);
 * }</pre>
 *
 * <p>Under {@code @SpringBootTest} with {@code @LlmJudge} none of this is needed: the application's {@code ChatModel}
 * beans are wrapped in the running test's recordings (see the README's "Spring AI" section).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringAiRecordings {

    private SpringAiRecordings() {}

    /**
     * {@code model}, recorded into and replayed from {@code file}, as {@link Recordings#wrap} does for a langchain4j
     * model: one long session, each recorded reply saved at once; a mutation check may change the answers it replays.
     *
     * @param model the Spring AI model, not {@code null}
     * @param file  the recordings file, not {@code null}
     * @param mode  the recordings mode, not {@code null}
     * @return the recording model
     * @throws IllegalArgumentException if an argument is {@code null}
     * @throws RecordingFileException   when the file cannot be loaded, or (mode {@code record}) its folder cannot be
     *                                  written
     */
    public static ChatModel wrap(ChatModel model, Path file, RecordingMode mode) {
        if (file == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullFile());
        }
        return wrap(model, file, mode, "SpringAiRecordings.wrap(" + file.getFileName() + ")");
    }

    /**
     * As {@link #wrap(ChatModel, Path, RecordingMode)}, with {@code name} standing for the test in miss messages.
     *
     * @param model the Spring AI model, not {@code null}
     * @param file  the recordings file, not {@code null}
     * @param mode  the recordings mode, not {@code null}
     * @param name  what miss messages name as the test, not blank
     * @return the recording model
     * @throws IllegalArgumentException if an argument is {@code null} or {@code name} is blank
     * @throws RecordingFileException   when the file cannot be loaded, or (mode {@code record}) its folder cannot be
     *                                  written
     */
    public static ChatModel wrap(ChatModel model, Path file, RecordingMode mode, String name) {
        requireModel(model);
        if (file == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullFile());
        }
        if (mode == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullMode(RecordingMode.allowedValues()));
        }
        RecordingSession session = RecordingStore.create().file(file).openSession(mode, name, true);
        return new RecordingSpringAiChatModel(unwrapped(model), Routes.session(session), modelName(model));
    }

    /**
     * {@code model} recorded and replayed through the recordings of {@code evaluator}'s test, as
     * {@code evaluator.recorded(model)} records a langchain4j model: not recorded when the mode is {@code off}, and
     * either way counted as the application's calls in the run report. Also the way to record a model that the
     * application calls from an evaluation's threads.
     *
     * @param evaluator the evaluator of the running test, not {@code null}
     * @param model     the Spring AI model, not {@code null}
     * @return the recording model
     * @throws IllegalArgumentException if an argument is {@code null}
     */
    public static ChatModel recorded(Evaluator evaluator, ChatModel model) {
        requireModel(model);
        if (evaluator == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullEvaluator());
        }
        return new RecordingSpringAiChatModel(unwrapped(model), Routes.evaluator(evaluator), modelName(model));
    }

    /**
     * {@code model}, each of whose calls is recorded and replayed through the recordings of the {@code @LlmJudge} test
     * method that is running when the call is made, on the calling thread, as the Spring Boot wiring does for a bean.
     * A call made on another thread, or outside a test method, fails saying so: use {@link #recorded(Evaluator,
     * ChatModel)} for those.
     *
     * @param model the Spring AI model, not {@code null}
     * @return the recording model
     * @throws IllegalArgumentException if {@code model} is {@code null}
     */
    public static ChatModel forRunningTest(ChatModel model) {
        requireModel(model);
        return new RecordingSpringAiChatModel(unwrapped(model), Routes.runningTest(List::of), modelName(model));
    }

    private static void requireModel(ChatModel model) {
        if (model == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullModel());
        }
    }

    /** A model wrapped already is wrapped again from its own model: a call is never recorded twice. */
    private static ChatModel unwrapped(ChatModel model) {
        return model instanceof RecordingSpringAiChatModel recording ? recording.delegate() : model;
    }

    private static String modelName(ChatModel model) {
        return model instanceof RecordingSpringAiChatModel recording
                ? recording.name()
                : model.getClass().getSimpleName();
    }
}
