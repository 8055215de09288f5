package dev.llmassert.core.mutation.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Negations added or removed, and words replaced by their antonyms. */
@API(status = INTERNAL, since = "0.1")
public final class Wording {

    /** The local judge's resource: WordNet 3.1's direct antonyms, one pair a line. */
    private static final String WORDNET_ANTONYMS = "/dev/llmassert/core/groundedness/wordnet-antonyms.txt";

    /** Pairs WordNet lacks or words in another form, that answers of products and services often hold. */
    private static final String[] MORE_ANTONYMS = {
        "always never",
        "before after",
        "first last",
        "early late",
        "earlier later",
        "high low",
        "higher lower",
        "fast slow",
        "faster slower",
        "more less",
        "most least",
        "includes excludes",
        "include exclude",
        "included excluded",
        "allowed forbidden",
        "enabled disabled",
        "enable disable",
        "free paid",
        "refundable non-refundable",
        "day night",
        "morning evening",
        "minimum maximum",
        "increase decrease",
        "open closed",
        "on off",
        "online offline",
        "inside outside",
        "above below",
        "upper lower",
        "same different",
        "new old",
        "hot cold",
        "wet dry",
        "safe unsafe",
        "required optional",
        "locked unlocked",
        "connected disconnected",
        "start stop",
        "starts stops",
        "full empty",
        "all none",
        "every no"
    };

    /** Words an antonym swap leaves alone: they carry no claim, or their "opposite" makes no sentence. */
    private static final Set<String> KEEP = Set.of(
            "a", "an", "the", "and", "or", "of", "in", "to", "for", "at", "by", "with", "from", "as", "is", "are", "be",
            "it", "its", "this", "that", "you", "your", "we", "our", "they", "i", "he", "she", "up", "down", "out",
            "over", "under", "then", "than", "one", "do", "does", "have", "has", "yes", "no", "not", "can", "will",
            "back", "front", "get", "give", "go", "come", "make", "take");

    private static final Pattern REMOVE = Pattern.compile(
            "\\b(?:(?<aux>does|do|did|is|are|was|were|could|would|should|must|has|have|had|will)\\s+not"
                    + "|(?<contracted>does|do|did|is|are|was|were|could|would|should|has|have|had)n['’]t"
                    + "|(?<cannot>cannot|can['’]t)|(?<wont>won['’]t)|(?<never>never\\s+|no longer\\s+))\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern ADD = Pattern.compile(
            "\\b(is|are|was|were|can|will|does|should|must)\\b(?!\\s+(?:not|no|never)\\b|n['’]t)",
            Pattern.CASE_INSENSITIVE);

    /**
     * The endings of adjectives and adverbs: WordNet's antonyms of other words (nouns, verbs) make sentences no model
     * writes ("the reset unbutton"), so only these, and the pairs listed here, are swapped.
     */
    private static final Pattern DESCRIBING =
            Pattern.compile(".*(?:ed|able|ible|al|ful|less|ive|ic|ous|ent|ant|ar|ary|ory|ly)$");

    private static final Pattern YES_NO = Pattern.compile("^(Yes|No)(?=[.,!])|(?<=[.!?]\\s)(Yes|No)(?=[.,!])");

    private static final Pattern WORD = Pattern.compile("\\b\\p{L}[\\p{L}-]*\\b");

    private static volatile Map<String, List<String>> antonyms;

    private Wording() {}

    /** One edit per place where a negation can be removed, or added after an auxiliary verb. */
    public static List<Edit> negations(String text) {
        List<Edit> edits = new ArrayList<>();
        Matcher remove = REMOVE.matcher(text);
        while (remove.find()) {
            String replacement;
            if (remove.group("aux") != null) {
                replacement = remove.group("aux");
            } else if (remove.group("contracted") != null) {
                replacement = remove.group("contracted");
            } else if (remove.group("cannot") != null) {
                replacement = keepCase(remove.group("cannot"), "can");
            } else if (remove.group("wont") != null) {
                replacement = keepCase(remove.group("wont"), "will");
            } else {
                replacement = "";
            }
            edits.add(Edit.of(remove.start(), remove.end(), replacement, change(text, remove, replacement)));
        }
        Matcher add = ADD.matcher(text);
        while (add.find()) {
            String verb = add.group(1);
            String replacement = verb.equalsIgnoreCase("can") ? keepCase(verb, "cannot") : verb + " not";
            edits.add(Edit.of(add.start(), add.end(), replacement, change(text, add, replacement)));
        }
        Matcher yesNo = YES_NO.matcher(text);
        while (yesNo.find()) {
            String replacement = yesNo.group().equals("Yes") ? "No" : "Yes";
            edits.add(Edit.of(
                    yesNo.start(), yesNo.end(), replacement, "'" + yesNo.group() + "' → '" + replacement + "'"));
        }
        return edits;
    }

    /** One edit per word that has an antonym: the word replaced by it (one of them, at random, when it has several). */
    public static List<Edit> antonyms(String text, UniformRandomProvider random) {
        List<Edit> edits = new ArrayList<>();
        Matcher word = WORD.matcher(text);
        while (word.find()) {
            String lower = word.group().toLowerCase(Locale.ROOT);
            if (KEEP.contains(lower) || lower.length() < 3) {
                continue;
            }
            String opposite = oppositeOf(lower, random);
            if (opposite != null) {
                String replacement = keepCase(word.group(), opposite);
                edits.add(Edit.of(
                        word.start(), word.end(), replacement, "'" + word.group() + "' → '" + replacement + "'"));
            }
        }
        return edits;
    }

    private static String oppositeOf(String lower, UniformRandomProvider random) {
        List<String> direct = table().get(lower);
        if (direct != null) {
            return direct.get(direct.size() == 1 ? 0 : random.nextInt(direct.size()));
        }
        // "automatically" → "manually": the adverb of an adjective with an antonym
        if (lower.endsWith("ly") && lower.length() > 5) {
            String base = lower.endsWith("ically")
                    ? lower.substring(0, lower.length() - 4)
                    : lower.substring(0, lower.length() - 2);
            List<String> opposites = table().get(base);
            if (opposites != null) {
                String opposite = opposites.get(0);
                return opposite.endsWith("ic") ? opposite + "ally" : opposite + "ly";
            }
        }
        return null;
    }

    private static Map<String, List<String>> table() {
        Map<String, List<String>> map = antonyms;
        if (map == null) {
            synchronized (Wording.class) {
                map = antonyms;
                if (map == null) {
                    map = load();
                    antonyms = map;
                }
            }
        }
        return map;
    }

    private static Map<String, List<String>> load() {
        Map<String, Set<String>> pairs = new TreeMap<>();
        for (String pair : MORE_ANTONYMS) {
            String[] ab = pair.split(" ");
            add(pairs, ab[0], ab[1]);
        }
        Map<String, Set<String>> listed = new TreeMap<>(pairs);
        try (InputStream in = Wording.class.getResourceAsStream(WORDNET_ANTONYMS)) {
            if (in == null) {
                throw new IllegalStateException(MutationMessages.resourceMissing(WORDNET_ANTONYMS));
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
                String[] ab = line.strip().split("\\s+");
                if (!line.startsWith("#")
                        && ab.length == 2
                        && !listed.containsKey(ab[0])
                        && DESCRIBING.matcher(ab[0]).matches()
                        && DESCRIBING.matcher(ab[1]).matches()) {
                    add(pairs, ab[0], ab[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + WORDNET_ANTONYMS, e);
        }
        Map<String, List<String>> table = new TreeMap<>();
        pairs.forEach((word, opposites) -> table.put(word, List.copyOf(opposites)));
        return Collections.unmodifiableMap(table);
    }

    private static void add(Map<String, Set<String>> pairs, String a, String b) {
        pairs.computeIfAbsent(a, k -> new TreeSet<>()).add(b);
        pairs.computeIfAbsent(b, k -> new TreeSet<>()).add(a);
    }

    private static String change(String text, Matcher match, String replacement) {
        String after = Figures.unitAfter(text, match.end());
        return "'" + match.group() + after + "' → '" + (replacement + after).strip() + "'";
    }

    /** {@code replacement} with the first letter's case of {@code original}. */
    static String keepCase(String original, String replacement) {
        if (replacement.isEmpty() || !Character.isUpperCase(original.charAt(0))) {
            return replacement;
        }
        return Character.toUpperCase(replacement.charAt(0)) + replacement.substring(1);
    }
}
