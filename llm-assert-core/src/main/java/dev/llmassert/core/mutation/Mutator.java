package dev.llmassert.core.mutation;

import dev.llmassert.core.mutation.internal.Clauses;
import dev.llmassert.core.mutation.internal.Edit;
import dev.llmassert.core.mutation.internal.Entities;
import dev.llmassert.core.mutation.internal.Equivalence;
import dev.llmassert.core.mutation.internal.Figures;
import dev.llmassert.core.mutation.internal.Wording;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apiguardian.api.API;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Makes the mutants of a text: for each operator the places it can change, shuffled with a generator seeded by the
 * seed and the text's id, then taken from each operator in turn up to {@code maxPerAnswer}. The same seed, id and
 * text give the same mutants; a change that leaves the text as it was is skipped.
 *
 * <pre>{@code
 * Mutator mutator = Mutator.builder().seed(1).maxPerAnswer(5).build();
 * List<Mutant> mutants = mutator.mutants("app.json#06c0dca2/1", answer, requestText);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Mutator {

    /** The default most mutants of one text. */
    public static final int DEFAULT_MAX_PER_ANSWER = 5;

    /** The default seed. */
    public static final long DEFAULT_SEED = 1;

    /** The operators that change a tool's result in the tool-result mutants. */
    private static final List<MutationOperator> TOOL_RESULT_CHANGES =
            List.of(MutationOperator.NUMBER, MutationOperator.ENTITY, MutationOperator.NEGATION);

    private final long seed;
    private final Set<MutationOperator> operators;
    private final int maxPerAnswer;

    private Mutator(Builder builder) {
        this.seed = builder.seed;
        this.operators = builder.operators;
        this.maxPerAnswer = builder.maxPerAnswer;
    }

    /**
     * Starts a mutator with every operator, the seed {@value #DEFAULT_SEED} and at most
     * {@value #DEFAULT_MAX_PER_ANSWER} mutants a text.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The seed the mutants are drawn with.
     *
     * @return the seed; the same seed, id and text give the same mutants
     */
    public long seed() {
        return seed;
    }

    /**
     * The operators the mutants are made with.
     *
     * @return the operators, at least one
     */
    public Set<MutationOperator> operators() {
        return operators;
    }

    /**
     * The most mutants of one text.
     *
     * @return 1 or more
     */
    public int maxPerAnswer() {
        return maxPerAnswer;
    }

    /**
     * The mutants of an answer.
     *
     * @param id      what identifies the answer for the seed, e.g. its recordings file, key and position
     * @param answer  the answer's text
     * @param sources the text the answer was made from (the request), where names for the entity swaps come from;
     *                may be empty
     * @return the mutants, at most {@link #maxPerAnswer()}, taken from each operator in turn; empty when no operator
     *         can change the answer
     */
    public List<Mutant> mutants(String id, String answer, String sources) {
        UniformRandomProvider random = random(id);
        Map<MutationOperator, List<Edit>> edits = new LinkedHashMap<>();
        for (MutationOperator operator : operators) {
            if (operator != MutationOperator.TOOL_RESULT) {
                edits.put(operator, shuffled(editsOf(operator, answer, sources, random), random));
            }
        }
        return pick(id, answer, edits, random, null);
    }

    /**
     * The mutants of an agent's tool result, all {@link MutationOperator#TOOL_RESULT}: a figure, a name or a negation
     * of the result changed. None unless {@code tool-result} is among the operators.
     *
     * @param id      what identifies the result for the seed, e.g. its recordings file, key, position and call
     * @param tool    the tool's name, shown in each mutant's change
     * @param result  the text the tool returned; {@code null} or blank for none
     * @param sources the texts the agent saw besides this result (its request, the other tools' results), where
     *                another name comes from; may be empty
     * @return the mutants, at most {@link #maxPerAnswer()}; empty for a blank result, or without {@code tool-result}
     */
    public List<Mutant> toolResultMutants(String id, String tool, String result, String sources) {
        if (!operators.contains(MutationOperator.TOOL_RESULT) || result == null || result.isBlank()) {
            return List.of();
        }
        UniformRandomProvider random = random(id);
        Map<MutationOperator, List<Edit>> edits = new LinkedHashMap<>();
        for (MutationOperator change : TOOL_RESULT_CHANGES) {
            edits.put(change, shuffled(editsOf(change, result, sources, random), random));
        }
        return pick(id, result, edits, random, tool);
    }

    private List<Mutant> pick(
            String id,
            String text,
            Map<MutationOperator, List<Edit>> edits,
            UniformRandomProvider random,
            String tool) {
        List<Deque<Edit>> queues = new ArrayList<>();
        List<MutationOperator> order = new ArrayList<>(edits.keySet());
        int rotation = order.isEmpty() ? 0 : random.nextInt(order.size());
        for (int i = 0; i < order.size(); i++) {
            queues.add(new ArrayDeque<>(edits.get(order.get((i + rotation) % order.size()))));
        }
        List<Mutant> mutants = new ArrayList<>();
        Set<String> seen = new HashSet<>(Set.of(text));
        boolean any = true;
        while (mutants.size() < maxPerAnswer && any) {
            any = false;
            for (int i = 0; i < queues.size() && mutants.size() < maxPerAnswer; i++) {
                MutationOperator operator = order.get((i + rotation) % order.size());
                Deque<Edit> queue = queues.get(i);
                while (!queue.isEmpty()) {
                    Edit edit = queue.poll();
                    String mutated = edit.apply(text);
                    if (seen.add(mutated)) {
                        MutationOperator kind = tool == null ? operator : MutationOperator.TOOL_RESULT;
                        String change = tool == null ? edit.change() : "tool " + tool + ": " + edit.change();
                        mutants.add(new Mutant(
                                idOf(id, kind, mutated),
                                kind,
                                text,
                                mutated,
                                change,
                                Equivalence.possiblyEquivalent(operator, text, mutated, edit)));
                        any = true;
                        break;
                    }
                }
            }
        }
        return List.copyOf(mutants);
    }

    private static List<Edit> editsOf(
            MutationOperator operator, String text, String sources, UniformRandomProvider random) {
        return switch (operator) {
            case NUMBER -> Figures.changed(text, random);
            case SWAP -> Figures.swapped(text);
            case ENTITY -> Entities.swapped(text, sources, random);
            case NEGATION -> Wording.negations(text);
            case ANTONYM -> Wording.antonyms(text, random);
            case CONDITION -> Clauses.conditionsDropped(text);
            case INVENTED -> Clauses.inventedSentences(text, random);
            case TOOL_RESULT -> List.of();
        };
    }

    private static List<Edit> shuffled(List<Edit> edits, UniformRandomProvider random) {
        List<Edit> shuffled = new ArrayList<>(edits);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Edit swap = shuffled.get(i);
            shuffled.set(i, shuffled.get(j));
            shuffled.set(j, swap);
        }
        return shuffled;
    }

    private UniformRandomProvider random(String id) {
        return RandomSource.SPLIT_MIX_64.create(
                seed ^ ByteBuffer.wrap(sha256(id)).getLong());
    }

    private static String idOf(String id, MutationOperator operator, String mutated) {
        return HexFormat.of()
                .formatHex(sha256(id + "\n" + operator.id() + "\n" + mutated))
                .substring(0, 10);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return "Mutator[seed " + seed + ", operators " + operators + ", at most " + maxPerAnswer + " per answer]";
    }

    /** Settings of a {@link Mutator}: the seed, the operators and the most mutants of one text. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder {

        private long seed = DEFAULT_SEED;
        private Set<MutationOperator> operators = EnumSet.allOf(MutationOperator.class);
        private int maxPerAnswer = DEFAULT_MAX_PER_ANSWER;

        private Builder() {}

        /**
         * The seed the mutants are drawn with; default {@value #DEFAULT_SEED}.
         *
         * @param seed any number
         * @return this builder
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * The operators to make mutants with; default all of them.
         *
         * @param operators at least one
         * @return this builder
         * @throws IllegalArgumentException for {@code null} or none
         */
        public Builder operators(Set<MutationOperator> operators) {
            if (operators == null || operators.isEmpty()) {
                throw new IllegalArgumentException("operators must name at least one of "
                        + MutationOperator.allowedValues() + ", but is: " + operators);
            }
            this.operators = EnumSet.copyOf(operators);
            return this;
        }

        /**
         * The most mutants of one text; default {@value #DEFAULT_MAX_PER_ANSWER}.
         *
         * @param maxPerAnswer 1 or more
         * @return this builder
         * @throws IllegalArgumentException for less than 1
         */
        public Builder maxPerAnswer(int maxPerAnswer) {
            if (maxPerAnswer < 1) {
                throw new IllegalArgumentException("maxPerAnswer must be at least 1, but is: " + maxPerAnswer);
            }
            this.maxPerAnswer = maxPerAnswer;
            return this;
        }

        /**
         * The mutator with these settings.
         *
         * @return a new mutator
         */
        public Mutator build() {
            return new Mutator(this);
        }
    }
}
