package dev.llmassert.junit.forks;

import org.junit.jupiter.api.Test;

/** Run by the {@code forked-recordings} Surefire execution, in its own JVM beside {@link ForkedRecorderB}. */
class ForkedRecorderA {

    @Test
    void recordsItsRequestsIntoTheSharedFile() throws Exception {
        ForkedRecorders.record("recorder A");
    }
}
