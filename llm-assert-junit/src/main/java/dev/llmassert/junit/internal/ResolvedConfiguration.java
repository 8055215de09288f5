package dev.llmassert.junit.internal;

import dev.llmassert.core.model.JudgeSettings;

/**
 * The configuration that applies to one test, class or method: how to reach the judge and the default minimum.
 *
 * @param settings        how to build the judge
 * @param defaultMinScore the minimum a bare {@code isGroundedIn(...)} is checked against
 */
public record ResolvedConfiguration(JudgeSettings settings, double defaultMinScore) {
}
