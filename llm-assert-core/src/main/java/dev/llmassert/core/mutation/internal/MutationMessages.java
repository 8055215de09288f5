package dev.llmassert.core.mutation.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The messages of the mutation operators: settings that name no operator, a resource missing from the jar. They take
 * names and values, never the operators themselves, so that the operators can use them.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutationMessages {

    private MutationMessages() {}

    /** A part of an operator list that names no operator; {@code operators} lists those there are. */
    public static String notAnOperator(String part, String operators) {
        return "'" + part + "' is not a mutation operator; the operators are " + operators + ", or all";
    }

    /** An operator list with nothing in it but commas; {@code operators} lists those there are. */
    public static String noOperator(String value, String operators) {
        return "'" + value + "' names no mutation operator; the operators are " + operators + ", or all";
    }

    /** A resource of the core jar that is not there. */
    public static String resourceMissing(String resource) {
        return "The resource " + resource + " is missing from the llm-assert-core jar: the jar is damaged. Fix: rebuild"
                + " or re-download it.";
    }
}
