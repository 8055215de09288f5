package dev.llmassert.core.record.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.CustomMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import org.apiguardian.api.API;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The canonical, readable form of a chat request, and its key.
 *
 * <p>The canonical form holds only what decides the reply: the model name, the messages, the sampling parameters,
 * the response format and the tools. It has no endpoint, header or credential, because there is no field for them.
 * It is also what the recordings file shows under {@code "request"}, so a key can be recomputed from the file alone.
 *
 * <p>The key is the SHA-256 of the form written with sorted object keys and numbers in plain decimal: a hand-written
 * {@code "temperature": 0} and a recorded {@code 0.0} give the same key, as do two field orders.
 */
@API(status = INTERNAL, since = "0.1")
public final class CanonicalRequests {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory();

    private CanonicalRequests() {}

    /** The canonical form of {@code request}, as sent to the model (its parameters already merged with defaults). */
    public static ObjectNode toNode(ChatRequest request) {
        ObjectNode root = NODES.objectNode();
        ChatRequestParameters p = request.parameters();
        if (p != null && p.modelName() != null) {
            root.put("model", p.modelName());
        }
        ArrayNode messages = root.putArray("messages");
        for (ChatMessage message : request.messages()) {
            messages.add(message(message));
        }
        ObjectNode parameters = p == null ? NODES.objectNode() : parameters(p);
        if (!parameters.isEmpty()) {
            root.set("parameters", parameters);
        }
        return root;
    }

    /** The SHA-256 hex of the canonical form. */
    public static String key(JsonNode canonical) {
        return sha256(canonicalBytes(canonical));
    }

    /** The texts of the canonical request's messages, one a line (a message of several parts, each part). */
    public static String messageText(JsonNode canonical) {
        StringBuilder text = new StringBuilder();
        for (JsonNode message : canonical.path("messages")) {
            if (message.path("text").isTextual()) {
                text.append(message.path("text").asText()).append('\n');
            }
            for (JsonNode part : message.path("contents")) {
                if (part.path("text").isTextual()) {
                    text.append(part.path("text").asText()).append('\n');
                }
            }
        }
        return text.toString();
    }

    /**
     * A copy of {@code canonical} with every message text (a part's text too, and a tool result's) passed through
     * {@code change}; {@code canonical} itself when no text changed. The model name, parameters and tool calls stay.
     */
    public static ObjectNode withTexts(ObjectNode canonical, UnaryOperator<String> change) {
        ObjectNode copy = canonical.deepCopy();
        boolean changed = false;
        for (JsonNode message : copy.path("messages")) {
            changed |= changeText((ObjectNode) message, change);
            for (JsonNode part : message.path("contents")) {
                changed |= changeText((ObjectNode) part, change);
            }
        }
        return changed ? copy : canonical;
    }

    private static boolean changeText(ObjectNode node, UnaryOperator<String> change) {
        if (!node.path("text").isTextual()) {
            return false;
        }
        String text = node.path("text").asText();
        String changed = change.apply(text);
        if (changed.equals(text)) {
            return false;
        }
        node.put("text", changed);
        return true;
    }

    /** The canonical form as compact JSON with sorted keys: exactly the bytes the key is the hash of. */
    public static String canonicalJson(JsonNode canonical) {
        return new String(canonicalBytes(canonical), StandardCharsets.UTF_8);
    }

    private static byte[] canonicalBytes(JsonNode canonical) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try (JsonGenerator out = FACTORY.createGenerator(bytes)) {
            writeCanonical(canonical, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void writeCanonical(JsonNode node, JsonGenerator out) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT -> {
                TreeMap<String, JsonNode> sorted = new TreeMap<>();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    if (!field.getValue().isNull() && !field.getValue().isMissingNode()) {
                        sorted.put(field.getKey(), field.getValue());
                    }
                }
                out.writeStartObject();
                for (Map.Entry<String, JsonNode> field : sorted.entrySet()) {
                    out.writeFieldName(field.getKey());
                    writeCanonical(field.getValue(), out);
                }
                out.writeEndObject();
            }
            case ARRAY -> {
                out.writeStartArray();
                for (JsonNode element : node) {
                    writeCanonical(element, out);
                }
                out.writeEndArray();
            }
            case NUMBER ->
                out.writeNumber(node.decimalValue().stripTrailingZeros().toPlainString());
            case BOOLEAN -> out.writeBoolean(node.booleanValue());
            case STRING -> out.writeString(node.textValue());
            default -> out.writeNull();
        }
    }

    private static ObjectNode message(ChatMessage message) {
        ObjectNode node = NODES.objectNode();
        if (message instanceof SystemMessage system) {
            node.put("role", "system");
            node.put("text", system.text());
        } else if (message instanceof UserMessage user) {
            node.put("role", "user");
            if (user.name() != null) {
                node.put("name", user.name());
            }
            if (user.hasSingleText()) {
                node.put("text", user.singleText());
            } else {
                ArrayNode contents = node.putArray("contents");
                for (Content content : user.contents()) {
                    contents.add(content(content));
                }
            }
        } else if (message instanceof AiMessage ai) {
            node.put("role", "assistant");
            if (ai.text() != null) {
                node.put("text", ai.text());
            }
            if (ai.hasToolExecutionRequests()) {
                ArrayNode calls = node.putArray("toolCalls");
                for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
                    // The call id is left out: it is the model's random handle, not part of what was asked.
                    calls.addObject().put("name", call.name()).put("arguments", call.arguments());
                }
            }
        } else if (message instanceof ToolExecutionResultMessage result) {
            node.put("role", "tool");
            node.put("toolName", result.toolName());
            node.put("text", result.text());
        } else if (message instanceof CustomMessage custom) {
            node.put("role", "custom");
            ObjectNode attributes = node.putObject("attributes");
            new TreeMap<>(custom.attributes()).forEach((k, v) -> attributes.put(k, String.valueOf(v)));
        } else {
            node.put("role", message.type().name().toLowerCase(Locale.ROOT));
            node.put("text", String.valueOf(message));
        }
        return node;
    }

    private static ObjectNode content(Content content) {
        ObjectNode node = NODES.objectNode();
        if (content instanceof TextContent text) {
            node.put("type", "text");
            node.put("text", text.text());
        } else {
            // Media can be megabytes of base64: the recording keeps a fingerprint, enough to tell two inputs apart.
            node.put("type", content.type().name().toLowerCase(Locale.ROOT));
            node.put("sha256", sha256(String.valueOf(content)));
        }
        return node;
    }

    private static ObjectNode parameters(ChatRequestParameters p) {
        ObjectNode node = NODES.objectNode();
        putIfSet(node, "temperature", p.temperature());
        putIfSet(node, "topP", p.topP());
        putIfSet(node, "topK", p.topK());
        putIfSet(node, "frequencyPenalty", p.frequencyPenalty());
        putIfSet(node, "presencePenalty", p.presencePenalty());
        putIfSet(node, "maxOutputTokens", p.maxOutputTokens());
        if (p.stopSequences() != null && !p.stopSequences().isEmpty()) {
            ArrayNode stops = node.putArray("stopSequences");
            p.stopSequences().forEach(stops::add);
        }
        ResponseFormat format = p.responseFormat();
        if (format != null && (format.type() != ResponseFormatType.TEXT || format.jsonSchema() != null)) {
            ObjectNode f = node.putObject("responseFormat");
            f.put("type", format.type().name());
            if (format.jsonSchema() != null) {
                ObjectNode schema = f.putObject("schema");
                if (format.jsonSchema().name() != null) {
                    schema.put("name", format.jsonSchema().name());
                }
                if (format.jsonSchema().rootElement() != null) {
                    schema.set("root", schema(format.jsonSchema().rootElement()));
                }
            }
        }
        if (p.toolSpecifications() != null && !p.toolSpecifications().isEmpty()) {
            ArrayNode tools = node.putArray("tools");
            // By name: an AI service lists its @Tool methods in reflection order, which the JVM does not fix, so the
            // same tools may come in another order from one run to the next.
            for (ToolSpecification tool : p.toolSpecifications().stream()
                    .sorted(Comparator.comparing(ToolSpecification::name))
                    .toList()) {
                ObjectNode t = tools.addObject();
                t.put("name", tool.name());
                if (tool.description() != null) {
                    t.put("description", tool.description());
                }
                if (tool.parameters() != null) {
                    t.set("parameters", schema(tool.parameters()));
                }
            }
        }
        if (p.toolChoice() != null) {
            node.put("toolChoice", p.toolChoice().name());
        }
        if (p instanceof OpenAiChatRequestParameters openAi) {
            // Only what changes the reply; user, store, metadata and service tier are bookkeeping.
            putIfSet(node, "seed", openAi.seed());
            putIfSet(node, "maxCompletionTokens", openAi.maxCompletionTokens());
            if (openAi.reasoningEffort() != null) {
                node.put("reasoningEffort", openAi.reasoningEffort());
            }
            if (openAi.parallelToolCalls() != null) {
                node.put("parallelToolCalls", openAi.parallelToolCalls());
            }
            // Asking for log-probabilities changes what the reply holds (a judge may score by them).
            if (openAi.logprobs() != null) {
                node.put("logprobs", openAi.logprobs());
            }
            putIfSet(node, "topLogprobs", openAi.topLogprobs());
            if (openAi.logitBias() != null && !openAi.logitBias().isEmpty()) {
                ObjectNode bias = node.putObject("logitBias");
                new TreeMap<>(openAi.logitBias()).forEach(bias::put);
            }
        }
        return node;
    }

    private static ObjectNode schema(JsonSchemaElement element) {
        ObjectNode node = NODES.objectNode();
        if (element instanceof JsonObjectSchema object) {
            node.put("type", "object");
            describe(node, object.description());
            if (object.properties() != null && !object.properties().isEmpty()) {
                ObjectNode properties = node.putObject("properties");
                object.properties().forEach((name, value) -> properties.set(name, schema(value)));
            }
            if (object.required() != null && !object.required().isEmpty()) {
                ArrayNode required = node.putArray("required");
                object.required().forEach(required::add);
            }
            if (object.additionalProperties() != null) {
                node.put("additionalProperties", object.additionalProperties());
            }
            if (object.definitions() != null && !object.definitions().isEmpty()) {
                ObjectNode defs = node.putObject("$defs");
                object.definitions().forEach((name, value) -> defs.set(name, schema(value)));
            }
        } else if (element instanceof JsonStringSchema string) {
            node.put("type", "string");
            describe(node, string.description());
        } else if (element instanceof JsonIntegerSchema integer) {
            node.put("type", "integer");
            describe(node, integer.description());
        } else if (element instanceof JsonNumberSchema number) {
            node.put("type", "number");
            describe(node, number.description());
        } else if (element instanceof JsonBooleanSchema bool) {
            node.put("type", "boolean");
            describe(node, bool.description());
        } else if (element instanceof JsonNullSchema) {
            node.put("type", "null");
        } else if (element instanceof JsonEnumSchema enumeration) {
            node.put("type", "string");
            describe(node, enumeration.description());
            ArrayNode values = node.putArray("enum");
            enumeration.enumValues().forEach(values::add);
        } else if (element instanceof JsonArraySchema array) {
            node.put("type", "array");
            describe(node, array.description());
            if (array.items() != null) {
                node.set("items", schema(array.items()));
            }
        } else if (element instanceof JsonAnyOfSchema anyOf) {
            describe(node, anyOf.description());
            ArrayNode options = node.putArray("anyOf");
            anyOf.anyOf().forEach(option -> options.add(schema(option)));
        } else if (element instanceof JsonReferenceSchema reference) {
            node.put("$ref", "#/$defs/" + reference.reference());
        } else if (element instanceof JsonRawSchema raw) {
            try {
                return (ObjectNode) JSON.readTree(raw.schema());
            } catch (IOException | ClassCastException e) {
                node.put("raw", raw.schema());
            }
        } else {
            node.put("type", element.getClass().getSimpleName());
            node.put("text", String.valueOf(element));
        }
        return node;
    }

    private static void describe(ObjectNode node, String description) {
        if (description != null) {
            node.put("description", description);
        }
    }

    private static void putIfSet(ObjectNode node, String name, Number value) {
        if (value instanceof Double d) {
            node.put(name, d);
        } else if (value instanceof Integer i) {
            node.put(name, i);
        } else if (value != null) {
            node.put(name, value.toString());
        }
    }

    /** The texts of a list of lines, for a field the file may write either way. */
    static String joinLines(List<String> lines) {
        return String.join("\n", lines);
    }

    static List<String> splitLines(String text) {
        return new ArrayList<>(List.of(text.split("\n", -1)));
    }

    private static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }
}
