package dev.llmassert.core.testing.cycles.right;

import dev.llmassert.core.testing.cycles.left.Left;

/** The other half of the cycle of {@link Left}. */
public final class Right {

    private Right() {}

    public static String name() {
        return "right of " + Left.name();
    }
}
