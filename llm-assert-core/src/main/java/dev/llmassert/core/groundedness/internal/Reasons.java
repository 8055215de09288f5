package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Why the local judge scored a sentence below the bar, in the words a failure message shows: so that a reader tells
 * a real error (an invented fact, a contradiction) from what the local judge cannot decide (wording).
 */
@API(status = INTERNAL, since = "0.1")
public final class Reasons {

    /** The reason of a sentence that makes no claim. */
    public static final String NO_CLAIM = "no claim";

    /** The reason of a sentence below the bar for its wording alone. */
    public static final String WORDING = "wording the local judge cannot confirm; an LLM judge can decide it";

    /** The reason of a sentence that no source sentence shares content with. */
    public static final String UNRELATED = "no source sentence is related to it";

    /** How a sentence the entailment model does not read in the sources starts its reason. */
    public static final String NOT_SAID = "the sources do not say this";

    /** How a sentence that restates its evidence in a way the model does not read there starts its reason. */
    public static final String SAID_OTHERWISE = "the sources say otherwise";

    /**
     * The share of a sentence's content (weighted by rarity) its evidence must hold for the sentence to be an edit of
     * it, which the sources say otherwise, rather than a claim they do not make.
     */
    static final double RESTATES = 0.6;

    private static final int MAX_QUOTE = 100;
    private static final int MAX_SHOWN_FACTS = 3;

    /** A number with its separators, as written ("1-800-555-0199", "12.50", "3,000"). */
    private static final Pattern NUMBER_RUN = Pattern.compile("[\\p{Sc}+(]?\\d[\\d,.\\-/:)]*\\d|[\\p{Sc}+(]?\\d");

    private static final Pattern UNIT = Pattern.compile("[\\s-]?(\\p{L}+)");

    private Reasons() {}

    /**
     * The reason of a sentence scored below the bar: its first problem in the order invented fact or quantity, a
     * quantity stated otherwise or given for something else, misattached number, negation, opposite word, widened
     * scope; then, with the entailment model, what the sources say otherwise or do not say;
     * without it, no related source or wording.
     *
     * @param matched whether the judge found evidence for it
     * @param scoring the judge's scoring, which says whether it reads the entailment model
     */
    public static String of(String sentence, Words words, Support support, boolean matched, Scoring scoring) {
        if (support.invents()) {
            List<String> shown = new ArrayList<>();
            for (String fact : support.inventedFacts()) {
                String surface = quote(surfaceOfFact(sentence, fact));
                if (!shown.contains(surface)) {
                    shown.add(surface);
                }
            }
            for (Quantity q : support.inventedQuantities()) {
                String surface = quote(q.stated());
                if (!shown.contains(surface)) {
                    shown.add(surface);
                }
            }
            shown.sort(null);
            List<String> first = shown.subList(0, Math.min(MAX_SHOWN_FACTS, shown.size()));
            return String.join(", ", first) + (shown.size() > MAX_SHOWN_FACTS ? " and more" : "")
                    + (shown.size() == 1 ? " is" : " are") + " in no source";
        }
        Departures d = support.departures();
        Support.QuantityConflict conflict = support.conflict();
        if (conflict != null) {
            String where = ": \"" + shorten(conflict.sentence().text()) + "\"";
            if (conflict.misattached()) {
                return "the sources give " + quote(conflict.claim()) + " for something else" + where;
            }
            return conflict.source() == null
                    ? quote(conflict.claim()) + " is in no source; its evidence names another" + where
                    : "the sources say " + quote(conflict.source()) + ", not " + quote(conflict.claim()) + where;
        }
        if (d.misattached() != null) {
            String number = quote(withUnit(sentence, d.misattached().number()));
            SourceIndex.Sentence attached = d.misattached().attachedTo();
            return attached == null
                    ? "the sources give " + number + " for something else"
                    : "the sources give " + number + " for something else: \"" + shorten(attached.text()) + "\"";
        }
        if (support.negationMismatch() || d.negatedWord() != null) {
            return negation(sentence, words, support);
        }
        if (d.opposite() != null) {
            String evidence =
                    support.evidence() == null ? "" : support.evidence().text();
            return "it says " + quote(surfaceOfStem(sentence, d.opposite().word())) + " where its evidence says "
                    + quote(surfaceOfStem(evidence, d.opposite().evidenceWord()));
        }
        if (d.widened() != null) {
            return "it says " + quote(d.widened().word()) + " where its evidence says "
                    + quote(d.widened().evidenceWords());
        }
        if (!Double.isNaN(scoring.confirm()) && !Double.isNaN(support.entailment())) {
            return meaning(support, matched);
        }
        if (!matched && support.contentWords() >= 2) {
            return UNRELATED;
        }
        return WORDING;
    }

    /**
     * The reason of a sentence the entailment model does not read in the sources, quoting its evidence. A sentence of
     * fewer than two content words ("Unfortunately not.") is no claim the model can read: its meaning is in the
     * question.
     */
    private static String meaning(Support support, boolean matched) {
        if (support.contentWords() < 2) {
            return WORDING;
        }
        if (!matched || support.evidence() == null) {
            return NOT_SAID + ": " + UNRELATED;
        }
        String evidence = "\"" + shorten(support.evidence().text()) + "\"";
        return support.evidenceCoverage() >= RESTATES || Scoring.evidence(support) >= Scoring.RESTATES_EVIDENCE
                ? SAID_OTHERWISE + ": " + evidence
                : NOT_SAID + ": closest is " + evidence;
    }

    private static String negation(String sentence, Words words, Support support) {
        SourceIndex.Sentence evidence = support.evidence();
        if (evidence != null) {
            for (String head : evidence.words().negatedHeads()) {
                if (words.contentStems().contains(head) && !words.negatedStems().contains(head)) {
                    return "its evidence negates " + quote(surfaceOfStem(evidence.text(), head))
                            + ", which it states plainly";
                }
            }
        }
        String head = support.departures().negatedWord();
        if (head == null) {
            head = words.negatedHeads().stream().sorted().findFirst().orElse("");
        }
        return "it negates " + quote(surfaceOfStem(sentence, head)) + ", which its evidence does not";
    }

    /** The word of {@code text} whose content stem is {@code stem}, or the stem itself when none is. */
    static String surfaceOfStem(String text, String stem) {
        for (String token : Tokens.rawTokens(text)) {
            if (stem.equals(Stems.contentStem(token.toLowerCase(Locale.ROOT)))) {
                return token;
            }
        }
        return stem;
    }

    /** How {@code text} writes the fact {@code fact}: a number with its unit ("30 days"), or the name. */
    static String surfaceOfFact(String text, String fact) {
        for (String token : Tokens.rawTokens(text)) {
            String lower = token.toLowerCase(Locale.ROOT);
            if (fact.equals(Numbers.factForm(lower)) || fact.equals(Stems.stem(lower))) {
                boolean number = Character.isDigit(token.charAt(0)) || Numbers.number(lower) != null;
                return number ? withUnit(text, token) : token;
            }
        }
        return fact;
    }

    /** The number {@code token} as written in {@code text}, with its separators and the word after it. */
    static String withUnit(String text, String token) {
        Matcher m = NUMBER_RUN.matcher(text);
        while (m.find()) {
            if (m.group().contains(token)) {
                return withWordAfter(text, m.start(), m.end());
            }
        }
        int at = text.toLowerCase(Locale.ROOT).indexOf(token.toLowerCase(Locale.ROOT));
        return at < 0 ? token : withWordAfter(text, at, at + token.length());
    }

    /** {@code text} from {@code start} to {@code end}, and the content word right after it ("30 days", "30-day"). */
    private static String withWordAfter(String text, int start, int end) {
        Matcher unit = UNIT.matcher(text).region(end, text.length());
        if (unit.lookingAt() && Stems.isContent(unit.group(1).toLowerCase(Locale.ROOT))) {
            return text.substring(start, unit.end());
        }
        return text.substring(start, end);
    }

    private static String quote(String text) {
        return "'" + text + "'";
    }

    private static String shorten(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_QUOTE ? flat.substring(0, MAX_QUOTE - 3) + "..." : flat;
    }
}
