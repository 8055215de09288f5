package dev.llmassert.core.eval;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.internal.ConversationRecords;
import dev.llmassert.core.run.internal.RunRecords;
import dev.llmassert.core.stats.Interval;
import dev.llmassert.core.stats.MeasurementKind;
import dev.llmassert.core.stats.Summary;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The evaluation record's JSON form: {@code "format": 1}, then the run's description, the results, the context
 * texts several items share ({@link SharedTexts}, each stored once) and every item.
 * Maps are written sorted and items in the test's order, so two runs of the same evaluation differ only where their
 * outcomes do, and in the one {@code timings} block: a response's own latency is not written, so that a committed
 * baseline's diff shows changed answers, not noise. A number that is not finite (the mean of no values) is written as
 * {@code null}.
 */
final class EvaluationRecords {

    static final int FORMAT = 1;

    private static final ObjectMapper JSON = RunRecords.JSON;
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};

    private static final RunRecords.Kind RECORD =
            new RunRecords.Kind("evaluation", "an", "evaluations", FORMAT, null, " as the baseline");

    private EvaluationRecords() {}

    static void write(EvaluationResults results, Path file) {
        RunRecords.write(RECORD, toJson(results), file);
    }

    static EvaluationResults read(Path file) {
        return RunRecords.read(RECORD, file, EvaluationRecords::fromJson);
    }

    static ObjectNode toJson(EvaluationResults results) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("testId", results.testId());
        root.put("test", results.test());
        root.put("systemUnderTest", results.systemUnderTest());
        root.set("annotators", JSON.valueToTree(new TreeMap<>(results.annotators())));
        root.put("recordings", results.recordings());
        root.set("versions", JSON.valueToTree(new TreeMap<>(results.versions())));
        EvaluationSettings settings = results.settings();
        ObjectNode s = root.putObject("settings");
        s.put("concurrency", settings.concurrency());
        s.put("repeats", settings.repeats());
        s.put("maxItems", settings.maxItems());
        s.put("shard", settings.shard() == null ? null : settings.shard().toString());
        s.put("confidence", settings.confidence());
        s.put("maxErrorRate", settings.maxErrorRate());
        root.set("groupBy", JSON.valueToTree(results.groupBy()));
        ObjectNode t = root.putObject("timings");
        t.put("started", results.timings().started().toString());
        t.put("wallMillis", results.timings().wallMillis());
        t.put("systemMillis", results.timings().systemMillis());
        t.put("annotationMillis", results.timings().annotationMillis());
        root.put("datasetItems", results.datasetItems());
        root.put("itemCount", results.items().size());
        root.put("errorCount", results.errors().size());
        number(root, "errorRate", results.errorRate());
        ObjectNode aggregate = root.putObject("results");
        aggregate.set("measurements", measurements(results.results().measurements()));
        ArrayNode groups = aggregate.putArray("groups");
        for (GroupResult group : results.results().groups()) {
            ObjectNode g = groups.addObject();
            g.put("key", group.key());
            g.put("value", group.value());
            g.put("items", group.items());
            g.set("measurements", measurements(group.measurements()));
        }
        SharedTexts shared = SharedTexts.of(results.items());
        if (!shared.isEmpty()) {
            root.set("sharedTexts", shared.table(JSON));
        }
        ArrayNode items = root.putArray("items");
        for (ItemResult item : results.items()) {
            items.add(item(item, shared));
        }
        return root;
    }

    private static Trajectory trajectory(Prompt prompt, JsonNode response) {
        return new Trajectory(
                prompt.text(),
                ConversationRecords.readToolCalls(response.path("toolCalls")),
                response.path("text").asText());
    }

    private static ObjectNode item(ItemResult result, SharedTexts shared) {
        ObjectNode node = JSON.createObjectNode();
        TestItem item = result.item();
        node.put("id", item.id());
        if (result.index() >= 0) {
            node.put("index", result.index());
        }
        ArrayNode prompts = node.putArray("prompts");
        for (Prompt prompt : item.prompts()) {
            ObjectNode p = prompts.addObject();
            p.put("text", prompt.text());
            if (!prompt.context().isEmpty()) {
                p.set("context", shared.write(prompt.context(), JSON));
            }
            if (prompt.hasHistory()) {
                p.set("history", ConversationRecords.write(prompt.history()));
            }
        }
        node.set("context", shared.write(item.context(), JSON));
        ArrayNode responses = node.putArray("responses");
        for (Interaction interaction : result.interactions()) {
            ObjectNode r = responses.addObject();
            r.put("prompt", interaction.promptIndex());
            r.put("repeat", interaction.repeat());
            r.put("text", interaction.response());
            if (interaction.trajectory() != null) {
                ConversationRecords.writeToolCalls(
                        r.putArray("toolCalls"), interaction.trajectory().toolCalls());
            }
            if (interaction.conversation() != null) {
                r.set("conversation", ConversationRecords.write(interaction.conversation()));
            }
        }
        ObjectNode annotations = node.putObject("annotations");
        new TreeMap<>(result.annotations()).forEach((name, list) -> {
            ArrayNode array = annotations.putArray(name);
            for (Annotation annotation : list) {
                ObjectNode a = array.addObject();
                number(a, "score", annotation.score());
                if (annotation.passed() != null) {
                    a.put("passed", annotation.passed());
                }
                if (annotation.label() != null) {
                    a.put("label", annotation.label());
                }
                if (!annotation.explanation().isEmpty()) {
                    a.put("explanation", annotation.explanation());
                }
                if (!annotation.details().isEmpty()) {
                    a.set("details", JSON.valueToTree(RunRecords.ordered(annotation.details())));
                }
            }
        });
        ObjectNode measurements = node.putObject("measurements");
        result.measurements().forEach((name, value) -> number(measurements, name, value));
        if (result.error() != null) {
            ItemError error = result.error();
            ObjectNode e = node.putObject("error");
            e.put("stage", error.stage());
            if (error.annotator() != null) {
                e.put("annotator", error.annotator());
            }
            e.put("prompt", error.promptIndex());
            e.put("repeat", error.repeat());
            e.put("type", error.type());
            e.put("message", error.message());
        }
        return node;
    }

    private static ObjectNode measurements(Map<String, MeasurementResult> measurements) {
        ObjectNode node = JSON.createObjectNode();
        new TreeMap<>(measurements).forEach((name, m) -> {
            ObjectNode n = node.putObject(name);
            Summary s = m.summary();
            n.put("n", s.n());
            number(n, "mean", s.mean());
            number(n, "min", s.min());
            number(n, "max", s.max());
            number(n, "sum", s.sum());
            number(n, "standardDeviation", s.standardDeviation());
            ObjectNode i = n.putObject("interval");
            number(i, "lower", m.interval().lower());
            number(i, "upper", m.interval().upper());
            i.put("level", m.interval().level());
            i.put("method", m.interval().method());
            if (m.kind() != null) {
                n.put("kind", m.kind().id());
            }
        });
        return node;
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }

    private static double number(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() ? Double.NaN : node.asDouble();
    }

    private static EvaluationResults fromJson(JsonNode root) {
        JsonNode s = required(root, "settings");
        String shard = s.path("shard").isNull() || s.path("shard").isMissingNode()
                ? null
                : s.path("shard").asText();
        EvaluationSettings settings = new EvaluationSettings(
                s.path("concurrency").asInt(),
                s.path("repeats").asInt(),
                s.path("maxItems").asInt(),
                shard == null ? null : EvaluationSettings.Shard.parse(shard),
                s.path("confidence").asDouble(),
                s.path("maxErrorRate").asDouble());
        JsonNode t = root.path("timings");
        Instant started =
                t.hasNonNull("started") ? Instant.parse(t.get("started").asText()) : Instant.EPOCH;
        Timings timings = new Timings(
                started,
                t.path("wallMillis").asLong(),
                t.path("systemMillis").asLong(),
                t.path("annotationMillis").asLong());
        List<ItemResult> items = new ArrayList<>();
        JsonNode shared = root.path("sharedTexts");
        for (JsonNode item : required(root, "items")) {
            items.add(item(item, shared));
        }
        JsonNode aggregate = required(root, "results");
        List<GroupResult> groups = new ArrayList<>();
        for (JsonNode g : aggregate.path("groups")) {
            groups.add(new GroupResult(
                    g.path("key").asText(),
                    g.path("value").asText(),
                    g.path("items").asInt(),
                    measurements(g.path("measurements"))));
        }
        return new EvaluationResults(
                root.path("testId").asText(""),
                root.path("test").asText(""),
                root.path("systemUnderTest").asText(""),
                strings(root.path("annotators")),
                root.path("recordings").asText("none"),
                strings(root.path("versions")),
                settings,
                JSON.convertValue(root.path("groupBy"), STRINGS),
                timings,
                root.path("datasetItems").asInt(items.size()),
                items,
                new AggregateResults(measurements(aggregate.path("measurements")), groups));
    }

    @SuppressWarnings("unchecked")
    private static ItemResult item(JsonNode node, JsonNode shared) {
        String id = required(node, "id").asText();
        List<Prompt> prompts = new ArrayList<>();
        for (JsonNode p : required(node, "prompts")) {
            prompts.add(new Prompt(
                    p.path("text").asText(),
                    p.has("context")
                            ? SharedTexts.read(p.get("context"), shared, "item '" + id + "', a prompt's context")
                            : Map.of(),
                    p.has("history") ? ConversationRecords.read(p.get("history")) : null));
        }
        TestItem item =
                new TestItem(id, prompts, SharedTexts.read(node.path("context"), shared, "item '" + id + "', context"));
        List<Interaction> interactions = new ArrayList<>();
        for (JsonNode r : node.path("responses")) {
            int index = r.path("prompt").asInt();
            if (index < 0 || index >= prompts.size()) {
                throw new IllegalArgumentException("item '" + id + "' has a response to prompt " + index + ", but only "
                        + prompts.size() + " prompts");
            }
            interactions.add(new Interaction(
                    index,
                    r.path("repeat").asInt(),
                    prompts.get(index),
                    r.path("text").asText(),
                    0,
                    r.has("toolCalls") ? trajectory(prompts.get(index), r) : null,
                    r.has("conversation") ? ConversationRecords.read(r.get("conversation")) : null));
        }
        Map<String, List<Annotation>> annotations = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.path("annotations").properties()) {
            List<Annotation> list = new ArrayList<>();
            for (JsonNode a : entry.getValue()) {
                list.add(new Annotation(
                        number(a.get("score")),
                        a.has("passed") ? a.get("passed").asBoolean() : null,
                        a.has("label") ? a.get("label").asText() : null,
                        a.path("explanation").asText(""),
                        a.has("details") ? JSON.convertValue(a.get("details"), Map.class) : Map.of()));
            }
            annotations.put(entry.getKey(), list);
        }
        Map<String, Double> measurements = new LinkedHashMap<>();
        node.path("measurements").properties().forEach(e -> measurements.put(e.getKey(), number(e.getValue())));
        ItemError error = null;
        JsonNode e = node.get("error");
        if (e != null && !e.isNull()) {
            error = new ItemError(
                    e.path("stage").asText(),
                    e.has("annotator") ? e.get("annotator").asText() : null,
                    e.path("prompt").asInt(-1),
                    e.path("repeat").asInt(-1),
                    e.path("type").asText(),
                    e.path("message").asText(""),
                    null);
        }
        return new ItemResult(
                item,
                interactions,
                annotations,
                measurements,
                error,
                node.path("index").asInt(-1));
    }

    private static Map<String, MeasurementResult> measurements(JsonNode node) {
        Map<String, MeasurementResult> results = new TreeMap<>();
        node.properties().forEach(e -> {
            JsonNode n = e.getValue();
            JsonNode i = n.path("interval");
            results.put(
                    e.getKey(),
                    new MeasurementResult(
                            e.getKey(),
                            new Summary(
                                    n.path("n").asInt(),
                                    number(n.get("mean")),
                                    number(n.get("min")),
                                    number(n.get("max")),
                                    number(n.get("sum")),
                                    number(n.get("standardDeviation"))),
                            new Interval(
                                    number(i.get("lower")),
                                    number(i.get("upper")),
                                    i.path("level").asDouble(),
                                    i.path("method").asText()),
                            n.hasNonNull("kind")
                                    ? MeasurementKind.of(n.get("kind").asText())
                                    : null));
        });
        return results;
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> map = new TreeMap<>();
        node.properties().forEach(e -> map.put(e.getKey(), e.getValue().asText()));
        return map;
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("it has no \"" + field + "\"");
        }
        return value;
    }
}
