package dev.llmassert.core.record;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Record and replay any {@link ChatModel}, for hermetic tests of an application's own model calls as well as judges.
 * A model wrapped here counts as the application's: a mutation check may change the answers it replays.
 *
 * <pre>{@code
 * ChatModel model = Recordings.wrap(realModel,
 *         Path.of("src/test/resources/llm-recordings/com.example.BotTest.json"),
 *         RecordingMode.resolve(System.getProperty("llmassert.recordings.mode"), System::getenv));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Recordings {

    /** The default of {@value ConfigKeys#RECORDINGS_DIR}: {@value}. */
    public static final String DEFAULT_DIR = "src/test/resources/llm-recordings";

    private Recordings() {}

    /**
     * {@code model}, recorded into and replayed from {@code file}. Each recorded reply is saved at once. The wrapper
     * is one long session: a request made several times replays the recorded replies in order, once each, for the
     * wrapper's lifetime; wrap again for a fresh start. For per-test sessions use {@link RecordingStore}.
     *
     * @param model the application's model, not {@code null}
     * @param file the recordings file, not {@code null}; it need not exist
     * @param mode when to replay and when to call the model, not {@code null}
     * @return the wrapper, the application's model
     * @throws RecordingFileException when the file cannot be loaded, or (mode {@code record}) its folder cannot be
     *                                written
     * @throws IllegalArgumentException for a {@code null} model, file or mode
     */
    public static RecordingChatModel wrap(ChatModel model, Path file, RecordingMode mode) {
        if (file == null) {
            throw new IllegalArgumentException("file must be the recordings file, e.g. " + DEFAULT_DIR
                    + "/com.example.BotTest.json, but is: null");
        }
        return wrap(model, file, mode, "Recordings.wrap(" + file.getFileName() + ")");
    }

    /**
     * As {@link #wrap(ChatModel, Path, RecordingMode)}, with {@code name} standing for the test in miss messages.
     *
     * @param model the application's model, not {@code null}
     * @param file the recordings file, not {@code null}; it need not exist
     * @param mode when to replay and when to call the model, not {@code null}
     * @param name what a miss names as the test, not blank
     * @return the wrapper, the application's model
     * @throws RecordingFileException when the file cannot be loaded, or (mode {@code record}) its folder cannot be
     *                                written
     * @throws IllegalArgumentException for a {@code null} model, file or mode, or a blank name
     */
    public static RecordingChatModel wrap(ChatModel model, Path file, RecordingMode mode, String name) {
        if (model == null) {
            throw new IllegalArgumentException("model must be the ChatModel to record and replay, but is: null");
        }
        if (mode == null) {
            throw new IllegalArgumentException(
                    "mode must be one of " + RecordingMode.allowedValues() + ", but is: null");
        }
        RecordingStore store = RecordingStore.create();
        return store.file(file).openSession(mode, name, true).wrapApplication(model);
    }

    /**
     * The recordings file of a test class: {@code <dir>/<fully.qualified.ClassName>.json}.
     *
     * @param dir the recordings folder, e.g. {@value #DEFAULT_DIR}
     * @param className the class's binary name, e.g. {@code com.example.BotTest} or {@code com.example.BotTest$Nested}
     * @return the file in {@code dir}
     * @throws IllegalArgumentException for a {@code null} folder, or a class name that is blank or holds a slash
     */
    public static Path fileFor(Path dir, String className) {
        if (dir == null) {
            throw new IllegalArgumentException("dir must be the recordings folder (" + ConfigKeys.RECORDINGS_DIR
                    + ", default " + DEFAULT_DIR + "), but is: null");
        }
        if (className == null || className.isBlank() || className.contains("/") || className.contains("\\")) {
            throw new IllegalArgumentException("className must be a fully qualified class name such as "
                    + "com.example.BotTest, but is: " + (className == null ? "null" : "'" + className + "'"));
        }
        return dir.resolve(className + ".json");
    }
}
