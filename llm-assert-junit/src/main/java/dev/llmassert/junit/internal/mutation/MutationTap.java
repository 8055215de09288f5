package dev.llmassert.junit.internal.mutation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.record.internal.ReplyTap;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

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

    /** The report entry of what this tap saw, for the mutation check's listener, under {@code testId}. */
    void publish(ExtensionContext context, String testId, int missed) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put(MutationLaunch.TEST_ENTRY, testId);
        if (mutant != null) {
            entry.put(MutationLaunch.APPLIED_ENTRY, String.valueOf(applied.get()));
            if (missed > 0) {
                entry.put(MutationLaunch.MISSED_ENTRY, String.valueOf(missed));
            }
            context.publishReportEntry(entry);
            return;
        }
        List<Served> all;
        synchronized (served) {
            all = new ArrayList<>(served.values());
        }
        if (!all.isEmpty()) {
            try {
                entry.put(MutationLaunch.SERVED_ENTRY, JSON.writeValueAsString(all));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("What a test read could not be written as JSON", e);
            }
            context.publishReportEntry(entry);
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
