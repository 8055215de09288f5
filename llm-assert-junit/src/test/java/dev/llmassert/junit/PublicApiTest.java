package dev.llmassert.junit;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.testing.ApiRules;
import dev.llmassert.core.testing.ClassCycles;
import dev.llmassert.core.testing.PublicApiContract;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static dev.llmassert.junit.LlmAssertions.assertThat;

/** The JUnit module's public API follows {@link ApiRules}, and what users write against is not internal. */
class PublicApiTest extends PublicApiContract {

    private static final String ROOT = "dev.llmassert.junit";

    @Override
    protected String rootPackage() {
        return ROOT;
    }

    /** Each package under the root its own part: the internal helpers, the report and the parameter resolvers. */
    @Override
    protected String slicePattern() {
        return ROOT + ".(**)";
    }

    @Test
    void whatUsersWriteAgainstIsStableAndEverythingElseIsInternal() {
        Map<String, String> statuses = ApiRules.apiStatuses(ROOT);
        Map<String, String> api = new TreeMap<>(statuses);
        api.keySet().removeIf(type -> type.contains(".internal."));
        Map<String, String> internal = new TreeMap<>(statuses);
        internal.keySet().removeAll(api.keySet());

        assertThat(api)
                .containsOnlyKeys(
                        ROOT + ".AgreementFigureAssert",
                        ROOT + ".CalibrationAssert",
                        ROOT + ".ConversationAssert",
                        ROOT + ".ConversationRecorder",
                        ROOT + ".ConversationRecorder.PendingTurn",
                        ROOT + ".CriteriaAssert",
                        ROOT + ".EverySentenceAssert",
                        ROOT + ".EveryTurnAssert",
                        ROOT + ".EveryTurnGroundednessAssert",
                        ROOT + ".EvaluationResultsAssert",
                        ROOT + ".Evaluator",
                        ROOT + ".MeasurementAssert",
                        ROOT + ".GroundednessAssert",
                        ROOT + ".JudgeRecordings",
                        ROOT + ".LlmAssertExtension",
                        ROOT + ".LlmAssertions",
                        ROOT + ".LlmJudge",
                        ROOT + ".LlmJudge.Criteria",
                        ROOT + ".LlmJudge.Local",
                        ROOT + ".LlmJudge.Repeat",
                        ROOT + ".LlmJudge.Repeat.Gate",
                        ROOT + ".LlmSoftAssertions",
                        ROOT + ".MultiCriteriaAssert",
                        ROOT + ".MutationCheck",
                        ROOT + ".MutationCheck.Mutant",
                        ROOT + ".PairwiseAssert",
                        ROOT + ".PreferredOver",
                        ROOT + ".ResponseAssert",
                        ROOT + ".ToolCallAssert",
                        ROOT + ".Trajectories",
                        ROOT + ".TrajectoryAssert",
                        ROOT + ".TrajectoryRecorder")
                .doesNotContainValue("INTERNAL");
        // the evaluation and calibration API is new: usable, but its shape may still change
        assertThat(api)
                .containsEntry(ROOT + ".Evaluator", "EXPERIMENTAL")
                .containsEntry(ROOT + ".CalibrationAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".AgreementFigureAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".EvaluationResultsAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".MeasurementAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".LlmJudge.Local", "EXPERIMENTAL");
        // so is the agents API
        assertThat(api)
                .containsEntry(ROOT + ".TrajectoryAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".ToolCallAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".TrajectoryRecorder", "EXPERIMENTAL")
                .containsEntry(ROOT + ".Trajectories", "EXPERIMENTAL");
        // and the conversations API
        assertThat(api)
                .containsEntry(ROOT + ".ConversationAssert", "EXPERIMENTAL")
                .containsEntry(ROOT + ".ConversationRecorder", "EXPERIMENTAL")
                .containsEntry(ROOT + ".EveryTurnAssert", "EXPERIMENTAL");
        // and trusting the suite: the mutation check and repeated runs
        assertThat(api)
                .containsEntry(ROOT + ".MutationCheck", "EXPERIMENTAL")
                .containsEntry(ROOT + ".MutationCheck.Mutant", "EXPERIMENTAL")
                .containsEntry(ROOT + ".LlmJudge.Repeat", "EXPERIMENTAL")
                .containsEntry(ROOT + ".LlmJudge.Repeat.Gate", "EXPERIMENTAL");
        assertThat(internal)
                .isNotEmpty()
                .allSatisfy((type, status) -> assertThat(status).isEqualTo("INTERNAL"));
    }

    /**
     * The house rule, over the main code of both modules: no cycle of classes leaves its package. Classes of one
     * package may depend on each other; a cycle through two packages ties them together.
     */
    @Test
    void noCycleOfClassesOfEitherModuleCrossesAPackage() {
        JavaClasses main = ClassCycles.mainOf(Criteria.class, LlmAssertExtension.class);

        assertThat(main.contain(Criteria.class)).isTrue();
        assertThat(main.contain(LlmAssertExtension.class)).isTrue();
        ClassCycles.noCycleAcrossPackages("dev.llmassert").check(main);
    }

    @Test
    void thePublicPackageIsFlat() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        classes()
                .that()
                .resideOutsideOfPackage(ROOT + ".internal..")
                .should()
                .resideInAPackage(ROOT)
                .because("users need one import for everything they write against, as AssertJ's api package")
                .check(main);
    }

    @Test
    void theMessagesAreALeaf() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".internal.message..")
                .should()
                .dependOnClassesThat(
                        resideInAPackage(ROOT + "..").and(resideOutsideOfPackage(ROOT + ".internal.message..")))
                .because("a message takes names and values, so every part of the module can word its failures "
                        + "without the message depending on it (AssertJ keeps error/ apart from api/)")
                .check(main);
    }

    @Test
    void theConfigurationUsesOnlyTheMessagesAndTheReportsConsoleMode() {
        JavaClasses main = ApiRules.mainClasses(ROOT);

        noClasses()
                .that()
                .resideInAPackage(ROOT + ".internal.config..")
                .should()
                .dependOnClassesThat(resideInAnyPackage(ROOT + ".internal", ROOT + ".internal.resolver.."))
                .because("the judges, the recordings and the test scope are built from the configuration, as "
                        + "JUnit's engine.config is read by the engine and reads nothing of it")
                .check(main);
    }
}
