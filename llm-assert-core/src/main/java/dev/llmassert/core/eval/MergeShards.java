package dev.llmassert.core.eval;

import dev.llmassert.core.stats.MeasurementKind;
import org.apiguardian.api.API;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Combines the records of a sharded evaluation ({@code llmassert.eval.shard=i/n} on n machines) into one record,
 * with the results recomputed over all items by the default aggregation. Run it from the command line:
 *
 * <pre>
 * java -cp llm-assert-core.jar:&lt;its dependencies&gt; dev.llmassert.core.eval.MergeShards \
 *      merged.json shard-1.json shard-2.json shard-3.json
 * </pre>
 *
 * or, from this repository's root, {@code mvn -B -q -pl llm-assert-core compile exec:java
 * -Dexec.mainClass=dev.llmassert.core.eval.MergeShards -Dexec.args="merged.json shard-1.json shard-2.json"}. A test
 * that overrides {@code aggregate} gets the default aggregation here (with the measurement kinds the records name);
 * merge with {@link #merge(List)} and aggregate in
 * code instead.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MergeShards {

    private MergeShards() {}

    /**
     * {@code merged.json shard-1.json shard-2.json ...}; exits with status 2 and a message on bad input.
     *
     * @param args the merged record's file, then every shard's record, at least one
     */
    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("Usage: MergeShards <merged.json> <shard-1.json> [<shard-2.json> ...]");
            System.err.println("Combines the evaluation records of a sharded run (llmassert.eval.shard=i/n) into one"
                    + " record and recomputes its results.");
            System.exit(2);
            return;
        }
        try {
            List<Path> shards = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                Path shard = Path.of(args[i]);
                if (!Files.isRegularFile(shard)) {
                    System.err.println(EvaluationMessages.noShardRecord(shard));
                    System.exit(2);
                    return;
                }
                shards.add(shard);
            }
            EvaluationResults merged =
                    merge(shards.stream().map(EvaluationResults::read).toList());
            merged.write(Path.of(args[0]));
            int items = merged.items().size();
            int errors = merged.errors().size();
            System.out.println("Merged " + shards.size() + (shards.size() == 1 ? " shard record (" : " shard records (")
                    + items + (items == 1 ? " item, " : " items, ") + errors + (errors == 1 ? " error" : " errors")
                    + ") into " + Path.of(args[0]).toAbsolutePath());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }

    /**
     * The records as one: items in the whole run's order (each record says where each item was among the test's
     * items; an older record without it keeps shard order), results by the default aggregation at the shards'
     * confidence and grouping, so that they equal the whole run's, intervals included. The test id loses its
     * {@code .shard-i-of-n}.
     *
     * @param shards every shard's results, at least one, e.g. read with {@link EvaluationResults#read}
     * @return the whole run's results
     * @throws IllegalArgumentException when there is no record, the records are of different tests or settings, or
     *                                  they share an item
     */
    public static EvaluationResults merge(List<EvaluationResults> shards) {
        if (shards == null || shards.isEmpty()) {
            throw new IllegalArgumentException(EvaluationMessages.noShards());
        }
        EvaluationResults first = shards.get(0);
        List<ItemResult> items = new ArrayList<>();
        Map<String, Integer> owner = new HashMap<>();
        long systemMillis = 0;
        long annotationMillis = 0;
        long wallMillis = 0;
        for (int s = 0; s < shards.size(); s++) {
            EvaluationResults shard = shards.get(s);
            same("test", first.test(), shard.test(), s);
            same("system under test", first.systemUnderTest(), shard.systemUnderTest(), s);
            same("settings", first.settings().withShard(null), shard.settings().withShard(null), s);
            same("grouping", first.groupBy(), shard.groupBy(), s);
            same("dataset size", first.datasetItems(), shard.datasetItems(), s);
            for (ItemResult item : shard.items()) {
                Integer other = owner.putIfAbsent(item.id(), s);
                if (other != null) {
                    throw new IllegalArgumentException(EvaluationMessages.itemInTwoShards(item, other, s));
                }
                items.add(item);
            }
            systemMillis += shard.timings().systemMillis();
            annotationMillis += shard.timings().annotationMillis();
            wallMillis = Math.max(wallMillis, shard.timings().wallMillis());
        }
        if (items.stream().allMatch(item -> item.index() >= 0)) {
            // the whole run's order: the bootstrap resamples items in order, so only then are the intervals the same
            items.sort(Comparator.comparingInt(ItemResult::index));
        }
        Instant started = shards.stream()
                .map(r -> r.timings().started())
                .min(Comparator.naturalOrder())
                .orElseThrow();
        Map<String, MeasurementKind> kinds = new HashMap<>();
        first.results().measurements().forEach((name, m) -> {
            if (m.kind() != null) {
                kinds.put(name, m.kind());
            }
        });
        Aggregation aggregation = new Aggregation(first.settings().confidence(), first.groupBy(), kinds);
        String recordings = String.join(
                "; ",
                shards.stream().map(EvaluationResults::recordings).distinct().toList());
        return new EvaluationResults(
                first.testId().replaceFirst("\\.shard-\\d+-of-\\d+$", ""),
                first.test(),
                first.systemUnderTest(),
                first.annotators(),
                recordings,
                first.versions(),
                first.settings().withShard(null),
                first.groupBy(),
                new Timings(started, wallMillis, systemMillis, annotationMillis),
                first.datasetItems(),
                items,
                aggregation.standard(items));
    }

    private static void same(String what, Object expected, Object actual, int shard) {
        if (!expected.equals(actual)) {
            throw new IllegalArgumentException(EvaluationMessages.shardsDiffer(what, expected, actual, shard));
        }
    }
}
