package dev.llmassert.core.mutation.internal;

import dev.llmassert.core.mutation.MutationOperator;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The messages of the mutation operators: settings that name no operator, a resource missing from the jar. */
@API(status = INTERNAL, since = "0.1")
public final class MutationMessages {

    private MutationMessages() {}

    /** A part of an operator list that names no operator. */
    public static String notAnOperator(String part) {
        return "'" + part + "' is not a mutation operator; the operators are " + MutationOperator.allowedValues()
                + ", or all";
    }

    /** An operator list with nothing in it but commas. */
    public static String noOperator(String value) {
        return "'" + value + "' names no mutation operator; the operators are " + MutationOperator.allowedValues()
                + ", or all";
    }

    /** A resource of the core jar that is not there. */
    public static String resourceMissing(String resource) {
        return "The resource " + resource + " is missing from the llm-assert-core jar: the jar is damaged. Fix: rebuild"
                + " or re-download it.";
    }
}
