package dev.llmassert.core.eval;

import dev.llmassert.core.run.internal.ErrorChain;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Why an item has no measurements: its system-under-test call, an annotator or {@code measureQuality} threw.
 *
 * @param stage       {@code system under test}, {@code annotator} or {@code measureQuality}
 * @param annotator   the annotator that threw, or {@code null}
 * @param promptIndex the prompt whose call threw (from 0), or {@code -1}
 * @param repeat      the repeat whose call threw (from 0), or {@code -1}
 * @param type        the exception's class name
 * @param message     the exception's message, with its causes'
 * @param cause       the exception itself; {@code null} for a record read from a file
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ItemError(
        String stage, String annotator, int promptIndex, int repeat, String type, String message, Throwable cause) {

    /** The stage of an error the system under test threw. */
    public static final String SYSTEM_UNDER_TEST = "system under test";
    /** The stage of an error an annotator threw. */
    public static final String ANNOTATOR = "annotator";
    /** The stage of an error {@code measureQuality} threw. */
    public static final String MEASURE_QUALITY = "measureQuality";

    static ItemError of(String stage, String annotator, int promptIndex, int repeat, Throwable cause) {
        return new ItemError(
                stage, annotator, promptIndex, repeat, cause.getClass().getName(), ErrorChain.message(cause), cause);
    }

    /**
     * Where and what, in one line: {@code prompt 2, repeat 1: the system under test threw ...}.
     *
     * @return the line, prompts and repeats counted from 1
     */
    public String describe() {
        StringBuilder where = new StringBuilder();
        if (promptIndex >= 0) {
            where.append("prompt ").append(promptIndex + 1);
            if (repeat > 0) {
                where.append(", repeat ").append(repeat + 1);
            }
            where.append(": ");
        }
        String who = switch (stage) {
            case ANNOTATOR -> "the annotator '" + annotator + "'";
            case MEASURE_QUALITY -> "measureQuality";
            default -> "the system under test";
        };
        return where + who + " threw " + type + (message.isEmpty() ? "" : ": " + message);
    }
}
