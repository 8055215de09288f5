package dev.llmassert.core.record.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Says in words how a request differs from a recorded one, so that a replay miss points at the edit that caused it:
 * "the system message differs at line 3", "the user message differs in sentence 2", "temperature differs".
 */
@API(status = INTERNAL, since = "0.1")
public final class RequestDiff {

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");
    /** A judge prompt's data tag ({@code <<data-3f9a1c0b2e4d>>}, {@code <</data-...>>}), its nonce in group 2. */
    private static final Pattern DATA_TAG_NONCE = Pattern.compile("(<</?data-)([0-9a-f]{12})>>");

    private static final int EXCERPT = 80;
    private static final int MAX_PARAMETER_DIFFERENCES = 6;

    private RequestDiff() {}

    /** The recorded entry nearest to {@code request}, and how they differ. */
    @API(status = INTERNAL, since = "0.1")
    public record Nearest(Entry entry, List<String> differences) {}

    /** The entry of {@code entries} nearest to {@code request}, or {@code null} when there are none. */
    public static Nearest nearest(JsonNode request, Collection<Entry> entries) {
        Entry best = null;
        double bestDistance = Double.MAX_VALUE;
        for (Entry entry : entries) {
            double distance = distance(entry.request(), request);
            if (distance < bestDistance
                    || (distance == bestDistance && best != null && entry.key().compareTo(best.key()) < 0)) {
                best = entry;
                bestDistance = distance;
            }
        }
        return best == null ? null : new Nearest(best, differences(best.request(), request));
    }

    /** One line of text per difference between {@code recorded} and {@code now}. */
    public static List<String> differences(JsonNode recorded, JsonNode now) {
        List<String> out = new ArrayList<>();
        String recordedModel = recorded.path("model").asText(null);
        String nowModel = now.path("model").asText(null);
        if (!same(recorded.path("model"), now.path("model"))) {
            out.add("model differs: recorded " + show(recordedModel) + " vs now " + show(nowModel));
        }
        List<String> parameters = new ArrayList<>();
        diffTree("", recorded.path("parameters"), now.path("parameters"), parameters);
        if (parameters.size() > MAX_PARAMETER_DIFFERENCES) {
            int more = parameters.size() - MAX_PARAMETER_DIFFERENCES;
            parameters = new ArrayList<>(parameters.subList(0, MAX_PARAMETER_DIFFERENCES));
            parameters.add("... and " + more + " more parameter differences");
        }
        out.addAll(parameters);
        diffMessages(recorded.path("messages"), now.path("messages"), out);
        if (out.isEmpty()) {
            out.add("no difference in the readable request; the recorded key may be stale "
                    + "(rewrite keys with dev.llmassert.core.record.RecordingKeys)");
        }
        return out;
    }

    /** A one-line summary: model, main parameters, and an excerpt of each message. */
    public static String summary(JsonNode request) {
        StringBuilder out = new StringBuilder();
        out.append("model ").append(show(request.path("model").asText(null)));
        JsonNode parameters = request.path("parameters");
        for (Map.Entry<String, JsonNode> parameter : parameters.properties()) {
            JsonNode value = parameter.getValue();
            if ("responseFormat".equals(parameter.getKey())) {
                out.append(", response format ").append(value.path("type").asText());
                String schema = value.path("schema").path("name").asText(null);
                if (schema != null) {
                    out.append(" (schema '").append(schema).append("')");
                }
            } else if (value.isValueNode()) {
                out.append(", ").append(parameter.getKey()).append(' ').append(value.asText());
            } else {
                out.append(", ")
                        .append(parameter.getKey())
                        .append(" (")
                        .append(value.size())
                        .append(')');
            }
        }
        JsonNode messages = request.path("messages");
        out.append(", ").append(messages.size()).append(messages.size() == 1 ? " message:" : " messages:");
        for (JsonNode message : messages) {
            String text = messageText(message);
            out.append(System.lineSeparator())
                    .append("             ")
                    .append(message.path("role").asText())
                    .append(" (")
                    .append(text.length())
                    .append(" chars) '")
                    .append(excerpt(text, 0))
                    .append('\'');
            for (JsonNode call : message.path("toolCalls")) {
                // an assistant message that only asks for tools has no text: show the calls instead
                out.append(", calls ")
                        .append(call.path("name").asText())
                        .append(' ')
                        .append(excerpt(call.path("arguments").asText(), 0));
            }
        }
        return out.toString();
    }

    private static void diffMessages(JsonNode recorded, JsonNode now, List<String> out) {
        Map<String, Integer> roleCounts = new HashMap<>();
        for (JsonNode message : now) {
            roleCounts.merge(message.path("role").asText(), 1, Integer::sum);
        }
        Map<String, Integer> seen = new HashMap<>();
        int common = Math.min(recorded.size(), now.size());
        for (int i = 0; i < common; i++) {
            JsonNode r = recorded.get(i);
            JsonNode n = now.get(i);
            String role = n.path("role").asText();
            int ordinal = seen.merge(role, 1, Integer::sum);
            String label =
                    roleCounts.getOrDefault(role, 0) == 1 ? "the " + role + " message" : role + " message " + ordinal;
            if (!r.path("role").asText().equals(role)) {
                out.add("message " + (i + 1) + " is a " + role + " message now, a "
                        + r.path("role").asText() + " message in the recording");
                continue;
            }
            String textDifference = textDifference(label, messageText(r), messageText(n));
            if (textDifference != null) {
                out.add(textDifference);
            }
            List<String> other = new ArrayList<>();
            diffTree(label + " ", without(r), without(n), other);
            out.addAll(other);
        }
        if (now.size() != recorded.size()) {
            out.add("the request has " + now.size() + (now.size() == 1 ? " message" : " messages") + " now vs "
                    + recorded.size() + " recorded");
            for (int i = common; i < now.size(); i++) {
                out.add("new message " + (i + 1) + ": "
                        + now.get(i).path("role").asText() + " '" + excerpt(messageText(now.get(i)), 0) + "'");
            }
            for (int i = common; i < recorded.size(); i++) {
                out.add("recorded message " + (i + 1) + " is gone: "
                        + recorded.get(i).path("role").asText() + " '" + excerpt(messageText(recorded.get(i)), 0)
                        + "'");
            }
        }
    }

    private static JsonNode without(JsonNode message) {
        com.fasterxml.jackson.databind.node.ObjectNode copy =
                ((com.fasterxml.jackson.databind.node.ObjectNode) message).deepCopy();
        copy.remove("role");
        copy.remove("text");
        return copy;
    }

    static String textDifference(String label, String recorded, String now) {
        if (recorded.equals(now)) {
            return null;
        }
        // Judge prompts mark their data with tags whose nonce derives from every delimited text: an edit of any text
        // changes each tag line, so the tags are compared without their nonce, and the edit itself is shown.
        String recordedMasked = DATA_TAG_NONCE.matcher(recorded).replaceAll("$1…>>");
        String nowMasked = DATA_TAG_NONCE.matcher(now).replaceAll("$1…>>");
        if (recordedMasked.equals(nowMasked)) {
            Matcher r = DATA_TAG_NONCE.matcher(recorded);
            Matcher n = DATA_TAG_NONCE.matcher(now);
            return label + " differs only in the nonce of its data tags: recorded '"
                    + (r.find() ? r.group() : "") + "' vs now '" + (n.find() ? n.group() : "")
                    + "' (the nonce derives from every text the judgement shows, so another of them changed)";
        }
        recorded = recordedMasked;
        now = nowMasked;
        String[] recordedLines = recorded.split("\n", -1);
        String[] nowLines = now.split("\n", -1);
        if (recordedLines.length > 1 || nowLines.length > 1) {
            int line = 0;
            while (line < recordedLines.length
                    && line < nowLines.length
                    && recordedLines[line].equals(nowLines[line])) {
                line++;
            }
            if (line >= recordedLines.length) {
                return label + " has " + lines(nowLines.length) + " now vs " + recordedLines.length
                        + " recorded; new line " + (line + 1) + ": '" + excerpt(nowLines[line], 0) + "'";
            }
            if (line >= nowLines.length) {
                return label + " has " + lines(nowLines.length) + " now vs " + recordedLines.length
                        + " recorded; recorded line " + (line + 1) + " is gone: '"
                        + excerpt(recordedLines[line], 0) + "'";
            }
            return label + " differs at line " + (line + 1)
                    + sentenceDifference(recordedLines[line], nowLines[line], true);
        }
        return label + " differs" + sentenceDifference(recorded, now, false);
    }

    private static String sentenceDifference(String recorded, String now, boolean inLine) {
        String[] recordedSentences = SENTENCE_END.split(recorded, -1);
        String[] nowSentences = SENTENCE_END.split(now, -1);
        String r = recorded;
        String n = now;
        String where = "";
        if (recordedSentences.length > 1 || nowSentences.length > 1) {
            int s = 0;
            while (s < recordedSentences.length
                    && s < nowSentences.length
                    && recordedSentences[s].equals(nowSentences[s])) {
                s++;
            }
            where = (inLine ? ", sentence " : " in sentence ") + (s + 1);
            r = s < recordedSentences.length ? recordedSentences[s] : "";
            n = s < nowSentences.length ? nowSentences[s] : "";
        }
        int at = firstDifference(r, n);
        return where + ": recorded '" + excerpt(r, at) + "' vs now '" + excerpt(n, at) + "'";
    }

    private static void diffTree(String path, JsonNode recorded, JsonNode now, List<String> out) {
        if (same(recorded, now)) {
            return;
        }
        if (recorded.isObject() && now.isObject()) {
            Set<String> names = new LinkedHashSet<>();
            now.fieldNames().forEachRemaining(names::add);
            recorded.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                diffTree(
                        path + (path.isEmpty() || path.endsWith(" ") ? "" : ".") + name,
                        recorded.path(name),
                        now.path(name),
                        out);
            }
            return;
        }
        if (recorded.isArray() && now.isArray() && recorded.size() == now.size()) {
            for (int i = 0; i < recorded.size(); i++) {
                diffTree(path + "[" + i + "]", recorded.get(i), now.get(i), out);
            }
            return;
        }
        if (recorded.isTextual() && now.isTextual()) {
            int at = firstDifference(recorded.textValue(), now.textValue());
            out.add(path + " differs: recorded '" + excerpt(recorded.textValue(), at) + "' vs now '"
                    + excerpt(now.textValue(), at) + "'");
            return;
        }
        out.add(path + " differs: recorded " + value(recorded) + " vs now " + value(now));
    }

    private static boolean same(JsonNode a, JsonNode b) {
        boolean aAbsent = a == null || a.isMissingNode() || a.isNull();
        boolean bAbsent = b == null || b.isMissingNode() || b.isNull();
        if (aAbsent || bAbsent) {
            return aAbsent && bAbsent;
        }
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return CanonicalRequests.canonicalJson(a).equals(CanonicalRequests.canonicalJson(b));
    }

    private static String value(JsonNode node) {
        if (node == null || node.isMissingNode() || node == NullNode.instance) {
            return "(not set)";
        }
        String text = node.isValueNode() ? node.asText() : node.toString();
        return excerpt(text, 0);
    }

    private static String show(String value) {
        return value == null ? "(not set)" : value;
    }

    private static String messageText(JsonNode message) {
        JsonNode text = message.get("text");
        if (text != null && text.isTextual()) {
            return text.textValue();
        }
        StringBuilder out = new StringBuilder();
        for (JsonNode content : message.path("contents")) {
            if (content.path("text").isTextual()) {
                out.append(content.path("text").textValue());
            }
        }
        return out.toString();
    }

    private static int firstDifference(String a, String b) {
        int limit = Math.min(a.length(), b.length());
        int i = 0;
        while (i < limit && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    /** Up to {@value #EXCERPT} characters of {@code text} around {@code at}, on one line. */
    static String excerpt(String text, int at) {
        String flat = text.replace("\n", "\\n");
        if (flat.length() <= EXCERPT) {
            return flat;
        }
        int start = Math.max(0, Math.min(at - EXCERPT / 3, flat.length() - EXCERPT));
        int end = Math.min(flat.length(), start + EXCERPT);
        return (start > 0 ? "..." : "") + flat.substring(start, end) + (end < flat.length() ? "..." : "");
    }

    private static double distance(JsonNode recorded, JsonNode now) {
        double distance = same(recorded.path("model"), now.path("model")) ? 0 : 1;
        JsonNode rp = recorded.path("parameters");
        JsonNode np = now.path("parameters");
        if (!same(rp, np)) {
            Set<String> names = new LinkedHashSet<>();
            rp.fieldNames().forEachRemaining(names::add);
            np.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                distance += same(rp.path(name), np.path(name)) ? 0 : 1;
            }
        }
        JsonNode rm = recorded.path("messages");
        JsonNode nm = now.path("messages");
        distance += Math.abs(rm.size() - nm.size());
        for (int i = 0; i < Math.min(rm.size(), nm.size()); i++) {
            if (!rm.get(i).path("role").asText().equals(nm.get(i).path("role").asText())) {
                distance += 1;
            }
            String a = messageText(rm.get(i));
            String b = messageText(nm.get(i));
            if (!a.equals(b)) {
                int prefix = firstDifference(a, b);
                int suffix = 0;
                while (suffix < a.length() - prefix
                        && suffix < b.length() - prefix
                        && a.charAt(a.length() - 1 - suffix) == b.charAt(b.length() - 1 - suffix)) {
                    suffix++;
                }
                distance += 1.0 - (double) (prefix + suffix) / Math.max(a.length(), b.length());
            }
        }
        return distance;
    }

    private static String lines(int n) {
        return n + (n == 1 ? " line" : " lines");
    }
}
