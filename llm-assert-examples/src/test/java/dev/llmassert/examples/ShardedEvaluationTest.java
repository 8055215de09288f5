package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MergeShards;
import dev.llmassert.core.record.RecordingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * The example's evaluation run whole and in three shards ({@code llmassert.eval.shard=i/3}, as three CI machines
 * would), through the JUnit Platform: the shards share the 32 questions evenly, and {@link MergeShards} gives back
 * the whole run's results, intervals included.
 */
class ShardedEvaluationTest {

    private static final String TEST_ID = SupportAssistantEvaluationTest.class.getName() + ".supportQuestions";

    @TempDir
    Path dir;

    @Test
    void threeShardsShareTheQuestionsEvenlyAndMergeToTheWholeRunsResults() {
        EvaluationResults whole = run(null);
        List<EvaluationResults> shards = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            shards.add(run(i + "/3"));
        }

        assertThat(shards).extracting(shard -> shard.items().size()).containsExactlyInAnyOrder(11, 11, 10);
        EvaluationResults merged = MergeShards.merge(shards);

        assertThat(merged.items())
                .extracting(ItemResult::id)
                .isEqualTo(whole.items().stream().map(ItemResult::id).toList());
        assertThat(merged.results())
                .as("every measurement overall and per topic, its summary and its interval")
                .isEqualTo(whole.results());
        assertThat(merged.measurement("relevant").orElseThrow().interval())
                .isEqualTo(whole.measurement("relevant").orElseThrow().interval());
        assertThat(merged.testId()).isEqualTo(whole.testId());
    }

    /** One run of the example's evaluation, whole or one shard ({@code i/n}), and its record. */
    private EvaluationResults run(String shard) {
        EngineTestKit.Builder run = EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(
                        SupportAssistantEvaluationTest.class,
                        "supportQuestions",
                        "dev.llmassert.junit.Evaluator, dev.llmassert.core.criteria.DirectJudge, "
                                + "dev.llmassert.core.groundedness.GroundednessJudge"))
                .configurationParameter(ConfigKeys.REPORT_DIR, dir.toString())
                .configurationParameter(ConfigKeys.RECORDINGS_MODE, RecordingMode.REPLAY.id());
        if (shard != null) {
            run.configurationParameter(ConfigKeys.EVAL_SHARD, shard);
        }
        EngineExecutionResults results = run.execute();
        // a shard replays its own items only: the other shards' recordings are not reported as unused
        assertThat(results.allEvents().reportingEntryPublished().stream())
                .flatExtracting(event -> event.getRequiredPayload(ReportEntry.class)
                        .getKeyValuePairs()
                        .keySet())
                .doesNotContain("llmassert.recordings.unused");
        String suffix = shard == null ? "" : ".shard-" + shard.replace("/", "-of-");
        return EvaluationResults.read(dir.resolve("evaluations").resolve(TEST_ID + suffix + ".json"));
    }
}
