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
    void theRootPackageHoldsNoClasses() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .should()
                .resideInAPackage(ROOT)
                .because("a type there would sit above every part, where a part that used it closes a cycle that the "
                        + "slices of " + ROOT
                        + ".(*).. cannot see; Judges lives with the groundedness judges it builds")
                .check(main);
    }

    @Test
    void theStatisticsUseNothingButTheConfigurationLeaf() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".stats..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.llmassert..")
                        .and(resideOutsideOfPackage(ROOT + ".stats.."))
                        .and(resideOutsideOfPackage(ROOT + ".config..")))
                .because("intervals, agreement and the bootstrap are numbers in, numbers out: evaluations and "
                        + "calibrations use them, never the reverse (the configuration's leaf aside)")
                .check(main);
    }

    @Test
    void theRunnerIsALeaf() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".run..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.llmassert..")
                        .and(resideOutsideOfPackage(ROOT + ".run.."))
                        .and(resideOutsideOfPackage(ROOT + ".io..")))
                .because("the one pool, the one record reader and writer and the one error chain serve judges, "
                        + "evaluations, calibrations and whatever else judges many items, so they know none of them")
                .check(main);
    }

    @Test
    void datasetsMakeItemsAndNoEvaluationDependsOnThem() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".dataset..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.llmassert..")
                        .and(resideOutsideOfPackage(ROOT + ".dataset.."))
                        .and(resideOutsideOfPackage(ROOT + ".eval")))
                .because("a dataset reads rows into the evaluation's items (TestItem, Prompt) and nothing else")
                .check(main);
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".eval..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".dataset..")
                .because("an evaluation runs items however they were made; the items come from a dataset, not the "
                        + "reverse")
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
