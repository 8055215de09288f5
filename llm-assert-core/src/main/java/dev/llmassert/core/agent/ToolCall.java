package dev.llmassert.core.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One tool call of an agent: the tool's name, the arguments the model gave it, and what the tool returned.
 *
 * @param name          the tool's name, as the model called it
 * @param argumentsJson the arguments as the model wrote them (a JSON object, or {@code {}} for none)
 * @param result        the text the tool returned to the model (its error message when it failed), or {@code ""}
 * @param failed        whether the tool threw instead of returning
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ToolCall(String name, String argumentsJson, String result, boolean failed) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Checks the name; arguments left out become {@code {}} and a missing result {@code ""}.
     *
     * @param name the tool's name, not blank
     * @param argumentsJson the arguments as the model wrote them; {@code null} or blank for none
     * @param result the text the tool returned, or its error message; {@code null} for none
     * @param failed whether the tool threw instead of returning
     * @throws IllegalArgumentException for a blank name
     */
    public ToolCall {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(AgentMessages.blankToolName(name));
        }
        argumentsJson = argumentsJson == null || argumentsJson.isBlank() ? "{}" : argumentsJson;
        result = result == null ? "" : result;
    }

    /**
     * A call that returned {@code result}.
     *
     * @param name the tool's name, not blank
     * @param argumentsJson the arguments as the model wrote them; {@code null} or blank for none
     * @param result the text the tool returned
     * @return the call, not failed
     * @throws IllegalArgumentException for a blank name
     */
    public static ToolCall of(String name, String argumentsJson, String result) {
        return new ToolCall(name, argumentsJson, result, false);
    }

    /**
     * The arguments, parsed; a {@link MissingNode} when the model wrote something that is not JSON (see
     * {@link #argumentsAreJson()}).
     *
     * @return the arguments as a JSON tree
     */
    public JsonNode arguments() {
        try {
            JsonNode parsed = JSON.readTree(argumentsJson);
            return parsed == null ? MissingNode.getInstance() : parsed;
        } catch (JsonProcessingException e) {
            return MissingNode.getInstance();
        }
    }

    /**
     * Whether the model's arguments are JSON.
     *
     * @return {@code true} when {@link #argumentsJson()} parses
     */
    public boolean argumentsAreJson() {
        return !arguments().isMissingNode();
    }

    /** {@code name {"arg":1} -> "result"}, on one line: how messages and reports show a call. */
    @Override
    public String toString() {
        String args = argumentsAreJson() ? arguments().toString() : argumentsJson;
        return name + " " + args + (failed ? " -> failed: " : " -> ") + "\""
                + result.strip().replaceAll("\\s+", " ") + "\"";
    }
}
