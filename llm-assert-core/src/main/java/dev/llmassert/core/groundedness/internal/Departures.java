package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Where a claim departs from its evidence in a way that changes what it says, though it may keep most of the
 * source's words: a negation the evidence lacks, a word put in place of its opposite, a number the sources attach to
 * something else, words of the evidence joined in another way, or a named part widened to the whole. A figure that
 * names a thing ({@link Identifiers}: "order 1234") is never read as misattached.
 *
 * @param negatedWord      the word the claim negates though its evidence (the best and the next-best source sentence)
 *                         negates nothing, or {@code null} ("does not offer a trial" against "offers a trial")
 * @param opposite         the claim's word that is the opposite of a word of its evidence the claim does not use, and
 *                         that word ({@code "increase"}, {@code "reduce"}), or {@code null}
 * @param recombined       the share of the claim's adjacent content words that no source sentence has side by
 *                         side, though its evidence holds both: the evidence's words joined another way ("correct
 *                         input" from "correct output ... every input")
 * @param misattached      a number the sources hold, but that the claim puts where its evidence has another number
 *                         ("7 kg" for checked bags, which the sources give for carry-on bags), or {@code null}
 * @param recombinedContent the share of the claim's adjacent content words within a clause that its evidence holds
 *                         only apart
 * @param widened          a word that widens what its evidence says of a named part to the whole ("every plan" for
 *                         "the Pro plan", "always" for "usually"), or {@code null}
 */
@API(status = INTERNAL, since = "0.1")
public record Departures(
        String negatedWord,
        Opposite opposite,
        double recombined,
        Misattached misattached,
        double recombinedContent,
        Widened widened) {

    /** A word of the claim that widens its evidence's scope, and what the evidence says instead. */
    @API(status = INTERNAL, since = "0.1")
    public record Widened(String word, String evidenceWords) {}

    /** A word of the claim and the word of its evidence it is the opposite of. */
    @API(status = INTERNAL, since = "0.1")
    public record Opposite(String word, String evidenceWord) {}

    /** A number the claim states, and the source sentence the sources attach it to. */
    @API(status = INTERNAL, since = "0.1")
    public record Misattached(String number, SourceIndex.Sentence attachedTo) {}

    /** An article joins no content: "a firmware update" is no new pair of words. */
    private static final Set<String> ARTICLES = Set.of("a", "an", "the");

    /** Verbs that say a discount with "off" ("takes 10 percent off", "gives 10 percent off"). */
    private static final Set<String> DISCOUNT_VERBS = Set.of("take", "give");

    /** How many words a shortening may leave out between two words it joins. */
    private static final int SHORTENING = 4;
    /** How many content words a shortening may leave out between two it joins. */
    private static final int CONTENT_SHORTENING = 3;

    /** How many clauses an aside that a shortening drops may span. */
    private static final int ASIDE_CLAUSES = 3;

    /** None of them: for a sentence without evidence. */
    static final Departures NONE = new Departures(null, null, 0, null, 0, null);

    /**
     * Measures how {@code claim} departs from {@code evidence} and the next-best source sentence {@code runnerUp}.
     *
     * @param givenFacts facts that count as given though no source holds them (those of the user's question)
     */
    static Departures measure(
            Words claim,
            SourceIndex index,
            SourceIndex.Sentence evidence,
            SourceIndex.Sentence runnerUp,
            Set<String> givenFacts) {
        if (evidence == null) {
            return NONE;
        }
        Set<String> region = new HashSet<>(evidence.stems());
        boolean regionNegates = evidence.words().negated();
        if (runnerUp != null) {
            region.addAll(runnerUp.stems());
            regionNegates |= runnerUp.words().negated();
        }
        Set<String> own = new HashSet<>(claim.contentStems());

        String negatedWord = regionNegates
                ? null
                : claim.negatedHeads().stream().sorted().findFirst().orElse(null);
        List<SourceIndex.Sentence> sentences = runnerUp == null ? List.of(evidence) : List.of(evidence, runnerUp);
        return new Departures(
                negatedWord,
                opposite(claim, region, own),
                recombined(claim, index, sentences),
                misattached(claim, index, evidence, givenFacts),
                recombinedContent(sentences, claim),
                Scope.widened(claim, evidence));
    }

    /**
     * The first word of the claim, absent from the evidence, whose opposite the evidence holds and the claim lacks.
     * Comparatives and adverbs are compared by their base ("slower" and "faster" as "slow" and "fast"). "Take" and
     * "give" with "off" ("takes 10 percent off", "gives 10 percent off") both say a discount: WordNet's opposites of
     * another sense are not read there.
     */
    private static Opposite opposite(Words claim, Set<String> region, Set<String> own) {
        Map<String, String> regionBases = new HashMap<>();
        for (String r : region) {
            regionBases.putIfAbsent(Stems.base(r), r);
        }
        boolean off = claim.tokens().contains("off");
        for (String w : claim.contentStems()) {
            if (Character.isDigit(w.charAt(0)) || region.contains(w) || off && DISCOUNT_VERBS.contains(w)) {
                continue;
            }
            String base = Stems.base(w);
            for (String form : base.equals(w) ? List.of(w) : List.of(w, base)) {
                for (String o : Lexicon.oppositesOf(form)) {
                    if (region.contains(o) && !own.contains(o)) {
                        return new Opposite(w, o);
                    }
                    String written = regionBases.get(o);
                    if (!form.equals(w) && written != null && !own.contains(written)) {
                        return new Opposite(w, written);
                    }
                }
            }
            for (String p : Lexicon.OPPOSITE_PREFIXES) {
                String bare = w.startsWith(p) && w.length() > p.length() + 2 ? w.substring(p.length()) : null;
                if (bare != null && region.contains(bare) && !own.contains(bare)) {
                    return new Opposite(w, bare);
                }
                if (region.contains(p + w) && !own.contains(p + w)) {
                    return new Opposite(w, p + w);
                }
            }
        }
        return null;
    }

    /**
     * The share of the claim's adjacent word pairs (one of them at least carrying content) that no source holds and
     * its evidence does not hold in that order a few words apart, though it holds both words: the evidence's words
     * joined another way ("correct input" where the evidence says "correct output ... every input"). A pair whose
     * words the evidence has in order with a few words between them is a shortening, not a new joint: "hold the reset
     * button" from "hold the recessed reset button".
     */
    private static double recombined(Words claim, SourceIndex index, List<SourceIndex.Sentence> region) {
        List<String> tokens = claim.tokens();
        List<List<String>> regionTokens =
                region.stream().map(r -> r.words().tokens()).toList();
        int pairs = 0;
        int recombined = 0;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String a = tokens.get(i);
            String b = tokens.get(i + 1);
            if (!Stems.isContent(a) && !Stems.isContent(b)
                    || ARTICLES.contains(a)
                    || ARTICLES.contains(b)
                    || swapsJoiner(tokens, i, regionTokens)) {
                continue;
            }
            pairs++;
            // Held as written or by stem: "firmware update" is the source's "firmware updates".
            boolean held = index.hasBigram(a + " " + b) || index.hasStemPair(Stems.stem(a) + " " + Stems.stem(b));
            if (!held && apart(a, b, regionTokens, 0, SHORTENING) && !skipsAside(a, b, region, t -> t)) {
                recombined++;
            }
        }
        return pairs == 0 ? 0 : (double) recombined / pairs;
    }

    private static double recombinedContent(List<SourceIndex.Sentence> region, Words claim) {
        List<List<String>> regionStems =
                region.stream().map(r -> r.words().contentStems()).toList();
        int pairs = 0;
        int recombined = 0;
        for (List<String> clause : claim.clauses()) {
            String previous = null;
            for (String token : clause) {
                if (Lexicon.CONNECTORS.contains(token)) {
                    previous = null;
                    continue;
                }
                String stem = Stems.contentStem(token);
                if (stem == null) {
                    continue;
                }
                if (previous != null && !previous.equals(stem)) {
                    pairs++;
                    if (apart(previous, stem, regionStems, CONTENT_SHORTENING, CONTENT_SHORTENING)
                            && !skipsAside(previous, stem, region, Stems::contentStem)) {
                        recombined++;
                    }
                }
                previous = stem;
            }
        }
        return pairs == 0 ? 0 : (double) recombined / pairs;
    }

    /**
     * Whether the pair at {@code i} is only a function word put in place of another ("open Family and create" for
     * "open Family to create"): the evidence has the words on either side of it with one other word between them.
     */
    private static boolean swapsJoiner(List<String> tokens, int i, List<List<String>> region) {
        for (int k = i; k <= i + 1; k++) {
            if (k == 0 || k + 1 >= tokens.size() || Stems.isContent(tokens.get(k))) {
                continue;
            }
            String before = tokens.get(k - 1);
            String after = tokens.get(k + 1);
            for (List<String> t : region) {
                for (int j = 0; j + 2 < t.size(); j++) {
                    if (t.get(j).equals(before) && t.get(j + 2).equals(after) && !Stems.isContent(t.get(j + 1))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether a sentence of the region has {@code a} in one clause and {@code b} opening one of the next few: the
     * claim drops an aside between them, as a shortening does ("The video has been viewed" from "The video, which was
     * filmed at the old station, has been viewed"). Words are compared by {@code key}; a word it maps to {@code null}
     * is skipped.
     */
    private static boolean skipsAside(
            String a, String b, List<SourceIndex.Sentence> region, Function<String, String> key) {
        for (SourceIndex.Sentence sentence : region) {
            List<List<String>> clauses = sentence.words().clauses();
            for (int i = 0; i < clauses.size(); i++) {
                if (clauses.get(i).stream().map(key).noneMatch(a::equals)) {
                    continue;
                }
                for (int j = i + 1; j < clauses.size() && j <= i + ASIDE_CLAUSES; j++) {
                    String opening = clauses.get(j).stream()
                            .map(key)
                            .filter(Objects::nonNull)
                            .findFirst()
                            .orElse(null);
                    if (b.equals(opening)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether the region holds both words, but in no sentence {@code b} within {@code before} words before
     * {@code a} or {@code after} words after it.
     */
    private static boolean apart(String a, String b, List<List<String>> region, int before, int after) {
        boolean apart = false;
        for (List<String> t : region) {
            boolean hasA = false;
            boolean hasB = false;
            for (int i = 0; i < t.size(); i++) {
                if (!t.get(i).equals(a)) {
                    hasB |= t.get(i).equals(b);
                    continue;
                }
                hasA = true;
                for (int j = Math.max(0, i - before); j < t.size() && j <= i + after; j++) {
                    if (j != i && t.get(j).equals(b)) {
                        return false;
                    }
                }
            }
            apart |= hasA && hasB;
        }
        return apart;
    }

    /**
     * A number of the claim that the sources hold, but not its evidence, standing where the evidence has another
     * number: the word before or after both is the same ("up to 7 kg" against the evidence's "up to 23 kg").
     */
    private static Misattached misattached(
            Words claim, SourceIndex index, SourceIndex.Sentence evidence, Set<String> givenFacts) {
        List<String> tokens = claim.tokens();
        List<String> evidenceTokens = evidence.words().tokens();
        // "235, 000" in tokenised text is the number 235000 too: both readings count as the evidence's.
        String closed = SourceIndex.closeSpacedNumbers(evidence.text());
        List<String> closedTokens = closed == null
                ? List.of()
                : Tokens.rawTokens(closed).stream()
                        .map(t -> t.toLowerCase(Locale.ROOT))
                        .toList();
        Misattached swapped = swapped(claim, evidence, givenFacts);
        if (swapped != null) {
            return swapped;
        }
        for (int i = 0; i < tokens.size(); i++) {
            String n = Numbers.number(tokens.get(i));
            if (n == null
                    || n.isEmpty()
                    || !Character.isDigit(n.charAt(0))
                    || claim.identifierFigures().contains(n)
                    || givenFacts.contains(n)
                    || !index.hasFact(n)
                    || holds(evidenceTokens, n)
                    || holds(closedTokens, n)) {
                continue;
            }
            for (int j = 0; j < evidenceTokens.size(); j++) {
                String m = Numbers.number(evidenceTokens.get(j));
                if (m == null
                        || m.equals(n)
                        || !Character.isDigit(m.isEmpty() ? 'x' : m.charAt(0))
                        || evidence.words().identifierFigures().contains(m)
                        || holds(tokens, m)) {
                    continue;
                }
                boolean sameBefore = i > 0 && j > 0 && tokens.get(i - 1).equals(evidenceTokens.get(j - 1));
                boolean sameAfter = i + 1 < tokens.size()
                        && j + 1 < evidenceTokens.size()
                        && tokens.get(i + 1).equals(evidenceTokens.get(j + 1));
                if (sameBefore || sameAfter) {
                    return new Misattached(tokens.get(i), index.sentenceHolding(n));
                }
            }
        }
        return null;
    }

    /**
     * A number of the claim that its evidence gives for something else beside another number: "Members save 20
     * percent at weekends" against "Members save 20 percent on weekdays and 10 percent at weekends". The words the
     * claim puts after the number are among those the evidence puts after the other number, and none of them after
     * this one.
     */
    private static Misattached swapped(Words claim, SourceIndex.Sentence evidence, Set<String> givenFacts) {
        Map<String, Set<String>> own = afterNumbers(claim.clauses(), claim.identifierFigures());
        Map<String, Set<String>> theirs =
                afterNumbers(evidence.words().clauses(), evidence.words().identifierFigures());
        if (theirs.size() < 2) {
            return null;
        }
        for (Map.Entry<String, Set<String>> e : own.entrySet()) {
            String n = e.getKey();
            Set<String> at = theirs.get(n);
            if (at == null || givenFacts.contains(n)) {
                continue;
            }
            Set<String> words = e.getValue();
            if (words.stream().anyMatch(at::contains)) {
                continue;
            }
            for (Map.Entry<String, Set<String>> other : theirs.entrySet()) {
                if (!other.getKey().equals(n)
                        && !own.containsKey(other.getKey())
                        && words.stream().anyMatch(w -> other.getValue().contains(w) && !at.contains(w))) {
                    return new Misattached(n, evidence);
                }
            }
        }
        return null;
    }

    /**
     * For each number of the clauses (in fact form), the content stems after it up to the next number or the end of
     * its clause, less the unit right after it ("percent", "kg"), which numbers side by side share.
     */
    private static Map<String, Set<String>> afterNumbers(List<List<String>> clauses, Set<String> identifiers) {
        Map<String, Set<String>> out = new HashMap<>();
        for (List<String> clause : clauses) {
            for (int i = 0; i < clause.size(); i++) {
                String n = Numbers.number(clause.get(i));
                if (n == null || n.isEmpty() || !Character.isDigit(n.charAt(0)) || identifiers.contains(n)) {
                    continue;
                }
                Set<String> words = new HashSet<>();
                for (int j = i + 2; j < clause.size(); j++) {
                    String next = clause.get(j);
                    String number = Numbers.number(next);
                    if (number != null && !number.isEmpty() && Character.isDigit(number.charAt(0))) {
                        break;
                    }
                    String stem = Stems.contentStem(next);
                    if (stem != null) {
                        words.add(stem);
                    }
                }
                out.computeIfAbsent(n, k -> new HashSet<>()).addAll(words);
            }
        }
        out.values().removeIf(Set::isEmpty);
        return out;
    }

    private static boolean holds(List<String> tokens, String number) {
        for (String t : tokens) {
            if (number.equals(Numbers.number(t))) {
                return true;
            }
        }
        return false;
    }
}
