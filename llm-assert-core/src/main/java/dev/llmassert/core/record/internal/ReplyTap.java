package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Sees each answer the recordings hand the application, and each tool result an agent's trajectory shows, and may
 * change it: the mutation check's way in. Bound to the thread that runs a test by {@link ReplyTaps}; the judges'
 * models are never tapped.
 */
@API(status = INTERNAL, since = "0.1")
public interface ReplyTap {

    /** The text to give the application for {@code answer}: its own text, or a changed one. */
    String answer(ServedAnswer answer);

    /** The result to show for a call of {@code tool} that returned {@code result}: the result, or a changed one. */
    String toolResult(String tool, String result, String request);

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
}
