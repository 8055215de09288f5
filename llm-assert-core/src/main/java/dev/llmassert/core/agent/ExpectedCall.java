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

    /**
     * Checks the name and the arguments.
     *
     * @param name the tool's name, not blank, without surrounding spaces
     * @param arguments the arguments expected, a JSON object; {@code null} when only the name counts
     * @throws IllegalArgumentException for a blank or padded name, or arguments that are not a JSON object
     */
    public ExpectedCall {
        if (name == null || name.isBlank() || !name.strip().equals(name)) {
            throw new IllegalArgumentException(AgentMessages.badToolName(name));
        }
        if (arguments != null && !arguments.isObject()) {
            throw new IllegalArgumentException(AgentMessages.argumentsNotAnObject(name, arguments));
        }
    }

    /**
     * Reads one expected call from a dataset's context: a tool name ({@code lookupWarranty}), or a name and its
     * arguments as a JSON object ({@code lookupWarranty {"serial": "NR2-0042"}}).
     *
     * @param text the context's value: a name, then optionally a JSON object
     * @return the expected call
     * @throws IllegalArgumentException naming the text and the fix, when it is neither
     */
    public static ExpectedCall parse(String text) {
        String trimmed = text == null ? "" : text.strip();
        int brace = trimmed.indexOf('{');
        String name = (brace < 0 ? trimmed : trimmed.substring(0, brace)).strip();
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(AgentMessages.unreadableCall(text));
        }
        if (brace < 0) {
            return new ExpectedCall(name, null);
        }
        try {
            return new ExpectedCall(name, JSON.readTree(trimmed.substring(brace)));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(AgentMessages.argumentsNotJson(text, name, e), e);
        }
    }

    @Override
    public String toString() {
        return arguments == null ? name : name + " " + arguments;
    }
}
