package dev.llmassert.core.dataset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The roles a {@link DatasetFile}'s calls gave its fields: the id, the prompts, the context and the fields left
 * unused. Immutable; each {@code with...} checks the names and that no field gets two roles.
 */
final class DatasetRoles {

    /** How a context field's value is kept. */
    enum ContextKind {
        /** As a text, or a list of texts when it holds a list; a CSV cell is one text. */
        TEXT("context"),
        /** Always as a list of texts; a CSV cell is split at {@code |}. */
        LIST("contextList");

        /** The method that gives the role. */
        final String role;

        ContextKind(String role) {
            this.role = role;
        }
    }

    private final String source;
    private final String id;
    private final List<String> prompts;
    private final Map<String, ContextKind> context;
    private final List<String> ignored;

    private DatasetRoles(
            String source, String id, List<String> prompts, Map<String, ContextKind> context, List<String> ignored) {
        this.source = source;
        this.id = id;
        this.prompts = prompts;
        this.context = context;
        this.ignored = ignored;
    }

    /** No roles yet, for the file named {@code source} in messages. */
    static DatasetRoles none(String source) {
        return new DatasetRoles(source, null, List.of(), Map.of(), List.of());
    }

    DatasetRoles withId(String field) {
        String name = name(field, "id");
        new DatasetRoles(source, null, prompts, context, ignored).checkFree(name, "id");
        return new DatasetRoles(source, name, prompts, context, ignored);
    }

    DatasetRoles withPrompts(String[] fields) {
        List<String> all = new ArrayList<>(prompts);
        for (String field : names(fields, "prompts")) {
            checkFree(field, "prompts");
            all.add(field);
        }
        return new DatasetRoles(source, id, List.copyOf(all), context, ignored);
    }

    DatasetRoles withContext(String[] fields, ContextKind kind) {
        Map<String, ContextKind> all = new LinkedHashMap<>(context);
        for (String field : names(fields, kind.role)) {
            checkFree(field, kind.role);
            all.put(field, kind);
        }
        return new DatasetRoles(source, id, prompts, Collections.unmodifiableMap(all), ignored);
    }

    DatasetRoles withIgnored(String[] fields) {
        List<String> all = new ArrayList<>(ignored);
        for (String field : names(fields, "ignore")) {
            checkFree(field, "ignore");
            all.add(field);
        }
        return new DatasetRoles(source, id, prompts, context, List.copyOf(all));
    }

    /** The id field named with {@code .id(..)}, or {@code null}. */
    String id() {
        return id;
    }

    /** The prompt fields named, in order; empty when none was. */
    List<String> prompts() {
        return prompts;
    }

    /** The context fields named, in order, with how each is kept. */
    Map<String, ContextKind> context() {
        return context;
    }

    /** Every field a role names: the id, the prompts, the context, the fields left unused. */
    List<String> named() {
        List<String> named = new ArrayList<>();
        if (id != null) {
            named.add(id);
        }
        named.addAll(prompts);
        named.addAll(context.keySet());
        named.addAll(ignored);
        return named;
    }

    /** The method that gave {@code field} its role ({@code prompts}, {@code contextList}, ...), or {@code null}. */
    String roleOf(String field) {
        if (field.equals(id)) {
            return "id";
        }
        if (prompts.contains(field)) {
            return "prompts";
        }
        if (context.containsKey(field)) {
            return context.get(field).role;
        }
        return ignored.contains(field) ? "ignore" : null;
    }

    /** The role calls made but the id's, as code: {@code .prompts("question")}, {@code .context("topic", "a")}. */
    List<String> calls() {
        List<String> calls = new ArrayList<>();
        if (!prompts.isEmpty()) {
            calls.add(".prompts(" + quoted(prompts) + ")");
        }
        for (ContextKind kind : ContextKind.values()) {
            List<String> fields = context.entrySet().stream()
                    .filter(e -> e.getValue() == kind)
                    .map(Map.Entry::getKey)
                    .toList();
            if (!fields.isEmpty()) {
                calls.add("." + kind.role + "(" + quoted(fields) + ")");
            }
        }
        if (!ignored.isEmpty()) {
            calls.add(".ignore(" + quoted(ignored) + ")");
        }
        return calls;
    }

    static String quoted(List<String> fields) {
        return fields.stream().map(field -> "\"" + field + "\"").collect(Collectors.joining(", "));
    }

    private List<String> names(String[] fields, String role) {
        if (fields == null || fields.length == 0) {
            throw new IllegalArgumentException(DatasetMessages.noFieldNamed(role));
        }
        List<String> names = new ArrayList<>(fields.length);
        for (String field : fields) {
            String name = name(field, role);
            if (names.contains(name)) {
                throw new DatasetException(source, 0, name, DatasetMessages.namedTwiceInOneCall(role));
            }
            names.add(name);
        }
        return names;
    }

    private String name(String field, String role) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.blankFieldName(role, field, source));
        }
        return field.strip();
    }

    private void checkFree(String field, String role) {
        String taken = roleOf(field);
        if (taken != null) {
            throw new DatasetException(source, 0, field, DatasetMessages.twoRoles(taken, role));
        }
    }
}
