package dev.llmassert.junit.internal.mutation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.mutation.Mutant;
import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one change a mutant launch makes, as its configuration parameter carries it: an answer of a recordings file
 * (its file, key and position) or every result of a tool that reads {@code original}, changed to {@code mutated}.
 *
 * @param file     the recordings file's absolute path, for an answer; {@code null} for a tool result
 * @param key      the request's key, for an answer
 * @param position which of the key's replies, for an answer
 * @param tool     the tool's name, for a tool result; {@code null} for an answer
 * @param originalSentence the changed sentence as it was, for an answer: a later request may repeat it alone
 * @param mutatedSentence  the changed sentence as the mutant has it
 */
@API(status = INTERNAL, since = "0.1")
public record MutantSpec(
        String file,
        String key,
        int position,
        String tool,
        String original,
        String mutated,
        String originalSentence,
        String mutatedSentence) {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    static MutantSpec answer(Path file, String key, int position, String original, String mutated, Mutant.Diff diff) {
        return new MutantSpec(
                file.toAbsolutePath().normalize().toString(),
                key,
                position,
                null,
                original,
                mutated,
                diff.before() + diff.removed() + diff.after(),
                diff.before() + diff.added() + diff.after());
    }

    static MutantSpec toolResult(String tool, String original, String mutated) {
        return new MutantSpec(null, null, -1, tool, original, mutated, null, null);
    }

    boolean isToolResult() {
        return tool != null;
    }

    String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A mutant could not be written as JSON", e);
        }
    }

    static MutantSpec fromJson(String json) {
        try {
            return JSON.readValue(json, MutantSpec.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "The mutant of this launch (configuration parameter " + MutationLaunch.MUTANT
                            + ") is not one the mutation check wrote: " + e.getOriginalMessage(),
                    e);
        }
    }
}
