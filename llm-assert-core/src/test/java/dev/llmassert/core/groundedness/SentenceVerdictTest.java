package dev.llmassert.core.groundedness;

import dev.llmassert.core.run.internal.RunRecords;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A sentence's verdict: its confidence, its doubt and the judge that decided it, and the constructors of before. */
class SentenceVerdictTest {

    @Test
    void theConstructorsOfBeforeGiveNoConfidenceAndNameNoJudge() {
        SentenceVerdict withReason = new SentenceVerdict(0, "It has four ports.", 0.9, "four ports", "");
        SentenceVerdict bare = new SentenceVerdict(1, "It has four ports.", 0.9, "four ports");

        for (SentenceVerdict verdict : new SentenceVerdict[] {withReason, bare}) {
            assertThat(verdict.hasConfidence()).isFalse();
            assertThat(verdict.confidence()).isNaN();
            assertThat(verdict.unsure()).isFalse();
            assertThat(verdict.unsureNote()).isEmpty();
            assertThat(verdict.hasDecidedBy()).isFalse();
            assertThat(verdict.decidedBy()).isEmpty();
        }
    }

    @Test
    void anUnsureVerdictSaysHowSureAndWhy() {
        SentenceVerdict verdict = new SentenceVerdict(
                0, "It has four ports.", 0.75, "four ports", "", 0.5812, " the model and the wording disagree ", null);

        assertThat(verdict.unsure()).isTrue();
        assertThat(verdict.unsureNote()).isEqualTo("unsure (0.58): the model and the wording disagree");
        assertThat(verdict.decidedBy()).isEmpty();
        assertThat(verdict.withDecidedBy("local:test").decidedBy()).isEqualTo("local:test");
        assertThat(new SentenceVerdict(0, "x", 0.5, null, "", Double.NaN, "no confidence given", "j").unsureNote())
                .isEqualTo("unsure: no confidence given");
    }

    @Test
    void aVerdictWrittenBeforeVerdictsHadAConfidenceIsReadBackWithNone() throws Exception {
        SentenceVerdict old = RunRecords.JSON.readValue(
                "{\"index\": 0, \"sentence\": \"x\", \"score\": 0.5, \"evidence\": \"e\", \"reason\": \"\"}",
                SentenceVerdict.class);
        SentenceVerdict sure = new SentenceVerdict(1, "y", 0.9, "e", "", 0.93, "", "local:test");

        assertThat(old).isEqualTo(new SentenceVerdict(0, "x", 0.5, "e"));
        assertThat(old.hasConfidence()).isFalse();
        assertThat(RunRecords.JSON.readValue(RunRecords.JSON.writeValueAsString(sure), SentenceVerdict.class))
                .isEqualTo(sure);
        assertThat(RunRecords.JSON
                        .readValue(RunRecords.JSON.writeValueAsString(old), SentenceVerdict.class)
                        .hasConfidence())
                .isFalse();
    }

    @Test
    void aConfidenceOutsideZeroToOneIsRefusedSayingSo() {
        assertThatThrownBy(() -> new SentenceVerdict(0, "x", 0.5, null, "", 1.2, "", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confidence must be between 0.0 and 1.0, or NaN for none, but is: 1.2");
        assertThatThrownBy(() -> new SentenceVerdict(0, "x", 0.5, null, "", -0.1, "", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("but is: -0.1");
    }
}
