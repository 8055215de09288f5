package dev.llmassert.core.conversation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** A named fact the user gave, kept or lost, judged without a model. */
class FactRetentionTest {

    static Conversation withFourthReply(String reply) {
        return Conversation.builder()
                .turn("Hi, my order number is NR-20417 and the light blinks red.", "Check the cable to your modem.")
                .turn("How do I restart it?", "Unplug the power adapter, wait 10 seconds, and plug it back in.")
                .turn("It works now, thanks.", "Glad to hear it.")
                .turn("Who do I contact if it fails again?", reply)
                .build();
    }

    @Test
    void aLaterReplyThatRepeatsTheFactKeepsIt() {
        FactRetention retention = FactRetention.of(
                withFourthReply("Chat with support in the Nimbus app; give them NR-20417."), "NR-20417");

        assertThat(retention.givenInTurn()).isEqualTo(1);
        assertThat(retention.remembered()).isTrue();
        assertThat(retention.turns())
                .extracting(TurnVerdict::turn, TurnVerdict::label)
                .containsExactly(
                        tuple(2, FactRetention.SILENT),
                        tuple(3, FactRetention.SILENT),
                        tuple(4, FactRetention.REPEATS));
    }

    @Test
    void anotherValueOfTheFactsShapeContradictsIt() {
        FactRetention retention = FactRetention.of(
                withFourthReply("Chat with support in the Nimbus app; give them NR-20471."), "nr-20417");

        assertThat(retention.remembered()).isFalse();
        assertThat(retention.contradictions()).singleElement().satisfies(verdict -> {
            assertThat(verdict.turn()).isEqualTo(4);
            assertThat(verdict.reason()).isEqualTo("gives 'NR-20471' where the user gave 'nr-20417' in turn 1");
        });
    }

    @Test
    void withNoLaterReplyThatRepeatsItTheFactIsNotShownToBeKept() {
        FactRetention retention = FactRetention.of(withFourthReply("Chat with support in the Nimbus app."), "NR-20417");

        assertThat(retention.given()).isTrue();
        assertThat(retention.contradictions()).isEmpty();
        assertThat(retention.remembered()).isFalse();
    }

    @Test
    void aFactTheUserNeverGaveIsNotRemembered() {
        FactRetention retention = FactRetention.of(withFourthReply("Give them NR-20417."), "NR-99999");

        assertThat(retention.given()).isFalse();
        assertThat(retention.turns()).isEmpty();
        assertThat(retention.remembered()).isFalse();
    }

    @Test
    void onlyAFactWithADigitAndFourCharactersHasAShapeToLookFor() {
        assertThat(FactRetention.shapeOf("Alice")).isNull();
        assertThat(FactRetention.shapeOf("27")).isNull();
        assertThat(FactRetention.shapeOf("NR-20417")
                        .matcher("order NR-20471 is late")
                        .find())
                .isTrue();
        assertThat(FactRetention.shapeOf("NR-20417")
                        .matcher("order XNR-20471 is late")
                        .find())
                .isFalse();
        assertThat(FactRetention.shapeOf("2026-12-03").matcher("on 2026-12-05").find())
                .isTrue();
        assertThatThrownBy(() -> FactRetention.of(withFourthReply(""), " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The fact to remember is blank");
    }
}
