package dev.llmassert.junit.internal;

import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.Interaction;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.core.eval.TestItem;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/** How an evaluation reads in messages and report entries: an item, an error, a measurement, a table. */
@API(status = INTERNAL, since = "0.1")
public final class EvaluationText {

    private static final int TEXT_LIMIT = 300;

    private EvaluationText() {
    }

    /** {@code SupportQuestions on nimbus: 32 items, 0 errors; grounded.passed 0.906 [0.758, 0.968] ...}. */
    public static String headline(EvaluationResults results) {
        StringBuilder text = new StringBuilder(results.test()).append(" on ").append(results.systemUnderTest())
                .append(": ").append(Messages.count(results.items().size(), "item")).append(", ")
                .append(Messages.count(results.errors().size(), "error"));
        results.results().measurements().values().forEach(m -> text.append("; ").append(measurement(m)));
        return text.toString();
    }

    /** {@code grounded.passed 0.906 [0.758, 0.968] (wilson 95%), n 32}. */
    public static String measurement(MeasurementResult m) {
        return String.format(Locale.ROOT, "%s %.3f %s, n %d", m.name(), m.mean(), m.interval(), m.n());
    }

    /** The message of an item that failed: what threw, then the item. */
    public static String itemError(ItemResult item) {
        return "The item '" + item.id() + "' could not be evaluated: " + item.error().describe() + "\n\n" + item(item);
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
            text.append("  prompt ").append(p + 1).append(": ").append(quote(item.prompts().get(p).text()))
                    .append('\n');
            for (int i = 0; i < result.interactions().size(); i++) {
                Interaction interaction = result.interactions().get(i);
                if (interaction.promptIndex() != p) {
                    continue;
                }
                text.append("    response").append(interaction.repeat() > 0 || repeats(result) > 1
                        ? " " + (interaction.repeat() + 1) : "").append(": ").append(quote(interaction.response()))
                        .append('\n');
                for (Map.Entry<String, List<Annotation>> annotator : result.annotations().entrySet()) {
                    Annotation a = annotator.getValue().get(i);
                    text.append("      ").append(annotator.getKey()).append(": ")
                            .append(String.format(Locale.ROOT, "%.3f", a.score()))
                            .append(a.passed() == null ? "" : a.passed() ? " passed" : " failed")
                            .append(a.label() == null ? "" : " (" + a.label() + ")")
                            .append(a.explanation().isEmpty() ? "" : " " + MessageText.shorten(a.explanation(),
                                    TEXT_LIMIT))
                            .append('\n');
                }
            }
        }
        if (!result.measurements().isEmpty()) {
            text.append("  measurements:");
            result.measurements().forEach((name, value) -> text.append(String.format(Locale.ROOT, " %s=%.3f", name,
                    value)));
            text.append('\n');
        }
        return text.toString().stripTrailing();
    }

    private static int repeats(ItemResult result) {
        return result.interactions().stream().mapToInt(Interaction::repeat).max().orElse(0) + 1;
    }

    private static String quote(String text) {
        return "\"" + MessageText.shorten(text.replace("\n", " "), TEXT_LIMIT) + "\"";
    }

    private static String shortContext(Map<String, Object> context) {
        StringBuilder text = new StringBuilder("{");
        context.forEach((key, value) -> text.append(text.length() > 1 ? ", " : "").append(key).append('=')
                .append(MessageText.shorten(String.valueOf(value), 60)));
        return text.append('}').toString();
    }
}
