package dev.llmassert.core.mutation.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Names and product codes of a text, and the edit that swaps one for another of the same kind from the sources:
 * a code ({@code NR2-0042}, {@code V-0042-1203}) for a code, a name ({@code Nimbus R2}, {@code Settings}) for a name.
 */
@API(status = INTERNAL, since = "0.1")
public final class Entities {

    /** Capitals, digits and hyphens, with at least one of each of a capital and a digit: NR2-0042, A-1042. */
    private static final Pattern CODE =
            Pattern.compile("\\b(?=[A-Z0-9-]*\\d)(?=[A-Z0-9-]*[A-Z])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\\b");

    /** Up to three capitalised words: Nimbus R2, Settings, Nimbus app's "Nimbus". */
    private static final Pattern NAME = Pattern.compile("(?<![\\p{L}\\p{N}-])[A-Z][a-zA-Z]*\\d*"
            + "(?: (?:[A-Z][a-zA-Z]*\\d*|[A-Z]+\\d+)){0,2}(?![\\p{L}\\p{N}-])");

    /** Capitalised words that are no name: pronouns, articles, and the words that open a sentence or a list. */
    private static final Set<String> NOT_NAMES = Set.of(
            "I",
            "A",
            "An",
            "The",
            "This",
            "That",
            "These",
            "Those",
            "It",
            "Its",
            "You",
            "Your",
            "We",
            "Our",
            "They",
            "If",
            "When",
            "Yes",
            "No",
            "Not",
            "Please",
            "Then",
            "After",
            "Before",
            "For",
            "To",
            "In",
            "On",
            "At",
            "Of",
            "And",
            "Or",
            "But",
            "So",
            "Check",
            "Call",
            "Hold",
            "Open",
            "Press",
            "Use",
            "Go",
            "Set",
            "Turn",
            "Click",
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
            "GHz",
            "MHz",
            "Hz",
            "Mbps",
            "Gbps",
            "KB",
            "MB",
            "GB",
            "TB");

    private Entities() {}

    /**
     * The names and codes of {@code text}, in order of first appearance. A capitalised word that opens a sentence is
     * a name only where the text also writes it capitalised inside a sentence, or it holds a digit.
     */
    public static List<String> of(String text) {
        Set<String> found = new LinkedHashSet<>();
        Matcher code = CODE.matcher(text);
        while (code.find()) {
            found.add(code.group());
        }
        Set<String> inside = new LinkedHashSet<>();
        List<String> opening = new ArrayList<>();
        Matcher name = NAME.matcher(text);
        while (name.find()) {
            String candidate = trimmed(name.group());
            if (candidate.length() < 2
                    || NOT_NAMES.contains(candidate)
                    || CODE.matcher(candidate).matches()) {
                continue;
            }
            if (opensSentence(text, name.start()) && candidate.equals(name.group())) {
                opening.add(candidate);
            } else {
                inside.add(candidate);
            }
        }
        for (String candidate : opening) {
            String first = candidate.split(" ")[0];
            if (candidate.matches(".*\\d.*") || inside.stream().anyMatch(n -> n.split(" ")[0].equals(first))) {
                inside.add(candidate);
            } else if (candidate.contains(" ")) {
                inside.add(candidate.substring(candidate.indexOf(' ') + 1));
            }
        }
        found.addAll(inside);
        return List.copyOf(found);
    }

    private static boolean opensSentence(String text, int at) {
        int i = at - 1;
        while (i >= 0 && (text.charAt(i) == ' ' || text.charAt(i) == '"' || text.charAt(i) == '#')) {
            i--;
        }
        return i < 0 || ".!?:\n".indexOf(text.charAt(i)) >= 0;
    }

    /** The first name of {@code text} (not a code), or {@code null}. */
    static String firstName(String text) {
        return of(text).stream().filter(e -> !isCode(e)).findFirst().orElse(null);
    }

    /**
     * One edit per name or code of {@code text} that the sources offer another of the same kind for: its first place
     * in the text, swapped for one of those, at random.
     */
    public static List<Edit> swapped(String text, String sources, UniformRandomProvider random) {
        List<String> inText = of(text);
        List<String> offered = new ArrayList<>(of(sources == null ? "" : sources));
        offered.removeIf(e -> inText.stream().anyMatch(t -> t.contains(e) || e.contains(t)));
        List<Edit> edits = new ArrayList<>();
        for (String entity : inText) {
            boolean code = isCode(entity);
            List<String> sameKind =
                    offered.stream().filter(e -> isCode(e) == code).toList();
            if (sameKind.isEmpty()) {
                continue;
            }
            String other = sameKind.get(random.nextInt(sameKind.size()));
            Matcher at = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(entity) + "(?![\\p{L}\\p{N}])")
                    .matcher(text);
            if (at.find()) {
                edits.add(Edit.of(at.start(), at.end(), other, "'" + entity + "' → '" + other + "'"));
            }
        }
        return edits;
    }

    static boolean isCode(String entity) {
        return CODE.matcher(entity).matches();
    }

    /** The name without the sentence-opening and function words it starts with: "The Nimbus R2" → "Nimbus R2". */
    private static String trimmed(String name) {
        List<String> words = new ArrayList<>(List.of(name.split(" ")));
        while (!words.isEmpty() && NOT_NAMES.contains(words.get(0))) {
            words.remove(0);
        }
        while (!words.isEmpty() && NOT_NAMES.contains(words.get(words.size() - 1))) {
            words.remove(words.size() - 1);
        }
        return String.join(" ", words);
    }
}
