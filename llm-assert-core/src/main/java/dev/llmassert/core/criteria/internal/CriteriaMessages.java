package dev.llmassert.core.criteria.internal;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Every user-facing message of the criteria feature: what happened, where, and the fix. Not part of the API.
 *
 * <p>It takes names and values, never the criteria types, so the public package can use it without a circle.
 */
@API(status = INTERNAL, since = "0.1")
public final class CriteriaMessages {

    private static final String N = System.lineSeparator();

    private CriteriaMessages() {}

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

    public static String tooFewOptions(String name, List<String> options) {
        return "Criteria '" + name + "' has " + options.size() + " option" + (options.size() == 1 ? "" : "s")
                + (options.isEmpty() ? "" : " (" + quoted(options) + ")") + ", but a judge needs at least two to"
                + " choose from: with one, every answer would pass." + N
                + "Fix: list the possible answers, e.g. Yes (score 1.0) and No (score 0.0), or use"
                + " Criteria.yesNo(\"<question>\").";
    }

    public static String duplicateOption(String name, String option, List<String> options) {
        return "Criteria '" + name + "' has option '" + option + "' more than once (names are compared ignoring"
                + " case): " + quoted(options) + "." + N
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

    public static String unknownOption(String criteria, List<String> options, String option) {
        return "Criteria '" + criteria + "' has no option '" + option + "'." + N
                + "Its options are: " + quoted(options) + "." + N
                + "Fix: use one of these names exactly.";
    }

    public static String scoresNeeded(String criteria, List<String> without, String purpose) {
        return "Criteria '" + criteria + "' needs a score on every option for " + purpose
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

    public static String missingFields(
            String criteria,
            String toEvaluate,
            List<String> contextFields,
            List<String> missing,
            Collection<String> instanceFields) {
        StringBuilder fix =
                new StringBuilder("Instance.of(\"").append(toEvaluate).append("\", ...)");
        for (String context : contextFields) {
            fix.append(".with(\"").append(context).append("\", ...)");
        }
        return "Criteria '" + criteria + "' reads field" + (missing.size() == 1 ? " " : "s ")
                + quoted(missing) + ", but the instance has no such field." + N
                + "The criteria evaluates '" + toEvaluate + "'"
                + (contextFields.isEmpty() ? " with no context" : " with context " + quoted(contextFields)) + "." + N
                + "The instance has: " + quoted(instanceFields) + "." + N
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
        return n + (n == 1 ? " response makes " : " responses make ") + expected
                + (expected == 1 ? " pair" : " pairs") + ", each contested once, but " + given
                + " contest" + (given == 1 ? " was" : "s were") + " given"
                + (missing.isEmpty()
                        ? " (some for responses that do not exist)"
                        : "; missing: " + String.join(", ", missing))
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

    // ---- multi-criteria

    public static String weightOutOfRange(String criteria, double weight) {
        return "Criteria '" + criteria + "' has weight " + weight + ", but weights go from 0 to 1." + N
                + "Fix: give each criteria its share of the aggregate, e.g. 0.25, so that the weights sum to 1.";
    }

    public static String targetAndThreshold(String criteria, String target, double threshold) {
        return "Criteria '" + criteria + "' has both targetOption '" + target + "' and scoreThreshold " + threshold
                + ", but an item counts either the option or the score." + N
                + "Fix: keep one of them.";
    }

    public static String unknownTargetOption(String criteria, List<String> options, String target) {
        return "The targetOption '" + target + "' is not an option of criteria '" + criteria + "'." + N
                + "Its options are: " + quoted(options) + "." + N
                + "Fix: use one of these names.";
    }

    public static String thresholdNotFinite(String criteria, double threshold) {
        return "Criteria '" + criteria + "' has scoreThreshold " + threshold + ", which is not a finite number." + N
                + "Fix: use a number on the score scale, e.g. 0.5.";
    }

    public static String noItems() {
        return "A multi-criteria has no criteria." + N
                + "Fix: add at least one, e.g. MultiCriteria.builder().add(criteria, 1.0).build().";
    }

    public static String duplicateItem(String criteria) {
        return "The multi-criteria lists criteria '" + criteria + "' more than once; results are matched by"
                + " criteria name." + N
                + "Fix: list it once, or give the copies distinct names with criteria.withName(..).";
    }

    public static String mixedWeights(List<String> withoutWeight) {
        return "Some criteria of the multi-criteria have weights and some do not: " + quoted(withoutWeight)
                + " have none." + N
                + "Fix: give every criteria a weight (they must sum to 1), or none (each then weighs 1/n).";
    }

    /** {@code criteria} and {@code weights}: each item's criteria name and weight, in the multi-criteria's order. */
    public static String weightsDoNotSumToOne(List<String> criteria, List<Double> weights, double sum) {
        StringBuilder list = new StringBuilder();
        StringBuilder fixed = new StringBuilder();
        for (int i = 0; i < criteria.size(); i++) {
            list.append(list.length() == 0 ? "" : ", ")
                    .append(criteria.get(i))
                    .append('=')
                    .append(weights.get(i));
            if (sum > 0) {
                fixed.append(fixed.length() == 0 ? "" : ", ")
                        .append(criteria.get(i))
                        .append('=')
                        .append(Math.round(weights.get(i) / sum * 1e4) / 1e4);
            }
        }
        return "The weights of the multi-criteria sum to " + sum + ", but must sum to 1: " + list + "." + N
                + "Fix: scale them so they sum to 1" + (sum > 0 ? ", e.g. " + fixed : "")
                + ", or leave all weights out for equal weights.";
    }

    public static String itemsWithoutScores(List<String> criteria) {
        return "These criteria need a score on every option, because the multi-criteria counts their scores: "
                + quoted(criteria) + "." + N
                + "Fix: add a \"score\" to every option of these criteria, or give their items a targetOption"
                + " (1.0 when selected, else 0.0), which needs no scores.";
    }

    public static String cannotNormalize(String criteria, double score) {
        return "Criteria '" + criteria + "' cannot be normalised to 0-1: all its options score " + score
                + ", so every answer would count the same." + N
                + "Fix: give its options different scores, give its item a targetOption, or switch normalisation"
                + " off (normalizeScores false).";
    }

    public static String thresholdOutOfRange(
            String criteria, double threshold, double low, double high, boolean normalized) {
        return "Criteria '" + criteria + "' has scoreThreshold " + threshold + ", outside its score range " + low
                + " to " + high + (normalized ? " (scores are normalised to 0-1)" : " (its options' scores)")
                + ", so it would always or never be met." + N
                + "Fix: choose a threshold within " + low + " to " + high + ".";
    }

    public static String resultsDoNotMatch(List<String> expected, List<String> missing, List<String> unexpected) {
        return "The results do not match the multi-criteria's criteria " + quoted(expected) + "." + N
                + (missing.isEmpty() ? "" : "Missing results for: " + quoted(missing) + "." + N)
                + (unexpected.isEmpty() ? "" : "Results for criteria it does not have: " + quoted(unexpected) + "." + N)
                + "Fix: pass exactly one result per criteria, keyed by the criteria's name.";
    }

    public static String repeatedResult(String criteria) {
        return "There is more than one result for criteria '" + criteria + "'." + N
                + "Fix: pass one result per criteria (combine samples with SelfConsistency.majorityVote first).";
    }

    public static String resultOptionNotInItem(String criteria, List<String> options, String option) {
        return "The result for criteria '" + criteria + "' selected '" + option
                + "', which is not one of its options in the multi-criteria: " + quoted(options)
                + "." + N + "Fix: judge with the same criteria the multi-criteria lists.";
    }

    public static String resultWithoutScore(String criteria) {
        return "The result for criteria '" + criteria + "' has no score, but the multi-criteria counts its score." + N
                + "Fix: give the criteria's options scores, or give its item a targetOption.";
    }

    // ---- helpers

    public static String quoted(Collection<String> values) {
        return values.stream().map(v -> "'" + v + "'").collect(Collectors.joining(", "));
    }

    // ---- judges

    public static String noChatModel(String example) {
        return "The judge has no chat model." + N + "Fix: pass the judge model, e.g. " + example + ".";
    }

    public static String personaTwice(String judgeDescription) {
        return "The judge has both a judge description (\"" + shorten(judgeDescription, 80) + "\") and"
                + " generateSyntheticPersona(true), but it can judge as only one persona." + N
                + "Fix: keep judgeDescription(..) to choose the persona yourself, or generateSyntheticPersona(true)"
                + " to let the judge model write one per criteria.";
    }

    public static String nullInstance(int index, int count) {
        return "Instance " + (index + 1) + " of " + count + " is null." + N
                + "Fix: pass an Instance for every element, e.g. Instance.ofResponse(answer).";
    }

    public static String nullResponse(int index, int count) {
        return "Response " + (index + 1) + " of " + count + " is null; a pairwise judge compares texts." + N
                + "Fix: pass the text of every response (an empty string is allowed).";
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }

    public static String notInCatalog(String name, List<String> names) {
        return "There is no criteria '" + name + "' in the catalog." + System.lineSeparator() + "The catalog has: "
                + String.join(", ", names) + "." + System.lineSeparator()
                + "Fix: use one of these names, or load your own criteria file with"
                + " CriteriaLoader.fromClasspath(\"criteria/<name>.json\").";
    }

    public static String blankCriteriaResource() {
        return "The criteria resource name is blank." + System.lineSeparator()
                + "Fix: name a file on the classpath, e.g. \"criteria/conciseness.json\" for"
                + " src/test/resources/criteria/conciseness.json.";
    }

    public static String noCriteriaResource(String name) {
        return "There is no criteria file '" + name + "' on the classpath." + System.lineSeparator()
                + "Fix: put it under src/test/resources/" + name + " (or src/main/resources/" + name
                + "), or pass its path to CriteriaLoader.fromPath(..).";
    }

    public static String noCriteriaFile(Path path) {
        return "There is no criteria file at " + path.toAbsolutePath() + "." + System.lineSeparator()
                + "Fix: check the path, or load it from the classpath with CriteriaLoader.fromClasspath(..).";
    }

    static String pairwiseWithoutContext(String criteria, List<String> contextFields) {
        return "Criteria '" + criteria + "' shows the context fields " + contextFields
                + ", but no context was given." + System.lineSeparator() + "Fix: pass .context(Instance.of(\""
                + contextFields.get(0)
                + "\", ...)), or use criteria.withContextFields() to compare without context.";
    }
}
