package dev.llmassert.core;

import dev.llmassert.core.testing.ApiRules;
import dev.llmassert.core.testing.PublicApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The core module's public API follows {@link ApiRules}. */
class PublicApiTest extends PublicApiContract {

    private static final String ROOT = "dev.llmassert.core";

    @Override
    protected String rootPackage() {
        return ROOT;
    }

    @Test
    void thePublicTypesCanBeListed(TestReporter reporter) {
        List<String> types = ApiRules.publicTypes(ROOT);

        assertThat(types).isSorted().contains("dev.llmassert.core.criteria.DirectJudge",
                "dev.llmassert.core.criteria.DirectJudge.Builder");
        assertThat(types).as("test sources are not part of the API")
                .noneMatch(name -> name.startsWith("dev.llmassert.core.testing."));
        reporter.publishEntry("public types", String.valueOf(types.size()));
    }
}
