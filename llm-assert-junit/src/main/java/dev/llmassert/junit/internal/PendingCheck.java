package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A check that a bare assertion left open for after the test method: an {@code isGroundedIn(...)} without a minimum,
 * a {@code meets(...)} without an option or score, a {@code meetsAll(...)} without a minimum, or an
 * {@code isPreferredOver(...)} never finished with {@code on(criteria)}.
 */
@API(status = INTERNAL, since = "0.1")
public interface PendingCheck {

    /** Whether the user completed it with an explicit expectation, so nothing is left to check. */
    boolean settled();

    /** Checks it against its default expectation; the failure, if any, says where the assertion was made. */
    Optional<AssertionError> checkAfterTest();
}
