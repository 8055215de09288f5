package dev.llmassert.junit.testing;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic groundedness judge for tests of the extension: a sentence's score is the share of its words that
 * occur in the sources, and its evidence is the source sentence sharing the most words. Thread-safe.
 *
 * <p>"Hold the red button for ten seconds." against a source containing every one of those words scores 1.0;
 * "Routers brew coffee." against the same source scores 0.0 with no evidence.
 */
public final class WordOverlapJudge implements GroundednessJudge {

    public static final String NAME = "test:word-overlap";
    /** Tokens reported per judged sentence, so tests can check the sum. */
    public static final int TOKENS_PER_SENTENCE = 7;

    private final boolean replayed;
    private final Duration delay;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger closed = new AtomicInteger();

    public WordOverlapJudge() {
        this(false, Duration.ZERO);
    }

    public WordOverlapJudge(boolean replayed, Duration delay) {
        this.replayed = replayed;
        this.delay = delay;
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        calls.incrementAndGet();
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            if (!delay.isZero()) {
                Thread.sleep(delay.toMillis());
            }
            Set<String> sourceWords = new HashSet<>();
            List<String> sourceSentences = new ArrayList<>();
            for (String source : sources) {
                sourceWords.addAll(words(source));
                sourceSentences.addAll(sentences(source));
            }
            List<SentenceVerdict> verdicts = new ArrayList<>();
            List<String> sentences = sentences(response);
            for (int i = 0; i < sentences.size(); i++) {
                String sentence = sentences.get(i);
                List<String> words = words(sentence);
                long supported = words.stream().filter(sourceWords::contains).count();
                double score = words.isEmpty() ? 0.0 : (double) supported / words.size();
                String evidence = score == 0.0
                        ? null
                        : sourceSentences.stream()
                                .max((a, b) -> Long.compare(overlap(words, a), overlap(words, b)))
                                .orElse(null);
                verdicts.add(new SentenceVerdict(i, sentence, score, evidence));
            }
            int tokens = TOKENS_PER_SENTENCE * verdicts.size();
            return GroundednessVerdict.of(
                    verdicts, NAME, new TokenUsage(tokens - 2, 2), replayed, Duration.ofMillis(3));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void close() {
        closed.incrementAndGet();
    }

    /** The most judgements that ran at the same moment. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    public int calls() {
        return calls.get();
    }

    public int timesClosed() {
        return closed.get();
    }

    private static long overlap(List<String> words, String sourceSentence) {
        List<String> sourceWords = words(sourceSentence);
        return words.stream().filter(sourceWords::contains).count();
    }

    private static List<String> sentences(String text) {
        return Arrays.stream(text.strip().split("(?<=[.!?])\\s+"))
                .filter(s -> !s.isBlank())
                .toList();
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> !w.isEmpty())
                .toList();
    }
}
