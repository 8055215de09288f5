package dev.llmassert.core.agent;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.List;

/** Every message of the trajectory types that says what was wrong and how to fix it, in one place. */
final class AgentMessages {

    private AgentMessages() {}

    static String badToolName(String name) {
        return "An expected tool call needs a tool name without spaces around it, but got '" + name
                + "'. Fix: e.g. \"lookupWarranty\".";
    }

    static String argumentsNotAnObject(String name, Object arguments) {
        return "The expected arguments of " + name + " must be a JSON object, but are: " + arguments
                + ". Fix: e.g. {\"serial\": \"NR2-0042\"}.";
    }

    static String unreadableCall(String text) {
        return "Cannot read the expected tool call '" + text + "'. Fix: write a tool "
                + "name (lookupWarranty), or a name and its arguments as a JSON object "
                + "(lookupWarranty {\"serial\": \"NR2-0042\"}).";
    }

    static String argumentsNotJson(String text, String name, JsonProcessingException e) {
        return "The arguments of the expected tool call '" + text + "' are not JSON: " + e.getOriginalMessage()
                + ". Fix: write them as a JSON object, e.g. " + name + " {\"serial\": \"NR2-0042\"}.";
    }

    static String blankToolName(String name) {
        return "A tool call needs the tool's name, but it is " + (name == null ? "null" : "blank")
                + ". Fix: pass the name the model called, e.g. \"lookupOrder\".";
    }

    static String nullToolCalls(List<ToolCall> toolCalls) {
        return "A trajectory's tool calls must be a list without nulls, but got " + toolCalls
                + ". Fix: pass List.of() for an agent that called no tool.";
    }
}
