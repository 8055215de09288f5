package dev.llmassert.springai;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.testing.ApiRules;
import dev.llmassert.core.testing.ClassCycles;
import dev.llmassert.core.testing.PublicApiContract;
import dev.llmassert.junit.LlmAssertExtension;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

/** The Spring AI module's public API follows {@link ApiRules}; it is new, so all of it is experimental. */
class PublicApiTest extends PublicApiContract {

    private static final String ROOT = "dev.llmassert.springai";

    @Override
    protected String rootPackage() {
        return ROOT;
    }

    @Override
    protected String slicePattern() {
        return ROOT + ".(**)";
    }

    @Test
    void whatUsersWriteAgainstIsExperimentalAndEverythingElseIsInternal() {
        Map<String, String> statuses = ApiRules.apiStatuses(ROOT);
        Map<String, String> api = new TreeMap<>(statuses);
        api.keySet().removeIf(type -> type.contains(".internal."));
        Map<String, String> internal = new TreeMap<>(statuses);
        internal.keySet().removeAll(api.keySet());

        assertThat(api)
                .containsOnlyKeys(
                        ROOT + ".ChatClientExchange",
                        ROOT + ".ChatClientRecorder",
                        ROOT + ".ChatClientResponseAssert",
                        ROOT + ".CriteriaEvaluator",
                        ROOT + ".GroundednessEvaluator",
                        ROOT + ".SpringAiAssertions",
                        ROOT + ".SpringAiChatModels",
                        ROOT + ".SpringAiConversations",
                        ROOT + ".SpringAiJudge",
                        ROOT + ".SpringAiRecordings")
                .allSatisfy((type, status) -> assertThat(status).isEqualTo("EXPERIMENTAL"));
        assertThat(internal)
                .isNotEmpty()
                .allSatisfy((type, status) -> assertThat(status).isEqualTo("INTERNAL"));
    }

    /**
     * The house rule (as the junit module's {@code PublicApiTest} holds it for core and junit), over the main code of
     * this module and the two it builds on: no cycle of classes leaves its package, so none runs between this
     * module's public package and its internal one, nor back into core's or junit's packages.
     */
    @Test
    void noCycleOfClassesOfThisModuleOrTheModulesItUsesCrossesAPackage() {
        JavaClasses main = ClassCycles.mainOf(Criteria.class, LlmAssertExtension.class, SpringAiRecordings.class);

        assertThat(main.contain(Criteria.class)).isTrue();
        assertThat(main.contain(LlmAssertExtension.class)).isTrue();
        assertThat(main.contain(SpringAiRecordings.class)).isTrue();
        ClassCycles.noCycleAcrossPackages("dev.llmassert").check(main);
    }

    @Test
    void thePublicPackageIsFlat() {
        classes()
                .that()
                .resideOutsideOfPackage(ROOT + ".internal..")
                .should()
                .resideInAPackage(ROOT)
                .because("users need one import for everything they write against")
                .check(ApiRules.mainClasses(ROOT));
    }
}
