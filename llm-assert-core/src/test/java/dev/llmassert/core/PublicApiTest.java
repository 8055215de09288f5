package dev.llmassert.core;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.llmassert.core.testing.ApiRules;
import dev.llmassert.core.testing.PublicApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import java.util.List;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/** The core module's public API follows {@link ApiRules}. */
class PublicApiTest extends PublicApiContract {

    private static final String ROOT = "dev.llmassert.core";

    @Override
    protected String rootPackage() {
        return ROOT;
    }

    @Test
    void theConfigurationPackageIsALeaf() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".config..")
                .should()
                .dependOnClassesThat(
                        resideInAPackage("dev.llmassert..").and(resideOutsideOfPackage(ROOT + ".config..")))
                .because("every part of llm-assert reads its keys and raises its settings errors from there, as JUnit "
                        + "keeps platform.commons")
                .check(main);
    }

    @Test
    void theRootPackageIsTheTopAndNoPartDependsOnIt() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT)
                .because("the facade in the root package uses the parts, so a part that used it would close a cycle "
                        + "that the slices of " + ROOT + ".(*).. cannot see")
                .check(main);
    }

    @Test
    void thePublicTypesCanBeListed(TestReporter reporter) {
        List<String> types = ApiRules.publicTypes(ROOT);

        assertThat(types)
                .isSorted()
                .contains("dev.llmassert.core.criteria.DirectJudge", "dev.llmassert.core.criteria.DirectJudge.Builder");
        assertThat(types)
                .as("test sources are not part of the API")
                .noneMatch(name -> name.startsWith("dev.llmassert.core.testing."));
        reporter.publishEntry("public types", String.valueOf(types.size()));
    }
}
