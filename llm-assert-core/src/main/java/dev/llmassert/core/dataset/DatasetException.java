package dev.llmassert.core.dataset;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A dataset that cannot be loaded: a missing or malformed file, a row that breaks a rule of {@link Dataset}, or
 * roles that do not fit the file. The message starts with where the problem is ({@code support.jsonl, line 7, field
 * 'question': }), says what is wrong, and ends with how to fix it; a parser's exception is kept as the cause.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class DatasetException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The file as given, or {@code null}. */
    private final String path;
    /** The 1-based line, or 0. */
    private final int line;
    /** The field, or {@code null}. */
    private final String field;

    DatasetException(String path, int line, String field, String problem, Throwable cause) {
        super(where(path, line, field) + problem, cause);
        this.path = path;
        this.line = line;
        this.field = field;
    }

    DatasetException(String path, int line, String field, String problem) {
        this(path, line, field, problem, null);
    }

    private static String where(String path, int line, String field) {
        StringBuilder where = new StringBuilder();
        if (path != null) {
            where.append(path);
        }
        if (line > 0) {
            where.append(where.length() == 0 ? "" : ", ").append("line ").append(line);
        }
        if (field != null) {
            where.append(where.length() == 0 ? "" : ", ")
                    .append("field '")
                    .append(field)
                    .append('\'');
        }
        return where.length() == 0 ? "" : where + ": ";
    }

    /**
     * The dataset's file as it was given ({@code src/test/resources/eval/support.jsonl}), {@code classpath:} and the
     * resource name for a classpath resource, or {@code null} for items given in code with {@link Dataset#of}.
     *
     * @return the file, or {@code null}
     */
    public String path() {
        return path;
    }

    /**
     * The 1-based line of the file where the problem is: the line of a JSON Lines item, the first line of a CSV
     * record (the header is line 1), or the line where a YAML item starts.
     *
     * @return the line, or {@code 0} when the problem is not on one line (a missing file, a role naming no field)
     */
    public int line() {
        return line;
    }

    /**
     * The field the problem is in, e.g. {@code question}.
     *
     * @return the field, or {@code null} when the problem is not in one field
     */
    public String field() {
        return field;
    }
}
