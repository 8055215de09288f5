package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The identifiers of a text: figures that name a thing rather than measure it. An order, plan, room, flight or ticket
 * number ("order 1234", "Plan 3", "room #12", "ticket no. 5521"), and a code that mixes letters and figures ("W1",
 * "X200", "K41", "AB-1234"). An identifier must be found in the sources as it is, as a name is; it is never a
 * quantity, and a figure in it is never moved from one thing to another.
 */
@API(status = INTERNAL, since = "0.1")
public final class Identifiers {

    /**
     * An identifier of the text: where its figure starts and ends, what it names ({@code "order"}, or {@code ""}
     * for a code), its figure or code in lower case ({@code "1234"}, {@code "x200"}), and how the text writes it
     * ("Order 1234", "Wi-Fi 6", "X200").
     */
    @API(status = INTERNAL, since = "0.1")
    public record Identifier(int start, int end, String kind, String name, String written) {

        /** The identifier as one fact: {@code order 1234}, or the code itself. */
        public String fact() {
            return kind.isEmpty() ? name : kind + " " + name;
        }
    }

    /** Words after which a figure names a thing: "order 1234", "room 12", "version 2.3". */
    private static final Set<String> KINDS = Set.of(
            "order",
            "plan",
            "room",
            "flight",
            "ticket",
            "gate",
            "seat",
            "invoice",
            "case",
            "account",
            "item",
            "sku",
            "model",
            "version",
            "release",
            "build",
            "kit",
            "table",
            "bus",
            "route",
            "platform",
            "terminal",
            "building",
            "floor",
            "suite",
            "apartment",
            "unit",
            "lot",
            "batch",
            "serial",
            "part",
            "product",
            "store",
            "branch",
            "level",
            "tier",
            "chapter",
            "section",
            "article",
            "step",
            "option",
            "channel",
            "port",
            "extension",
            "ext",
            "booking",
            "reservation",
            "reference",
            "ref",
            "claim",
            "policy",
            "contract",
            "customer",
            "member",
            "patient",
            "employee",
            "student",
            "bay",
            "aisle",
            "lane",
            "page",
            "figure",
            "question",
            "issue",
            "bug",
            "stage",
            "phase",
            "grade",
            "series",
            "id",
            "code",
            "pin",
            "job",
            "task",
            "shipment",
            "parcel",
            "package",
            "tracking",
            "line",
            "train",
            "desk",
            "counter",
            "window",
            "locker",
            "box",
            "zone",
            "region",
            "team",
            "group",
            "cohort",
            "episode",
            "season",
            "volume",
            "vol",
            "no",
            "nr",
            "number");

    /** A kind word, an optional "no." / "number" / "#", and a figure or code: "order no. 1234", "Plan 3". */
    private static final Pattern KIND_AND_FIGURE =
            Pattern.compile("(?i)(?<![\\p{L}\\d])(\\p{L}+)\\.?\\s+(?:(?:no\\.?|nr\\.?|number|#)\\s*)?#?"
                    + "(\\d+(?:\\.\\d+)*[\\p{L}]?|[\\p{L}]*\\d[\\p{L}\\d]*(?:-[\\p{L}\\d]+)*)(?![\\p{L}\\d,]|\\.\\d)");

    /** "#1234": a figure that says it is a number of something. */
    private static final Pattern HASH = Pattern.compile("(?<![\\p{L}\\d])#\\s?(\\d[\\p{L}\\d-]*)");

    /** A code: letters and figures in one word, perhaps joined by hyphens ("W1", "X200", "AB-1234", "K41"). */
    private static final Pattern CODE = Pattern.compile(
            "(?<![\\p{L}\\d])((?:\\p{L}+\\d|\\d+\\p{L})[\\p{L}\\d]*(?:-[\\p{L}\\d]+)*|\\p{L}+-\\d[\\p{L}\\d]*)"
                    + "(?![\\p{L}\\d])");

    private Identifiers() {}

    /** The identifiers of {@code text}, in order, none overlapping. */
    public static List<Identifier> find(String text) {
        List<Identifier> found = new ArrayList<>();
        Matcher m = KIND_AND_FIGURE.matcher(text);
        while (m.find()) {
            String kind = m.group(1).toLowerCase(Locale.ROOT);
            boolean named = KINDS.contains(kind) || capitalisedName(m.group(1), text, m.start(1));
            if (named && !isMeasure(m.group(2))) {
                found.add(new Identifier(
                        m.start(2),
                        m.end(2),
                        kind,
                        m.group(2).toLowerCase(Locale.ROOT),
                        written(text, m.start(1), m.end(2))));
            }
        }
        m = HASH.matcher(text);
        while (m.find()) {
            addIfFree(found, new Identifier(m.start(), m.end(), "", m.group(1).toLowerCase(Locale.ROOT), m.group()));
        }
        m = CODE.matcher(text);
        while (m.find()) {
            String code = m.group(1);
            if (!isMeasure(code)) {
                addIfFree(found, new Identifier(m.start(1), m.end(1), "", code.toLowerCase(Locale.ROOT), code));
            }
        }
        found.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return found;
    }

    /**
     * Whether the word before a figure is a capitalised name of a thing ("Windows 11", "Galaxy S24"): capitalised
     * inside the sentence, and not a month, a day, a unit or a word that starts sentences.
     */
    private static boolean capitalisedName(String word, String text, int at) {
        if (!Character.isUpperCase(word.codePointAt(0)) || at == 0) {
            return false;
        }
        String lower = word.toLowerCase(Locale.ROOT);
        boolean sentenceStart = text.substring(0, at).stripTrailing().matches("(?s).*[.!?:]$");
        return !sentenceStart
                && !Lexicon.STOP_WORDS.contains(lower)
                && !Lexicon.DATE_WORDS.contains(lower)
                && !DateTimes.isMonth(lower)
                && UnitWords.of(lower) == null;
    }

    /**
     * Whether a figure with letters is a measure rather than a code: a figure with a unit glued to it ("10kg",
     * "2GB", "500ml"), an ordinal ("4th"), or a time ("9am").
     */
    private static boolean isMeasure(String token) {
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)(\\p{L}+)").matcher(token);
        if (!m.matches()) {
            return false;
        }
        String suffix = m.group(2).toLowerCase(Locale.ROOT);
        return UnitWords.gluedSymbol(suffix)
                || suffix.equals("st")
                || suffix.equals("nd")
                || suffix.equals("rd")
                || suffix.equals("th")
                || suffix.equals("am")
                || suffix.equals("pm")
                || suffix.equals("s");
    }

    /**
     * How far a source sentence can be the evidence of a claim, by what they name: a sentence about another order
     * ("Order 5678 ships ...") is not evidence for "Order 1234 ships ...", however many words they share; one that
     * names the claim's identifier is the better evidence. A claim that refers back ("It supports Wi-Fi 5.") is about
     * what its {@code context} names (the X200 of "The X200 router has two antennas."), which counts first.
     *
     * @return 1 without identifiers either way; more when the candidate names the claim's; less when it names only
     *     others of the same kind
     */
    static double agreement(Words claim, Words context, Words candidate) {
        double subject = context == null ? 1.0 : agreement(context.identifiers(), candidate, 1.5, 0.4);
        return subject * agreement(claim.identifiers(), candidate, 1.2, 0.5);
    }

    private static double agreement(List<Identifier> own, Words candidate, double same, double other) {
        if (own.isEmpty() || candidate.identifiers().isEmpty()) {
            return 1.0;
        }
        Set<String> facts = new HashSet<>();
        Set<String> kinds = new HashSet<>();
        for (Identifier id : own) {
            facts.add(id.fact());
            kinds.add(id.kind());
        }
        boolean differs = false;
        for (Identifier id : candidate.identifiers()) {
            if (facts.contains(id.fact())) {
                return same;
            }
            differs |= kinds.contains(id.kind());
        }
        return differs ? other : 1.0;
    }

    /**
     * An identifier of the claim that its evidence names otherwise: the evidence names another of the same kind and
     * not this one ("Wi-Fi 5" where the evidence says "Wi-Fi 6"), or {@code null}.
     */
    static Identifier renamed(Words claim, Words evidence) {
        for (Identifier id : claim.identifiers()) {
            boolean same = false;
            boolean other = false;
            for (Identifier e : evidence.identifiers()) {
                same |= e.fact().equals(id.fact());
                other |= e.kind().equals(id.kind()) && !id.kind().isEmpty();
            }
            if (!same && other) {
                return id;
            }
        }
        return null;
    }

    /** The text from the kind word (with a hyphenated word it ends, "Wi-Fi") to the end of the figure. */
    private static String written(String text, int kindStart, int end) {
        int from = kindStart;
        while (from >= 2 && text.charAt(from - 1) == '-' && Character.isLetter(text.charAt(from - 2))) {
            from -= 2;
            while (from > 0 && Character.isLetter(text.charAt(from - 1))) {
                from--;
            }
        }
        return text.substring(from, end);
    }

    private static void addIfFree(List<Identifier> found, Identifier id) {
        for (Identifier f : found) {
            if (id.start() < f.end() && f.start() < id.end()) {
                return;
            }
        }
        found.add(id);
    }
}
