package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.MultiCriteriaItem;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.junit.testing.RuleJudge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.util.Map;

import static dev.llmassert.junit.CriteriaAssertionsTest.SHORT;
import static dev.llmassert.junit.CriteriaAssertionsTest.VERDICTS;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/** Criteria, multi-criteria and criteria judges injected by the extension. */
class CriteriaParametersTest {

    private LoopbackChatServer server;

    @BeforeEach
    void startJudge() {
        server = RuleJudge.serve(VERDICTS);
    }

    @AfterEach
    void stopJudge() {
        server.close();
    }

    @Test
    void criteriaComeFromClasspathFilesAndTheCatalog() {
        EngineExecutionResults results = run(InjectsCriteria.class);

        results.testEvents().assertStatistics(s -> s.started(3).succeeded(3));
    }

    @Test
    void aMalformedFileFailsResolutionWithTheFileTheFieldAndTheExpectation() {
        Throwable failure = failureOf(run(BadCriteria.class), "brokenFile");

        assertThat(failure)
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContainingAll(
                        "@LlmJudge.Criteria(\"criteria/broken.json\")",
                        BadCriteria.class.getName() + ".brokenFile(...)",
                        "Malformed criteria file classpath:criteria/broken.json",
                        "  Field /options/1/score: expected a number, but found \"zero\" (a string)",
                        "A value ending in .json is read from the classpath; any other value is a catalog name.");
        assertThat(failure.getMessage().lines())
                .as("no line reads as a stack frame, which a filter of frames would hide")
                .noneMatch(line -> line.strip().startsWith("at "));
    }

    @Test
    void unknownNamesMissingFilesAndCatalogMultiCriteriaFailWithTheFix() {
        EngineExecutionResults results = run(BadCriteria.class);

        assertThat(failureOf(results, "unknownCatalogName"))
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContainingAll(
                        "There is no criteria 'concisenes' in the catalog.",
                        "The catalog has: conciseness, answer_relevance");
        assertThat(failureOf(results, "missingFile"))
                .hasMessageContaining("There is no criteria file 'criteria/missing.json' on the classpath.");
        assertThat(failureOf(results, "multiCriteriaFromTheCatalog"))
                .hasMessageContainingAll(
                        "@LlmJudge.Criteria(\"conciseness\") names no file, and a MultiCriteria comes only from a"
                                + " multi-criteria file",
                        "@LlmJudge.Criteria(\"criteria/release-rubric.json\") MultiCriteria rubric");
    }

    @Test
    void criteriaJudgesAreBuiltOnTheJudgeChatModelOncePerConfiguration() {
        EngineExecutionResults results = run(InjectsJudges.class, CriteriaAssertionsTest.openAi(server));

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(reportEntries(results, "first"))
                .contains(Map.of("direct", "openai:gpt-4o-mini"), Map.of("pairwise", "openai:gpt-4o-mini"));
        assertThat(reportEntries(results, "first").stream().filter(e -> e.containsKey("identity")))
                .isEqualTo(reportEntries(results, "second").stream()
                        .filter(e -> e.containsKey("identity"))
                        .toList());
        assertThat(server.requests())
                .as("the injected judge asked the loopback server")
                .isNotEmpty();
    }

    @Test
    void theLocalProviderHasNoCriteriaJudgeAndTheMessagesSayWhatToSet() {
        EngineExecutionResults results = run(AsksForCriteriaJudges.class);

        assertThat(failureOf(results, "directJudge"))
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContainingAll(
                        "a DirectJudge asks a chat model to judge, and the judge provider is 'local', which has none.",
                        "@LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")",
                        "-D" + ConfigKeys.JUDGE_PROVIDER + "=openai",
                        AsksForCriteriaJudges.class.getName() + ".directJudge(...)");
        assertThat(failureOf(results, "pairwiseJudge"))
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContaining("a PairwiseJudge asks a chat model to judge");
        assertThat(failureOf(results, "meetsUnderTheLocalProvider"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContainingAll(
                        "meets(...) asks a chat model to judge, but the judge provider is 'local'",
                        "-D" + ConfigKeys.JUDGE_PROVIDER + "=openai");
    }

    @Test
    void aSuppliedChatModelGivesCriteriaJudgesEvenUnderTheLocalProvider() {
        EngineExecutionResults results = run(SuppliedChatModel.class);

        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    }

    @LlmJudge
    static class InjectsCriteria {

        @Test
        void fromAFile(@LlmJudge.Criteria("criteria/tone.json") Criteria tone) {
            assertThat(tone.name()).isEqualTo("friendly tone");
            assertThat(tone.optionNames()).containsExactly("Friendly", "Flat", "Hostile");
        }

        @Test
        void fromTheCatalog(
                @LlmJudge.Criteria("conciseness") Criteria conciseness,
                @LlmJudge.Criteria("Answer-Relevance") Criteria relevance) {
            assertThat(conciseness).isEqualTo(CriteriaCatalog.CONCISENESS);
            assertThat(relevance).isEqualTo(CriteriaCatalog.ANSWER_RELEVANCE);
        }

        @Test
        void multiCriteriaFromAFile(@LlmJudge.Criteria("criteria/release-rubric.json") MultiCriteria rubric) {
            assertThat(rubric.items())
                    .extracting(i -> i.criteria().name())
                    .containsExactly("conciseness", "politeness", "friendly tone");
            assertThat(rubric.items()).extracting(MultiCriteriaItem::weight).containsExactly(0.5, 0.3, 0.2);
            assertThat(rubric.items().get(1).required()).isTrue();
        }
    }

    @LlmJudge
    static class BadCriteria {

        @Test
        void brokenFile(@LlmJudge.Criteria("criteria/broken.json") Criteria broken) {}

        @Test
        void unknownCatalogName(@LlmJudge.Criteria("concisenes") Criteria misspelt) {}

        @Test
        void missingFile(@LlmJudge.Criteria("criteria/missing.json") Criteria missing) {}

        @Test
        void multiCriteriaFromTheCatalog(@LlmJudge.Criteria("conciseness") MultiCriteria notAFile) {}
    }

    @LlmJudge
    static class InjectsJudges {

        @Test
        void first(DirectJudge direct, PairwiseJudge pairwise, TestReporter reporter) {
            report(direct, pairwise, reporter);
            assertThat(direct.evaluate(SHORT, CriteriaCatalog.CONCISENESS).option())
                    .isEqualTo("Concise");
        }

        @Test
        void second(DirectJudge direct, PairwiseJudge pairwise, TestReporter reporter) {
            report(direct, pairwise, reporter);
        }

        private static void report(DirectJudge direct, PairwiseJudge pairwise, TestReporter reporter) {
            reporter.publishEntry("direct", direct.name());
            reporter.publishEntry("pairwise", pairwise.name());
            reporter.publishEntry(
                    "identity", System.identityHashCode(direct) + "/" + System.identityHashCode(pairwise));
        }
    }

    @LlmJudge
    static class AsksForCriteriaJudges {

        @Test
        void directJudge(DirectJudge judge) {}

        @Test
        void pairwiseJudge(PairwiseJudge judge) {}

        @Test
        void meetsUnderTheLocalProvider() {
            assertThat(SHORT).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
        }
    }

    /** Supplies a scripted judge model, as an extension bringing its own model would. */
    static class ScriptedJudgeExtension implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            LlmAssertExtension.useChatModel(
                    context,
                    ScriptedChatModel.replying(
                                    "{\"explanation\": \"Short and complete.\", \"selectedOption\": \"Concise\", "
                                            + "\"feedback\": \"\"}")
                            .modelName("scripted-judge"));
        }
    }

    @LlmJudge
    @ExtendWith(ScriptedJudgeExtension.class)
    static class SuppliedChatModel {
        @Test
        void meetsWithTheSuppliedModel(DirectJudge judge) {
            assertThat(judge.name()).doesNotStartWith("local:");
            assertThat(SHORT).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
        }
    }
}
