package dev.llmassert.junit.internal.message;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure messages, whole: their layout is pinned here, and a text that is not ours (a response, a sentence,
 * evidence, a judge name, an option) is shown as it is, a {@code %} and a {@code %s} included.
 */
class FailureMessagesTest {

    private static final String NL = System.lineSeparator();

    private static final GroundednessVerdict VERDICT = GroundednessVerdict.of(
            List.of(
                    new SentenceVerdict(0, "Discounts reach 100% on %s days.", 0.2, SentenceVerdict.NOTHING_FOUND),
                    new SentenceVerdict(1, "Hold reset for %d seconds.", 0.9, "hold reset 10% longer %n")),
            "test:100%-judge",
            new TokenUsage(0, 0),
            true,
            Duration.ZERO);

    @Test
    void aGroundednessFailureShowsEverySentenceAndKeepsPercentSignsAsTheyAre() {
        String message = ShouldBeGrounded.shouldBeGrounded("Discounts reach 100% on %s days. Hold reset.", VERDICT, 0.7)
                .create();

        assertThat(message)
                .isEqualTo(NL
                        + "Expecting response:" + NL
                        + "  \"Discounts reach 100% on %s days. Hold reset.\"" + NL
                        + "to be grounded in its sources with a score of at least 0.70, but its score was 0.55." + NL
                        + "Judge: test:100%-judge (replayed from a recording), 2 sentences, 1 below 0.70 (marked ✗):"
                        + NL
                        + "  ✗ [0] 0.20  \"Discounts reach 100% on %s days.\"" + NL
                        + "              evidence: NOTHING FOUND" + NL
                        + "    [1] 0.90  \"Hold reset for %d seconds.\"" + NL
                        + "              evidence: \"hold reset 10% longer %n\"");
    }

    @Test
    void aBareGroundednessCheckSaysWhereItWasMadeAndWhichMinimumItMet() {
        StackTraceElement site = new StackTraceElement("com.example.BotTest", "answers", "BotTest.java", 42);

        String message = ShouldBeGrounded.shouldBeGroundedByDefault("Hold reset.", VERDICT, 0.7, site)
                .create();

        assertThat(message)
                .startsWith(NL + "isGroundedIn(...) at com.example.BotTest.answers(BotTest.java:42) had "
                        + "no withMinScore(...), so it was checked after the test against the default minimum 0.70 "
                        + "(llmassert.groundedness.min-score)." + NL + "Expecting response:" + NL
                        + "  \"Hold reset.\"");
    }

    @Test
    void anEverySentenceFailureNamesHowManySentencesFellShort() {
        String message = ShouldHaveEverySentenceGrounded.shouldHaveEverySentenceGrounded("Two sentences.", VERDICT, 0.7)
                .create();

        assertThat(message)
                .startsWith(NL + "Expecting every sentence of response:" + NL + "  \"Two sentences.\"" + NL
                        + "to be grounded in its sources with a score of at least 0.70, but 1 of 2 sentences was not "
                        + "(lowest 0.20)." + NL + "Judge: test:100%-judge");
    }

    @Test
    void aCriteriaFailureKeepsPercentSignsInTheOptionAndExplanation() {
        Criteria criteria = Criteria.builder("discount")
                .description("Is 100% of the %s discount named?")
                .option("100%", "All of it", 1.0)
                .option("%s", "None", 0.0)
                .build();
        DirectResult result = DirectResult.of(criteria, "%s", "It names 50% of %d.");

        String message = ShouldMeetCriteria.shouldHaveOption("Take 100% off.", Map.of(), result, "100%")
                .create();

        assertThat(message)
                .contains("  \"Take 100% off.\"" + NL
                        + "to meet criteria \"discount\" with option \"100%\", but the judge chose \"%s\" "
                        + "(score 0.00).")
                .contains("Criteria \"discount\": Is 100% of the %s discount named?" + NL
                        + "Options: \"100%\" (1.00), \"%s\" (0.00)")
                .contains("Explanation: It names 50% of %d.");
    }
}
