package dev.llmassert.junit.testing;

import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A fixture run for a calibration on a judge that cannot tell the labels apart: 120 rows, half labelled yes, scored
 * by {@link RandomScoreJudge}, whose scores are independent of the labels.
 */
@LlmJudge
public class UnseparatedCalibration {

    @Test
    void calibrates(Evaluator evaluator) {
        evaluator.calibrate(new RandomScoreJudge(), rows());
    }

    /** 60 rows labelled yes and 60 no, each a different answer. */
    public static List<LabelledItem> rows() {
        List<LabelledItem> rows = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            rows.add(LabelledItem.of("r" + i, "Answer " + i + ".", i < 60 ? "yes" : "no")
                    .withContext("sources", "The source."));
        }
        return rows;
    }

    /** Scores a response by a number drawn from a generator seeded with its text, whatever its label. */
    public static final class RandomScoreJudge implements GroundednessJudge {

        public static final String NAME = "test:random";

        @Override
        public GroundednessVerdict judge(String response, List<String> sources) {
            double score = new SplittableRandom(response.hashCode()).nextInt(101) / 100.0;
            return GroundednessVerdict.of(
                    List.of(new SentenceVerdict(0, response, score, null)), NAME, null, false, Duration.ZERO);
        }

        @Override
        public String name() {
            return NAME;
        }
    }
}
