package dev.llmassert.junit.internal;

import org.apiguardian.api.API;
import org.assertj.core.api.WritableAssertionInfo;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Carries what the user set on one assert ({@code as(...)}, {@code overridingErrorMessage(...)}) to the next. */
@API(status = INTERNAL, since = "0.1")
public final class AssertionState {

    private AssertionState() {}

    public static void copy(WritableAssertionInfo from, WritableAssertionInfo to) {
        if (from.description() != null) {
            to.description(from.description());
        }
        if (from.overridingErrorMessage() != null) {
            to.overridingErrorMessage(from.overridingErrorMessage());
        }
        if (from.representation() != null) {
            to.useRepresentation(from.representation());
        }
    }
}
