package dev.llmassert.core.eval;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.Criteria;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every message of the prompt-response tests that tells a user what went wrong and how to fix it, in one place: what
 * happened, where, and the fix. The types that raise them pass names and values, never build the text themselves.
 */
final class EvaluationMessages {

    private EvaluationMessages() {}

    static String agentReturnedNoTrajectory(String name, Prompt prompt) {
        return "The agent '" + name + "' returned no trajectory (null) for the prompt '" + prompt.text()
                + "'. Fix: return the trajectory of the call, e.g. Trajectories.of(result, "
                + "question) or recorder.lastTrajectory().";
    }

    static String confidenceOutOfRange(double confidence) {
        return "The confidence level must be between 0 and 1 (exclusive), but is: " + confidence
                + ". Fix: use e.g. 0.95.";
    }

    static String noSuchAnnotator(TestItem item, String annotator, Map<String, ?> annotations) {
        return "The item '" + item.id() + "' has no annotations of '" + annotator + "'; its annotators are "
                + annotations.keySet() + ". Fix: use one of these names, or add the annotator to annotators().";
    }

    static String scoreNotFinite(double score) {
        return "An annotation's score must be a finite number, but is: " + score
                + ". Fix: give a number, e.g. 0 or 1 for a check.";
    }

    static String nullAnnotator(String name) {
        return "The annotator '" + name + "' is null. Fix: pass a lambda, e.g. "
                + "(item, interaction) -> Annotation.check(interaction.response().contains(\"reset\")).";
    }

    static String notAnAgent(String name) {
        return "The annotator '" + name + "' needs the agent's trajectory, but the "
                + "system under test is not an agent. Fix: make it with SystemUnderTest.ofAgent(name, question"
                + " -> trajectory).";
    }

    static String pairwiseNeedsPrompts(String name, TestItem item) {
        return "The pairwise annotator '" + name + "' compares the answers to an item's prompts, but the item '"
                + item.id() + "' has one prompt. Fix: give "
                + "the item two or more prompts, or use a criteria annotator.";
    }

    static String blankAnnotatorName(String name) {
        return "An annotator's name is " + (name == null ? "null" : "blank")
                + ". Fix: name it after what it measures, e.g. \"grounded\"; the name keys its annotations and "
                + "its measurement.";
    }

    static String nullJudge(String name) {
        return "The judge of the annotator '" + name + "' is null. Fix: pass the "
                + "judge, e.g. the one injected into the test method.";
    }

    static String criteriaWithoutScores(Criteria criteria, String name) {
        return "The criteria '" + criteria.name() + "' of the annotator '" + name
                + "' gives its options no scores, so it cannot be measured. Fix: give each option a score, e.g. "
                + "option(\"Yes\", \"...\", 1.0).";
    }

    static String missingContextField(String annotator, String field, TestItem item) {
        return "The annotator '" + annotator + "' needs the context field '" + field
                + "' for its criteria, but the item '" + item.id() + "' has "
                + (item.context().isEmpty()
                        ? "no context"
                        : "only " + item.context().keySet()) + ". Fix: add '" + field
                + "' to the items' context (a dataset's .context(\"" + field + "\")).";
    }

    static String blankContextKey(String where) {
        return "A context key of " + where + " is blank. Fix: name every "
                + "context value, e.g. context(\"topic\", \"billing\").";
    }

    static String nullContextValue(String where) {
        return "The value of " + where + " is null. Fix: leave the key out, or give a text or a list of texts.";
    }

    static String nestedList(String where) {
        return "The value of " + where + " is a list that holds a list. Fix: give a text or a flat list of texts.";
    }

    static String unsupportedContextValue(Object value, String where) {
        return "The value of " + where + " is a " + value.getClass().getName()
                + ". Fix: give a text, a number, a boolean or a list of these.";
    }

    static String contextIsAList(String key, String where, Object value) {
        return "The context '" + key + "' of " + where + " is a list, not a text: " + value
                + ". Fix: read it with contextList(\"" + key + "\").";
    }

    static String noSuchContext(Map<String, Object> context, String key, String where) {
        return where + " has no context '" + key + "'; it has " + (context.isEmpty() ? "no context" : context.keySet())
                + ". Fix: add '" + key + "' to the item's context, or read one of the keys it has.";
    }

    static String nullSystemUnderTest() {
        return "The system under test is null. Fix: pass the system to evaluate, "
                + "e.g. SystemUnderTest.of(\"assistant\", question -> bot.ask(question)).";
    }

    static String aggregateReturnedNull(PromptResponseTest test) {
        return test.name() + ".aggregate returned null. Fix: return the results, e.g. "
                + "aggregation.standard(items).";
    }

    static String makeTestItemsThrew(PromptResponseTest test, Exception e) {
        return test.name() + ".makeTestItems threw " + e + ". Fix: see the cause.";
    }

    static String noItems(PromptResponseTest test) {
        return test.name() + ".makeTestItems gave no items. Fix: return at least "
                + "one TestItem, or load them with Dataset.fromFile(...).load().";
    }

    static String duplicateItemId(PromptResponseTest test, TestItem item, int first, int i) {
        return "Items " + (first + 1) + " and " + (i + 1) + " of " + test.name() + " have the same id '" + item.id()
                + "'. Fix: give every item its own id; the id pairs an item with its baseline and names its test.";
    }

    static String annotatorsReturnedNull(PromptResponseTest test) {
        return test.name() + ".annotators returned null. Fix: return List.of() for none.";
    }

    static String duplicateAnnotatorName(PromptResponseTest test, Annotator annotator) {
        return "Two annotators of " + test.name() + " are named '" + annotator.name()
                + "'. Fix: give each its own name; it keys its annotations and measurement.";
    }

    static String evaluationFailed(PromptResponseTest test, Throwable cause) {
        return "The evaluation of " + test.name() + " failed: " + cause + ". Fix: see the cause.";
    }

    static String annotationsDoNotMatch(
            Annotator annotator, List<Annotation> list, boolean hasNull, List<Interaction> answers) {
        return "The annotator '" + annotator.name() + "' gave "
                + (list == null ? "null" : list.size() + " annotations" + (hasNull ? " with a null among them" : ""))
                + " for " + answers.size() + " responses. Fix: "
                + "return one annotation per interaction, in their order.";
    }

    static String measureQualityReturnedNull(PromptResponseTest test) {
        return test.name() + ".measureQuality returned null. Fix: return a map of "
                + "named numbers, e.g. Map.of(\"grounded\", 1.0).";
    }

    static String blankMeasurementName(PromptResponseTest test) {
        return test.name() + ".measureQuality gave a measurement with a blank name. Fix: name every measurement.";
    }

    static String measurementNotFinite(PromptResponseTest test, String name, Double value) {
        return test.name() + ".measureQuality gave '" + name + "' = " + value
                + ". Fix: give a finite number; leave the measurement out when it does not apply.";
    }

    static String invalidSetting(String key, Object value, String allowed) {
        return key + " is " + value + ", but it must be " + allowed + ". Fix: set " + key
                + " (or the environment variable " + ConfigKeys.environmentVariable(key)
                + ") to an allowed value, or leave it out for the default.";
    }

    static String nullFunction(String name) {
        return "The system under test '" + name + "' has no function (null). Fix: "
                + "pass the function that answers a prompt, e.g. question -> bot.ask(question).";
    }

    static String nullResponse(Prompt prompt) {
        return "The system under test answered the prompt '" + prompt.text()
                + "' with null. Fix: return the answer's text, or an empty text for no answer.";
    }

    static String noShardRecord(Path shard) {
        return "There is no shard record at " + shard.toAbsolutePath() + ". Fix: run each "
                + "shard with -Dllmassert.eval.shard=i/n (its record is <llmassert.report.dir>/evaluations/"
                + "<test id>.shard-i-of-n.json, by default under target/llm-assert), then pass every "
                + "shard's record after the merged file's path.";
    }

    static String noShards() {
        return "There are no shard records to merge. Fix: pass the record of every "
                + "shard, e.g. target/llm-assert/evaluations/*.shard-*.json.";
    }

    static String itemInTwoShards(ItemResult item, int other, int s) {
        return "The item '" + item.id() + "' is in shard record " + (other + 1) + " and in shard record " + (s + 1)
                + ". Fix: merge each shard's record once, and the records of one sharded run only.";
    }

    static String shardsDiffer(String what, Object expected, Object actual, int shard) {
        return "Shard record " + (shard + 1) + " has another " + what + " than shard record 1: " + actual
                + " instead of " + expected + ". Fix: merge the records of one sharded run only.";
    }

    static String blankPrompt(String text) {
        return "A prompt's text is " + (text == null ? "null" : "blank")
                + ". Fix: give the text to send to the system under test, e.g. Prompt.of(\"How do I reset "
                + "the router?\").";
    }

    static String nullChatModel() {
        return "The system under test's chat model is null. Fix: pass the ChatModel the application uses.";
    }

    static String blankItemId(String id) {
        return "A test item's id is " + (id == null ? "null" : "blank")
                + ". Fix: give every item an id that is unique within its test, e.g. TestItem.of(\"q1\", "
                + "\"How do I reset the router?\").";
    }

    static String noPrompt(String id) {
        return "The test item '" + id + "' has no prompt. Fix: give it at least "
                + "one prompt to send to the system under test.";
    }
}
