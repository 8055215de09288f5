package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A criteria or multi-criteria file that cannot be used. The message names the file, the field (as a JSON pointer,
 * e.g. {@code /options/1/score}), what was expected there, and how to fix it.
 */
@API(status = STABLE, since = "0.1")
public class CriteriaFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The file: {@code classpath:<resource>} or its path. */
    private final String source;
    /** The JSON pointer of the field, empty for the whole document. */
    private final String pointer;
    /** What was expected at the field, and what was found. */
    private final String expected;

    /**
     * An exception whose message names the file, the field and what was expected there, and says how to fix it.
     *
     * @param source   the file: {@code classpath:<resource>} or its path
     * @param pointer  the JSON pointer of the field, e.g. {@code /options/1/score}; empty for the whole document
     * @param expected what was expected at the field, and what was found
     * @param cause    the parser's error, or {@code null}
     */
    public CriteriaFileException(String source, String pointer, String expected, Throwable cause) {
        super(message(source, pointer, expected), cause);
        this.source = source;
        this.pointer = pointer;
        this.expected = expected;
    }

    private static String message(String source, String pointer, String expected) {
        String n = System.lineSeparator();
        // no line starts with "at ": it would read as a stack frame, and a filter of frames would hide it
        return "Malformed criteria file " + source + n
                + "  " + (pointer.isEmpty() ? "The file" : "Field " + pointer) + ": " + expected + n
                + "Fix: correct the file; its format is described in the Javadoc of "
                + CriteriaLoader.class.getName() + ".";
    }

    /**
     * The file: {@code classpath:<resource>} or its path.
     *
     * @return the file, as the message names it
     */
    public String source() {
        return source;
    }

    /**
     * The JSON pointer of the field, empty for the whole document.
     *
     * @return e.g. {@code /options/1/score}
     */
    public String pointer() {
        return pointer;
    }

    /**
     * What was expected at the field, and what was found.
     *
     * @return e.g. {@code expected a number, but found "high"}
     */
    public String expected() {
        return expected;
    }
}
