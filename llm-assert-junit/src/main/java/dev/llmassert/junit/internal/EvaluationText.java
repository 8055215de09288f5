package dev.llmassert.junit.internal;

import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.Interaction;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.Gate;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.UniqueId;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/** How an evaluation reads in messages and report entries: an item, an error, a measurement, a table. */
@API(status = INTERNAL, since = "0.1")
public final class EvaluationText {

    private static final int TEXT_LIMIT = 300;

    private EvaluationText() {}

    /** {@code SupportQuestions on nimbus: 32 items, 0 errors; grounded.passed 0.906 [0.758, 0.968] ...}. */
    public static String headline(EvaluationResults results) {
        StringBuilder text = new StringBuilder(results.test())
                .append(" on ")
                .append(results.systemUnderTest())
                .append(": ")
                .append(Messages.count(results.items().size(), "item"))
                .append(", ")
                .append(Messages.count(results.errors().size(), "error"));
        results.results().measurements().values().forEach(m -> text.append("; ").append(measurement(m)));
        return text.toString();
    }

    /**
     * What the model calls of an evaluation were, for its record: {@code replay <file>: 64 replayed}, or
     * {@code record-missing <file>: 60 replayed, 4 recorded}, or {@code no model was called} (a function system and
     * the local judge: the recordings were not needed).
     */
    public static String modelCalls(String recordings, int replayed, int recorded) {
        if (replayed + recorded == 0) {
            return "no model was called";
        }
        return recordings + ": " + (replayed > 0 ? replayed + " replayed" : "")
                + (replayed > 0 && recorded > 0 ? ", " : "") + (recorded > 0 ? recorded + " recorded" : "");
    }

    /** {@link #modelCalls} with the recordings off: {@code off: not recorded (32 live system calls, ...)}. */
    public static String liveModelCalls(int systemCalls, int judgements) {
        if (systemCalls + judgements == 0) {
            return "no model was called";
        }
        return "off: not recorded (" + systemCalls + (systemCalls == 1 ? " live system call, " : " live system calls, ")
                + judgements + (judgements == 1 ? " live judgement)" : " live judgements)");
    }

    /**
     * The LLM judges' judgements that were live calls, from the annotations' details; a local judge's or a plain
     * check's annotation calls no model.
     */
    public static int liveJudgements(EvaluationResults results) {
        int live = 0;
        for (ItemResult item : results.items()) {
            for (Map.Entry<String, List<Annotation>> annotator :
                    item.annotations().entrySet()) {
                String judge = results.annotators().getOrDefault(annotator.getKey(), "code");
                if (!judge.equals("code") && !judge.startsWith("local:")) {
                    live += (int) annotator.getValue().stream()
                            .filter(a -> Boolean.FALSE.equals(a.details().get("replayed")))
                            .count();
                }
            }
        }
        return live;
    }

    /**
     * Whether the test names itself: it overrides {@code name()}, or it is a named class (its simple name is its
     * name). An anonymous or local class has no name of its own ({@code EvalTest$1}).
     */
    public static boolean hasOwnName(PromptResponseTest test) {
        try {
            boolean overridden = test.getClass().getMethod("name").getDeclaringClass() != PromptResponseTest.class;
            return overridden
                    || !(test.getClass().isAnonymousClass()
                            || test.getClass().isLocalClass()
                            || test.getClass().isSynthetic());
        } catch (NoSuchMethodException e) {
            return true;
        }
    }

    /**
     * The JUnit test's display name, as a title: a parameterized or repeated invocation's with its method's, e.g.
     * {@code evaluates(double) [2] 0.8}.
     */
    public static String displayTitle(ExtensionContext context) {
        String own = context.getDisplayName();
        Optional<ExtensionContext> parent = context.getParent();
        if (parent.isPresent() && parent.get().getTestMethod().isPresent()) {
            return parent.get().getDisplayName() + " " + own;
        }
        return own;
    }

    /**
     * The invocations of parameterized or repeated tests and classes in {@code context}'s unique id, e.g.
     * {@code [2]}, or {@code [1][3]} for the third invocation of a method in the first of a class: each invocation
     * gets a record of its own.
     */
    public static String invocations(ExtensionContext context) {
        StringBuilder text = new StringBuilder();
        for (UniqueId.Segment segment : UniqueId.parse(context.getUniqueId()).getSegments()) {
            if (segment.getType().endsWith("-invocation")) {
                text.append('[').append(segment.getValue().replace("#", "")).append(']');
            }
        }
        return text.toString();
    }

    /**
     * One gate in a line: {@code PASSED grounded.passed: lower bound >= 0.350, is 0.393 (mean 0.563 [0.393, 0.718]
     * wilson, n 32)}.
     */
    public static String gate(Gate gate) {
        StringBuilder text = new StringBuilder(gate.passed() ? "PASSED " : "FAILED ");
        if (gate.measurement() != null) {
            text.append(gate.measurement())
                    .append(gate.group() == null ? "" : " in " + gate.group())
                    .append(": ");
        }
        text.append(gate.asked());
        if (gate.figure() != null) {
            text.append(String.format(Locale.ROOT, ", is %.3f", gate.figure()));
        }
        if (gate.mean() != null && gate.lower() != null && gate.upper() != null) {
            text.append(String.format(
                    Locale.ROOT,
                    " (mean %.3f [%.3f, %.3f] %s, n %d)",
                    gate.mean(),
                    gate.lower(),
                    gate.upper(),
                    gate.method(),
                    gate.n()));
        }
        return text.toString();
    }

    /** {@code grounded.passed 0.906 [0.758, 0.968] (wilson 95%), n 32}. */
    public static String measurement(MeasurementResult m) {
        return String.format(Locale.ROOT, "%s %.3f %s, n %d", m.name(), m.mean(), m.interval(), m.n());
    }

    /** The message of an item that failed: what threw, then the item. */
    public static String itemError(ItemResult item) {
        return "The item '" + item.id() + "' could not be evaluated: "
                + item.error().describe() + "\n\n" + item(item);
    }

    /** The item's prompts, responses, annotations and measurements. */
    public static String item(ItemResult result) {
        TestItem item = result.item();
        StringBuilder text = new StringBuilder("item '").append(item.id()).append("'");
        if (!item.context().isEmpty()) {
            text.append(", context ").append(shortContext(item.context()));
        }
        text.append('\n');
        for (int p = 0; p < item.prompts().size(); p++) {
            text.append("  prompt ")
                    .append(p + 1)
                    .append(": ")
                    .append(quote(item.prompts().get(p).text()))
                    .append('\n');
            for (int i = 0; i < result.interactions().size(); i++) {
                Interaction interaction = result.interactions().get(i);
                if (interaction.promptIndex() != p) {
                    continue;
                }
                text.append("    response")
                        .append(interaction.repeat() > 0 || repeats(result) > 1 ? " " + (interaction.repeat() + 1) : "")
                        .append(": ")
                        .append(quote(interaction.response()))
                        .append('\n');
                for (Map.Entry<String, List<Annotation>> annotator :
                        result.annotations().entrySet()) {
                    Annotation a = annotator.getValue().get(i);
                    text.append("      ")
                            .append(annotator.getKey())
                            .append(": ")
                            .append(String.format(Locale.ROOT, "%.3f", a.score()))
                            .append(a.passed() == null ? "" : a.passed() ? " passed" : " failed")
                            .append(a.label() == null ? "" : " (" + a.label() + ")")
                            .append(
                                    a.explanation().isEmpty()
                                            ? ""
                                            : " " + Messages.shorten(a.explanation(), TEXT_LIMIT))
                            .append('\n');
                }
            }
        }
        if (!result.measurements().isEmpty()) {
            text.append("  measurements:");
            result.measurements()
                    .forEach((name, value) -> text.append(String.format(Locale.ROOT, " %s=%.3f", name, value)));
            text.append('\n');
        }
        return text.toString().stripTrailing();
    }

    private static int repeats(ItemResult result) {
        return result.interactions().stream()
                        .mapToInt(Interaction::repeat)
                        .max()
                        .orElse(0)
                + 1;
    }

    private static String quote(String text) {
        return "\"" + Messages.shorten(text.replace("\n", " "), TEXT_LIMIT) + "\"";
    }

    private static String shortContext(Map<String, Object> context) {
        StringBuilder text = new StringBuilder("{");
        context.forEach((key, value) -> text.append(text.length() > 1 ? ", " : "")
                .append(key)
                .append('=')
                .append(Messages.shorten(String.valueOf(value), 60)));
        return text.append('}').toString();
    }
}
