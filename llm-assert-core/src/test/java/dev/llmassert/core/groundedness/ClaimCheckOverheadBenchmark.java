package dev.llmassert.core.groundedness;

import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Claim-check overhead: the wall time to judge a 16-sentence answer against a 40,000-character source (11 chunks of
 * at most 4,000 characters, so 176 calls) when every call takes 300 ms, at concurrency 8, through the real OpenAI
 * client against the loopback server answering Yes with log-probabilities. The ideal is 22 rounds of 300 ms, 6.6 s;
 * the ratio to it is the overhead of chunking, prompting, HTTP, parsing and finding the evidence. A benchmark, not a
 * test: it asserts nothing.
 *
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.ClaimCheckOverheadBenchmark -Dexec.classpathScope=test
 * </pre>
 *
 * Optional arguments: measured runs (default 5), warm-up runs (default 2), milliseconds per call (default 300; 0
 * shows the fixed cost of a judgement without model latency).
 */
public final class ClaimCheckOverheadBenchmark {

    private static final Duration DEFAULT_CALL_LATENCY = Duration.ofMillis(300);
    private static final int CONCURRENCY = 8;
    private static final int SENTENCES = 16;
    private static final int SOURCE_CHARS = 40_000;

    private ClaimCheckOverheadBenchmark() {}

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warmUps = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Duration latency = args.length > 2 ? Duration.ofMillis(Long.parseLong(args[2])) : DEFAULT_CALL_LATENCY;
        String answer = answer();
        String source = source();

        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("Yes")
                    .withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1))
                    .withUsage(1000, 1)
                    .after(latency));
            JudgeSettings settings = JudgeSettings.builder()
                    .provider(JudgeProvider.OPENAI)
                    .baseUrl(server.baseUrl())
                    .model("bespoke-minicheck")
                    .apiKeyEnv("BENCHMARK_JUDGE_KEY")
                    .concurrency(CONCURRENCY)
                    .timeout(Duration.ofSeconds(30))
                    .build();
            try (ClaimCheckGroundednessJudge judge = ClaimCheckGroundednessJudge.builder()
                    .chatModel(JudgeModels.chatModel(settings, Map.of("BENCHMARK_JUDGE_KEY", "benchmark-key")::get))
                    .settings(settings)
                    .build()) {
                for (int i = 0; i < warmUps; i++) {
                    judge.judge(answer, source);
                }
                int requestsBefore = server.requestCount();
                double[] seconds = new double[runs];
                for (int i = 0; i < runs; i++) {
                    long start = System.nanoTime();
                    GroundednessVerdict verdict = judge.judge(answer, source);
                    seconds[i] = (System.nanoTime() - start) / 1e9;
                    if (verdict.sentences().size() != SENTENCES) {
                        throw new IllegalStateException(
                                "judged " + verdict.sentences().size() + " sentences, not " + SENTENCES);
                    }
                }
                int calls = (server.requestCount() - requestsBefore) / runs;
                report(seconds, calls, runs, warmUps, latency);
            }
        }
    }

    private static void report(double[] seconds, int calls, int runs, int warmUps, Duration latency) {
        int rounds = (calls + CONCURRENCY - 1) / CONCURRENCY;
        double ideal = rounds * latency.toMillis() / 1000.0;
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        double median = sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        System.out.printf(
                "Claim-check overhead: %d-sentence answer, %d-character source, %d ms per call, "
                        + "concurrency %d, real OpenAI client over loopback HTTP%n",
                SENTENCES, SOURCE_CHARS, latency.toMillis(), CONCURRENCY);
        System.out.printf(
                "machine: %d cores, %s %s, Java %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                System.getProperty("java.version"));
        System.out.printf(
                "runs: %d measured after %d warm-up; calls per run: %d (%d rounds)%n", runs, warmUps, calls, rounds);
        StringBuilder each = new StringBuilder();
        for (double s : seconds) {
            each.append(each.length() == 0 ? "" : " ").append(String.format("%.3f", s));
        }
        System.out.println("wall time per run (s): " + each);
        System.out.printf("min %.3f s, median %.3f s, max %.3f s%n", sorted[0], median, sorted[sorted.length - 1]);
        if (ideal > 0) {
            System.out.printf(
                    "ideal %.3f s; ratio to ideal: median %.3f, min %.3f%n", ideal, median / ideal, sorted[0] / ideal);
        }
    }

    private static String answer() {
        return "The X200 router has four Ethernet ports. It also has one WAN port. It supports Wi-Fi 6. "
                + "To reset it, hold the reset button. Keep holding it for ten seconds. "
                + "The lights will blink while it restarts. Factory settings are then restored. "
                + "You will need to set up Wi-Fi again. The default network name is on the label. "
                + "The warranty lasts two years. It covers hardware faults. It does not cover water damage. "
                + "Keep your receipt as proof of purchase. Support is available by phone. "
                + "You can also use the online chat. We hope this helps.";
    }

    /** A manual of {@value #SOURCE_CHARS} characters or a little more, in paragraphs of short sentences. */
    private static String source() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; text.length() < SOURCE_CHARS; i++) {
            text.append("Appendix item ")
                    .append(i)
                    .append(" lists the spare part number ")
                    .append(1000 + i)
                    .append(" for older models.")
                    .append(i % 9 == 0 ? "\n\n" : " ");
        }
        return text.toString().strip();
    }
}
