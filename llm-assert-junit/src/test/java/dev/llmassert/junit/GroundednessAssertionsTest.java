package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.testing.WordOverlapJudge;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.MultipleFailuresError;
import org.opentest4j.TestAbortedException;

import java.util.List;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.run;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.INVENTED;
import static dev.llmassert.junit.testing.Texts.MANUAL;
import static dev.llmassert.junit.testing.Texts.PARTLY_INVENTED;

/** The groundedness DSL under {@code @LlmJudge}, run through the JUnit Platform. */
class GroundednessAssertionsTest {

    @Test
    void groundedAnswerPassesAndInventedOneFailsNamingTheSentence() {
        EngineExecutionResults results = run(Checks.class);

        results.testEvents()
                .assertStatistics(
                        s -> s.started(Checks.TESTS).succeeded(Checks.PASSING).failed(Checks.TESTS - Checks.PASSING));
        assertThat(failureOf(results, "inventedAnswer"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(
                        "Expecting response:",
                        "\"Routers brew espresso daily.\"",
                        "to be grounded in its sources with a score of at least 0.80, but its score was 0.00.",
                        "Judge: test:word-overlap (live), 1 sentence, 1 below 0.80 (marked ✗):",
                        "  ✗ [0] 0.00  \"Routers brew espresso daily.\"",
                        "evidence: NOTHING FOUND");
    }

    @Test
    void failureListsEverySentenceWithScoreAndEvidenceAndMarksOnlyUnsupportedOnes() {
        String message =
                failureOf(run(Checks.class), "partlyInventedAnswerAboveTheBar").getMessage();

        assertThat(message)
                .contains(
                        "with a score of at least 0.65, but its score was 0.64.",
                        "2 sentences, 1 below 0.65 (marked ✗):",
                        "    [0] 1.00  \"Hold the red button for ten seconds.\"",
                        "evidence: \"To reset the router, hold the red button for ten seconds.\"",
                        "  ✗ [1] 0.29  \"The router also brews coffee every morning.\"");
        assertThat(message.lines().filter(l -> l.contains("✗ ["))).hasSize(1);
    }

    @Test
    void withMinScoreCanLowerTheBarBelowTheDefault() {
        EngineExecutionResults results = run(Checks.class);

        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("partlyInventedAnswerBelowTheDefaultWithALowerBar()");
    }

    @Test
    void descriptionFromAsIsKeptInTheFailure() {
        assertThat(failureOf(run(Checks.class), "describedAnswer"))
                .hasMessageStartingWith("[answer to the reset question] ");
    }

    @Test
    void overridingErrorMessageReplacesTheMessage() {
        assertThat(failureOf(run(Checks.class), "overriddenMessage")).hasMessage("the bot made things up");
    }

    @Test
    void everySentenceIsStricterThanTheMean() {
        EngineExecutionResults results = run(Checks.class);

        assertThat(failureOf(results, "everySentenceOfAPartlyInventedAnswer"))
                .hasMessageContainingAll(
                        "Expecting every sentence of response:",
                        "to be grounded in its sources with a score of at least 0.50, but 1 of 2 sentences was not"
                                + " (lowest 0.29).",
                        "  ✗ [1] 0.29  \"The router also brews coffee every morning.\"");
        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("everySentenceAboveALowBar()");
    }

    @Test
    void aFailuresTraceStartsAtTheTestsLineWithoutLlmAssertsFrames() {
        EngineExecutionResults results = run(Checks.class);

        for (String test : List.of("inventedAnswer", "everySentenceOfAPartlyInventedAnswer", "nullResponse")) {
            StackTraceElement[] trace = failureOf(results, test).getStackTrace();
            assertThat(trace[0].getClassName()).as(test).isEqualTo(Checks.class.getName());
            assertThat(trace[0].getMethodName()).as(test).isEqualTo(test);
            // the extension's interceptor, which called the test, may stay below it as JUnit's own frames do (JUnit 6
            // prunes them)
            assertThat(trace)
                    .as(test)
                    .extracting(StackTraceElement::getClassName)
                    .filteredOn(name -> name.startsWith("dev.llmassert.junit.") && !name.contains("Test"))
                    .isSubsetOf(LlmAssertExtension.class.getName());
        }
    }

    @Test
    void nullResponseFailsAsAssertJDoes() {
        assertThat(failureOf(run(Checks.class), "nullResponse"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
    }

    @Test
    void bareCheckIsCheckedAfterTheMethodAgainstTheDefaultAndNamesTheLine() {
        EngineExecutionResults results = run(PendingChecks.class);

        Throwable failure = failureOf(results, "bareCheckOfAPartlyInventedAnswer");
        assertThat(failure)
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(
                        "isGroundedIn(...) at " + PendingChecks.class.getName() + ".bareCheckOfAPartlyInventedAnswer"
                                + "(GroundednessAssertionsTest.java:",
                        "had no withMinScore(...), so it was checked after the test against the default minimum"
                                + " 0.70 (llmassert.groundedness.min-score).",
                        "with a score of at least 0.70, but its score was 0.64.");
        StackTraceElement top = failure.getStackTrace()[0];
        assertThat(top.getClassName()).isEqualTo(PendingChecks.class.getName());
        assertThat(top.getMethodName()).isEqualTo("bareCheckOfAPartlyInventedAnswer");
        assertThat(failure.getMessage()).contains("GroundednessAssertionsTest.java:" + top.getLineNumber() + ")");
    }

    @Test
    void bareCheckRanTheRestOfTheMethodFirst() {
        EngineExecutionResults results = run(PendingChecks.class);

        assertThat(failureOf(results, "bareCheckThenOwnFailure"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the test's own failure")
                .satisfies(own -> assertThat(own.getSuppressed())
                        .singleElement()
                        .satisfies(s -> assertThat(s).hasMessageContaining("checked after the test")));
    }

    @Test
    void aFailingBareCheckIsNotHiddenByAnAssumptionThatAbortsTheTestAfterIt() {
        EngineExecutionResults results = run(PendingChecks.class);

        assertThat(failureOf(results, "bareCheckThenAbort"))
                .hasMessageContaining("checked after the test against the default minimum")
                .satisfies(failure ->
                        assertThat(failure.getSuppressed()).singleElement().isInstanceOf(TestAbortedException.class));
    }

    @Test
    void passingBareChecksAndChecksSettledByWithMinScoreDoNotFail() {
        EngineExecutionResults results = run(PendingChecks.class);

        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("bareCheckOfAGroundedAnswer()", "checkSettledByALowerBar()");
    }

    @Test
    void severalFailingBareChecksAreAllReported() {
        assertThat(failureOf(run(PendingChecks.class), "twoFailingBareChecks"))
                .isInstanceOf(MultipleFailuresError.class)
                .satisfies(e ->
                        assertThat(((MultipleFailuresError) e).getFailures()).hasSize(2))
                .hasMessageContaining("2 checks left open by the test failed after it (isGroundedIn(...)");
    }

    @Test
    void bareChecksInParameterizedTestsAreCheckedPerInvocation() {
        EngineExecutionResults results = run(PendingChecks.class);

        assertThat(results.testEvents().failed().stream()
                        .filter(e -> e.getTestDescriptor().getDisplayName().matches("\\[\\d].*Routers.*"))
                        .count())
                .isEqualTo(1);
        assertThat(results.testEvents().succeeded().stream()
                        .filter(e -> e.getTestDescriptor().getDisplayName().matches("\\[\\d].*Hold the red.*"))
                        .count())
                .isEqualTo(1);
    }

    @Test
    void bareChecksInDynamicTestsAreCheckedPerDynamicTest() {
        EngineExecutionResults results = run(PendingChecks.class);

        assertThat(results.testEvents().failed().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("dynamic " + INVENTED)
                .doesNotContain("dynamic " + GROUNDED);
        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("dynamic " + GROUNDED);
    }

    @Test
    void configuredDefaultMinimumAppliesToBareChecks() {
        EngineExecutionResults results = run(PendingChecks.class, LlmJudge.MIN_SCORE_KEY, "0.6");

        assertThat(results.testEvents().succeeded().stream()
                        .map(e -> e.getTestDescriptor().getDisplayName()))
                .contains("bareCheckOfAPartlyInventedAnswer()");
    }

    @Test
    void annotationMinimumBeatsTheConfigurationParameter() {
        EngineExecutionResults results = run(AnnotatedMinimum.class, LlmJudge.MIN_SCORE_KEY, "0.9");

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        assertThat(failureOf(results, "bareCheckAgainstTheAnnotationsMinimum"))
                .hasMessageContaining("against the default minimum 0.65");
    }

    @Test
    void verdictGivesTheRawVerdict() {
        GroundednessVerdict verdict = assertThat(GROUNDED + " Routers brew espresso daily.")
                .usingJudge(new WordOverlapJudge())
                .isGroundedIn(MANUAL, GROUNDED, "espresso")
                .verdict();

        assertThat(verdict.sentences()).extracting(s -> s.score()).containsExactly(1.0, 1.0, 0.25);
        assertThat(verdict.score()).isEqualTo(0.75);
        assertThat(verdict.judge()).isEqualTo(WordOverlapJudge.NAME);
        assertThat(assertThat(verdict).withMinScore(0.75).verdict()).isSameAs(verdict);
    }

    @Test
    void usingJudgeWorksOutsideTheExtension() {
        WordOverlapJudge judge = new WordOverlapJudge();

        assertThat(GROUNDED).usingJudge(judge).isGroundedIn(MANUAL).withMinScore(0.9);
        assertThatThrownBy(() -> assertThat(GROUNDED)
                        .usingJudge(judge)
                        .isGroundedIn(INVENTED)
                        .withMinScore(0.5))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("\"Hold the red button for ten seconds.\"");
        assertThat(judge.calls()).isEqualTo(2);
    }

    @Test
    void stringChecksChainWithTheJudgedOneAndFailBeforeTheJudgeIsAsked() {
        WordOverlapJudge judge = new WordOverlapJudge();

        assertThat(GROUNDED)
                .isNotBlank()
                .startsWith("Hold")
                .doesNotContain("As an AI")
                .usingJudge(judge)
                .isGroundedIn(MANUAL)
                .withMinScore(0.9);
        assertThatThrownBy(() -> assertThat(INVENTED)
                        .as("reset answer")
                        .contains("red button")
                        .usingJudge(judge)
                        .isGroundedIn(MANUAL)
                        .withMinScore(0.5))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll("[reset answer] ", "to contain", "\"red button\"");
        assertThat(judge.calls()).isEqualTo(1);
    }

    @Test
    void outsideTheExtensionABareCheckIsCheckedAtOnceAgainstTheDefault() {
        assertThatThrownBy(() -> assertThat(PARTLY_INVENTED)
                        .usingJudge(new WordOverlapJudge())
                        .isGroundedIn(MANUAL))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(
                        "ran outside @LlmJudge, so it was checked at once against the default minimum" + " 0.70",
                        "or set llmassert.groundedness.min-score");
    }

    @Test
    void withoutExtensionOrJudgeTheMessageSaysWhatToAdd() {
        assertThatThrownBy(() -> assertThat(GROUNDED).isGroundedIn(MANUAL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContainingAll(
                        "No judge for this assertion",
                        "annotate the test class with @LlmJudge",
                        "assertThat(response).usingJudge(judge).isGroundedIn(source)");
    }

    @Test
    void anAssertionInALifecycleMethodIsToldThatItRunsOutsideTheTestMethod() {
        assertThat(failureOf(run(AssertsInBeforeEach.class), "test"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the assertion ran outside the test method itself (in @BeforeEach");
    }

    @Test
    void badArgumentsAreRejectedWithTheFix() {
        ResponseAssert response = assertThat(GROUNDED).usingJudge(new WordOverlapJudge());

        assertThatThrownBy(() -> response.isGroundedIn())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs at least one source text");
        assertThatThrownBy(() -> response.isGroundedIn(MANUAL, " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("null or blank source at index 1");
        assertThatThrownBy(() -> response.isGroundedIn(MANUAL).withMinScore(80))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be between 0.0 and 1.0, but is: 80.0");
        assertThatThrownBy(() -> response.usingJudge(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class Checks {

        static final int TESTS = 10;
        static final int PASSING = 4;

        @Test
        void groundedAnswer() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        void inventedAnswer() {
            assertThat(INVENTED).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        void partlyInventedAnswerAboveTheBar() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL).withMinScore(0.65);
        }

        @Test
        void partlyInventedAnswerBelowTheDefaultWithALowerBar() {
            assertThat(PARTLY_INVENTED).isGroundedIn(List.of(MANUAL)).withMinScore(0.6);
        }

        @Test
        void describedAnswer() {
            assertThat(INVENTED)
                    .as("answer to the reset question")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.8);
        }

        @Test
        void overriddenMessage() {
            assertThat(INVENTED)
                    .overridingErrorMessage("the bot made things up")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.8);
        }

        @Test
        void everySentenceOfAPartlyInventedAnswer() {
            assertThat(PARTLY_INVENTED)
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.6)
                    .everySentence()
                    .hasMinScore(0.5);
        }

        @Test
        void everySentenceAboveALowBar() {
            assertThat(PARTLY_INVENTED)
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.6)
                    .everySentence()
                    .hasMinScore(0.25);
        }

        @Test
        void nullResponse() {
            assertThat((String) null).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        void sourcesAsSeveralChunks() {
            assertThat(GROUNDED)
                    .isGroundedIn(
                            "To reset the router, hold the red button for ten seconds.",
                            "The lights blink green when the reset is done.")
                    .withMinScore(1.0);
        }
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class PendingChecks {

        @Test
        void bareCheckOfAPartlyInventedAnswer() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL);
        }

        @Test
        void bareCheckOfAGroundedAnswer() {
            assertThat(GROUNDED).isGroundedIn(MANUAL);
        }

        @Test
        void checkSettledByALowerBar() {
            GroundednessAssert check = assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL);
            check.withMinScore(0.6);
        }

        @Test
        void bareCheckThenOwnFailure() {
            assertThat(INVENTED).isGroundedIn(MANUAL);
            throw new IllegalStateException("the test's own failure");
        }

        @Test
        void bareCheckThenAbort() {
            assertThat(INVENTED).isGroundedIn(MANUAL);
            Assumptions.abort("an assumption made after the check");
        }

        @Test
        void twoFailingBareChecks() {
            assertThat(INVENTED).isGroundedIn(MANUAL);
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL);
        }

        @ParameterizedTest
        @ValueSource(strings = {INVENTED, GROUNDED})
        void parameterized(String answer) {
            assertThat(answer).isGroundedIn(MANUAL);
        }

        @TestFactory
        Stream<DynamicTest> dynamic() {
            return Stream.of(INVENTED, GROUNDED)
                    .map(answer -> DynamicTest.dynamicTest(
                            "dynamic " + answer, () -> assertThat(answer).isGroundedIn(MANUAL)));
        }
    }

    @LlmJudge
    static class AssertsInBeforeEach {

        @BeforeEach
        void judgeTooEarly() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(0.8);
        }

        @Test
        void test() {}
    }

    @LlmJudge(minScore = 0.65)
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class AnnotatedMinimum {

        @Test
        void bareCheckAgainstTheAnnotationsMinimum() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL);
        }

        @Test
        void groundedBareCheck() {
            assertThat(GROUNDED).isGroundedIn(MANUAL);
        }
    }
}
