package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.Instance;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every user-facing message of the criteria feature: what happened, where, and the fix. Not part of the API.
 */
public final class CriteriaMessages {

    private static final String N = System.lineSeparator();

    private CriteriaMessages() {
    }

    // ---- criteria and options

    public static String blankOptionName() {
        return "A criteria option has a blank name." + N
                + "Fix: give every option the name the judge should reply with, e.g. \"Yes\" or \"Concise\".";
    }

    public static String nonFiniteScore(String option, double score) {
        return "Option '" + option + "' has score " + score + ", which is not a finite number." + N
                + "Fix: give it a finite score such as 0.0, 0.5 or 1.0, or leave the score out.";
    }

    public static String blankCriteriaName(String description) {
        return "A criteria has a blank name" + (description == null ? "" : " (description: \"" + description + "\")")
                + "." + N + "Fix: give it a short name, e.g. \"conciseness\"; results and multi-criteria refer to it"
                + " by that name.";
    }

    public static String blankDescription(String name) {
        return "Criteria '" + name + "' has a blank description." + N
                + "Fix: describe the question the judge answers, e.g. \"Is the response concise and to the point?\".";
    }

    public static String tooFewOptions(String name, List<CriteriaOption> options) {
        return "Criteria '" + name + "' has " + options.size() + " option" + (options.size() == 1 ? "" : "s")
                + (options.isEmpty() ? "" : " (" + names(options) + ")") + ", but a judge needs at least two to"
                + " choose from: with one, every answer would pass." + N
                + "Fix: list the possible answers, e.g. Yes (score 1.0) and No (score 0.0), or use"
                + " Criteria.yesNo(\"<question>\").";
    }

    public static String duplicateOption(String name, String option, List<CriteriaOption> options) {
        return "Criteria '" + name + "' has option '" + option + "' more than once (names are compared ignoring"
                + " case): " + names(options) + "." + N
                + "Fix: give every option a distinct name, so the judge's reply names exactly one.";
    }

    public static String blankContextField(String name) {
        return "Criteria '" + name + "' lists a blank context field." + N
                + "Fix: name each context field as it appears in the instance, e.g. \"question\".";
    }

    public static String contextRepeatsEvaluated(String name, String field) {
        return "Criteria '" + name + "' lists '" + field + "' both as the field to evaluate and as a context field."
                + N + "Fix: remove '" + field + "' from contextFields; the evaluated field is always shown to the"
                + " judge.";
    }

    public static String duplicateContextField(String name, String field) {
        return "Criteria '" + name + "' lists context field '" + field + "' twice." + N
                + "Fix: list each context field once.";
    }

    public static String blankQuestion() {
        return "The yes/no question is blank." + N
                + "Fix: pass the question the judge should answer, e.g. \"Is the text self-contained?\".";
    }

    public static String unknownOption(Criteria criteria, String option) {
        return "Criteria '" + criteria.name() + "' has no option '" + option + "'." + N
                + "Its options are: " + quoted(criteria.optionNames()) + "." + N
                + "Fix: use one of these names exactly.";
    }

    public static String scoresNeeded(Criteria criteria, String purpose) {
        List<String> without = criteria.options().stream().filter(o -> !o.hasScore())
                .map(CriteriaOption::name).toList();
        return "Criteria '" + criteria.name() + "' needs a score on every option for " + purpose
                + ", but these have none: " + quoted(without) + "." + N
                + "Fix: add a \"score\" to each option (e.g. 1.0 for the best, 0.0 for the worst), or check the"
                + " selected option instead of a score.";
    }

    // ---- instances

    public static String emptyInstance() {
        return "An instance has no fields." + N
                + "Fix: give it at least the field to judge, e.g. Instance.of(\"response\", answer).";
    }

    public static String blankFieldName() {
        return "An instance field has a blank name." + N
                + "Fix: name each field as the criteria refer to it, e.g. \"response\", \"question\" or \"context\".";
    }

    public static String nullFieldValue(String field) {
        return "Instance field '" + field + "' is null." + N
                + "Fix: pass the text (an empty string is allowed), or leave the field out.";
    }

    public static String missingFields(Criteria criteria, List<String> missing, Instance instance) {
        StringBuilder fix = new StringBuilder("Instance.of(\"").append(criteria.toEvaluateField()).append("\", ...)");
        for (String context : criteria.contextFields()) {
            fix.append(".with(\"").append(context).append("\", ...)");
        }
        return "Criteria '" + criteria.name() + "' reads field" + (missing.size() == 1 ? " " : "s ")
                + quoted(missing) + ", but the instance has no such field." + N
                + "The criteria evaluates '" + criteria.toEvaluateField() + "'"
                + (criteria.contextFields().isEmpty() ? " with no context"
                : " with context " + quoted(criteria.contextFields())) + "." + N
                + "The instance has: " + quoted(instance.fields().keySet()) + "." + N
                + "Fix: add the missing field" + (missing.size() == 1 ? "" : "s") + " to the instance, e.g. "
                + fix + ", or use criteria.withToEvaluateField(..) / withContextFields(..) to read the fields"
                + " you have.";
    }

    // ---- pairwise

    public static String tooFewResponses(int count) {
        return "A pairwise comparison needs at least two responses, but has " + count + "." + N
                + "Fix: pass two or more responses to compare, e.g. the new answer and the old one.";
    }

    public static String repeatedContest(int a, int b) {
        return "The contest between responses " + a + " and " + b + " appears more than once." + N
                + "Fix: give exactly one verdict per pair of responses.";
    }

    public static String incompleteContests(int n, List<String> missing, int given) {
        int expected = n * (n - 1) / 2;
        return n + " responses make " + expected + " pairs, each contested once, but " + given
                + " contest" + (given == 1 ? " was" : "s were") + " given"
                + (missing.isEmpty() ? " (some for responses that do not exist)" : "; missing: " + String.join(", ", missing))
                + "." + N + "Fix: give one verdict for every pair of response indexes (0-based, lower index first).";
    }

    // ---- self-consistency

    public static String noSamples() {
        return "A majority vote needs at least one sample, but got none." + N
                + "Fix: pass the results of the n judge runs.";
    }

    public static String mixedSamples(String expected, String found) {
        return "Self-consistency samples must judge the same criteria, but '" + expected + "' and '" + found
                + "' were mixed." + N + "Fix: vote over the samples of one criteria at a time.";
    }

    public static String mixedPairwiseSamples() {
        return "Self-consistency samples must compare the same responses on the same criteria, but they differ." + N
                + "Fix: vote over the samples of one comparison at a time.";
    }

    // ---- helpers

    public static String quoted(Collection<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(", "));
    }

    private static String names(List<CriteriaOption> options) {
        return quoted(options.stream().map(CriteriaOption::name).toList());
    }

    /** The reply as it goes into a message: whole when short, else its start. */
    public static String excerpt(String text, int max) {
        if (text == null) {
            return "<no reply>";
        }
        return text.length() <= max ? text : text.substring(0, max) + "... (" + text.length() + " characters)";
    }

    static String n() {
        return N;
    }
}
