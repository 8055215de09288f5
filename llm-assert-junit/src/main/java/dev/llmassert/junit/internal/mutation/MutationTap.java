package dev.llmassert.junit.internal.mutation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.record.RecordedModel;
import dev.llmassert.core.record.internal.ReplyTap;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The tap of one test in a launch of the mutation check: in the baseline run it notes every answer the recordings
 * gave the application and every tool result a trajectory showed; in a mutant's run it changes the one answer or
 * tool result of its mutant and notes that it did. Thread-safe: an evaluation calls the system from several threads.
 */
@API(status = INTERNAL, since = "0.1")
final class MutationTap implements ReplyTap {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final MutantSpec mutant;
    /** Keyed by file, key and position, or by tool and result: each answer once. */
    private final Map<String, Served> served = new LinkedHashMap<>();

    private final AtomicBoolean applied = new AtomicBoolean();
    /** Guarded by itself: the calls that found no recording, and those that followed the recording after the change. */
    private final List<Call> missed = new ArrayList<>();

    private final AtomicInteger followed = new AtomicInteger();

    private MutationTap(MutantSpec mutant) {
        this.mutant = mutant;
    }

    static MutationTap discovering() {
        return new MutationTap(null);
    }

    static MutationTap applying(MutantSpec mutant) {
        return new MutationTap(mutant);
    }

    @Override
    public String answer(ServedAnswer answer) {
        if (mutant == null) {
            String file = answer.file().toAbsolutePath().normalize().toString();
            synchronized (served) {
                served.putIfAbsent(
                        file + "#" + answer.key() + "/" + answer.position(),
                        new Served(file, answer.key(), answer.position(), null, answer.text(), answer.requestText()));
            }
            return answer.text();
        }
        if (!mutant.isToolResult()
                && mutant.key().equals(answer.key())
                && mutant.position() == answer.position()
                && mutant.file()
                        .equals(answer.file().toAbsolutePath().normalize().toString())
                && mutant.original().equals(answer.text())) {
            applied.set(true);
            return mutant.mutated();
        }
        return answer.text();
    }

    /** In a mutant's run: no call reaches a model, whatever the recordings mode. */
    @Override
    public boolean replayOnly() {
        return mutant != null;
    }

    /** The changed answer put back as it was recorded, wherever a later request repeats it. */
    @Override
    public String undone(String text) {
        if (mutant == null
                || mutant.isToolResult()
                || !applied.get()
                || mutant.mutated().isEmpty()) {
            return text;
        }
        String undone = text.replace(mutant.mutated(), mutant.original());
        String sentence = mutant.mutatedSentence();
        // a request may repeat the changed sentence alone: a summary, a quote of the last reply
        return sentence == null || sentence.isBlank() || !undone.contains(sentence)
                ? undone
                : undone.replace(sentence, mutant.originalSentence());
    }

    @Override
    public void followed(Call call) {
        followed.incrementAndGet();
    }

    @Override
    public void missed(Call call) {
        if (mutant != null) {
            synchronized (missed) {
                missed.add(call);
            }
        }
    }

    @Override
    public String toolResult(String tool, String result, String request) {
        if (result == null) {
            return null;
        }
        if (mutant == null) {
            synchronized (served) {
                served.putIfAbsent("tool#" + tool + "#" + result, new Served(null, null, -1, tool, result, request));
            }
            return result;
        }
        if (mutant.isToolResult()
                && mutant.tool().equals(tool)
                && mutant.original().equals(result)) {
            applied.set(true);
            return mutant.mutated();
        }
        return result;
    }

    /**
     * The report entry of what this tap saw, for the mutation check's listener, under {@code testId}.
     *
     * @param judgeMisses the calls of the test's judges that found no recording, on whatever thread they ran
     */
    void publish(ExtensionContext context, String testId, int judgeMisses) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put(MutationLaunch.TEST_ENTRY, testId);
        if (mutant != null) {
            entry.put(MutationLaunch.APPLIED_ENTRY, String.valueOf(applied.get()));
            if (followed.get() > 0) {
                entry.put(MutationLaunch.FOLLOWED_ENTRY, String.valueOf(followed.get()));
            }
            List<Missed> misses = new ArrayList<>();
            synchronized (missed) {
                missed.forEach(call -> misses.add(Missed.of(call)));
            }
            long seenOfJudges =
                    misses.stream().filter(m -> m.kind().equals(Missed.JUDGE)).count();
            // a judge's calls on its own threads are not seen here: the sessions counted them
            for (long i = seenOfJudges; i < judgeMisses; i++) {
                misses.add(new Missed(Missed.JUDGE, "a judge", false, null));
            }
            if (!misses.isEmpty()) {
                entry.put(MutationLaunch.MISSED_ENTRY, json(misses));
            }
            context.publishReportEntry(entry);
            return;
        }
        List<Served> all;
        synchronized (served) {
            all = new ArrayList<>(served.values());
        }
        if (!all.isEmpty()) {
            entry.put(MutationLaunch.SERVED_ENTRY, json(all));
            context.publishReportEntry(entry);
        }
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("What a test read could not be written as JSON", e);
        }
    }

    /**
     * A call of a mutant's run that found no recording.
     *
     * @param kind          {@value #JUDGE}, {@value #APPLICATION} (the application's or a simulated user's model)
     * @param who           whose model, in the reader's words
     * @param heldTheChange whether its request held the changed answer (a later turn)
     * @param miss          the miss's message: the request, and how it differs from the nearest recorded one
     */
    record Missed(String kind, String who, boolean heldTheChange, String miss) {

        static final String JUDGE = "judge";
        static final String APPLICATION = "application";

        static Missed of(Call call) {
            boolean judge = !call.whose().equals(RecordedModel.application())
                    && !call.whose().equals(RecordedModel.simulatedUser());
            return new Missed(judge ? JUDGE : APPLICATION, call.whose().who(), call.heldTheChange(), call.miss());
        }
    }

    /**
     * An answer or a tool result a test read.
     *
     * @param file    the recordings file of an answer, else {@code null}
     * @param tool    the tool of a result, else {@code null}
     * @param request what the answer was made from: the request's messages, or the agent's request and other results
     */
    record Served(String file, String key, int position, String tool, String text, String request) {}
}
