package dev.llmassert.core.record;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Measures what replay costs: loading a real 10,000-entry recordings file, and one replayed call (canonical request,
 * key, lookup, response) after warm-up. Not a test; no assertions.
 *
 * <pre>
 * mvn -B -q test-compile exec:java -pl llm-assert-core -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.record.ReplayBenchmark [-Dexec.args="10000"]
 * </pre>
 */
public final class ReplayBenchmark {

    private static final String SYSTEM = String.join(
            "\n",
            "You are an INFORMATION OVERLAP classifier; providing the overlap of information between a SOURCE and "
                    + "a STATEMENT.",
            "For every sentence in the statement, please answer with this template:",
            "TEMPLATE:",
            "Statement Sentence: <Sentence>,",
            "Supporting Evidence: <Identify and describe the location in the source where the information matches "
                    + "the statement. Provide a detailed, human-readable summary indicating the path or key details. "
                    + "if nothing matches, say NOTHING FOUND>",
            "Score: <Output a number between 0-10 where 0 is no information overlap and 10 is all information is "
                    + "overlapping>",
            "Give me the INFORMATION OVERLAP of this SOURCE and STATEMENT.",
            "Never elaborate. Use only the source; do not use what you know.");

    private ReplayBenchmark() {}

    public static void main(String[] args) throws Exception {
        int entries = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        Path dir = Files.createTempDirectory("llmassert-replay-benchmark");
        Path file = Recordings.fileFor(dir, "com.example.BenchmarkTest");
        List<ChatRequest> requests = new ArrayList<>(entries);
        for (int i = 0; i < entries; i++) {
            requests.add(request(i));
        }
        ChatModel model = new InstantModel();

        long t0 = System.nanoTime();
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD, "build")) {
            ChatModel wrapped = session.wrap(model);
            for (ChatRequest request : requests) {
                wrapped.chat(request);
            }
        }
        long buildMillis = (System.nanoTime() - t0) / 1_000_000;

        double[] loads = new double[7];
        int loaded = 0;
        for (int i = 0; i < loads.length; i++) {
            long start = System.nanoTime();
            try (RecordingStore store = RecordingStore.create()) {
                loaded = store.file(file)
                        .openSession(RecordingMode.REPLAY, "load")
                        .file()
                        .size();
            }
            loads[i] = (System.nanoTime() - start) / 1e6;
        }

        ChatModel refusing = new RefusingInstantModel();
        double keyMicros;
        double replayMicros;
        int measuredCalls;
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile recordings = store.file(file);
            for (int pass = 0; pass < 3; pass++) {
                replayAll(recordings, refusing, requests, "warmup" + pass);
            }
            int passes = 5;
            long start = System.nanoTime();
            for (int pass = 0; pass < passes; pass++) {
                replayAll(recordings, refusing, requests, "measure" + pass);
            }
            measuredCalls = passes * requests.size();
            replayMicros = (System.nanoTime() - start) / 1e3 / measuredCalls;

            long keyStart = System.nanoTime();
            long sink = 0;
            for (int pass = 0; pass < passes; pass++) {
                for (ChatRequest request : requests) {
                    sink += RecordingKeys.keyOf(refusing, request).charAt(0);
                }
            }
            keyMicros = (System.nanoTime() - keyStart) / 1e3 / measuredCalls;
            if (sink == 42) {
                System.out.println();
            }
        }

        Arrays.sort(loads);
        System.out.printf(
                "machine: %s %s, %d cores, Java %s, max heap %d MB%n",
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() / (1024 * 1024));
        System.out.printf(
                "recordings file: %,d entries, %,d bytes (%,d ms to record and save)%n",
                loaded, Files.size(file), buildMillis);
        System.out.printf(
                "load (parse + verify every key), %d runs: min %.0f ms, median %.0f ms, max %.0f ms%n",
                loads.length, loads[0], loads[loads.length / 2], loads[loads.length - 1]);
        System.out.printf(
                "replayed call (canonical request + key + lookup + response), mean of %,d calls after "
                        + "warm-up: %.1f us%n",
                measuredCalls, replayMicros);
        System.out.printf("  of which key computation alone: %.1f us%n", keyMicros);

        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static void replayAll(RecordingFile recordings, ChatModel model, List<ChatRequest> requests, String name) {
        try (RecordingSession session = recordings.openSession(RecordingMode.REPLAY, name)) {
            ChatModel wrapped = session.wrap(model);
            for (ChatRequest request : requests) {
                if (!Replayed.isReplayed(wrapped.chat(request))) {
                    throw new IllegalStateException("not replayed");
                }
            }
        }
    }

    private static ChatRequest request(int i) {
        String source = "Source: Ticket " + i + ". The router model R" + (i % 97) + " has a reset button on the "
                + "back. Hold it for " + (5 + i % 20) + " seconds until the lights blink twice. The firmware "
                + "version 2." + (i % 13) + " adds a web console at 192.168.0.1. Support hours are 9 to 17 CET.";
        String statement = "Statement: To reset the router, hold the button for " + (5 + i % 20) + " seconds.";
        ChatRequest.Builder builder =
                ChatRequest.builder().messages(SystemMessage.from(SYSTEM), UserMessage.from(source + "\n" + statement));
        if (i % 2 == 0) {
            builder.responseFormat(ResponseFormat.builder()
                    .type(ResponseFormatType.JSON)
                    .jsonSchema(JsonSchema.builder()
                            .name("overlap")
                            .rootElement(JsonObjectSchema.builder()
                                    .addIntegerProperty("score", "0 to 10")
                                    .addStringProperty("evidence")
                                    .required("score", "evidence")
                                    .build())
                            .build())
                    .build());
        }
        return builder.build();
    }

    /** A model that answers at once, with the defaults of a real judge model. */
    private static class InstantModel implements ChatModel {

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return OpenAiChatRequestParameters.builder()
                    .modelName("gpt-4o-mini")
                    .temperature(0.0)
                    .build();
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            String user = ((UserMessage) request.messages().get(1)).singleText();
            return ChatResponse.builder()
                    .aiMessage(AiMessage.from("Statement Sentence: " + user.substring(user.indexOf("Statement:"))
                            + ",\nSupporting Evidence: Hold it for N seconds until the lights blink twice.\nScore: 9"))
                    .modelName("gpt-4o-mini-2024-07-18")
                    .tokenUsage(new TokenUsage(412, 38))
                    .finishReason(FinishReason.STOP)
                    .build();
        }
    }

    private static final class RefusingInstantModel extends InstantModel {
        @Override
        public ChatResponse doChat(ChatRequest request) {
            throw new IllegalStateException("a replayed call reached the model");
        }
    }
}
