package dev.llmassert.core.groundedness;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.core.text.SentenceSplitter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The cascade's logic with a local judge of the test's own, whose confidences are given, and the TruLens judge over a
 * scripted model: which sentences are sent on, what each verdict names, and the counts. That only the unsure sentences
 * reach a real server, through langchain4j's OpenAI client, and replay from a recording, is {@code CascadeTest}'s
 * (llm-assert-junit); the local judge's own confidence is {@link LocalJudgeConfidenceTest}'s.
 */
class CascadeGroundednessJudgeTest {

    private static final String MANUAL = "The X200 router has four Ethernet ports. The warranty lasts two years.";

    private static final String SURE = "The router has four ports.";
    private static final String UNSURE = "The warranty covers water damage.";
    private static final String OPENER = "Great question!";

    /** A local judge that gives each sentence the confidence the test names, sure from 0.8. */
    private static GroundednessJudge local(Map<String, Double> confidences) {
        return new GroundednessJudge() {
            @Override
            public GroundednessVerdict judge(String response, List<String> sources) {
                List<SentenceVerdict> out = new ArrayList<>();
                int i = 0;
                for (String sentence : SentenceSplitter.english().split(response)) {
                    if (sentence.equals(OPENER)) {
                        out.add(new SentenceVerdict(
                                i++,
                                sentence,
                                1.0,
                                LocalGroundednessJudge.NO_CLAIM,
                                "no claim",
                                Double.NaN,
                                "",
                                name()));
                        continue;
                    }
                    double confidence = confidences.get(sentence);
                    out.add(new SentenceVerdict(
                            i++,
                            sentence,
                            0.9,
                            "local evidence",
                            "",
                            confidence,
                            confidence < 0.8 ? "the model and the wording disagree" : "",
                            name()));
                }
                return GroundednessVerdict.of(out, name(), new TokenUsage(0, 0), false, Duration.ZERO);
            }

            @Override
            public String name() {
                return "local:test";
            }
        };
    }

    private static LlmGroundednessJudge trulens(ScriptedChatModel model) {
        return LlmGroundednessJudge.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .retryBackoff(Duration.ZERO)
                .build();
    }

    @Test
    void onlyTheUnsureSentencesAreSentOnAndEachVerdictNamesItsJudge() {
        ScriptedChatModel model =
                ScriptedChatModel.answering(request -> "Supporting Evidence: NOTHING FOUND\nScore: 0");
        String response = OPENER + " " + SURE + " " + UNSURE;

        GroundednessVerdict verdict;
        try (CascadeGroundednessJudge cascade =
                Judges.cascade(local(Map.of(SURE, 0.93, UNSURE, 0.58)), trulens(model))) {
            verdict = cascade.judge(response, MANUAL);
            assertThat(cascade.method()).isEqualTo("cascade");
            assertThat(cascade.name()).isEqualTo("test:judge");
        }

        assertThat(model.requests()).hasSize(1);
        assertThat(LlmGroundednessJudgeTest.statementOf(model.requests().get(0)))
                .isEqualTo(UNSURE);
        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::decidedBy)
                .containsExactly("local:test", "local:test", "test:judge");
        assertThat(verdict.sentences().get(1).score()).isEqualTo(0.9);
        assertThat(verdict.sentences().get(1).confidence()).isEqualTo(0.93);
        assertThat(verdict.sentences().get(2).score()).isEqualTo(0.0);
        assertThat(verdict.sentences().get(2).hasConfidence()).isFalse();
        assertThat(verdict.score()).as("the mean of the two claims").isEqualTo(0.45);
        assertThat(verdict.judge()).isEqualTo("test:judge");
        assertThat(verdict.cascade().localJudge()).isEqualTo("local:test");
        assertThat(verdict.cascade().decidedLocally()).isEqualTo(1);
        assertThat(verdict.cascade().sentOn()).isEqualTo(1);
        assertThat(verdict.cascade().callsNotSpent()).isEqualTo(1);
        assertThat(verdict.cascade().tokensNotSpent())
                .as("the prompt of the one call not made, 4 characters a token")
                .isGreaterThan(MANUAL.length() / 4);
        assertThat(verdict.cascade().minConfidence())
                .as("a local judge of another kind says none")
                .isNaN();
    }

    @Test
    void theSentOnSentencesGetTheVeryRequestsOfAWholeJudgement() {
        ScriptedChatModel whole =
                ScriptedChatModel.answering(request -> "Supporting Evidence: NOTHING FOUND\nScore: 3");
        ScriptedChatModel cascaded =
                ScriptedChatModel.answering(request -> "Supporting Evidence: NOTHING FOUND\nScore: 3");
        String response = SURE + " " + UNSURE;

        try (LlmGroundednessJudge judge = trulens(whole)) {
            judge.judge(response, List.of(MANUAL), "Does the warranty cover water damage?");
        }
        try (CascadeGroundednessJudge cascade =
                Judges.cascade(local(Map.of(SURE, 0.95, UNSURE, 0.4)), trulens(cascaded))) {
            cascade.judge(response, List.of(MANUAL), "Does the warranty cover water damage?");
        }

        assertThat(cascaded.requests())
                .singleElement()
                .isEqualTo(whole.requests().stream()
                        .filter(r -> LlmGroundednessJudgeTest.statementOf(r).equals(UNSURE))
                        .findFirst()
                        .orElseThrow());
    }

    @Test
    void aJudgeOfAnotherKindIsAskedAboutEachUnsureSentenceAsAResponse() {
        List<String> asked = new ArrayList<>();
        GroundednessJudge other = new GroundednessJudge() {
            @Override
            public GroundednessVerdict judge(String response, List<String> sources) {
                asked.add(response);
                return GroundednessVerdict.of(
                        List.of(new SentenceVerdict(0, response, 0.2, SentenceVerdict.NOTHING_FOUND, "not said")),
                        name(),
                        new TokenUsage(10, 2),
                        true,
                        Duration.ZERO);
            }

            @Override
            public String name() {
                return "custom:judge";
            }
        };
        String unsureToo = "The router is made of steel.";

        GroundednessVerdict verdict = Judges.cascade(local(Map.of(SURE, 0.95, UNSURE, 0.5, unsureToo, 0.7)), other)
                .judge(SURE + " " + UNSURE + " " + unsureToo, MANUAL);

        assertThat(asked).containsExactly(UNSURE, unsureToo);
        assertThat(verdict.sentences()).extracting(SentenceVerdict::score).containsExactly(0.9, 0.2, 0.2);
        assertThat(verdict.sentences().get(1).reason()).isEqualTo("not said");
        assertThat(verdict.tokenUsage().totalTokenCount()).isEqualTo(24);
        assertThat(verdict.replayed()).isTrue();
        assertThat(verdict.cascade().callsNotSpent()).isEqualTo(1);
        assertThat(verdict.cascade().tokensNotSpent()).isEqualTo((MANUAL.length() + SURE.length() + 3) / 4);
    }

    @Test
    void whenTheLocalJudgeIsSureOfEverySentenceNoCallIsMade() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");

        GroundednessVerdict verdict =
                Judges.cascade(local(Map.of(SURE, 0.99)), trulens(model)).judge(SURE, MANUAL);

        assertThat(model.requests()).isEmpty();
        assertThat(verdict.tokenUsage().totalTokenCount()).isZero();
        assertThat(verdict.replayed()).isFalse();
        assertThat(verdict.cascade().decidedLocally()).isEqualTo(1);
        assertThat(verdict.cascade().sentOn()).isZero();
    }

    @Test
    void aCascadeNeedsTwoJudgesAndAStrongerOneBehind() {
        GroundednessJudge local =
                LocalGroundednessJudge.builder().withoutEmbeddings().build();
        GroundednessJudge judge = trulens(ScriptedChatModel.answering(request -> "Score: 10"));

        assertThatThrownBy(() -> Judges.cascade(judge, judge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("as both")
                .hasMessageContaining("Fix: pass the local judge first");
        assertThatThrownBy(() -> Judges.cascade(judge, local))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the judge behind it is the local judge local:lexical")
                .hasMessageContaining("Fix: pass an LLM judge second");
        assertThatThrownBy(() -> Judges.cascade(null, judge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no local judge");
    }
}
