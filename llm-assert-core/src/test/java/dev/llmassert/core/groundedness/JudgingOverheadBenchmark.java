package dev.llmassert.core.groundedness;

import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.text.SentenceSplitter;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Judging overhead: the wall time to judge a 16-sentence answer when every judge call takes 300 ms, at concurrency
 * 8, through the real OpenAI client against the loopback server. The ideal is 2 rounds of 300 ms, 0.6 s; the
 * ratio to it is the overhead of splitting, prompting, HTTP and parsing. A benchmark, not a test: it asserts nothing.
 *
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.JudgingOverheadBenchmark -Dexec.classpathScope=test
 * </pre>
 *
 * Optional arguments: measured runs (default 10), warm-up runs (default 3), milliseconds per judge call (default
 * 300; 0 shows the fixed cost of a judgement without model latency).
 */
public final class JudgingOverheadBenchmark {

    private static final Duration DEFAULT_CALL_LATENCY = Duration.ofMillis(300);
    private static final int CONCURRENCY = 8;
    private static final int SENTENCES = 16;

    private JudgingOverheadBenchmark() {}

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int warmUps = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Duration latency = args.length > 2 ? Duration.ofMillis(Long.parseLong(args[2])) : DEFAULT_CALL_LATENCY;
        String answer = answer();
        int sentences = SentenceSplitter.english().split(answer).size();
        if (sentences != SENTENCES) {
            throw new IllegalStateException("the answer splits into " + sentences + " sentences, not " + SENTENCES);
        }
        String source = "The X200 router has four Ethernet ports and one WAN port. It supports Wi-Fi 6. "
                + "Hold the reset button for ten seconds to restore factory settings. The warranty lasts two years.";

        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content(
                            "{\"evidence\": \"The X200 router has four Ethernet ports\", " + "\"score\": 8}")
                    .withUsage(180, 25)
                    .after(latency));
            JudgeSettings settings = JudgeSettings.builder()
                    .provider(JudgeProvider.OPENAI)
                    .baseUrl(server.baseUrl())
                    .model("benchmark-judge")
                    .apiKeyEnv("BENCHMARK_JUDGE_KEY")
                    .concurrency(CONCURRENCY)
                    .timeout(Duration.ofSeconds(30))
                    .build();
            try (LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
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
                                "judged " + verdict.sentences().size() + " sentences");
                    }
                }
                int calls = server.requestCount() - requestsBefore;
                report(seconds, calls, runs, warmUps, latency);
            }
        }
    }

    private static void report(double[] seconds, int calls, int runs, int warmUps, Duration latency) {
        double ideal = 2 * latency.toMillis() / 1000.0;
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        double median = sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        double mean = Arrays.stream(seconds).average().orElse(Double.NaN);
        System.out.printf(
                "Judging overhead: %d-sentence answer, %d ms per judge call, concurrency %d, "
                        + "real OpenAI client over loopback HTTP%n",
                SENTENCES, latency.toMillis(), CONCURRENCY);
        System.out.printf(
                "machine: %d cores, %s %s, Java %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                System.getProperty("java.version"));
        System.out.printf("runs: %d measured after %d warm-up; judge calls per run: %d%n", runs, warmUps, calls / runs);
        StringBuilder each = new StringBuilder();
        for (double s : seconds) {
            each.append(each.length() == 0 ? "" : " ").append(String.format("%.3f", s));
        }
        System.out.println("wall time per run (s): " + each);
        System.out.printf(
                "min %.3f s, median %.3f s, mean %.3f s, max %.3f s%n",
                sorted[0], median, mean, sorted[sorted.length - 1]);
        if (ideal > 0) {
            System.out.printf(
                    "ideal %.3f s (2 rounds); ratio to ideal: median %.3f, min %.3f%n",
                    ideal, median / ideal, sorted[0] / ideal);
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
}
