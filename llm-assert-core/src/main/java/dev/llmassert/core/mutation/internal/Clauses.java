package dev.llmassert.core.mutation.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Conditions dropped from a text, and invented sentences added to it. */
@API(status = INTERNAL, since = "0.1")
public final class Clauses {

    /** Words that open a condition: "if ...", "only for ...", "for orders over ...", "within 30 days". */
    private static final Pattern CONDITION = Pattern.compile(
            "\\b(?:only (?:if|when|for|with|on|in|after|before|by|to)|if|unless|as long as|provided(?: that)?"
                    + "|whenever|when|until|within|except(?: for)?|for orders|on orders|after which)\\b",
            Pattern.CASE_INSENSITIVE);

    private Clauses() {}

    /** One edit per condition: the condition dropped, from its opening word to the next comma or sentence end. */
    public static List<Edit> conditionsDropped(String text) {
        List<Edit> edits = new ArrayList<>();
        Matcher condition = CONDITION.matcher(text);
        while (condition.find()) {
            int start = condition.start();
            int end = clauseEnd(text, condition.end());
            String clause = text.substring(start, end);
            if (clause.strip().split("\\s+").length < 2) {
                continue;
            }
            if (opensSentence(text, start)) {
                if (end >= text.length() || text.charAt(end) != ',') {
                    continue; // "If X." alone: dropping it leaves no sentence
                }
                int next = end + 1;
                while (next < text.length() && text.charAt(next) == ' ') {
                    next++;
                }
                if (next >= text.length()) {
                    continue;
                }
                String rest = Character.toUpperCase(text.charAt(next)) + "";
                edits.add(new Edit(List.of(new Edit.Part(start, next + 1, rest)), "dropped '" + clause.strip() + "'"));
                continue;
            }
            int from = start;
            while (from > 0 && text.charAt(from - 1) == ' ') {
                from--;
            }
            if (from > 0 && text.charAt(from - 1) == ',') {
                from--;
            }
            edits.add(Edit.of(from, end, "", "dropped '" + clause.strip() + "'"));
        }
        return edits;
    }

    /**
     * One edit per place between sentences (and at the end): an invented sentence with a fact put there, a phone
     * number, a price, a web address or a duration, at random, naming the text's first name where it has one.
     */
    public static List<Edit> inventedSentences(String text, UniformRandomProvider random) {
        String name = Entities.firstName(text);
        String brand = name == null ? "" : name.split(" ")[0] + " ";
        String host = brand.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        String[] inventions = {
            "For faster help, call " + brand + "support at 1-800-555-0" + (100 + random.nextInt(900)) + ".",
            "The " + brand + "care plan costs " + (3 + random.nextInt(20)) + ".99 dollars a month.",
            "Step-by-step pictures are at https://help." + (host.isEmpty() ? "support" : host) + ".example.com/kb/"
                    + (1000 + random.nextInt(9000)) + ".",
            "This usually takes about " + (2 + random.nextInt(40)) + " minutes."
        };
        List<Edit> edits = new ArrayList<>();
        List<Integer> ends = sentenceEnds(text);
        for (int end : ends) {
            String invention = inventions[random.nextInt(inventions.length)];
            edits.add(Edit.of(end, end, " " + invention, "added '" + invention + "'"));
        }
        return edits;
    }

    private static int clauseEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == ';' || c == '!' || c == '?' || c == '\n') {
                return i;
            }
            if (c == '.'
                    && (i + 1 == text.length() || text.charAt(i + 1) == ' ' || text.charAt(i + 1) == '\n')
                    && !abbreviation(text, i)) {
                return i;
            }
        }
        return text.length();
    }

    /** "3 a.m. and": the full stop of a lower-case abbreviation followed by a lower-case word ends nothing. */
    private static boolean abbreviation(String text, int dot) {
        int next = dot + 1;
        while (next < text.length() && text.charAt(next) == ' ') {
            next++;
        }
        return next < text.length() && Character.isLowerCase(text.charAt(next));
    }

    private static boolean opensSentence(String text, int at) {
        int i = at - 1;
        while (i >= 0 && text.charAt(i) == ' ') {
            i--;
        }
        return i < 0
                || text.charAt(i) == '.'
                || text.charAt(i) == '!'
                || text.charAt(i) == '?'
                || text.charAt(i) == '\n';
    }

    /** Where each sentence ends (after its full stop), the text's end included. */
    private static List<Integer> sentenceEnds(String text) {
        List<Integer> ends = new ArrayList<>();
        String trimmed = text.stripTrailing();
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if ((c == '.' || c == '!' || c == '?')
                    && (i + 1 == trimmed.length() || trimmed.charAt(i + 1) == ' ')
                    && !abbreviation(trimmed, i)) {
                ends.add(i + 1);
            }
        }
        if (ends.isEmpty() || ends.get(ends.size() - 1) != trimmed.length()) {
            ends.add(trimmed.length());
        }
        return ends;
    }
}
