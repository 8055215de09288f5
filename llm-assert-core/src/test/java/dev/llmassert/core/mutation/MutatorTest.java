package dev.llmassert.core.mutation;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class MutatorTest {

    static final String WARRANTY = "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does "
            + "not cover damage from water or power surges.";
    static final String RESET = "Hold the recessed reset button on the back of the router for 15 seconds with a "
            + "paperclip, until the status light turns amber. The factory reset erases your network name, password "
            + "and parental controls.";
    static final String REFUNDS = "Returns are free for orders over 50 dollars. If the box was opened, you get store "
            + "credit only for store credit items, under 5 free, 5 to 15 half.";
    static final String SOURCES = "### Warranty\nThe Nimbus R2 has a two-year limited warranty. The Nimbus Mesh "
            + "extends it. Contact Nimbus Care in the Nimbus app under Settings, then Support.";

    @Test
    void theSameSeedGivesTheSameMutantsAndAnotherSeedOthers() {
        Mutator one = Mutator.builder().seed(1).build();
        Mutator again = Mutator.builder().seed(1).build();
        Mutator two = Mutator.builder().seed(2).build();

        List<Mutant> first = one.mutants("app.json#abc/0", RESET, SOURCES);

        assertThat(again.mutants("app.json#abc/0", RESET, SOURCES)).isEqualTo(first);
        assertThat(two.mutants("app.json#abc/0", RESET, SOURCES)).isNotEqualTo(first);
        assertThat(one.mutants("app.json#abc/1", RESET, SOURCES))
                .as("the answer's id seeds its generator too")
                .isNotEqualTo(first);
    }

    @Test
    void atMostMaxPerAnswerTakenFromEachOperatorInTurnAndNoneUnchanged() {
        List<Mutant> mutants = Mutator.builder().maxPerAnswer(4).build().mutants("id", RESET, SOURCES);

        assertThat(mutants).hasSize(4);
        assertThat(mutants).extracting(Mutant::operator).doesNotHaveDuplicates();
        assertThat(mutants).allSatisfy(m -> assertThat(m.mutated()).isNotEqualTo(RESET));
        assertThat(mutants).extracting(Mutant::mutated).doesNotHaveDuplicates();
        assertThat(mutants).extracting(Mutant::id).allMatch(id -> id.matches("[0-9a-f]{10}"));
    }

    @Test
    void numbersChangeTheirValueKeepingTheirUnitAndCodesStayAlone() {
        List<Mutant> mutants = only(
                MutationOperator.NUMBER,
                "Book a visit for NR2-0042 within 30 days for 49.50"
                        + " dollars, or call 1-800-555-0199 before 3 p.m. on 14 January 2025.");

        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).startsWith("'30 days' → '"));
        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).startsWith("'49.50 dollars' → '"));
        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).matches("'1-800-555-0199' → '1-800-555-0\\d{3}'"));
        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).matches("'3 p\\.m\\.' → '([1-9]|1[0-2]) p\\.m\\.'"));
        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).matches("'14 January' → '([1-9]|1\\d|2[0-8]) January'"));
        assertThat(mutants)
                .extracting(Mutant::change)
                .anySatisfy(c -> assertThat(c).matches("'2025' → '202[67]'"));
        assertThat(mutants)
                .extracting(Mutant::mutated)
                .allSatisfy(m -> assertThat(m).contains("NR2-0042"));
        assertThat(only(MutationOperator.NUMBER, WARRANTY))
                .singleElement()
                .satisfies(m -> assertThat(m.change()).matches("'two-year' → '(four|three|six)-year'"));
    }

    @Test
    void twoFiguresSwapAndTheSameFigureWrittenInWordsIsPossiblyEquivalent() {
        assertThat(only(MutationOperator.SWAP, "Under 5 items are free, 5 to 15 cost half."))
                .extracting(Mutant::mutated, Mutant::change)
                .containsExactlyInAnyOrder(
                        tuple("Under 15 items are free, 5 to 5 cost half.", "'5 items' ↔ '15 cost'"),
                        tuple("Under 5 items are free, 15 to 5 cost half.", "'5 to' ↔ '15 cost'"));
        assertThat(only(MutationOperator.SWAP, "Wait 5 minutes, then five more."))
                .singleElement()
                .satisfies(m -> assertThat(m.possiblyEquivalent()).isTrue());
    }

    @Test
    void aNameSwapsForAnotherOfTheSameKindFromTheSources() {
        List<Mutant> mutants = only(MutationOperator.ENTITY, "Open the Nimbus app under Settings, then Firmware.");

        assertThat(mutants).isNotEmpty();
        assertThat(mutants)
                .extracting(Mutant::change)
                .allSatisfy(change -> assertThat(change)
                        .matches("'(Nimbus|Settings|Firmware)' → "
                                + "'(Nimbus R2|Nimbus Mesh|Nimbus Care|Support|Warranty)'"));
        assertThat(Mutator.builder()
                        .operators(EnumSet.of(MutationOperator.ENTITY))
                        .build()
                        .mutants("id", "Your visit V-0042-1203 is booked.", "Visits: V-0042-1203, V-0107-0101."))
                .singleElement()
                .satisfies(m -> assertThat(m.mutated()).isEqualTo("Your visit V-0107-0101 is booked."));
        assertThat(Mutator.builder()
                        .operators(EnumSet.of(MutationOperator.ENTITY))
                        .build()
                        .mutants("id", "The Nimbus app shows it.", ""))
                .as("no other name in the sources: no entity mutant")
                .isEmpty();
    }

    @Test
    void aNegationIsRemovedOrAdded() {
        List<Mutant> mutants = only(MutationOperator.NEGATION, WARRANTY);

        assertThat(mutants).extracting(Mutant::mutated).contains(WARRANTY.replace("does not cover", "does cover"));
        assertThat(only(MutationOperator.NEGATION, "Yes. You can turn it off."))
                .extracting(Mutant::mutated)
                .containsExactlyInAnyOrder("No. You can turn it off.", "Yes. You cannot turn it off.");
    }

    @Test
    void aWordIsReplacedByItsAntonym() {
        assertThat(only(MutationOperator.ANTONYM, "It installs them automatically, with a limited warranty."))
                .extracting(Mutant::change)
                .containsExactlyInAnyOrder("'automatically' → 'manually'", "'limited' → 'unlimited'");
        assertThat(only(MutationOperator.ANTONYM, "Hold the reset button with the light."))
                .as("nouns and verbs keep their WordNet antonyms to themselves")
                .isEmpty();
    }

    @Test
    void aConditionIsDroppedAndOneTheTextRepeatsIsPossiblyEquivalent() {
        List<Mutant> mutants = only(MutationOperator.CONDITION, RESET + " If the light keeps blinking, call us.");

        assertThat(mutants)
                .extracting(Mutant::change)
                .containsExactlyInAnyOrder(
                        "dropped 'until the status light turns amber'", "dropped 'If the light keeps blinking'");
        assertThat(mutants)
                .extracting(Mutant::mutated)
                .anySatisfy(m -> assertThat(m).contains("with a paperclip. The factory"))
                .anySatisfy(m -> assertThat(m).endsWith("controls. Call us."));
        assertThat(only(MutationOperator.CONDITION, REFUNDS))
                .extracting(Mutant::change)
                .contains("dropped 'for orders over 50 dollars'", "dropped 'only for store credit items'");
        assertThat(only(
                        MutationOperator.CONDITION,
                        "Returns are free for orders over 50 dollars. Shipping is free "
                                + "too, for orders over 50 dollars."))
                .filteredOn(Mutant::possiblyEquivalent)
                .isNotEmpty();
    }

    @Test
    void anInventedSentenceAddsAFact() {
        List<Mutant> mutants = Mutator.builder()
                .operators(EnumSet.of(MutationOperator.INVENTED))
                .maxPerAnswer(10)
                .build()
                .mutants("id", WARRANTY, SOURCES);

        assertThat(mutants).hasSize(2);
        assertThat(mutants)
                .allSatisfy(m -> assertThat(m.change())
                        .matches("added '.*(1-800-555-0\\d{3}|\\d+\\.99 dollars"
                                + "|https://help\\.nimbus\\.example\\.com/kb/\\d{4}|about \\d+ minutes).*'"));
    }

    @Test
    void aToolResultChangesOnlyWithTheToolResultOperator() {
        String result = "A technician visit for NR2-0042 is booked on 3 December 2026 between 8 am and noon.";
        Mutator mutator = Mutator.builder().build();

        List<Mutant> mutants = mutator.toolResultMutants("tool:bookTechnician", "bookTechnician", result, "");

        assertThat(mutants).isNotEmpty().allSatisfy(m -> {
            assertThat(m.operator()).isEqualTo(MutationOperator.TOOL_RESULT);
            assertThat(m.change()).startsWith("tool bookTechnician: ");
        });
        assertThat(Mutator.builder()
                        .operators(EnumSet.of(MutationOperator.NUMBER))
                        .build()
                        .toolResultMutants("tool:bookTechnician", "bookTechnician", result, ""))
                .isEmpty();
    }

    @Test
    void theDiffShowsTheChangedWordsWithinTheirSentence() {
        Mutant mutant = only(MutationOperator.NUMBER, RESET).get(0);

        assertThat(mutant.diff().lines())
                .containsExactly(
                        "- Hold the recessed reset button on the back of the router for 15 seconds with a paperclip,"
                                + " until the status light turns amber.",
                        "+ Hold the recessed reset button on the back of the router for "
                                + mutant.diff().added()
                                + " seconds with a paperclip, until the status light turns amber.");
        assertThat(mutant.diff().removed()).isEqualTo("15");
    }

    @Test
    void badSettingsSayWhatIsAllowed() {
        assertThatThrownBy(() -> MutationOperator.parseList("number,condtion"))
                .hasMessage("'condtion' is not a mutation operator; the operators are number, swap, entity, negation,"
                        + " antonym, condition, invented, tool-result, or all");
        assertThat(MutationOperator.parseList(" number , tool-result "))
                .containsExactly(MutationOperator.NUMBER, MutationOperator.TOOL_RESULT);
        assertThat(MutationOperator.parseList("all")).hasSize(8);
        assertThatThrownBy(() -> Mutator.builder().maxPerAnswer(0))
                .hasMessage("maxPerAnswer must be at least 1, but is: 0");
        assertThatThrownBy(() -> Mutator.builder().operators(Set.of()))
                .hasMessageStartingWith("operators must name at least one of number, swap");
    }

    private static List<Mutant> only(MutationOperator operator, String text) {
        return Mutator.builder()
                .operators(EnumSet.of(operator))
                .maxPerAnswer(20)
                .build()
                .mutants("id", text, SOURCES);
    }
}
