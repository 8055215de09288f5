package dev.llmassert.core;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.llmassert.core.testing.ApiRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The core module's public API follows {@link ApiRules}. */
class PublicApiTest {

    private static final String ROOT = "dev.llmassert.core";

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = ApiRules.mainClasses(ROOT);
    }

    @Test
    void everyPublicTypeIsAnnotatedWithApi() {
        ApiRules.everyPublicTypeIsAnnotatedWithApi(ROOT).check(main);
    }

    @Test
    void noPublicSignatureExposesAnInternalType() {
        ApiRules.noPublicSignatureExposesAnInternalType(ROOT).check(main);
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
