package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The sentences of all sources, indexed so that the few sentences that could support a response sentence are found
 * without comparing it with every source sentence: an inverted index from content stems to sentences, weighted by
 * how rare each stem is in the sources.
 */
@API(status = INTERNAL, since = "0.1")
public final class SourceIndex {

    /**
     * One source sentence, or one clause of a sentence: its text, the source (chunk) it came from, the position of its
     * sentence in that source, and its words.
     */
    @API(status = INTERNAL, since = "0.1")
    public record Sentence(int index, int chunk, int position, String text, Words words, Set<String> stems) {}

    private final List<Sentence> sentences;
    private final List<String> sources;
    /** The sentences of each source, in order (clauses not split off). */
    private final List<List<String>> sourceSentences;

    private final Map<String, int[]> postings;
    private final Map<String, Double> idf;
    private final Set<String> stems = new HashSet<>();
    private final Set<String> factForms = new HashSet<>();
    private final Set<String> bigrams = new HashSet<>();
    private final Set<String> stemPairs = new HashSet<>();
    private final List<Placed> quantities = new ArrayList<>();

    /** A quantity of the sources and the sentence that states it. */
    @API(status = INTERNAL, since = "0.1")
    public record Placed(Quantity quantity, Sentence sentence) {}

    /** A clause break inside a sentence ("X: Y", "X; Y"); clauses with enough content are indexed on their own. */
    private static final Pattern CLAUSE = Pattern.compile("(?<=\\w)[:;]\\s+");

    private static final int MIN_CLAUSE_WORDS = 3;

    /**
     * Numbers written with a space after the separator ("3, 800", "2. 4"), as tokenised text often has them, are
     * also read closed up, for facts, content words and word pairs, so that they confirm "3,800" and "2.4".
     */
    private static final Pattern SPACED_NUMBER = Pattern.compile("(\\d)([,.]) (\\d)");

    private SourceIndex(List<Sentence> sentences, List<String> sources, List<List<String>> sourceSentences) {
        this.sentences = List.copyOf(sentences);
        this.sources = List.copyOf(sources);
        this.sourceSentences = sourceSentences.stream().map(List::copyOf).toList();
        Map<String, List<Integer>> lists = new HashMap<>();
        for (Sentence s : sentences) {
            for (String stem : s.stems()) {
                lists.computeIfAbsent(stem, k -> new ArrayList<>()).add(s.index());
            }
            stems.addAll(s.stems());
            bigrams.addAll(ngrams(s.words().tokens(), 2));
            stemPairs.addAll(ngrams(stems(s.words().tokens()), 2));
            String closed = closeSpacedNumbers(s.text());
            if (closed != null) {
                bigrams.addAll(ngrams(Words.of(closed).tokens(), 2));
            }
            // A full date is also its day of the year and its month: "March 1" is said by "2026-03-01". Spaced
            // numbers are read closed up too: "98. 7 per cent" states 98.7 per cent.
            List<Quantity> stated = new ArrayList<>(s.words().quantities());
            if (closed != null) {
                stated.addAll(QuantityReader.read(closed));
            }
            for (Quantity q : stated) {
                quantities.add(new Placed(q.withReadings(DateTimes.widened(q.readings())), s));
            }
        }
        // Facts come from the whole text, not sentence by sentence: a sentence split inside "98.7" must not hide it.
        // Both readings of "6, 1869" are kept: closed up it could be the number 61869 of tokenised text, as written
        // it is the day and the year of "November 6, 1869".
        for (String source : sources) {
            addFacts(source);
            String closed = closeSpacedNumbers(source);
            if (closed != null) {
                addFacts(closed);
            }
        }
        postings = new HashMap<>(lists.size() * 2);
        idf = new HashMap<>(lists.size() * 2);
        double n = sentences.size();
        lists.forEach((stem, ids) -> {
            postings.put(stem, ids.stream().mapToInt(Integer::intValue).toArray());
            idf.put(stem, Math.log((n + 1) / (ids.size() + 0.5)));
        });
    }

    private void addFacts(String text) {
        List<String> tokens = Tokens.rawTokens(text).stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .toList();
        for (int i = 0; i < tokens.size(); i++) {
            String fact = Numbers.factForm(tokens.get(i));
            factForms.add(fact);
            factForms.add(Stems.stem(fact));
            String compound = i + 1 < tokens.size() ? Numbers.compound(tokens.get(i), tokens.get(i + 1)) : null;
            if (compound != null) {
                factForms.add(compound);
            }
            String scaled = i + 1 < tokens.size() ? Numbers.scaled(tokens.get(i), tokens.get(i + 1)) : null;
            if (scaled != null) {
                factForms.add(scaled);
            }
        }
    }

    /** Indexes the sentences of every source, split by {@code splitter}; sentences keep the order of the sources. */
    public static SourceIndex of(List<String> sources, Function<String, List<String>> splitter) {
        List<Sentence> sentences = new ArrayList<>();
        List<List<String>> sourceSentences = new ArrayList<>();
        for (int chunk = 0; chunk < sources.size(); chunk++) {
            List<String> split = splitter.apply(sources.get(chunk));
            sourceSentences.add(split);
            for (int position = 0; position < split.size(); position++) {
                String text = split.get(position);
                add(sentences, chunk, position, text);
                // The clauses of "X: Y" and "X; Y" are units of their own too, so that a response sentence saying
                // only X is compared with X, not with the whole longer sentence.
                String[] clauses = CLAUSE.split(text);
                if (clauses.length > 1) {
                    for (String clause : clauses) {
                        if (Words.of(clause).contentStems().size() >= MIN_CLAUSE_WORDS) {
                            add(sentences, chunk, position, clause.strip());
                        }
                    }
                }
            }
        }
        return new SourceIndex(sentences, sources, sourceSentences);
    }

    private static void add(List<Sentence> sentences, int chunk, int position, String text) {
        Words words = Words.of(text);
        Set<String> stems = new LinkedHashSet<>(words.contentStems());
        // "235, 000" holds the number 235000 as well as the words 235 and 000: both readings count.
        String closed = closeSpacedNumbers(text);
        if (closed != null) {
            stems.addAll(Words.of(closed).contentStems());
        }
        sentences.add(new Sentence(sentences.size(), chunk, position, text, words, stems));
    }

    /** {@code text} with its spaced numbers closed up ("3, 800" as "3,800"), or {@code null} when it has none. */
    static String closeSpacedNumbers(String text) {
        String closed = SPACED_NUMBER.matcher(text).replaceAll("$1$2$3");
        return closed.equals(text) ? null : closed;
    }

    public List<Sentence> sentences() {
        return sentences;
    }

    public int size() {
        return sentences.size();
    }

    /** The source (chunk) {@code chunk} as given. */
    public String source(int chunk) {
        return sources.get(chunk);
    }

    /**
     * The sentences of {@code sentence}'s source from {@code before} sentences before its own to {@code after}
     * sentences after it, joined by spaces: the sentence with its context.
     */
    public String window(Sentence sentence, int before, int after) {
        List<String> own = sourceSentences.get(sentence.chunk());
        int from = Math.max(0, sentence.position() - before);
        int to = Math.min(own.size(), sentence.position() + after + 1);
        return String.join(" ", own.subList(from, to));
    }

    /** The quantities of the sources, each with the sentence (or clause) that states it, in order. */
    public List<Placed> quantities() {
        return quantities;
    }

    /** The quantities {@code sentence} states, its spaced numbers read closed up too ("98. 7 per cent"). */
    public List<Quantity> quantitiesOf(Sentence sentence) {
        List<Quantity> out = new ArrayList<>();
        for (Placed p : quantities) {
            if (p.sentence() == sentence) {
                out.add(p.quantity());
            }
        }
        return out;
    }

    /** The first quantity of the sources that states the same as {@code q} ({@link Quantity#sameAs}), or null. */
    public Placed holding(Quantity q) {
        for (Placed p : quantities) {
            if (q.sameAs(p.quantity())) {
                return p;
            }
        }
        return null;
    }

    /** The first source sentence that names the identifier {@code id}, or {@code null}. */
    public Sentence sentenceNaming(Identifiers.Identifier id) {
        for (Sentence s : sentences) {
            if (s.words().identifiers().stream().anyMatch(e -> e.fact().equals(id.fact()))) {
                return s;
            }
        }
        return null;
    }

    /** Whether the sources hold this content stem anywhere. */
    public boolean hasStem(String stem) {
        return stems.contains(stem);
    }

    /** The first source sentence that states the number {@code number} (in fact form), or {@code null}. */
    public Sentence sentenceHolding(String number) {
        for (Sentence s : sentences) {
            for (String t : s.words().tokens()) {
                if (number.equals(Numbers.number(t))) {
                    return s;
                }
            }
        }
        for (Sentence s : sentences) {
            String closed = closeSpacedNumbers(s.text());
            if (closed != null && Tokens.rawTokens(closed).stream().anyMatch(t -> number.equals(Numbers.number(t)))) {
                return s;
            }
        }
        return null;
    }

    /** Whether the sources hold this fact (a number, date or name, in {@link Numbers#factForm} form). */
    public boolean hasFact(String fact) {
        // By stem too: "the Schnauzers" names what "the Schnauzer type" does.
        return factForms.contains(fact) || factForms.contains(Stems.stem(fact));
    }

    /** Whether the sources hold this pair of adjacent lower-cased words (see {@link #ngrams}), within a sentence. */
    public boolean hasBigram(String bigram) {
        return bigrams.contains(bigram);
    }

    /** Whether a source sentence has these two adjacent words, compared by stem ("firmware update(s)"). */
    public boolean hasStemPair(String pair) {
        return stemPairs.contains(pair);
    }

    /** The stems of {@code tokens}, numbers as they are. */
    public static List<String> stems(List<String> tokens) {
        return tokens.stream().map(Stems::stem).toList();
    }

    /** The runs of {@code n} adjacent tokens, joined by spaces, in order. */
    public static List<String> ngrams(List<String> tokens, int n) {
        List<String> out = new ArrayList<>(Math.max(0, tokens.size() - n + 1));
        for (int i = n - 1; i < tokens.size(); i++) {
            out.add(String.join(" ", tokens.subList(i - n + 1, i + 1)));
        }
        return out;
    }

    /** How rare a stem is in the sources; stems they lack weigh as much as the rarest. */
    public double weight(String stem) {
        Double w = idf.get(stem);
        return w != null ? w : Math.log((sentences.size() + 1) / 0.5);
    }

    /**
     * Up to {@code k} source sentences that share the most rare content words with {@code words}, best first, ties
     * broken by position so that the result is deterministic.
     */
    public List<Sentence> candidates(Words words, int k) {
        return candidates(words.contentStems(), k);
    }

    /** As {@link #candidates(Words, int)}, for the content stems of one or more sentences. */
    public List<Sentence> candidates(List<String> contentStems, int k) {
        Map<Integer, Double> scores = new HashMap<>();
        for (String stem : new LinkedHashSet<>(contentStems)) {
            int[] ids = postings.get(stem);
            if (ids == null) {
                continue;
            }
            double w = idf.get(stem);
            for (int id : ids) {
                scores.merge(id, w, Double::sum);
            }
        }
        int[] ids = scores.keySet().stream().mapToInt(Integer::intValue).toArray();
        Integer[] boxed = Arrays.stream(ids).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, (a, b) -> {
            int c = Double.compare(scores.get(b), scores.get(a));
            return c != 0 ? c : Integer.compare(a, b);
        });
        List<Sentence> out = new ArrayList<>(Math.min(k, boxed.length));
        for (int i = 0; i < boxed.length && i < k; i++) {
            out.add(sentences.get(boxed[i]));
        }
        return out;
    }
}
