package dev.llmassert.core.groundedness;

import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Inputs at the edges, each with the outcome the guide's "Untrusted input" chapter documents: a 1 MB response, 500
 * sources, empty sources, German, Chinese and Arabic text, emoji, and answers that are only a list or a table. The
 * local judge does the judging (no network); the LLM judge's input checks and prompt are shown with a scripted model.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputsTest {

    private static final String MANUAL = "The X200 router has four Ethernet ports. Hold the reset button for ten"
            + " seconds to restore the factory settings. The warranty lasts two years.";

    private final LocalGroundednessJudge judge = LocalGroundednessJudge.create();

    @AfterAll
    void close() {
        judge.close();
    }

    @Test
    void aOneMegabyteResponseIsJudgedSentenceBySentence() {
        List<String> written = List.of(
                "The X200 router has four Ethernet ports.",
                "Hold the reset button for ten seconds.",
                "The warranty lasts five years.");
        StringBuilder response = new StringBuilder();
        int count = 0;
        while (response.length() < 1024 * 1024) {
            response.append(written.get(count++ % written.size())).append(' ');
        }

        GroundednessVerdict verdict = judge.judge(response.toString(), List.of(MANUAL));

        assertThat(verdict.sentences()).hasSize(count);
        assertThat(verdict.sentences()).allSatisfy(sentence -> {
            if (sentence.sentence().contains("five years")) {
                assertThat(sentence.score()).as("the invented warranty").isLessThan(0.5);
            } else {
                assertThat(sentence.score()).as(sentence.sentence()).isGreaterThanOrEqualTo(0.5);
            }
        });
        assertThat(verdict.score())
                .isEqualTo(verdict.sentences().stream()
                        .mapToDouble(SentenceVerdict::score)
                        .average()
                        .orElseThrow());
    }

    @Test
    void fiveHundredSourcesAreSearchedAndTheEvidenceComesFromTheOneThatHoldsIt() {
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            sources.add("Chunk " + i + ": the status light of the model R" + i + " blinks " + (i % 7)
                    + " times while it updates.");
        }
        sources.set(321, "The X200 router has four Ethernet ports.");

        GroundednessVerdict verdict =
                judge.judge("The X200 router has four Ethernet ports. It has a cooling fan.", sources);

        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::evidence)
                .containsExactly("The X200 router has four Ethernet ports.", SentenceVerdict.NOTHING_FOUND);
        assertThat(verdict.sentences().get(0).score()).isEqualTo(1.0);
        assertThat(verdict.sentences().get(1).score()).isLessThan(0.5);
    }

    @Test
    void anLlmJudgeShowsFiveHundredSourcesAsNumberedPassagesInOneRequestPerSentence() {
        List<String> sources = new ArrayList<>();
        for (int i = 1; i <= 500; i++) {
            sources.add("Passage " + i + ".");
        }
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 0");

        try (LlmGroundednessJudge llm = LlmGroundednessJudge.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .retryBackoff(Duration.ZERO)
                .build()) {
            llm.judge("The router has four ports. It has a fan.", sources);
        }

        assertThat(model.requests()).hasSize(2).allSatisfy(request -> {
            String user = ScriptedChatModel.lastUserText(request);
            assertThat(user)
                    .startsWith("SOURCES (500 separate passages):\n[Source 1 of 500]\n")
                    .contains("[Source 500 of 500]\n");
            List<String> data = PromptData.all(user);
            assertThat(data).hasSize(501);
            assertThat(data.subList(0, 500)).isEqualTo(sources);
        });
    }

    @Test
    void emptyOrBlankSourcesAreRejectedAndAnswersWithNothingToJudgeFailWithoutAJudgeCall() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");
        try (LlmGroundednessJudge llm =
                LlmGroundednessJudge.builder().chatModel(model).build()) {
            for (GroundednessJudge any : List.of(judge, llm)) {
                assertThatIllegalArgumentException()
                        .isThrownBy(() -> any.judge("The router has four ports.", List.of()))
                        .withMessageStartingWith("No sources to judge the response against.");
                assertThatIllegalArgumentException()
                        .isThrownBy(() -> any.judge("The router has four ports.", List.of(MANUAL, " \n\t ")))
                        .withMessageStartingWith("Source 2 of 2 is blank");
                assertThatIllegalArgumentException()
                        .isThrownBy(() -> any.judge("The router has four ports.", List.of("")))
                        .withMessageStartingWith("Source 1 of 1 is blank");
                assertThatIllegalArgumentException()
                        .isThrownBy(() -> any.judge("The router has four ports.", Arrays.asList(MANUAL, null)))
                        .withMessageStartingWith("Source 2 of 2 is null");
                // An answer is what the application produced: with nothing to judge, it fails with its reason.
                assertThat(any.judge("  \n ", List.of(MANUAL)).sentences())
                        .singleElement()
                        .satisfies(s -> assertThat(s.reason()).startsWith("the response is blank"));
                assertThat(any.judge("... !!! ---", List.of(MANUAL)).sentences())
                        .singleElement()
                        .satisfies(s -> assertThat(s.reason())
                                .startsWith("the response holds no words, only punctuation or symbols"));
            }
        }
        assertThat(model.requestCount()).as("no judge call for bad input").isZero();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> judge.judge("The router has four ports.", List.of("!!! ???", "---")))
                .withMessageStartingWith("The sources hold no sentences");
    }

    @Test
    void germanTextIsSplitAtItsFullStopsButCutAfterItsAbbreviations() {
        String source = "Der Router X200 hat vier Ethernet-Anschlüsse. Die Garantie beträgt zwei Jahre.";

        GroundednessVerdict verdict = judge.judge(
                "Der Router X200 hat vier Ethernet-Anschlüsse. Die Garantie"
                        + " beträgt zehn Jahre. Drücken Sie z. B. die Taste.",
                List.of(source));

        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly(
                        "Der Router X200 hat vier Ethernet-Anschlüsse.",
                        "Die Garantie beträgt zehn Jahre.",
                        "Drücken Sie z.",
                        "B. die Taste.");
        assertThat(verdict.sentences().get(0).score()).isGreaterThanOrEqualTo(LocalGroundednessJudge.DEFAULT_THRESHOLD);
        // Number words are compared as values in English only, so "zehn" against "zwei" rests on the wording alone.
        assertThat(verdict.sentences().get(1).score())
                .as("zehn, not zwei")
                .isLessThan(LocalGroundednessJudge.DEFAULT_THRESHOLD);
    }

    @Test
    void chineseAndArabicSentencesEndAtTheirOwnMarks() {
        GroundednessVerdict chinese = judge.judge("路由器有四个以太网端口。保修期为十年。", List.of("路由器有四个以太网端口。保修期为两年。"));
        GroundednessVerdict arabic = judge.judge(
                "يحتوي الموزع على أربعة منافذ. هل يوجد مروحة؟ نعم، توجد مروحة.",
                List.of("يحتوي الموزع على أربعة منافذ. الضمان سنتان."));

        assertThat(chinese.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly("路由器有四个以太网端口。", "保修期为十年。");
        assertThat(chinese.sentences().get(0).score()).isEqualTo(1.0);
        assertThat(chinese.sentences().get(1).score())
                .isLessThan(chinese.sentences().get(0).score());
        assertThat(arabic.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly("يحتوي الموزع على أربعة منافذ.", "هل يوجد مروحة؟", "نعم، توجد مروحة.");
        assertThat(arabic.sentences().get(0).score()).isEqualTo(1.0);
        assertThat(arabic.sentences().get(2).score()).as("the fan is invented").isLessThan(0.5);
    }

    @Test
    void aResponseInAnotherLanguageThanItsSourceIsNotMatched() {
        GroundednessVerdict verdict = judge.judge("Der Router hat vier Ethernet-Anschlüsse.", List.of(MANUAL));

        assertThat(verdict.score()).isLessThan(0.5);
    }

    @Test
    void emojiAreKeptInTheirSentenceAndASentenceOfEmojiOnlyIsNone() {
        GroundednessVerdict verdict = judge.judge("The X200 router has four Ethernet ports 🎉. 👍👍", List.of(MANUAL));

        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly("The X200 router has four Ethernet ports 🎉.");
        assertThat(verdict.score()).isEqualTo(1.0);
        GroundednessVerdict emojiOnly = judge.judge("👍🎉🙂", List.of(MANUAL));
        assertThat(emojiOnly.score()).isZero();
        assertThat(emojiOnly.sentences())
                .singleElement()
                .satisfies(s -> assertThat(s.reason()).startsWith("the response holds no words"));
    }

    @Test
    void aListAnswerIsJudgedItemByItem() {
        GroundednessVerdict verdict = judge.judge(
                "- Hold the reset button for ten seconds\n- The router has four"
                        + " Ethernet ports\n- The router has six Ethernet ports",
                List.of(MANUAL));

        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly(
                        "- Hold the reset button for ten seconds",
                        "- The router has four Ethernet ports",
                        "- The router has six Ethernet ports");
        assertThat(verdict.sentences().get(2).score()).isLessThan(0.5);
        assertThat(verdict.sentencesBelow(0.5)).hasSize(1);
    }

    @Test
    void aTableAnswerIsJudgedRowByRowWithoutItsSeparatorRow() {
        String table = "| Port | Count |\n|---|---|\n| Ethernet ports | four |\n| USB ports | two |";

        GroundednessVerdict verdict = judge.judge(table, List.of(MANUAL));

        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::sentence)
                .containsExactly("| Port | Count |", "| Ethernet ports | four |", "| USB ports | two |");
        // The row the manual holds scores higher than the one it does not. That one ("USB ports: two", against a
        // manual without USB ports but with "two years") scores 0.71, just above the bar: the README's limits of the
        // local judge say so.
        assertThat(verdict.sentences().get(1).score())
                .isGreaterThan(verdict.sentences().get(2).score());
    }
}
