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

    private final String source;
    private final String pointer;
    private final String expected;

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

    /** The file: {@code classpath:<resource>} or its path. */
    public String source() {
        return source;
    }

    /** The JSON pointer of the field, empty for the whole document. */
    public String pointer() {
        return pointer;
    }

    /** What was expected at the field, and what was found. */
    public String expected() {
        return expected;
    }
}
