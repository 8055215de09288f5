package dev.llmassert.core.record.internal;

import dev.llmassert.core.record.RecordedModel;
import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Sees each answer the recordings hand the application, and each tool result an agent's trajectory shows, and may
 * change it: the mutation check's way in. Bound to the thread that runs a test by {@link ReplyTaps}; the judges'
 * models and a simulated user's are never tapped.
 *
 * <p>In a mutant's run the tap also keeps the run on its recordings: no call reaches a model
 * ({@link #replayOnly()}), and a later request of the application or of a simulated user that holds the changed
 * answer (the next turn of a conversation) is looked up as it was recorded, with the answer as it was
 * ({@link #undone}).
 */
@API(status = INTERNAL, since = "0.1")
public interface ReplyTap {

    /** The text to give the application for {@code answer}: its own text, or a changed one. */
    String answer(ServedAnswer answer);

    /** The result to show for a call of {@code tool} that returned {@code result}: the result, or a changed one. */
    String toolResult(String tool, String result, String request);

    /** Whether no call may reach a model while this tap is bound, whatever the recordings mode: a mutant's run. */
    default boolean replayOnly() {
        return false;
    }

    /**
     * A message text of a request as it would read without this tap's change: the changed answer put back as it was
     * recorded; {@code text} itself when it holds no change.
     */
    default String undone(String text) {
        return text;
    }

    /**
     * A call of the application's model or of a simulated user's whose request held the changed answer, and that was
     * served the reply recorded for the request without the change.
     */
    default void followed(Call call) {}

    /** A call that found no recording while this tap was bound, just before its miss is thrown. */
    default void missed(Call call) {}

    /**
     * An answer of the application's model, served by a recording session.
     *
     * @param file        the recordings file
     * @param key         the request's key
     * @param position    which of the key's replies (0 for the first)
     * @param text        the reply's text
     * @param requestText the text of the request's messages, one a line: what the answer was made from
     * @param replayed    whether it came from the file (else the model was called and it was recorded)
     */
    @API(status = INTERNAL, since = "0.1")
    record ServedAnswer(Path file, String key, int position, String text, String requestText, boolean replayed) {}

    /**
     * A model call the tap was told of.
     *
     * @param whose         whose model it was: the application's, a simulated user's, a judge's
     * @param key           the key it was looked up under: with the change undone, when its request held it
     * @param heldTheChange whether its request held the changed answer
     * @param miss          the miss's message, for a call that found no recording; else {@code null}
     */
    @API(status = INTERNAL, since = "0.1")
    record Call(RecordedModel whose, String key, int position, boolean heldTheChange, String miss) {}
}
