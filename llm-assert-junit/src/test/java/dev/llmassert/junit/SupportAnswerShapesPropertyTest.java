package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Generated support answers around the shapes that trip a judge: identifiers with figures, quantities in several
 * forms, negations, addresses and abbreviations, and text that is hardly an answer at all. Each is checked through the
 * public assertion, at the default minimum, with the default judge: it gets the verdict its construction implies, or
 * an assertion failure, and never another exception.
 */
class SupportAnswerShapesPropertyTest {

    private static final LocalGroundednessJudge JUDGE = LocalGroundednessJudge.create();

    @AfterContainer
    static void close() {
        JUDGE.close();
    }

    /** The check of {@code answer} against {@code source} as a test writes it, outside the extension. */
    private static Throwable check(String answer, String source) {
        return catchThrowable(
                () -> LlmAssertions.assertThat(answer).usingJudge(JUDGE).isGroundedIn(source));
    }

    private static void passes(String answer, String source) {
        assertThat(check(answer, source)).as("%s%nagainst%n%s", answer, source).isNull();
    }

    private static void failsAsAnAssertion(String answer, String source) {
        assertThat(check(answer, source)).as("%s%nagainst%n%s", answer, source).isInstanceOf(AssertionError.class);
    }

    /** A statement about one identified thing, in the source's words and in an answer's. */
    record Stated(String kind, int id, int otherId, String source, String kept, String changed, String moved) {}

    @Provide
    Arbitrary<Stated> identifiedFigures() {
        Arbitrary<String> kinds = Arbitraries.of("Order", "Ticket", "Room", "Flight", "Plan", "Booking");
        Arbitrary<Integer> ids = Arbitraries.integers().between(2, 99_999);
        Arbitrary<Integer> figures = Arbitraries.integers().between(2, 60);
        Arbitrary<Integer> templates = Arbitraries.integers().between(0, 2);
        return Combinators.combine(kinds, ids, ids, figures, figures, templates)
                .filter((kind, id, other, a, b, t) -> !id.equals(other) && Math.abs(a - b) > 1)
                .as((kind, id, other, a, b, t) -> {
                    String[] source = {
                        "%s %d ships from warehouse W1 within %d business days.",
                        "%s %d includes %d users and costs 99 dollars a month.",
                        "%s %d was refunded %d dollars by bank transfer."
                    };
                    String[] answer = {
                        "%s %d ships within %d business days.",
                        "%s %d includes %d users.",
                        "%s %d was refunded %d dollars."
                    };
                    String sources = String.format(Locale.ROOT, source[t], kind, id, a) + " "
                            + String.format(Locale.ROOT, source[t], kind, other, b);
                    return new Stated(
                            kind,
                            id,
                            other,
                            sources,
                            String.format(Locale.ROOT, answer[t], kind, id, a),
                            String.format(Locale.ROOT, answer[t], kind, id, a + b + 1),
                            String.format(Locale.ROOT, answer[t], kind, id, b));
                });
    }

    @Property(tries = 25)
    void anIdentifiersOwnFiguresPassAndChangedOrMovedOnesFail(@ForAll("identifiedFigures") Stated s) {
        passes(s.kept(), s.source());
        failsAsAnAssertion(s.changed(), s.source());
        failsAsAnAssertion(s.moved(), s.source());
    }

    /** A quantity as a source writes it, the same value as an answer writes it, and another value. */
    record Forms(String source, String same, String other) {}

    @Provide
    Arbitrary<Forms> quantities() {
        Arbitrary<Integer> n = Arbitraries.integers().between(2, 9);
        Arbitrary<Forms> days = n.map(d -> new Forms(
                "The trial lasts " + d + " weeks.",
                "The trial lasts " + (7 * d) + " days.",
                "The trial lasts " + (7 * d + 3) + " days."));
        Arbitrary<Forms> hours = n.map(d -> new Forms(
                "Delivery takes " + d + " days.",
                "Delivery takes " + (24 * d) + " hours.",
                "Delivery takes " + (24 * d + 5) + " hours."));
        Arbitrary<Forms> volume = n.map(l -> new Forms(
                "The tank holds " + l + ".5 litres.",
                String.format(Locale.ROOT, "The tank holds %,d ml.", l * 1000 + 500),
                String.format(Locale.ROOT, "The tank holds %,d ml.", l * 1000 + 250)));
        Arbitrary<Forms> money = n.map(d -> new Forms(
                "The plan costs " + (10 * d) + " dollars a month.",
                "The plan costs $" + (10 * d) + " per month.",
                "The plan costs $" + (10 * d + 5) + " per month."));
        Arbitrary<Forms> percent = n.map(p -> new Forms(
                "Members save " + (5 * p) + " percent.",
                "Members save " + (5 * p) + "%.",
                "Members save " + (5 * p + 2) + "%."));
        Arbitrary<Forms> date = Arbitraries.integers().between(0, 700).map(d -> {
            LocalDate day = LocalDate.of(2026, 1, 1).plusDays(d);
            DateTimeFormatter spoken = DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.ENGLISH);
            return new Forms(
                    "The sale starts on " + day + ".",
                    "The sale starts on " + spoken.format(day) + ".",
                    "The sale starts on " + spoken.format(day.plusDays(9)) + ".");
        });
        Arbitrary<Forms> time = Arbitraries.integers()
                .between(1, 11)
                .map(h -> new Forms(
                        "The store opens at " + h + " a.m.",
                        "The store opens at " + h + ":00.",
                        "The store opens at " + h + ":45."));
        return Arbitraries.oneOf(days, hours, volume, money, percent, date, time);
    }

    @Property(tries = 35)
    void theSameValueInAnotherFormPassesAndAnotherValueFails(@ForAll("quantities") Forms forms) {
        passes(forms.same(), forms.source());
        failsAsAnAssertion(forms.other(), forms.source());
    }

    @Provide
    Arbitrary<String> uncovered() {
        return Arbitraries.of(
                "water damage",
                "cracked screens",
                "lost cables",
                "cosmetic scratches",
                "battery wear",
                "theft",
                "accidental drops",
                "software problems");
    }

    @Property(tries = 16)
    void aNegativeTurnedPositiveFailsAndRestatedPasses(@ForAll("uncovered") String damage) {
        String source =
                "The warranty covers manufacturing defects for two years. The warranty does not cover " + damage + ".";
        String capitalised = Character.toUpperCase(damage.charAt(0)) + damage.substring(1);
        failsAsAnAssertion("The warranty covers " + damage + ".", source);
        passes("The warranty does not cover " + damage + ".", source);
        passes(capitalised + (damage.endsWith("s") ? " are" : " is") + " not covered by the warranty.", source);
    }

    @Provide
    Arbitrary<String> inSentenceTokens() {
        Arbitrary<String> emails = Arbitraries.strings()
                .withCharRange('a', 'z')
                .ofMinLength(3)
                .ofMaxLength(8)
                .map(name -> name + "@shop.example");
        Arbitrary<String> web = Arbitraries.strings()
                .withCharRange('a', 'z')
                .ofMinLength(3)
                .ofMaxLength(8)
                .map(path -> "www.shop.example/" + path);
        Arbitrary<String> versions =
                Arbitraries.integers().between(1, 30).map(v -> "version " + v + "." + (v % 7) + "." + (v % 3));
        Arbitrary<String> decimals = Arbitraries.integers().between(1, 999).map(v -> v + "." + (v % 10) + " kg");
        Arbitrary<String> times = Arbitraries.integers().between(1, 11).map(h -> h + " a.m.");
        Arbitrary<String> initials = Arbitraries.of("Dr. J. Smith", "Mr. K. Lee", "Prof. A. B. Jones");
        Arbitrary<String> abbreviations = Arbitraries.of("e.g. the router", "i.e. the router", "approx. 5 kg");
        return Arbitraries.oneOf(emails, web, versions, decimals, times, initials, abbreviations);
    }

    @Property(tries = 35)
    void addressesFiguresInitialsAndAbbreviationsNeverEndASentence(@ForAll("inSentenceTokens") String token) {
        String answer = "Please note " + token + " Monday to Friday. The team replies within two days.";

        GroundednessVerdict verdict = JUDGE.judge(answer, List.of(answer));

        assertThat(verdict.sentences())
                .extracting(s -> s.sentence())
                .containsExactly("Please note " + token + " Monday to Friday.", "The team replies within two days.");
        passes(answer, answer);
    }

    @Provide
    Arbitrary<String> hardlyAnswers() {
        Arbitrary<String> figures = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 9_999_999).map(n -> String.format(Locale.ROOT, "%,d", n)),
                Arbitraries.integers().between(0, 99_999).map(n -> "$" + n + ".00"),
                Arbitraries.integers().between(0, 99_999).map(n -> "(" + n + ")"));
        Arbitrary<String> markup = Arbitraries.of(
                "<b>Yes</b>",
                "**Order 1234**",
                "| a | b |\n|---|---|",
                "```\ncode\n```",
                "# Heading",
                "- item",
                "&nbsp;");
        Arbitrary<String> emoji =
                Arbitraries.strings().withChars("👍🎉🙂🚀✅❌").ofMinLength(1).ofMaxLength(6);
        Arbitrary<String> scripts = Arbitraries.of(
                "这台路由器有四个端口。",
                "Маршрутизатор имеет четыре порта.",
                "جهاز التوجيه به أربعة منافذ.",
                "ルーターには4つのポートがあります。",
                "राउटर में चार पोर्ट हैं।");
        Arbitrary<String> symbols = Arbitraries.strings()
                .withChars("-.?!,;:()[]{}*/\\|~^")
                .ofMinLength(1)
                .ofMaxLength(12);
        Arbitrary<String> longTokens =
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(200).ofMaxLength(2000);
        Arbitrary<String> anything = Arbitraries.strings().ofMaxLength(300);
        return Arbitraries.oneOf(figures, markup, emoji, scripts, symbols, longTokens, anything);
    }

    @Property(tries = 60)
    void anyAnswerPassesOrFailsAsAnAssertionAndNeverThrowsAnythingElse(@ForAll("hardlyAnswers") String answer) {
        String source = "The X200 router has four Ethernet ports. Order 1234 was refunded 722,664 dollars.";
        assertThatCode(() -> {
                    try {
                        LlmAssertions.assertThat(answer).usingJudge(JUDGE).isGroundedIn(source);
                    } catch (AssertionError expected) {
                        // an assertion failure is a verdict
                    }
                })
                .as("%s", answer)
                .doesNotThrowAnyException();
    }
}
