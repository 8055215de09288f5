package dev.llmassert.junit.internal;

import java.util.Optional;

/** A judged {@code isGroundedIn(...)} whose minimum was not given yet. */
public interface PendingCheck {

    /** Whether the user already checked it with an explicit minimum. */
    boolean settled();

    /** Checks it against the configured default; the failure, if any, says where the assertion was made. */
    Optional<AssertionError> checkAgainstDefault(double defaultMinScore);
}
