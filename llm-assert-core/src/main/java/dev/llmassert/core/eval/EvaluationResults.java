package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The outcome of one evaluation: every item and the aggregate results, with what ran and how. Written as one JSON
 * record ({@link #write(Path)}); a committed record is read back with {@link #read(Path)} to serve as a baseline.
 *
 * @param testId          the id of the test that ran it, e.g. {@code com.example.SupportEvalTest.groundedAnswers}
 * @param test            the prompt-response test's name
 * @param systemUnderTest the system's name
 * @param annotators      per annotator name, its judge ({@code provider:model}) or {@code code}
 * @param recordings      how the model calls went: e.g. {@code replay <file>: 64 replayed}, {@code no model was
 *                        called}, or {@code none} when the runner was not told; a replayed call's reply may be
 *                        hand-written, as its recording says
 * @param versions        llm-assert's and Java's versions
 * @param settings        the settings it ran with
 * @param groupBy         the context keys items were grouped by
 * @param timings         how long it took
 * @param datasetItems    how many items the test made, before sampling and sharding
 * @param items           every item run, in the test's order
 * @param results         the aggregate
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EvaluationResults(
        String testId,
        String test,
        String systemUnderTest,
        Map<String, String> annotators,
        String recordings,
        Map<String, String> versions,
        EvaluationSettings settings,
        List<String> groupBy,
        Timings timings,
        int datasetItems,
        List<ItemResult> items,
        AggregateResults results) {

    /**
     * Copies the maps and lists.
     *
     * @param testId the id of the test that ran it
     * @param test the prompt-response test's name
     * @param systemUnderTest the system's name
     * @param annotators per annotator name, its judge or {@code code}; not {@code null}
     * @param recordings how the model calls went
     * @param versions llm-assert's and Java's versions; not {@code null}
     * @param settings the settings it ran with
     * @param groupBy the context keys items were grouped by; not {@code null}
     * @param timings how long it took
     * @param datasetItems how many items the test made, before sampling and sharding
     * @param items every item run; not {@code null}
     * @param results the aggregate
     */
    public EvaluationResults {
        annotators = Map.copyOf(annotators);
        versions = Map.copyOf(versions);
        groupBy = List.copyOf(groupBy);
        items = List.copyOf(items);
    }

    /**
     * The same results, with {@code description} as how the model calls went ({@link #recordings()}).
     *
     * @param description e.g. {@code replay <file>: 64 replayed}
     * @return new results; these are unchanged
     */
    public EvaluationResults withRecordings(String description) {
        return new EvaluationResults(
                testId,
                test,
                systemUnderTest,
                annotators,
                description,
                versions,
                settings,
                groupBy,
                timings,
                datasetItems,
                items,
                results);
    }

    /**
     * The items whose system call, annotator or measurement threw.
     *
     * @return those items, in the test's order
     */
    public List<ItemResult> errors() {
        return items.stream().filter(ItemResult::failed).toList();
    }

    /**
     * The share of items that failed, 0 when there are none.
     *
     * @return from 0 to 1
     */
    public double errorRate() {
        return items.isEmpty() ? 0.0 : (double) errors().size() / items.size();
    }

    /**
     * Whether more items failed than {@code llmassert.eval.max-error-rate} allows.
     *
     * @return {@code true} when {@link #errorRate()} is above the settings' maximum
     */
    public boolean errorRateExceeded() {
        return errorRate() > settings.maxErrorRate() + 1e-12;
    }

    /**
     * The measurement {@code name} over every item without an error.
     *
     * @param name the measurement's name
     * @return its summary and interval; empty when no item has it
     */
    public Optional<MeasurementResult> measurement(String name) {
        return results.measurement(name);
    }

    /**
     * The group of the items whose context has {@code key = value}.
     *
     * @param key the context key the items were grouped by
     * @param value the group's value of it
     * @return the group's measurements; empty when there is no such group
     */
    public Optional<GroupResult> group(String key, String value) {
        return results.group(key, value);
    }

    /**
     * The item with this id.
     *
     * @param id the item's id
     * @return its result; empty when no such item ran
     */
    public Optional<ItemResult> item(String id) {
        return items.stream().filter(i -> i.id().equals(id)).findFirst();
    }

    /**
     * Every measurement's mean and interval, overall and per group, as a text table: one row per group, one column
     * per measurement.
     *
     * <pre>
     * group              n  grounded               grounded.passed        relevant
     * (all)             32  0.582 [0.486, 0.686]   0.375 [0.229, 0.547]   0.891 [0.781, 0.984]
     * topic=firmware     4  0.574 [0.412, 0.740]   0.500 [0.150, 0.850]   1.000 [1.000, 1.000]
     * </pre>
     *
     * @return the table, rows separated by new lines, no trailing blanks
     */
    public String table() {
        List<String> names = List.copyOf(results.measurements().keySet());
        List<String> groups = new ArrayList<>(List.of("(all)"));
        results.groups().forEach(g -> groups.add(g.label()));
        int width = Math.max(5, groups.stream().mapToInt(String::length).max().orElse(5));
        int cell = Math.max(22, names.stream().mapToInt(String::length).max().orElse(0) + 2);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s %4s", "group", "n"));
        names.forEach(name -> table.append("  ").append(String.format(Locale.ROOT, "%-" + cell + "s", name)));
        row(table, width, cell, "(all)", items.size() - errors().size(), results.measurements(), names);
        results.groups().forEach(g -> row(table, width, cell, g.label(), g.items(), g.measurements(), names));
        return table.toString().lines().map(String::stripTrailing).collect(Collectors.joining("\n"));
    }

    private static void row(
            StringBuilder table,
            int width,
            int cell,
            String group,
            int n,
            Map<String, MeasurementResult> measurements,
            List<String> names) {
        table.append('\n').append(String.format(Locale.ROOT, "%-" + width + "s %4d", group, n));
        for (String name : names) {
            MeasurementResult m = measurements.get(name);
            String text = m == null
                    ? "-"
                    : String.format(
                            Locale.ROOT,
                            "%.3f [%.3f, %.3f]",
                            m.mean(),
                            m.interval().lower(),
                            m.interval().upper());
            table.append("  ").append(String.format(Locale.ROOT, "%-" + cell + "s", text));
        }
    }

    /**
     * Writes the record: pretty-printed, keys sorted, atomically (a failed write leaves the old file whole).
     *
     * @param file where to write it; its folders are made
     * @throws java.io.UncheckedIOException naming the file when it cannot be written
     */
    public void write(Path file) {
        EvaluationRecords.write(this, file);
    }

    /**
     * Reads a record written by {@link #write(Path)}, e.g. a committed baseline.
     *
     * @param file the record's file
     * @return the results it holds
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static EvaluationResults read(Path file) {
        return EvaluationRecords.read(file);
    }
}
