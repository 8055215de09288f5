package dev.llmassert.core.groundedness;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntPredicate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A cascade of two judges: the local judge decides the sentences it is sure of, and the other judge (an LLM judge,
 * or a fact-checking model by claim-check) only the rest. Made by {@link Judges#cascade(GroundednessJudge,
 * GroundednessJudge)}, or by {@code llmassert.groundedness.cascade=on} in the JUnit extension.
 *
 * <p>A sentence stays with the local judge when its verdict has a confidence and the local judge is not
 * {@linkplain SentenceVerdict#unsure() unsure} of it: for {@link LocalGroundednessJudge}, a confidence of at least
 * its {@linkplain LocalGroundednessJudge#minConfidence() minimum}. The others are sent on, and the other judge asks
 * its model about them only, by its own method and with the very requests it sends when it judges the whole
 * response, so its recordings serve both. A sentence that makes no claim is sent nowhere.
 *
 * <p>The verdict is named after the other judge ({@link #name()}), whose model every call of the cascade goes to; its
 * tokens, replay and retries are those of the other judge's calls; each sentence names the judge that decided it
 * ({@link SentenceVerdict#decidedBy()}); {@link GroundednessVerdict#cascade()} counts the sentences decided locally and
 * sent on, and the calls and tokens not spent. Its {@link #method()} is {@value #METHOD}, so a calibration record made
 * with it never applies to the other judge alone.
 *
 * <p>Thread-safe when both judges are. {@link #close()} closes both.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CascadeGroundednessJudge implements GroundednessJudge {

    /** The {@link #method()} of a cascade. */
    public static final String METHOD = "cascade";

    private final GroundednessJudge local;
    private final GroundednessJudge judge;

    CascadeGroundednessJudge(GroundednessJudge local, GroundednessJudge judge) {
        this.local = Objects.requireNonNull(local, "local");
        this.judge = Objects.requireNonNull(judge, "judge");
        if (local == judge) {
            throw new IllegalArgumentException(GroundednessMessages.cascadeOfOneJudge(local.name()));
        }
    }

    /**
     * The judge that decides the sentences it is sure of.
     *
     * @return the local judge
     */
    public GroundednessJudge local() {
        return local;
    }

    /**
     * The judge the other sentences are sent on to.
     *
     * @return the judge behind
     */
    public GroundednessJudge judge() {
        return judge;
    }

    /** The other judge's name: the model whose calls the cascade makes, and what they cost. */
    @Override
    public String name() {
        return judge.name();
    }

    /** {@value #METHOD}. */
    @Override
    public String method() {
        return METHOD;
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        return judge(response, sources, null);
    }

    /** {@inheritDoc} Both judges are given the question. */
    @Override
    public GroundednessVerdict judge(String response, List<String> sources, String question) {
        long started = System.nanoTime();
        GroundednessVerdict first = local.judge(response, sources, question);
        Set<Integer> unsure = new TreeSet<>();
        int claims = 0;
        for (SentenceVerdict sentence : first.sentences()) {
            if (LocalGroundednessJudge.NO_CLAIM.equals(sentence.evidence())) {
                continue;
            }
            claims++;
            if (!sentence.hasConfidence() || sentence.unsure()) {
                unsure.add(sentence.index());
            }
        }
        Asked asked =
                unsure.isEmpty() ? Asked.NONE : ask(response, first.sentences(), sources, question, unsure::contains);
        List<SentenceVerdict> merged = new ArrayList<>(first.sentences().size());
        for (SentenceVerdict sentence : first.sentences()) {
            merged.add(
                    unsure.contains(sentence.index())
                            ? asked.verdicts().get(sentence.index()).withDecidedBy(judge.name())
                            : sentence.withDecidedBy(local.name()));
        }
        IntPredicate decidedLocally = i -> !unsure.contains(i)
                && !LocalGroundednessJudge.NO_CLAIM.equals(
                        first.sentences().get(i).evidence());
        long[] cost = cost(response, first.sentences(), sources, question, decidedLocally);
        CascadeCounts counts = new CascadeCounts(
                local.name(),
                local instanceof LocalGroundednessJudge own ? own.minConfidence() : Double.NaN,
                claims - unsure.size(),
                unsure.size(),
                (int) Math.min(Integer.MAX_VALUE, cost[0]),
                cost[1]);
        return GroundednessVerdict.of(
                        merged,
                        name(),
                        asked.tokens(),
                        asked.replayed(),
                        Duration.ofNanos(System.nanoTime() - started),
                        asked.retries())
                .withRecordedModel(asked.recordedModel())
                .withCascade(counts);
    }

    /**
     * The other judge's verdicts on the sentences {@code unsure} accepts, by position: this library's LLM judges ask
     * about them only, with the requests of a whole judgement; any other judge is asked about each such sentence as a
     * response of its own.
     */
    private Asked ask(
            String response,
            List<SentenceVerdict> sentences,
            List<String> sources,
            String question,
            IntPredicate unsure) {
        GroundednessVerdict verdict;
        if (judge instanceof LlmGroundednessJudge trulens) {
            verdict = trulens.judge(response, sources, question, unsure);
        } else if (judge instanceof ClaimCheckGroundednessJudge claimCheck) {
            verdict = claimCheck.judge(response, sources, question, unsure);
        } else {
            return askEach(sentences, sources, question, unsure);
        }
        if (verdict.sentences().size() != sentences.size()) {
            throw new IllegalStateException(GroundednessMessages.cascadeSplitDiffers(
                    local.name(),
                    sentences.size(),
                    judge.name(),
                    verdict.sentences().size()));
        }
        return new Asked(
                verdict.sentences(),
                verdict.tokenUsage(),
                verdict.replayed(),
                verdict.retries(),
                verdict.recordedModel());
    }

    private Asked askEach(List<SentenceVerdict> sentences, List<String> sources, String question, IntPredicate unsure) {
        List<SentenceVerdict> out = new ArrayList<>(sentences);
        TokenUsage tokens = new TokenUsage(0, 0, 0);
        boolean replayed = true;
        int retries = 0;
        String recordedModel = null;
        for (SentenceVerdict sentence : sentences) {
            if (!unsure.test(sentence.index())) {
                continue;
            }
            GroundednessVerdict own = judge.judge(sentence.sentence(), sources, question);
            SentenceVerdict first =
                    own.sentences().isEmpty() ? null : own.sentences().get(0);
            out.set(
                    sentence.index(),
                    new SentenceVerdict(
                            sentence.index(),
                            sentence.sentence(),
                            own.score(),
                            first == null ? null : first.evidence(),
                            first == null ? "" : first.reason(),
                            own.sentences().size() == 1 ? first.confidence() : Double.NaN,
                            own.sentences().size() == 1 ? first.doubt() : "",
                            judge.name()));
            tokens = tokens.add(own.tokenUsage());
            replayed &= own.replayed();
            retries += own.retries();
            recordedModel = recordedModel == null ? own.recordedModel() : recordedModel;
        }
        return new Asked(out, tokens, replayed, retries, recordedModel);
    }

    /** What the other judge would have cost for the sentences {@code which} accepts: calls and prompt tokens. */
    private long[] cost(
            String response,
            List<SentenceVerdict> sentences,
            List<String> sources,
            String question,
            IntPredicate which) {
        if (judge instanceof LlmGroundednessJudge trulens) {
            return trulens.cost(response, sources, question, which);
        }
        if (judge instanceof ClaimCheckGroundednessJudge claimCheck) {
            return claimCheck.cost(response, sources, question, which);
        }
        // Another judge: one call per sentence, holding the sources and the sentence.
        long sourceChars =
                JudgeInput.sources(sources).stream().mapToLong(String::length).sum();
        long calls = 0;
        long chars = 0;
        for (SentenceVerdict sentence : sentences) {
            if (which.test(sentence.index())) {
                calls++;
                chars += sourceChars + sentence.sentence().length();
            }
        }
        return new long[] {calls, (chars + 3) / 4};
    }

    /** Closes the other judge, then the local judge. */
    @Override
    public void close() {
        try {
            judge.close();
        } finally {
            local.close();
        }
    }

    /** The other judge's verdicts by position, and what its calls took. */
    private record Asked(
            List<SentenceVerdict> verdicts, TokenUsage tokens, boolean replayed, int retries, String recordedModel) {

        static final Asked NONE = new Asked(List.of(), new TokenUsage(0, 0, 0), false, 0, null);
    }
}
