package dev.llmassert.core.groundedness;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.llmassert.core.groundedness.LocalGroundednessJudge.DEFAULT_THRESHOLD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalGroundednessJudgeTest {

    static final String MANUAL = "To reset the router, hold the reset button on the back for ten seconds until the "
            + "power light blinks amber. The router then restarts with its factory settings. Acme Networks sells "
            + "the X200 router for 89 dollars. Phone support is not available on weekends. The warranty covers "
            + "hardware faults for two years from the date of purchase.";

    private final LocalGroundednessJudge judge = LocalGroundednessJudge.create();
    private final LocalGroundednessJudge lexical =
            LocalGroundednessJudge.builder().withoutEmbeddings().build();

    @AfterAll
    void close() {
        judge.close();
        lexical.close();
    }

    private double score(LocalGroundednessJudge j, String response, String... sources) {
        return j.judge(response, sources).score();
    }

    @Test
    void createUsesTheEmbeddedModelWhenItIsOnTheClasspath() {
        assertThat(judge.usesEmbeddings()).isTrue();
        assertThat(judge.name()).isEqualTo("local:all-minilm-l6-v2-q");
        assertThat(lexical.usesEmbeddings()).isFalse();
        assertThat(lexical.name()).isEqualTo("local:lexical");
    }

    @Test
    void aSentenceCountsAsSupportedAtTheDefaultMinimumOfACheck() {
        assertThat(DEFAULT_THRESHOLD).isEqualTo(0.7);
    }

    /** The answer of a new user: correct, partly copied and partly paraphrased. */
    @Nested
    class AFactualSource {

        static final String UW = "The University of Washington, founded in 1861 in Seattle, is a public research "
                + "university with over 45,000 students across three campuses in Seattle, Tacoma, and Bothell. As the "
                + "flagship institution of the six public universities in Washington state, UW encompasses over 500 "
                + "buildings and 20 million square feet of space, including one of the largest library systems in the "
                + "world.";

        @Test
        void aCorrectAnswerPassesAtTheDefaults() {
            GroundednessVerdict verdict = judge.judge(
                    "The University of Washington was founded in 1861 in Seattle. "
                            + "It has more than 45,000 students on three campuses in Seattle, Tacoma, and Bothell.",
                    UW);

            assertThat(verdict.sentences())
                    .allSatisfy(s -> assertThat(s.score()).isGreaterThan(0.8));
            assertThat(verdict.sentences().get(1).evidence()).startsWith("The University of Washington, founded");
        }

        @Test
        void aSentenceCopiedWordForWordScoresAtLeast095() {
            assertThat(score(
                            judge,
                            "As the flagship institution of the six public universities in Washington "
                                    + "state, UW encompasses over 500 buildings and 20 million square feet of "
                                    + "space, including one "
                                    + "of the largest library systems in the world.",
                            UW))
                    .isGreaterThanOrEqualTo(0.95);
            assertThat(score(
                            lexical,
                            "The University of Washington, founded in 1861 in Seattle, is a public "
                                    + "research university with over 45,000 students across three campuses in "
                                    + "Seattle, Tacoma, and "
                                    + "Bothell.",
                            UW))
                    .isGreaterThanOrEqualTo(0.95);
        }

        @Test
        void nearCopiesPass() {
            // 0.85 and 0.86: they pass with room. The score is no longer a share of the words found, and the model
            // reads these parts of long source sentences at only 0.62 and 0.59 (a copy of a whole source sentence
            // scores 1.0).
            assertThat(score(judge, "The University of Washington was founded in 1861 in Seattle.", UW))
                    .isGreaterThanOrEqualTo(0.8);
            assertThat(score(judge, "UW encompasses over 500 buildings and 20 million square feet of space.", UW))
                    .isGreaterThanOrEqualTo(0.8);
        }

        @Test
        void paraphrasesPass() {
            assertThat(score(
                            judge,
                            "It has more than 45,000 students on three campuses in Seattle, Tacoma, and " + "Bothell.",
                            UW))
                    .as("'more than' for 'over'")
                    .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            assertThat(score(judge, "The University of Washington was established in 1861 in Seattle.", UW))
                    .as("'established in' for 'founded in'")
                    .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            // Not here: a change of voice ("The X200 router is sold by Acme Networks" for "Acme Networks sells the
            // X200 router") reads as words joined another way, and scores below 0.7: a limit the README states.
        }

        @Test
        void aNumberIsComparedByItsValue() {
            assertThat(score(judge, "The University of Washington has more than 45 thousand students.", UW))
                    .as("45 thousand is 45,000")
                    .isGreaterThan(
                            score(judge, "The University of Washington has more than 46 thousand students.", UW) * 3);
        }

        @Test
        void anInventedNumberNameOrPlaceScoresNearZero() {
            assertThat(score(judge, "The University of Washington was founded in 1871 in Seattle.", UW))
                    .as("year")
                    .isLessThan(0.15);
            assertThat(score(
                            judge,
                            "The University of Washington has more than 55,000 students across three " + "campuses.",
                            UW))
                    .as("count")
                    .isLessThan(0.15);
            assertThat(score(judge, "The University of Washington was founded in 1861 by Arthur Denny.", UW))
                    .as("name")
                    .isLessThan(0.15);
            assertThat(score(judge, "The University of Washington was founded in 1861 in Portland.", UW))
                    .as("place")
                    .isLessThan(0.15);
            assertThat(score(lexical, "The University of Washington was founded in 1861 in Portland.", UW))
                    .as("place, lexical only")
                    .isLessThan(0.15);
        }

        @Test
        void aNegatedClaimFails() {
            assertThat(score(judge, "The University of Washington is not a public research university.", UW))
                    .isLessThan(0.4);
            assertThat(score(lexical, "The University of Washington is not a public research university.", UW))
                    .isLessThan(0.4);
        }
    }

    /** A conversational reply: reactions, hedges and dates in the source's own format. */
    @Nested
    class ADialogueReply {

        static final String FOOTBALL = "The first match of American football was played on November 6, 1869, "
                + "between two college teams, Rutgers and Princeton, under rules based on the association football "
                + "rules of the time.";

        @Test
        void aDateIsReadAsDayAndYearNotAsOneNumber() {
            // "6, 1869" is not the number 61,869 of tokenised text.
            assertThat(score(judge, "The first match of American football was played on November 6, 1869.", FOOTBALL))
                    .isGreaterThan(0.9);
            assertThat(score(judge, "The first match of American football was played on November 6, 1870.", FOOTBALL))
                    .as("an invented year")
                    .isLessThan(0.15);
        }

        @Test
        void aReactionMakesNoClaimAndIsLeftOutOfTheMean() {
            String claim = "The first match of American football was played between two college teams.";
            GroundednessVerdict supported = judge.judge("That's true! " + claim, FOOTBALL);
            assertThat(supported.sentences().get(0).evidence()).isEqualTo(LocalGroundednessJudge.NO_CLAIM);
            assertThat(supported.score())
                    .isEqualTo(score(judge, claim, FOOTBALL))
                    .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);

            // The reaction does not carry an invented claim next to it over the bar.
            GroundednessVerdict invented = judge.judge("That's true! The first match was won by Harvard.", FOOTBALL);
            assertThat(invented.score())
                    .isEqualTo(invented.sentences().get(1).score())
                    .isLessThan(DEFAULT_THRESHOLD);
        }

        @Test
        void aHedgeIsNotANegationOfTheClaimAfterIt() {
            String claim = "the first match of American football was played between two college teams.";
            double plain = score(
                    judge, "The first match of American football was played between two college " + "teams.", FOOTBALL);
            assertThat(plain).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            assertThat(score(judge, "I'm not sure but " + claim, FOOTBALL)).isEqualTo(plain);
            assertThat(score(judge, "I don't remember, but " + claim, FOOTBALL)).isEqualTo(plain);
            assertThat(score(
                            judge,
                            "The first match of American football was not played between two college " + "teams.",
                            FOOTBALL))
                    .as("a negation that is not a hedge")
                    .isLessThan(0.4);
        }

        @Test
        void aNegationBearsOnTheWordAfterIt() {
            // The source denies the stopping, not Klopp's leaving: a sentence about Klopp does not contradict it.
            String source = "The club backs its manager, but that has not stopped Jurgen Klopp, who will leave "
                    + "Dortmund at the end of the season, being named as a successor.";
            assertThat(score(judge, "Jurgen Klopp will leave Dortmund at the end of the season.", source))
                    .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            assertThat(score(judge, "Jurgen Klopp will not leave Dortmund at the end of the season.", source))
                    .isLessThan(0.4);
            // "the no 1 jersey": "no" for number.
            assertThat(score(
                            judge,
                            "He will fight for the no 1 jersey.",
                            "He will fight for the no 1 jersey " + "again."))
                    .isGreaterThan(0.8);
        }

        @Test
        void aPluralNameIsTheSameName() {
            String source = "The Miniature Schnauzer is a breed of small dog of the Schnauzer type that originated "
                    + "in Germany.";
            assertThat(score(
                            judge,
                            "The Miniature Schnauzer is a small dog of the Schnauzers type from Germany.",
                            source))
                    .isGreaterThan(0.8);
        }
    }

    /** Sources from a tokenising pipeline write "235, 000" and "98. 7". */
    @Nested
    class ATokenisedSource {

        static final String REPORT = "The video, which was filmed at the old station, has now been viewed more than "
                + "235, 000 times. The first dog was right in 98. 7 per cent of cases, the second in 97. 6 per cent.";

        @Test
        void aSpacedNumberConfirmsTheNumberAsAFactAWordAndAPair() {
            String claim = "The video has been viewed more than 235,000 times.";
            assertThat(score(judge, claim, REPORT)).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            assertThat(score(lexical, claim, REPORT)).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
            assertThat(score(judge, "The video has been viewed more than 335,000 times.", REPORT))
                    .as("an invented number")
                    .isLessThan(0.15);
        }

        @Test
        void aSpacedDecimalDoesNotCutTheSourceSentence() {
            SentenceVerdict verdict = judge.judge("The first dog was right in 98.7 per cent of cases.", REPORT)
                    .sentences()
                    .get(0);
            assertThat(verdict.evidence()).startsWith("The first dog was right in 98. 7 per cent of cases");
            assertThat(verdict.score()).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
        }
    }

    @Test
    void aSentenceCopiedFromTheSourceScoresHigh() {
        assertThat(score(judge, "The router then restarts with its factory settings.", MANUAL))
                .isGreaterThan(0.8);
        assertThat(score(lexical, "The router then restarts with its factory settings.", MANUAL))
                .isGreaterThan(0.8);
    }

    @Test
    void aClauseCopiedFromALongerSourceSentenceScoresHigh() {
        String source = "Blinking red means there is no internet connection: check the cable to your modem, then "
                + "restart the modem and the router.";
        SentenceVerdict clause = judge.judge(
                        "Check the cable to your modem, then restart the modem and the router.", source)
                .sentences()
                .get(0);

        assertThat(clause.score()).isGreaterThan(0.8);
        assertThat(clause.evidence())
                .isEqualTo("check the cable to your modem, then restart the modem and the router.");
    }

    @Test
    void anUnrelatedBestMatchIsNotReportedAsEvidence() {
        SentenceVerdict invented = judge.judge("Call Nimbus support at 1-800-555-0199, open 24 hours a day.", MANUAL)
                .sentences()
                .get(0);

        assertThat(invented.score()).isLessThan(0.1);
        assertThat(invented.evidence()).isEqualTo(SentenceVerdict.NOTHING_FOUND);
    }

    @Test
    void aNegationReachesOnlyItsOwnClause() {
        // "no" negates "internet connection", not "check": no mismatch with a sentence that says "check".
        String source = "Blinking red means there is no internet connection: check the cable to your modem.";
        assertThat(score(judge, "Check the cable to your modem.", source)).isGreaterThan(0.8);
        assertThat(score(judge, "Blinking red means there is an internet connection.", source))
                .isLessThan(DEFAULT_THRESHOLD);
    }

    @Test
    void aSentenceThatMakesNoClaimIsNotHeldAgainstTheAnswer() {
        GroundednessVerdict verdict = judge.judge("Yes. The router then restarts with its factory settings.", MANUAL);

        assertThat(verdict.sentences().get(0).score()).isEqualTo(1.0);
        assertThat(verdict.sentences().get(0).evidence()).isEqualTo(LocalGroundednessJudge.NO_CLAIM);
        assertThat(judge.judge("Yes, the router sells coffee.", MANUAL).score()).isLessThan(DEFAULT_THRESHOLD);
    }

    @Test
    void aParaphraseScoresAboveTheThreshold() {
        assertThat(score(judge, "Holding the reset button for 10 seconds resets the router.", MANUAL))
                .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
        // Not here: "Hardware faults are covered by the warranty", a change of voice, scores below 0.7 (README).
    }

    @Test
    void anInventedNumberScoresClearlyLow() {
        String invented = "Hold the reset button on the back for thirty seconds until the power light blinks amber.";
        assertThat(score(judge, invented, MANUAL)).isLessThan(0.3);
        assertThat(score(lexical, invented, MANUAL)).isLessThan(0.3);
        assertThat(score(judge, "Acme Networks sells the X200 router for 129 dollars.", MANUAL))
                .isLessThan(0.3);
    }

    @Test
    void anInventedNameScoresClearlyLow() {
        String invented = "Acme Networks sells the X200 router for 89 dollars through Contoso.";
        assertThat(score(judge, invented, MANUAL)).isLessThan(0.3);
        assertThat(score(lexical, invented, MANUAL)).isLessThan(0.3);
    }

    @Test
    void aNegatedClaimScoresLow() {
        assertThat(score(judge, "Phone support is available on weekends.", MANUAL))
                .isLessThan(DEFAULT_THRESHOLD);
        assertThat(score(judge, "The router does not restart with its factory settings.", MANUAL))
                .isLessThan(DEFAULT_THRESHOLD);
        assertThat(score(lexical, "Phone support is available on weekends.", MANUAL))
                .isLessThan(DEFAULT_THRESHOLD);
    }

    @Test
    void anUnrelatedSentenceScoresNearZeroWithNothingFound() {
        GroundednessVerdict verdict = judge.judge("Bananas are rich in potassium.", MANUAL);
        assertThat(verdict.score()).isLessThan(0.05);
        assertThat(verdict.sentences().get(0).evidence()).isEqualTo(SentenceVerdict.NOTHING_FOUND);
    }

    @Test
    void theEvidenceIsTheMatchedSourceSentence() {
        GroundednessVerdict verdict = judge.judge(
                "Acme Networks sells the X200 router for 89 dollars. The warranty lasts two years.", MANUAL);
        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::evidence)
                .containsExactly(
                        "Acme Networks sells the X200 router for 89 dollars.",
                        "The warranty covers hardware faults for two years from the date of purchase.");
        assertThat(verdict.sentences()).extracting(SentenceVerdict::index).containsExactly(0, 1);
    }

    @Test
    void theVerdictIsTheMeanOfSentencesWithNoTokensAndNotReplayed() {
        GroundednessVerdict verdict = judge.judge(
                "The router then restarts with its factory settings. "
                        + "Acme Networks sells the X200 router for 129 dollars.",
                MANUAL);
        assertThat(verdict.sentences()).hasSize(2);
        assertThat(verdict.sentencesBelow(DEFAULT_THRESHOLD))
                .extracting(SentenceVerdict::index)
                .containsExactly(1);
        assertThat(verdict.score())
                .isEqualTo((verdict.sentences().get(0).score()
                                + verdict.sentences().get(1).score())
                        / 2);
        assertThat(verdict.judge()).isEqualTo("local:all-minilm-l6-v2-q");
        assertThat(verdict.tokenUsage().totalTokenCount()).isZero();
        assertThat(verdict.replayed()).isFalse();
        assertThat(verdict.duration()).isPositive();
    }

    @Test
    void everyChunkIsSearched() {
        List<String> chunks = List.of(
                "The X200 has four Ethernet ports.",
                "Firmware updates install overnight.",
                "The guest network can be switched off in the app.");
        GroundednessVerdict verdict = judge.judge(
                "Firmware updates install overnight. The guest network can be switched off in the app.", chunks);
        assertThat(verdict.sentences()).allSatisfy(s -> assertThat(s.score()).isGreaterThan(0.8));
        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::evidence)
                .containsExactly(chunks.get(1), chunks.get(2));
    }

    @Test
    void aSourceOfThousandsOfSentencesIsSearched() {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            chunks.add("Log entry " + i + " records that sensor " + (i % 37) + " reported a reading of " + (i * 7)
                    + " units in hall " + (i % 11) + ".");
        }
        chunks.add("The cooling pump in hall 4 failed at midnight and was replaced by the night crew.");
        String source = String.join(" ", chunks);
        GroundednessVerdict verdict =
                judge.judge("The cooling pump in hall 4 failed at midnight and the night crew replaced it.", source);
        assertThat(verdict.score()).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
        assertThat(verdict.sentences().get(0).evidence()).startsWith("The cooling pump in hall 4 failed");
        assertThat(judge.judge("Sensor 12 reported a reading of 99999 units.", source)
                        .score())
                .isLessThan(DEFAULT_THRESHOLD);
    }

    @Test
    void aOneMegabyteResponseIsJudgedInBoundedBatches() {
        String paragraph = "The router then restarts with its factory settings. "
                + "Acme Networks sells the X200 router for 129 dollars. ";
        StringBuilder response = new StringBuilder();
        while (response.length() < 1_000_000) {
            response.append(paragraph);
        }
        int threadsBefore = Thread.activeCount();
        GroundednessVerdict verdict = judge.judge(response.toString(), MANUAL);
        assertThat(verdict.sentences()).hasSizeGreaterThan(9_000);
        assertThat(verdict.sentences().get(0).score()).isGreaterThan(0.8);
        assertThat(verdict.sentences().get(1).score()).isLessThan(0.3);
        assertThat(verdict.score()).isBetween(0.4, 0.7);
        // The embedding model runs on its own pool of one thread per processor, not a thread per sentence.
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(Thread.activeCount()).isLessThanOrEqualTo(threadsBefore + cores + 2);
    }

    @Test
    void nonEnglishTextIsJudgedByItsWordsAsDocumented() {
        String french = "Pour réinitialiser le routeur, maintenez le bouton de réinitialisation enfoncé pendant dix "
                + "secondes. Le routeur redémarre ensuite avec ses paramètres d'usine.";
        assertThat(score(judge, "Le routeur redémarre ensuite avec ses paramètres d'usine.", french))
                .isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
        assertThat(score(judge, "Le routeur coûte deux cents euros chez Darty.", french))
                .isLessThan(DEFAULT_THRESHOLD);
        String chinese = "重置路由器时，请按住复位按钮十秒钟。路由器随后恢复出厂设置。";
        assertThat(score(judge, "路由器随后恢复出厂设置。", chinese)).isGreaterThanOrEqualTo(DEFAULT_THRESHOLD);
        assertThat(score(judge, "香蕉富含钾元素。", chinese)).isLessThan(DEFAULT_THRESHOLD);
        // A response in another language than its source is not matched: documented, translate first.
        assertThat(score(judge, "The router then restarts with its factory settings.", french))
                .isLessThan(DEFAULT_THRESHOLD);
    }

    @Test
    void theSameInputGivesTheSameVerdict() {
        String response = "Holding the reset button for 10 seconds resets the router. Support is open on weekends.";
        LocalGroundednessJudge other = LocalGroundednessJudge.create();
        GroundednessVerdict first = judge.judge(response, MANUAL);
        GroundednessVerdict second = judge.judge(response, MANUAL);
        GroundednessVerdict fresh = other.judge(response, MANUAL);
        assertThat(second.sentences()).isEqualTo(first.sentences());
        assertThat(fresh.sentences()).isEqualTo(first.sentences());
        assertThat(fresh.score()).isEqualTo(first.score());
    }

    @Test
    void oneJudgeServesParallelCallers() throws Exception {
        List<String> responses = List.of(
                "The router then restarts with its factory settings.",
                "Acme Networks sells the X200 router for 129 dollars.",
                "Phone support is available on weekends.",
                "The warranty covers hardware faults for two years from the date of purchase.");
        LocalGroundednessJudge fresh = LocalGroundednessJudge.create();
        List<GroundednessVerdict> expected =
                responses.stream().map(r -> judge.judge(r, MANUAL)).toList();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<GroundednessVerdict>> futures = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                String response = responses.get(i % responses.size());
                futures.add(pool.submit(() -> fresh.judge(response, MANUAL)));
            }
            for (int i = 0; i < futures.size(); i++) {
                assertThat(futures.get(i).get().sentences())
                        .isEqualTo(expected.get(i % responses.size()).sentences());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Nested
    class WithoutEmbeddings {

        @Test
        void lexicalEvidenceStillSeparatesSupportedFromInvented() {
            GroundednessVerdict verdict = lexical.judge(
                    "Acme Networks sells the X200 router for 89 dollars. "
                            + "The X200 router is made by Contoso in 2019.",
                    MANUAL);
            assertThat(verdict.judge()).isEqualTo("local:lexical");
            assertThat(verdict.sentences().get(0).score()).isGreaterThan(0.8);
            assertThat(verdict.sentences().get(0).evidence())
                    .isEqualTo("Acme Networks sells the X200 router for 89 dollars.");
            assertThat(verdict.sentences().get(1).score()).isLessThan(0.3);
        }
    }

    @Nested
    class BadInput {

        @Test
        void nullResponse() {
            assertNothingToJudge(judge.judge(null, MANUAL), "", "the response is null");
        }

        @Test
        void blankResponse() {
            assertNothingToJudge(judge.judge(" \n\t", MANUAL), "", "the response is blank");
        }

        @Test
        void responseWithoutSentences() {
            assertNothingToJudge(
                    judge.judge("... -- !!", MANUAL), "... -- !!", "the response holds no words, only punctuation");
        }

        /** An answer with nothing to judge is what the application produced: a failing verdict, never an exception. */
        private void assertNothingToJudge(GroundednessVerdict verdict, String shown, String reason) {
            assertThat(verdict.score()).isZero();
            assertThat(verdict.sentences()).singleElement().satisfies(s -> {
                assertThat(s.sentence()).isEqualTo(shown);
                assertThat(s.score()).isZero();
                assertThat(s.evidence()).isEqualTo(SentenceVerdict.NOTHING_FOUND);
                assertThat(s.reason()).startsWith(reason);
            });
            assertThat(verdict.judge()).isEqualTo(judge.name());
        }

        @Test
        void nullSource() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", Arrays.asList(MANUAL, null)))
                    .withMessageContaining("Source 2 of 2 is null")
                    .withMessageContaining("drop empty chunks");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", (String[]) null))
                    .withMessageContaining("sources must not be null");
        }

        @Test
        void blankSource() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", "  "))
                    .withMessageContaining("Source 1 of 1 is blank");
        }

        @Test
        void noSources() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", List.of()))
                    .withMessageContaining("No sources")
                    .withMessageContaining("at least one source");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", (List<String>) null))
                    .withMessageContaining("No sources");
        }

        @Test
        void sourceWithoutSentences() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.judge("The router restarts.", "*** ---"))
                    .withMessageContaining("sources hold no sentences");
        }

        @Test
        void everyMessageSaysHowToFixIt() {
            List<Runnable> badCalls = List.of(
                    () -> judge.judge("The router restarts.", List.of()),
                    () -> judge.judge("The router restarts.", MANUAL, " "),
                    () -> judge.judge("The router restarts.", "*** ---"));
            for (Runnable call : badCalls) {
                assertThatIllegalArgumentException().isThrownBy(call::run).withMessageContaining("\nFix: ");
            }
        }

        @Test
        void badBuilderSettings() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> LocalGroundednessJudge.builder().embeddingModel(null))
                    .withMessageContaining("withoutEmbeddings()");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> LocalGroundednessJudge.builder().embeddingCacheSize(0))
                    .withMessageContaining("embeddingCacheSize must be at least 1");
        }
    }
}
