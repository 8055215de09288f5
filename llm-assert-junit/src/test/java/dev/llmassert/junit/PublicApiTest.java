package dev.llmassert.junit;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.llmassert.core.testing.ApiRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/** The JUnit module's public API follows {@link ApiRules}, and what users write against is not internal. */
class PublicApiTest {

    private static final String ROOT = "dev.llmassert.junit";

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
    void whatUsersWriteAgainstIsStableAndEverythingElseIsInternal() {
        Map<String, String> statuses = ApiRules.apiStatuses(ROOT);
        Map<String, String> api = new TreeMap<>(statuses);
        api.keySet().removeIf(type -> type.contains(".internal."));
        Map<String, String> internal = new TreeMap<>(statuses);
        internal.keySet().removeAll(api.keySet());

        assertThat(api).containsOnlyKeys(ROOT + ".CriteriaAssert", ROOT + ".EverySentenceAssert",
                        ROOT + ".GroundednessAssert", ROOT + ".JudgeRecordings", ROOT + ".LlmAssertExtension",
                        ROOT + ".LlmAssertions", ROOT + ".LlmJudge", ROOT + ".LlmJudge.Criteria",
                        ROOT + ".LlmSoftAssertions", ROOT + ".MultiCriteriaAssert", ROOT + ".PairwiseAssert",
                        ROOT + ".PreferredOver", ROOT + ".ResponseAssert")
                .doesNotContainValue("INTERNAL");
        assertThat(internal).isNotEmpty().allSatisfy((type, status) -> assertThat(status).isEqualTo("INTERNAL"));
    }
}
