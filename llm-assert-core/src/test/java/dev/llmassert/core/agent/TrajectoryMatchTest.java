package dev.llmassert.core.agent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Tool-call precision, recall, F1, exact sequence and argument correctness, worked out by hand. */
class TrajectoryMatchTest {

    static final Trajectory LOOKUP_THEN_BOOK = new Trajectory(
            "",
            List.of(
                    ToolCall.of("lookupWarranty", "{\"serial\":\"NR2-0042\"}", "active"),
                    ToolCall.of("lookupWarranty", "{\"serial\":\"NR2-0042\"}", "active"),
                    ToolCall.of("bookTechnician", "{\"serial\":\"NR2-0042\",\"date\":\"2026-12-03\"}", "booked")),
            "done");

    @Test
    void repeatsCountAsCallsAndArgumentsAreASubsetMatch() {
        List<ExpectedCall> expected = List.of(
                ExpectedCall.parse("lookupWarranty {\"serial\": \"NR2-0042\"}"),
                ExpectedCall.parse("bookTechnician {\"date\": \"2026-12-04\"}"),
                ExpectedCall.parse("cancelVisit"));

        TrajectoryMatch match = TrajectoryMatch.of(expected, LOOKUP_THEN_BOOK);

        // 2 of the 3 calls made were expected (the second lookup was not); 2 of the 3 expected were made
        assertThat(match.precision()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(match.recall()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(match.f1()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(match.exactSequence()).isFalse();
        // the lookup's serial matches, the booking's date does not
        assertThat(match.argumentCorrectness()).isEqualTo(0.5);
    }

    @Test
    void theExactSequenceAndTheEdgeCases() {
        List<ExpectedCall> exact = List.of(
                ExpectedCall.parse("lookupWarranty"),
                ExpectedCall.parse("lookupWarranty"),
                ExpectedCall.parse("bookTechnician"));
        assertThat(TrajectoryMatch.of(exact, LOOKUP_THEN_BOOK))
                .isEqualTo(new TrajectoryMatch(1.0, 1.0, 1.0, true, 1.0));

        Trajectory none = new Trajectory("", List.of(), "I cannot help.");
        assertThat(TrajectoryMatch.of(List.of(), none)).isEqualTo(new TrajectoryMatch(1.0, 1.0, 1.0, true, 1.0));
        assertThat(TrajectoryMatch.of(exact, none)).isEqualTo(new TrajectoryMatch(0.0, 0.0, 0.0, false, 1.0));
        assertThat(TrajectoryMatch.of(List.of(), LOOKUP_THEN_BOOK).precision()).isZero();
    }

    @Test
    void anExpectedCallThatCannotBeReadSaysHowToWriteIt() {
        assertThatThrownBy(() -> ExpectedCall.parse("lookup warranty"))
                .hasMessageContaining("Cannot read the expected tool call 'lookup warranty'")
                .hasMessageContaining("lookupWarranty {\"serial\": \"NR2-0042\"}");
        assertThatThrownBy(() -> ExpectedCall.parse("lookupWarranty {serial}")).hasMessageContaining("are not JSON");
        assertThatThrownBy(() -> ExpectedCall.parse("lookupWarranty [1]")).hasMessageContaining("Cannot read");
    }
}
