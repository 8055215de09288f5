package dev.llmassert.core.testing.cycles.left;

import dev.llmassert.core.testing.cycles.right.Right;

/** Half of a cycle across two packages, for the test of the rule that forbids one. */
public final class Left {

    private Left() {}

    /** Depends on {@link Right}, which depends on this class. */
    public static String name() {
        return "left of " + Right.class.getSimpleName();
    }
}
