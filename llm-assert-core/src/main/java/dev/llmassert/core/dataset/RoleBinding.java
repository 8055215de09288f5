package dev.llmassert.core.dataset;

import dev.llmassert.core.dataset.DatasetRows.Source;
import org.apache.commons.text.similarity.LevenshteinDistance;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The roles of one file's fields, with the defaults settled: the id field ({@code id} when the file has it and no
 * other role names it) and the prompt fields ({@code prompt} when none is named). Made by {@link #bind}, which checks
 * that every role names a field of the file.
 *
 * @param roles        the roles the calls gave
 * @param idField      the field that holds the ids, or {@code null} when each id is the file name and line
 * @param promptFields the fields that hold the prompts, in order
 * @param described    the roles in effect, as messages show them
 */
record RoleBinding(DatasetRoles roles, String idField, List<String> promptFields, String described) {

    static final String DEFAULT_ID = "id";
    static final String DEFAULT_PROMPT = "prompt";

    /** Commons Text's edit distance, for "did you mean". */
    private static final LevenshteinDistance EDITS = LevenshteinDistance.getDefaultInstance();

    /**
     * Binds {@code roles} to the {@code fields} of {@code source}'s rows.
     *
     * @throws DatasetException if no prompt field is named and the file has no {@code prompt}, or a role names a
     *                          field the file does not have
     */
    static RoleBinding bind(DatasetRoles roles, Set<String> fields, Source source) {
        String idField = roles.id() != null
                ? roles.id()
                : fields.contains(DEFAULT_ID) && roles.roleOf(DEFAULT_ID) == null ? DEFAULT_ID : null;
        if (roles.prompts().isEmpty() && (!fields.contains(DEFAULT_PROMPT) || roles.roleOf(DEFAULT_PROMPT) != null)) {
            String example = fields.stream()
                    .filter(field -> !field.equals(idField) && roles.roleOf(field) == null)
                    .findFirst()
                    .orElse("question");
            throw new DatasetException(
                    source.name(), 0, null, DatasetMessages.noPromptField(DEFAULT_PROMPT, fields, example));
        }
        List<String> promptFields = roles.prompts().isEmpty() ? List.of(DEFAULT_PROMPT) : roles.prompts();
        RoleBinding binding = new RoleBinding(roles, idField, promptFields, describe(roles, idField));
        for (String field : roles.named()) {
            if (!fields.contains(field)) {
                String role = roles.roleOf(field);
                List<String> unused =
                        fields.stream().filter(f -> !binding.hasRole(f)).toList();
                throw new DatasetException(
                        source.name(),
                        0,
                        field,
                        DatasetMessages.noSuchField(role, source.format(), fields, suggestion(field, unused)));
            }
        }
        return binding;
    }

    /** Whether {@code field} has a role, given or by default. */
    boolean hasRole(String field) {
        return roles.roleOf(field) != null || field.equals(idField) || promptFields.contains(field);
    }

    private static String describe(DatasetRoles roles, String idField) {
        StringJoiner described = new StringJoiner(", ");
        if (roles.id() != null) {
            described.add(".id(\"" + roles.id() + "\")");
        } else if (idField != null) {
            described.add(".id(\"" + DEFAULT_ID + "\") (the default)");
        } else {
            described.add("no id field (each id is the file name and line)");
        }
        if (roles.prompts().isEmpty()) {
            described.add(".prompts(\"" + DEFAULT_PROMPT + "\") (the default)");
        }
        roles.calls().forEach(described::add);
        return described.toString();
    }

    /** " Did you mean 'topic'?" for the closest of {@code candidates}, or nothing when none is close. */
    static String suggestion(String field, List<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = EDITS.apply(field.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int allowed = Math.max(1, Math.min(3, field.length() / 3));
        return best != null && bestDistance <= allowed ? DatasetMessages.didYouMean(best) : "";
    }
}
