package dev.llmassert.core.groundedness.internal;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The local judge's entailment model: the probability that a premise (a few source sentences) entails a hypothesis
 * (one response sentence). all-MiniLM-L6-v2's encoder with a two-class head, fine-tuned on MultiNLI and FEVER-NLI pairs
 * and synthetic edits, quantised to int8 ({@code tools/entailment/}; model card in {@code docs/local-judge.md}). It
 * ships inside the llm-assert-core jar and runs in-process on ONNX Runtime: nothing is downloaded.
 *
 * <p>Loaded once per JVM ({@link #shared()}) and thread-safe: ONNX Runtime runs concurrent calls on one session, and
 * the results are remembered by pair up to a bound (least recently used go first). Deterministic: each pair runs on
 * its own, because int8 dynamic quantisation scales a batch's activations together, so a pair's probability would
 * depend on the pairs batched with it. Pairs run side by side on the model's own few daemon threads instead.
 */
@API(status = INTERNAL, since = "0.1")
public final class EntailmentModel {

    static final String MODEL = "/dev/llmassert/core/groundedness/entailment.onnx";
    static final String TOKENIZER = "/dev/llmassert/core/groundedness/entailment-tokenizer.json";

    /** Tokens of a premise and hypothesis together, as in training; the premise is cut first. */
    static final int MAX_TOKENS = 128;
    /** Pairs run together, sorted by length so that little padding is computed. */
    private static final int BATCH = 16;

    private static final int CACHE_SIZE = 50_000;
    private static final int MAX_THREADS = 4;
    /** How long a thread of the model waits for work before it ends. */
    private static final long IDLE_SECONDS = 2;

    private static volatile EntailmentModel shared;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final HuggingFaceTokenizer longTokenizer;
    private final ExecutorService threads;
    private final Map<Pair, Float> cache = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Pair, Float> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /** A premise and a hypothesis. */
    @API(status = INTERNAL, since = "0.1")
    public record Pair(String premise, String hypothesis) {}

    private EntailmentModel() {
        try {
            environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            // One thread per call, and calls side by side: a single short pair gains little from splitting its
            // matrix products, and no thread spins waiting on another while a build shares the cores.
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            session = environment.createSession(read(MODEL), options);
            tokenizer = tokenizer("only_first");
            // A hypothesis longer than the pair's room leaves the premise nothing to give: both are cut then.
            longTokenizer = tokenizer("longest_first");
        } catch (OrtException e) {
            throw new IllegalStateException(
                    "The entailment model " + MODEL + " could not be loaded by ONNX Runtime: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + TOKENIZER, e);
        }
        int n = Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()));
        AtomicInteger count = new AtomicInteger();
        // idle threads end after a moment: the model lives as long as the JVM, its threads only while it is used, so
        // that a tool that waits for the threads it started (Maven's exec:java) sees them end
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(n, n, IDLE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "llm-assert-entailment-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        threads = pool;
    }

    /**
     * The model, loaded on first use and shared by every judge of the JVM.
     *
     * @throws IllegalStateException if the model or ONNX Runtime cannot be loaded, saying why
     * @throws LinkageError if ONNX Runtime or DJL's tokenizer is not on the classpath
     */
    public static EntailmentModel shared() {
        EntailmentModel model = shared;
        if (model == null) {
            synchronized (EntailmentModel.class) {
                model = shared;
                if (model == null) {
                    model = new EntailmentModel();
                    shared = model;
                }
            }
        }
        return model;
    }

    /** The probability that each premise entails its hypothesis, in order; the pairs not remembered run in batches. */
    public double[] entailment(List<Pair> pairs) {
        double[] out = new double[pairs.size()];
        List<Integer> missing = new ArrayList<>();
        synchronized (cache) {
            for (int i = 0; i < pairs.size(); i++) {
                Float p = cache.get(pairs.get(i));
                if (p == null) {
                    missing.add(i);
                } else {
                    out[i] = p;
                }
            }
        }
        if (missing.isEmpty()) {
            return out;
        }
        Map<Pair, Float> fresh = run(missing.stream().map(pairs::get).distinct().toList());
        synchronized (cache) {
            cache.putAll(fresh);
        }
        for (int i : missing) {
            out[i] = fresh.get(pairs.get(i));
        }
        return out;
    }

    /** What the model has computed and still remembers: for a fitting tool that keeps it between runs. */
    public Map<Pair, Float> remembered() {
        synchronized (cache) {
            return new HashMap<>(cache);
        }
    }

    /** Remembers probabilities this model computed before ({@link #remembered()}), for a fitting tool. */
    public void remember(Map<Pair, Float> probabilities) {
        synchronized (cache) {
            cache.putAll(probabilities);
        }
    }

    /** Runs the model on {@code pairs}, remembering nothing: {@link #entailment} without the memory. */
    Map<Pair, Float> run(List<Pair> pairs) {
        List<Future<Float>> results = new ArrayList<>(pairs.size());
        for (Pair pair : pairs) {
            results.add(threads.submit(() -> probability(pair)));
        }
        Map<Pair, Float> out = new HashMap<>();
        for (int i = 0; i < pairs.size(); i++) {
            try {
                out.put(pairs.get(i), results.get(i).get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                results.forEach(r -> r.cancel(true));
                throw new IllegalStateException("Interrupted while the entailment model ran", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        return out;
    }

    private static HuggingFaceTokenizer tokenizer(String truncation) throws IOException {
        try (InputStream in = resource(TOKENIZER)) {
            return HuggingFaceTokenizer.newInstance(
                    in,
                    Map.of(
                            "addSpecialTokens",
                            "true",
                            "padding",
                            "false",
                            "truncation",
                            truncation,
                            "maxLength",
                            String.valueOf(MAX_TOKENS)));
        }
    }

    /**
     * The pair's tokens, the premise cut first to fit; a hypothesis too long for that (a sentence of more than about
     * 120 tokens) is cut too.
     */
    private Encoding encode(Pair pair) {
        try {
            return tokenizer.encode(pair.premise(), pair.hypothesis());
        } catch (RuntimeException tooLong) {
            return longTokenizer.encode(pair.premise(), pair.hypothesis());
        }
    }

    /** P(entailed) of one pair: softmax over the two logits. */
    private float probability(Pair pair) {
        Encoding e = encode(pair);
        long[][] ids = {e.getIds()};
        long[][] types = {e.getTypeIds()};
        long[][] mask = new long[1][ids[0].length];
        Arrays.fill(mask[0], 1L);
        try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, ids);
                OnnxTensor maskTensor = OnnxTensor.createTensor(environment, mask);
                OnnxTensor typeTensor = OnnxTensor.createTensor(environment, types);
                OrtSession.Result result = session.run(
                        Map.of("input_ids", idTensor, "attention_mask", maskTensor, "token_type_ids", typeTensor))) {
            float[] logits = ((float[][]) result.get(0).getValue())[0];
            return (float) (1 / (1 + Math.exp(logits[0] - logits[1])));
        } catch (OrtException ex) {
            throw new IllegalStateException(
                    "The entailment model failed on a pair of " + ids[0].length + " tokens: " + ex.getMessage(), ex);
        }
    }

    private static byte[] read(String name) throws IOException {
        try (InputStream in = resource(name)) {
            return in.readAllBytes();
        }
    }

    private static InputStream resource(String name) {
        InputStream in = EntailmentModel.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("The resource " + name + " is missing from the llm-assert-core jar: the "
                    + "jar is damaged. Fix: rebuild or re-download llm-assert-core.");
        }
        return in;
    }
}
