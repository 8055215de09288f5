package dev.llmassert.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/** Resolves a {@link TrajectoryRecorder} parameter to a new recorder for the test, which the run report reads. */
final class TrajectoryRecorderParameterResolver extends TypeBasedParameterResolver<TrajectoryRecorder> {

    @Override
    public TrajectoryRecorder resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return AgentTrajectories.newRecorder(extensionContext);
    }
}
