package dev.llmassert.junit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.report.Check;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CheckReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static GroundednessVerdict verdict(int retries) {
        return GroundednessVerdict.of(
                List.of(new SentenceVerdict(0, "Hold the red button.", 1.0, "hold the red button")),
                "openai:gpt-4o-mini",
                new TokenUsage(10, 5),
                false,
                Duration.ofMillis(40),
                retries);
    }

    @Test
    void theRetriesOfACheckAreInItsReportEntryAndItsRunReportDetail() {
        Check check = CheckReport.groundedness("groundedness", verdict(3), 0.7, true, null);

        assertThat(check.reportEntry()).containsEntry("llmassert.retries", "3");
        assertThat(JSON.valueToTree(check).path("retries").asInt()).isEqualTo(3);
    }

    @Test
    void aCheckWithoutRetriesSaysZero() {
        GroundednessVerdict before =
                new GroundednessVerdict(1.0, verdict(0).sentences(), "local:all-minilm-l6-v2-q", null, false, null);

        Check check = CheckReport.groundedness("groundedness", before, 0.7, true, null);

        assertThat(before.retries()).isZero();
        assertThat(check.reportEntry()).containsEntry("llmassert.retries", "0");
        assertThat(JSON.valueToTree(check).path("retries").isInt()).isTrue();
    }
}
