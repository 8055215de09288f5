package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the sources say for one response sentence: the measurements the local judge turns into a score.
 *
 * @param semantic         the highest cosine similarity of the sentence's claim to the stretch of a candidate source
 *                         sentence that it restates (see {@link Spans#claim} and {@link Spans#span}), or {@code NaN}
 *                         without embeddings
 * @param coverage         share of the sentence's content words that the sources hold anywhere
 * @param evidenceCoverage share of the sentence's content words, weighted by rarity, that the evidence holds
 * @param bigrams          share of the sentence's adjacent word pairs that the sources hold
 * @param contentWords     how many content words the sentence has
 * @param inventedFacts    the numbers, dates and names the sentence states that neither the sources nor the question
 *                         hold, in fact form ({@link Numbers#factForm})
 * @param negationMismatch whether one of the sentence and its evidence negates a word the other states plainly
 * @param negationShared   whether the sentence negates a word its evidence negates too, and neither states plainly
 *                         what the other negates: a negative restated ("X is not covered" for "does not cover X")
 * @param evidence         the best-supporting source sentence, or {@code null} when no source sentence shares a
 *                         content word with it
 * @param runnerUp         the next-best source sentence, or {@code null}
 * @param departures       where the sentence departs from its evidence
 * @param english          whether the sentence reads as English (see {@link Words#english()})
 * @param entailment       the entailment model's probability that the sources entail the sentence: the highest over
 *                         the few source windows around its evidence ({@link Entailment}); {@code NaN} without the
 *                         model
 * @param premise          the source window of that probability, or {@code null}
 * @param inventedQuantities the quantities the sentence states (not counts, which are facts) that no source states
 *                         and that its evidence states nothing of ("under a minute" where no source gives a duration)
 * @param conflict         a quantity the sentence states otherwise than its evidence, or one the sources give for
 *                         something else, or {@code null}
 */
@API(status = INTERNAL, since = "0.1")
public record Support(
        double semantic,
        double coverage,
        double evidenceCoverage,
        double bigrams,
        int contentWords,
        List<String> inventedFacts,
        boolean negationMismatch,
        boolean negationShared,
        SourceIndex.Sentence evidence,
        SourceIndex.Sentence runnerUp,
        Departures departures,
        boolean english,
        double entailment,
        String premise,
        List<Quantity> inventedQuantities,
        QuantityConflict conflict) {

    /**
     * A quantity or an identifier of the sentence that its evidence states otherwise ("under a minute" for "about 90
     * seconds", "Wi-Fi 5" for "Wi-Fi 6"), or that the sources give for something else ("7 business days" of order
     * 5678, said of order 1234).
     *
     * @param claim       what the sentence states, as written
     * @param source      what the sources state instead, as written, or {@code null} when they give the claim's
     * @param sentence    the source sentence that states it
     * @param misattached whether the sources state the sentence's value, but for something else
     */
    @API(status = INTERNAL, since = "0.1")
    public record QuantityConflict(String claim, String source, SourceIndex.Sentence sentence, boolean misattached) {}

    /** The share of a sentence's other content words its evidence must hold for its quantity to be compared there. */
    private static final double RESTATES_AROUND = 0.6;

    /** What {@link #conflict} returns for a quantity the sources state. */
    private static final QuantityConflict NO_CONFLICT = new QuantityConflict("", null, null, false);

    /**
     * What the user gave that counts as held though no source holds it: the facts and quantities of the question.
     */
    @API(status = INTERNAL, since = "0.1")
    public record Given(Set<String> facts, List<Quantity> quantities) {

        /** Nothing given. */
        public static final Given NONE = new Given(Set.of(), List.of());

        public Given {
            facts = Set.copyOf(facts);
            quantities = List.copyOf(quantities);
        }

        boolean holds(Quantity q) {
            return quantities.stream().anyMatch(q::sameAs);
        }
    }

    public Support {
        inventedFacts = List.copyOf(inventedFacts);
        inventedQuantities = List.copyOf(inventedQuantities);
    }

    /** Whether a fact or a quantity of the sentence is in no source. */
    public boolean invents() {
        return !inventedFacts.isEmpty() || !inventedQuantities.isEmpty();
    }

    /** Whether a figure of the sentence is one the sources give for something else, or state otherwise. */
    public boolean misattaches() {
        return departures.misattached() != null || conflict != null;
    }

    /** This support with the entailment model's probability and the premise it was found for. */
    public Support withEntailment(double probability, String premiseText) {
        return new Support(
                semantic,
                coverage,
                evidenceCoverage,
                bigrams,
                contentWords,
                inventedFacts,
                negationMismatch,
                negationShared,
                evidence,
                runnerUp,
                departures,
                english,
                probability,
                premiseText,
                inventedQuantities,
                conflict);
    }

    /**
     * Measures how well {@code index} supports {@code words}.
     *
     * @param candidates the source sentences to consider as evidence
     * @param similarity cosine similarity to each candidate, in the same order, or {@code null} without embeddings
     * @param given      facts and quantities that count as held though no source holds them: the user's question's
     * @param context    the sentence before it in the response, when this one refers back to it ("It supports ..."),
     *                   or {@code null}: evidence that names what it names is preferred
     */
    public static Support measure(
            Words words,
            SourceIndex index,
            List<SourceIndex.Sentence> candidates,
            double[] similarity,
            Given given,
            Words context) {
        Set<String> givenFacts = given.facts();
        List<String> stems = words.contentStems();
        double coverage = 1.0;
        double total = 0;
        if (!stems.isEmpty()) {
            int found = 0;
            for (String stem : stems) {
                total += index.weight(stem);
                if (index.hasStem(stem)) {
                    found++;
                }
            }
            coverage = (double) found / stems.size();
        }

        // Word pairs of the claim only: "Yes, I think", "I'm not sure but" around it are not pairs a source holds.
        List<String> pairs = SourceIndex.ngrams(claimTokens(words.tokens()), 2);
        double bigrams = pairs.isEmpty() ? coverage : share(pairs, index::hasBigram);

        SourceIndex.Sentence evidence = null;
        SourceIndex.Sentence runnerUp = null;
        double bestEvidenceCoverage = 0;
        double bestSemantic = similarity == null ? Double.NaN : 0;
        double best = -1;
        double second = -1;
        for (int i = 0; i < candidates.size(); i++) {
            SourceIndex.Sentence candidate = candidates.get(i);
            double cov = evidenceCoverage(stems, total, candidate.stems(), index);
            double match = (similarity == null ? cov : 0.5 * cov + 0.5 * similarity[i])
                    * Identifiers.agreement(words, context, candidate.words());
            // On a tie the shorter candidate is the more precise evidence: a clause rather than its whole sentence.
            if (match > best
                    || match == best
                            && candidate.stems().size() < evidence.stems().size()) {
                second = best;
                runnerUp = evidence;
                best = match;
                evidence = candidate;
                bestEvidenceCoverage = cov;
            } else if (match > second) {
                second = match;
                runnerUp = candidate;
            }
        }
        if (similarity != null) {
            for (double sim : similarity) {
                bestSemantic = Math.max(bestSemantic, sim);
            }
        }
        if (stems.isEmpty() && evidence != null) {
            bestEvidenceCoverage = 1.0;
        }

        List<String> invented = new ArrayList<>();
        for (String fact : words.facts()) {
            if (!index.hasFact(fact) && !givenFacts.contains(fact) && !givenFacts.contains(Stems.stem(fact))) {
                invented.add(fact);
            }
        }
        boolean negationMismatch = evidence != null && negationMismatch(words, evidence);
        boolean negationShared = evidence != null
                && !negationMismatch
                && words.negatedHeads().stream().anyMatch(evidence.words().negatedStems()::contains);
        List<Quantity> inventedQuantities = new ArrayList<>();
        QuantityConflict conflict = null;
        for (Quantity q : words.quantities()) {
            if (given.holds(q)) {
                continue;
            }
            QuantityConflict c = conflict(q, restatesAround(words, q, evidence) ? evidence : null, index);
            if (c == NO_CONFLICT) {
                continue;
            }
            if (c != null) {
                conflict = conflict == null ? c : conflict;
                // A count its evidence states otherwise ("5 users" for "10 users") says so, rather than that its
                // figure is in no source.
                for (String token : Tokens.rawTokens(q.value())) {
                    invented.remove(Numbers.factForm(token.toLowerCase(Locale.ROOT)));
                }
            } else if (q.readings().stream().noneMatch(r -> r.dimension().startsWith("count:"))) {
                inventedQuantities.add(q);
            }
        }
        Identifiers.Identifier renamed = evidence == null ? null : Identifiers.renamed(words, evidence.words());
        if (conflict == null && renamed != null && !givenFacts.contains(Numbers.factForm(renamed.name()))) {
            SourceIndex.Sentence holding = index.sentenceNaming(renamed);
            conflict = holding != null
                    ? new QuantityConflict(renamed.written(), null, holding, true)
                    : new QuantityConflict(renamed.written(), null, evidence, false);
        }
        return new Support(
                bestSemantic,
                coverage,
                bestEvidenceCoverage,
                bigrams,
                new HashSet<>(stems).size(),
                invented,
                negationMismatch,
                negationShared,
                evidence,
                runnerUp,
                Departures.measure(words, index, evidence, runnerUp, givenFacts),
                words.english(),
                Double.NaN,
                null,
                inventedQuantities,
                conflict);
    }

    /**
     * Whether the sentence restates {@code evidence} but for the quantity {@code q}: its evidence holds most of its
     * other content words. Only then is another quantity of the same kind there the sentence's quantity stated
     * otherwise; a long sentence that joins several statements may take its figure from another sentence.
     */
    private static boolean restatesAround(Words words, Quantity q, SourceIndex.Sentence evidence) {
        if (evidence == null) {
            return false;
        }
        String text = words.text();
        String around = text.substring(0, Math.min(q.start(), text.length())) + " "
                + text.substring(Math.min(q.end(), text.length()));
        List<String> own = Stems.contentStems(around);
        if (own.isEmpty()) {
            return true;
        }
        long held = own.stream().filter(evidence.stems()::contains).count();
        return held >= RESTATES_AROUND * own.size();
    }

    /**
     * How the sources hold the quantity {@code q}: {@link #NO_CONFLICT} when they state it (in its evidence, or
     * anywhere when its evidence states nothing of that kind), a conflict when its evidence states the same kind of
     * quantity otherwise (with no {@code source} when its evidence states a bound the quantity meets without stating
     * it: "27 kg" for "over 23 kg"), and {@code null} when no source states it.
     */
    private static QuantityConflict conflict(Quantity q, SourceIndex.Sentence evidence, SourceIndex index) {
        List<Quantity> near = evidence == null
                ? List.of()
                : index.quantitiesOf(evidence).stream()
                        .filter(e -> q.sharedDimension(e) != null)
                        .toList();
        if (near.stream().anyMatch(q::sameAs)) {
            return NO_CONFLICT;
        }
        SourceIndex.Placed elsewhere = index.holding(q);
        if (near.isEmpty()) {
            return elsewhere != null ? NO_CONFLICT : null;
        }
        if (elsewhere != null) {
            return new QuantityConflict(q.stated(), null, elsewhere.sentence(), true);
        }
        for (Quantity e : near) {
            if (q.within(e)) {
                return NO_CONFLICT; // "under 2 minutes" for "about 90 seconds": a bound the source's value meets
            }
        }
        for (Quantity e : near) {
            if (q.bound() == Quantity.Bound.EXACTLY
                    && e.bound().isBound()
                    && e.bound() != Quantity.Bound.ABOUT
                    && !q.contradicts(e)) {
                // "27 kg" for "over 23 kg": the source allows it but does not state it, and names another figure
                return new QuantityConflict(q.stated(), null, evidence, false);
            }
        }
        return new QuantityConflict(q.stated(), near.get(0).stated(), evidence, false);
    }

    /** How many numbers, dates and names the sentence states that no source holds. */
    public int missingFacts() {
        return inventedFacts.size();
    }

    /** The tokens from the first content word to the last, or all of them when none is content. */
    private static List<String> claimTokens(List<String> tokens) {
        int from = 0;
        int to = tokens.size();
        while (from < to && !Stems.isContent(tokens.get(from))) {
            from++;
        }
        while (to > from && !Stems.isContent(tokens.get(to - 1))) {
            to--;
        }
        return from < to ? tokens.subList(from, to) : tokens;
    }

    private static double share(List<String> grams, Predicate<String> found) {
        int n = 0;
        for (String g : grams) {
            if (found.test(g)) {
                n++;
            }
        }
        return (double) n / grams.size();
    }

    /**
     * Whether what one of the two negates the other states plainly ("did not attend" / "attended"). A negation is
     * taken to bear on its head, the first content word after it: "has not stopped Klopp being named" denies the
     * stopping, so a response that names Klopp without the stopping does not contradict it.
     */
    private static boolean negationMismatch(Words words, SourceIndex.Sentence evidence) {
        for (String head : words.negatedHeads()) {
            if (evidence.stems().contains(head)
                    && !evidence.words().negatedStems().contains(head)) {
                return true;
            }
        }
        Set<String> own = Set.copyOf(words.contentStems());
        for (String head : evidence.words().negatedHeads()) {
            if (own.contains(head) && !words.negatedStems().contains(head)) {
                return true;
            }
        }
        return false;
    }

    private static double evidenceCoverage(
            List<String> stems, double total, Set<String> evidenceStems, SourceIndex index) {
        if (total == 0) {
            return 0;
        }
        double found = 0;
        for (String stem : stems) {
            if (evidenceStems.contains(stem)) {
                found += index.weight(stem);
            }
        }
        return found / total;
    }
}
