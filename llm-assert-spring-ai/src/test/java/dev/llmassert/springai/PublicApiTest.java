package dev.llmassert.springai;

import dev.llmassert.core.testing.ApiRules;
import dev.llmassert.core.testing.PublicApiContract;
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
