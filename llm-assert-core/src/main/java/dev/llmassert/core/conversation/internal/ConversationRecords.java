package dev.llmassert.core.conversation.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.Turn;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The evaluation record's JSON form of a conversation ({@code system}, {@code turns} with each turn's {@code user},
 * {@code assistant}, {@code toolCalls} and {@code sources}, then {@code ending}) and of tool calls, which an agent's
 * response and a conversation's turn write the same way.
 */
@API(status = INTERNAL, since = "0.1")
public final class ConversationRecords {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ConversationRecords() {}

    /** The record's JSON of {@code conversation}. */
    public static ObjectNode write(Conversation conversation) {
        ObjectNode node = NODES.objectNode();
        if (!conversation.systemMessage().isBlank()) {
            node.put("system", conversation.systemMessage());
        }
        ArrayNode turns = node.putArray("turns");
        for (Turn turn : conversation.turns()) {
            ObjectNode t = turns.addObject().put("user", turn.user());
            if (!turn.toolCalls().isEmpty()) {
                writeToolCalls(t.putArray("toolCalls"), turn.toolCalls());
            }
            if (!turn.sources().isEmpty()) {
                ArrayNode sources = t.putArray("sources");
                turn.sources().forEach(sources::add);
            }
            t.put("assistant", turn.assistant());
        }
        if (conversation.ending() != null) {
            node.put("ending", conversation.ending().id());
        }
        return node;
    }

    /** The conversation a record's JSON holds, as {@link #write} wrote it. */
    public static Conversation read(JsonNode node) {
        Conversation.Builder conversation =
                Conversation.builder().system(node.path("system").asText(""));
        for (JsonNode t : node.path("turns")) {
            List<String> sources = new ArrayList<>();
            t.path("sources").forEach(source -> sources.add(source.asText()));
            conversation.turn(new Turn(
                    t.path("user").asText(),
                    t.path("assistant").asText(""),
                    readToolCalls(t.path("toolCalls")),
                    sources));
        }
        if (node.hasNonNull("ending")) {
            conversation.ending(Ending.fromId(node.get("ending").asText()));
        }
        return conversation.build();
    }

    /** Writes {@code toolCalls} into {@code calls}: each one's name, arguments, result and whether it failed. */
    public static void writeToolCalls(ArrayNode calls, List<ToolCall> toolCalls) {
        for (ToolCall call : toolCalls) {
            ObjectNode c = calls.addObject().put("name", call.name());
            c.set("arguments", call.argumentsAreJson() ? call.arguments() : NODES.textNode(call.argumentsJson()));
            c.put("result", call.result());
            if (call.failed()) {
                c.put("failed", true);
            }
        }
    }

    /** The tool calls {@link #writeToolCalls} wrote. */
    public static List<ToolCall> readToolCalls(JsonNode calls) {
        List<ToolCall> read = new ArrayList<>();
        for (JsonNode c : calls) {
            JsonNode arguments = c.path("arguments");
            read.add(new ToolCall(
                    c.path("name").asText(),
                    arguments.isTextual() ? arguments.asText() : arguments.toString(),
                    c.path("result").asText(),
                    c.path("failed").asBoolean(false)));
        }
        return read;
    }
}
