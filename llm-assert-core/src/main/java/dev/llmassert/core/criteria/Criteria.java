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

    /**
     * Checks the criteria and normalises it: names and fields stripped, the default field when none is given.
     *
     * @param name identifies the criteria; not blank
     * @param description the question the judge answers; not blank
     * @param options at least two, names unique ignoring case
     * @param toEvaluateField the instance field that is judged; {@code null} or blank for
     *                        {@value #DEFAULT_TO_EVALUATE_FIELD}
     * @param contextFields instance fields shown as context; {@code null} for none; none blank, repeated, or
     *                      {@code toEvaluateField}
     * @throws IllegalArgumentException naming the criteria and the fix, for any of those broken
     */
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
     *
     * @param question the question, e.g. "Does the reply apologise?"; not blank
     * @return the criteria
     * @throws IllegalArgumentException for a blank question
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

    /**
     * Starts a criteria named {@code name}; its description and options are given to the builder.
     *
     * @param name identifies the criteria; not blank (checked by {@link Builder#build()})
     * @return a new builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * The option with exactly this name.
     *
     * @param optionName the option's name, case included
     * @return the option; empty when there is none
     */
    public Optional<CriteriaOption> option(String optionName) {
        return options.stream().filter(o -> o.name().equals(optionName)).findFirst();
    }

    /**
     * The option a judge meant: its exact name, or the name with different case or surrounding whitespace or
     * quotes. Option names are unique ignoring case, so the match is never ambiguous.
     *
     * @param reply the judge's answer; {@code null} for none
     * @return the option; empty when the reply names none
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

    /**
     * The option with this name, or an exception that lists the options there are.
     *
     * @param optionName the option's name, case included
     * @return the option
     * @throws IllegalArgumentException naming the criteria and its options, when there is no such option
     */
    public CriteriaOption requireOption(String optionName) {
        return option(optionName)
                .orElseThrow(() ->
                        new IllegalArgumentException(CriteriaMessages.unknownOption(name, optionNames(), optionName)));
    }

    /**
     * The options' names, in the criteria's order.
     *
     * @return the names
     */
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

    /**
     * Whether every option has a score, as score-based checks need.
     *
     * @return {@code true} when no option lacks one
     */
    public boolean hasScores() {
        return options.stream().allMatch(CriteriaOption::hasScore);
    }

    /**
     * The lowest option score; only when {@link #hasScores()}.
     *
     * @return the least of the options' scores
     * @throws IllegalStateException naming the options without a score, when an option has none
     */
    public double minScore() {
        return requireScores().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /**
     * The highest option score; only when {@link #hasScores()}.
     *
     * @return the greatest of the options' scores
     * @throws IllegalStateException naming the options without a score, when an option has none
     */
    public double maxScore() {
        return requireScores().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    private List<Double> requireScores() {
        if (!hasScores()) {
            throw new IllegalStateException(scoresNeeded("a score range"));
        }
        return options.stream().map(CriteriaOption::score).toList();
    }

    /**
     * The same criteria with its options in reverse order: how a positional-bias check asks again.
     *
     * @return a new criteria; this one is unchanged
     */
    public Criteria withOptionsReversed() {
        List<CriteriaOption> reversed = new ArrayList<>(options);
        Collections.reverse(reversed);
        return new Criteria(name, description, reversed, toEvaluateField, contextFields);
    }

    /**
     * The same criteria judging another field, e.g. {@code context} instead of {@code response}. If that field was a
     * context field it stops being one, since a field is either judged or context.
     *
     * @param field the instance field to judge; {@code null} or blank for {@value #DEFAULT_TO_EVALUATE_FIELD}
     * @return a new criteria; this one is unchanged
     */
    public Criteria withToEvaluateField(String field) {
        List<String> context =
                contextFields.stream().filter(f -> !f.equals(field)).toList();
        return new Criteria(name, description, options, field, context);
    }

    /**
     * The same criteria with other context fields; none to judge the field on its own.
     *
     * @param fields the context fields, in the order shown to the judge; none blank, repeated or the judged field
     * @return a new criteria; this one is unchanged
     * @throws IllegalArgumentException for a blank or repeated field, or the judged one
     */
    public Criteria withContextFields(String... fields) {
        return new Criteria(name, description, options, toEvaluateField, Arrays.asList(fields));
    }

    /**
     * The same criteria under another name, e.g. to tell two uses of a catalog criteria apart in results.
     *
     * @param newName the name; not blank
     * @return a new criteria; this one is unchanged
     * @throws IllegalArgumentException for a blank name
     */
    public Criteria withName(String newName) {
        return new Criteria(newName, description, options, toEvaluateField, contextFields);
    }

    /**
     * The text this criteria judges in the instance.
     *
     * @param instance the instance, not {@code null}
     * @return the value of its {@link #toEvaluateField()}
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
     *
     * @param instance the instance, not {@code null}
     * @return each context field with its value, unmodifiable
     * @throws IllegalArgumentException naming the missing fields and the fields the instance has, when it lacks a
     *                                  context field
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

    /**
     * Checks that the instance has every field this criteria reads.
     *
     * @param instance the instance, not {@code null}
     * @throws IllegalArgumentException naming the missing fields and the fields the instance has, when it lacks the
     *                                  evaluated field or a context field
     */
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

        /**
         * The question the judge answers.
         *
         * @param description the question, e.g. "Is the response concise?"; not blank
         * @return this builder
         */
        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /**
         * One more option, with a score.
         *
         * @param optionName what the judge replies with; not blank, unique ignoring case
         * @param optionDescription what the option means, shown to the judge; may be empty
         * @param score the option's score, a finite number
         * @return this builder
         * @throws IllegalArgumentException for a blank name or a score that is not finite
         */
        public Builder option(String optionName, String optionDescription, double score) {
            options.add(CriteriaOption.of(optionName, optionDescription, score));
            return this;
        }

        /**
         * One more option, without a score.
         *
         * @param optionName what the judge replies with; not blank, unique ignoring case
         * @param optionDescription what the option means, shown to the judge; may be empty
         * @return this builder
         * @throws IllegalArgumentException for a blank name
         */
        public Builder option(String optionName, String optionDescription) {
            options.add(CriteriaOption.of(optionName, optionDescription));
            return this;
        }

        /**
         * One more option.
         *
         * @param option the option, not {@code null}; its name unique ignoring case
         * @return this builder
         * @throws NullPointerException for {@code null}
         */
        public Builder option(CriteriaOption option) {
            options.add(Objects.requireNonNull(option, "option"));
            return this;
        }

        /**
         * The instance field that is judged; {@value #DEFAULT_TO_EVALUATE_FIELD} when not given.
         *
         * @param field the field's name
         * @return this builder
         */
        public Builder toEvaluateField(String field) {
            this.toEvaluateField = field;
            return this;
        }

        /**
         * The instance fields shown to the judge as context; replace any given before.
         *
         * @param fields the fields, in the order shown; none blank, repeated or the judged field
         * @return this builder
         */
        public Builder contextFields(String... fields) {
            contextFields.clear();
            contextFields.addAll(Arrays.asList(fields));
            return this;
        }

        /**
         * The criteria, checked.
         *
         * @return a new criteria
         * @throws IllegalArgumentException naming the criteria and the fix, for a blank name or description, fewer
         *                                  than two options, options whose names repeat, or a bad context field
         */
        public Criteria build() {
            return new Criteria(name, description, options, toEvaluateField, contextFields);
        }
    }
}
