package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Unit-length embeddings of texts, remembered by text up to a fixed number of entries (least recently used go
 * first), so that a source judged many times, or a sentence repeated many times, is embedded once.
 *
 * <p>Thread-safe. Two threads that miss the same text both embed it; the model is deterministic, so both store the
 * same vector and nothing waits on a lock while the model runs.
 */
@API(status = INTERNAL, since = "0.1")
public final class EmbeddingCache {

    private final EmbeddingModel model;
    private final Map<String, float[]> cache;

    public EmbeddingCache(EmbeddingModel model, int capacity) {
        this.model = Objects.requireNonNull(model, "model");
        this.cache = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The unit-length embeddings of {@code texts}, in order; the missing ones are embedded in one batch. */
    public List<float[]> embed(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        LinkedHashSet<String> missing = new LinkedHashSet<>();
        synchronized (cache) {
            for (String text : texts) {
                float[] v = cache.get(text);
                out.add(v);
                if (v == null) {
                    missing.add(text);
                }
            }
        }
        if (missing.isEmpty()) {
            return out;
        }
        List<String> toEmbed = new ArrayList<>(missing);
        List<Embedding> embedded =
                model.embedAll(toEmbed.stream().map(TextSegment::from).toList()).content();
        Map<String, float[]> fresh = new LinkedHashMap<>();
        for (int i = 0; i < toEmbed.size(); i++) {
            fresh.put(toEmbed.get(i), unit(embedded.get(i).vector()));
        }
        synchronized (cache) {
            cache.putAll(fresh);
        }
        for (int i = 0; i < texts.size(); i++) {
            if (out.get(i) == null) {
                out.set(i, fresh.get(texts.get(i)));
            }
        }
        return out;
    }

    /** Cosine similarity of two unit-length vectors. */
    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
        }
        return dot;
    }

    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += (double) x * x;
        }
        norm = Math.sqrt(norm);
        float[] out = new float[v.length];
        if (norm == 0) {
            return out;
        }
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / norm);
        }
        return out;
    }
}
