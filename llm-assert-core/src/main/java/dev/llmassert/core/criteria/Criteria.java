package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A question a judge answers about one field of an {@link Instance} by selecting one of its options, in the model of
 * IBM EvalAssist.
 *
 * <p>The criteria, not the instance, decide the roles of the instance's fields: {@code toEvaluateField} names the
 * field that is judged, {@code contextFields} the fields shown to the judge as context. The same instance can
 * therefore be judged on answer relevance (evaluate {@code response}, context {@code question}) and on context
 * relevance (evaluate {@code context}, context {@code question}).
 *
 * @param name            identifies the criteria, e.g. in multi-criteria results; not blank
 * @param description     the question the judge answers; not blank
 * @param options         at least two, names unique ignoring case, in the order shown to the judge
 * @param toEvaluateField the instance field that is judged; {@value #DEFAULT_TO_EVALUATE_FIELD} when not given
 * @param contextFields   instance fields shown as context; none when not given; must not repeat
 *                        {@code toEvaluateField}
 */
@API(status = STABLE, since = "0.1")
public record Criteria(
        String name,
        String description,
        List<CriteriaOption> options,
        String toEvaluateField,
        List<String> contextFields) {

    /** The field judged when a criteria does not name one. */
    public static final String DEFAULT_TO_EVALUATE_FIELD = "response";

    public Criteria {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(CriteriaMessages.blankCriteriaName(description));
        }
        name = name.strip();
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException(CriteriaMessages.blankDescription(name));
        }
        description = description.strip();
        options = options == null ? List.of() : List.copyOf(options);
        if (options.size() < 2) {
            throw new IllegalArgumentException(CriteriaMessages.tooFewOptions(name, names(options)));
        }
        Set<String> seen = new HashSet<>();
        for (CriteriaOption option : options) {
            if (!seen.add(option.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(
                        CriteriaMessages.duplicateOption(name, option.name(), names(options)));
            }
        }
        toEvaluateField = toEvaluateField == null || toEvaluateField.isBlank()
                ? DEFAULT_TO_EVALUATE_FIELD
                : toEvaluateField.strip();
        List<String> context = new ArrayList<>();
        for (String field : contextFields == null ? List.<String>of() : contextFields) {
            if (field == null || field.isBlank()) {
                throw new IllegalArgumentException(CriteriaMessages.blankContextField(name));
            }
            String f = field.strip();
            if (f.equals(toEvaluateField)) {
                throw new IllegalArgumentException(CriteriaMessages.contextRepeatsEvaluated(name, f));
            }
            if (context.contains(f)) {
                throw new IllegalArgumentException(CriteriaMessages.duplicateContextField(name, f));
            }
            context.add(f);
        }
        contextFields = List.copyOf(context);
    }

    /**
     * A plain question as a Yes/No criteria: {@code Yes} scores 1.0, {@code No} 0.0, the {@code response} field is
     * judged and there is no context. The question is both the name and the description.
     */
    public static Criteria yesNo(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException(CriteriaMessages.blankQuestion());
        }
        return new Criteria(
                question,
                question,
                List.of(
                        CriteriaOption.of("Yes", "The answer to the question is yes.", 1.0),
                        CriteriaOption.of("No", "The answer to the question is no.", 0.0)),
                DEFAULT_TO_EVALUATE_FIELD,
                List.of());
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The option with exactly this name. */
    public Optional<CriteriaOption> option(String optionName) {
        return options.stream().filter(o -> o.name().equals(optionName)).findFirst();
    }

    /**
     * The option a judge meant: its exact name, or the name with different case or surrounding whitespace or
     * quotes. Option names are unique ignoring case, so the match is never ambiguous.
     */
    public Optional<CriteriaOption> matchOption(String reply) {
        if (reply == null) {
            return Optional.empty();
        }
        String r = reply.strip();
        if (r.length() >= 2 && (r.startsWith("\"") && r.endsWith("\"") || r.startsWith("'") && r.endsWith("'"))) {
            r = r.substring(1, r.length() - 1).strip();
        }
        String wanted = r;
        return option(wanted)
                .or(() -> options.stream()
                        .filter(o -> o.name().equalsIgnoreCase(wanted))
                        .findFirst());
    }

    /** The option with this name, or an exception that lists the options there are. */
    public CriteriaOption requireOption(String optionName) {
        return option(optionName)
                .orElseThrow(() ->
                        new IllegalArgumentException(CriteriaMessages.unknownOption(name, optionNames(), optionName)));
    }

    public List<String> optionNames() {
        return names(options);
    }

    private static List<String> names(List<CriteriaOption> options) {
        return options.stream().map(CriteriaOption::name).toList();
    }

    /** The message for a check that needs a score on every option, naming those without one. */
    String scoresNeeded(String purpose) {
        return CriteriaMessages.scoresNeeded(
                name,
                options.stream()
                        .filter(o -> !o.hasScore())
                        .map(CriteriaOption::name)
                        .toList(),
                purpose);
    }

    /** Whether every option has a score, as score-based checks need. */
    public boolean hasScores() {
        return options.stream().allMatch(CriteriaOption::hasScore);
    }

    /** The lowest option score; only when {@link #hasScores()}. */
    public double minScore() {
        return requireScores().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /** The highest option score; only when {@link #hasScores()}. */
    public double maxScore() {
        return requireScores().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    private List<Double> requireScores() {
        if (!hasScores()) {
            throw new IllegalStateException(scoresNeeded("a score range"));
        }
        return options.stream().map(CriteriaOption::score).toList();
    }

    /** The same criteria with its options in reverse order: how a positional-bias check asks again. */
    public Criteria withOptionsReversed() {
        List<CriteriaOption> reversed = new ArrayList<>(options);
        Collections.reverse(reversed);
        return new Criteria(name, description, reversed, toEvaluateField, contextFields);
    }

    /**
     * The same criteria judging another field, e.g. {@code context} instead of {@code response}. If that field was a
     * context field it stops being one, since a field is either judged or context.
     */
    public Criteria withToEvaluateField(String field) {
        List<String> context =
                contextFields.stream().filter(f -> !f.equals(field)).toList();
        return new Criteria(name, description, options, field, context);
    }

    /** The same criteria with other context fields; none to judge the field on its own. */
    public Criteria withContextFields(String... fields) {
        return new Criteria(name, description, options, toEvaluateField, Arrays.asList(fields));
    }

    public Criteria withName(String newName) {
        return new Criteria(newName, description, options, toEvaluateField, contextFields);
    }

    /**
     * The text this criteria judges in the instance.
     *
     * @throws IllegalArgumentException when the instance lacks the evaluated field or a context field; the message
     *                                  names the missing fields, the fields the instance has and how to add them
     */
    public String textToEvaluate(Instance instance) {
        requireFields(instance);
        return instance.fields().get(toEvaluateField);
    }

    /**
     * The context fields and their values, in the order the criteria lists them. Only the context fields must be
     * present: a pairwise comparison takes the evaluated texts separately.
     */
    public Map<String, String> contextOf(Instance instance) {
        Objects.requireNonNull(instance, "instance");
        List<String> missing = contextFields.stream()
                .filter(f -> !instance.fields().containsKey(f))
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.missingFields(
                    name,
                    toEvaluateField,
                    contextFields,
                    missing,
                    instance.fields().keySet()));
        }
        Map<String, String> context = new LinkedHashMap<>();
        for (String field : contextFields) {
            context.put(field, instance.fields().get(field));
        }
        return Collections.unmodifiableMap(context);
    }

    /** Checks that the instance has every field this criteria reads. */
    public void requireFields(Instance instance) {
        Objects.requireNonNull(instance, "instance");
        List<String> missing = new ArrayList<>();
        if (!instance.fields().containsKey(toEvaluateField)) {
            missing.add(toEvaluateField);
        }
        contextFields.stream().filter(f -> !instance.fields().containsKey(f)).forEach(missing::add);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.missingFields(
                    name,
                    toEvaluateField,
                    contextFields,
                    missing,
                    instance.fields().keySet()));
        }
    }

    /** Builds a criteria option by option. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder {
        private final String name;
        private String description;
        private final List<CriteriaOption> options = new ArrayList<>();
        private String toEvaluateField;
        private final List<String> contextFields = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder option(String optionName, String optionDescription, double score) {
            options.add(CriteriaOption.of(optionName, optionDescription, score));
            return this;
        }

        public Builder option(String optionName, String optionDescription) {
            options.add(CriteriaOption.of(optionName, optionDescription));
            return this;
        }

        public Builder option(CriteriaOption option) {
            options.add(Objects.requireNonNull(option, "option"));
            return this;
        }

        public Builder toEvaluateField(String field) {
            this.toEvaluateField = field;
            return this;
        }

        public Builder contextFields(String... fields) {
            contextFields.clear();
            contextFields.addAll(Arrays.asList(fields));
            return this;
        }

        public Criteria build() {
            return new Criteria(name, description, options, toEvaluateField, contextFields);
        }
    }
}
