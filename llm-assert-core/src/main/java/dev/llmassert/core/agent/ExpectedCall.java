package dev.llmassert.core.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A tool call an evaluation item expects: the tool's name, and optionally the arguments it must get (a call matches
 * when its arguments hold at least these).
 *
 * @param name      the tool's name
 * @param arguments the arguments expected, a JSON object; {@code null} when only the name counts
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ExpectedCall(String name, JsonNode arguments) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ExpectedCall {
        if (name == null || name.isBlank() || !name.strip().equals(name)) {
            throw new IllegalArgumentException("An expected tool call needs a tool name without spaces around it, "
                    + "but got '" + name + "'. Fix: e.g. \"lookupWarranty\".");
        }
        if (arguments != null && !arguments.isObject()) {
            throw new IllegalArgumentException("The expected arguments of " + name + " must be a JSON object, but "
                    + "are: " + arguments + ". Fix: e.g. {\"serial\": \"NR2-0042\"}.");
        }
    }

    /**
     * Reads one expected call from a dataset's context: a tool name ({@code lookupWarranty}), or a name and its
     * arguments as a JSON object ({@code lookupWarranty {"serial": "NR2-0042"}}).
     *
     * @throws IllegalArgumentException naming the text and the fix, when it is neither
     */
    public static ExpectedCall parse(String text) {
        String trimmed = text == null ? "" : text.strip();
        int brace = trimmed.indexOf('{');
        String name = (brace < 0 ? trimmed : trimmed.substring(0, brace)).strip();
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("Cannot read the expected tool call '" + text + "'. Fix: write a tool "
                    + "name (lookupWarranty), or a name and its arguments as a JSON object "
                    + "(lookupWarranty {\"serial\": \"NR2-0042\"}).");
        }
        if (brace < 0) {
            return new ExpectedCall(name, null);
        }
        try {
            return new ExpectedCall(name, JSON.readTree(trimmed.substring(brace)));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "The arguments of the expected tool call '" + text + "' are not JSON: "
                            + e.getOriginalMessage() + ". Fix: write them as a JSON object, e.g. " + name
                            + " {\"serial\": \"NR2-0042\"}.",
                    e);
        }
    }

    @Override
    public String toString() {
        return arguments == null ? name : name + " " + arguments;
    }
}
