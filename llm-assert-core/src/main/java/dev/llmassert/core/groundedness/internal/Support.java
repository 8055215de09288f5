package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
 * @param evidence         the best-supporting source sentence, or {@code null} when no source sentence shares a
 *                         content word with it
 * @param runnerUp         the next-best source sentence, or {@code null}
 * @param departures       where the sentence departs from its evidence
 * @param english          whether the sentence reads as English (see {@link Words#english()})
 * @param entailment       the entailment model's probability that the sources entail the sentence: the highest over
 *                         the few source windows around its evidence ({@link Entailment}); {@code NaN} without the
 *                         model
 * @param premise          the source window of that probability, or {@code null}
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
        SourceIndex.Sentence evidence,
        SourceIndex.Sentence runnerUp,
        Departures departures,
        boolean english,
        double entailment,
        String premise) {

    public Support {
        inventedFacts = List.copyOf(inventedFacts);
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
                evidence,
                runnerUp,
                departures,
                english,
                probability,
                premiseText);
    }

    /**
     * Measures how well {@code index} supports {@code words}.
     *
     * @param candidates the source sentences to consider as evidence
     * @param similarity cosine similarity to each candidate, in the same order, or {@code null} without embeddings
     * @param givenFacts facts that count as held though no source holds them: those of the user's question
     */
    public static Support measure(
            Words words,
            SourceIndex index,
            List<SourceIndex.Sentence> candidates,
            double[] similarity,
            Set<String> givenFacts) {
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
            double match = similarity == null ? cov : 0.5 * cov + 0.5 * similarity[i];
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
        return new Support(
                bestSemantic,
                coverage,
                bestEvidenceCoverage,
                bigrams,
                new HashSet<>(stems).size(),
                invented,
                negationMismatch,
                evidence,
                runnerUp,
                Departures.measure(words, index, evidence, runnerUp, givenFacts),
                words.english(),
                Double.NaN,
                null);
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
