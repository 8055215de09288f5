package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.junit.internal.report.RunReport;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The guide's figures of the example suite are the ones its run printed. Run by Failsafe after Surefire has run the
 * whole suite: the run report Surefire's run wrote ({@code target/llm-assert/report.json}) gives the summary line that
 * run printed, and the guide's chapter "The run report" shows that line and the counts the paragraph after it names.
 */
class ReadmeRunSummaryIT {

    private static final Path REPORT = Path.of("target", "llm-assert");
    private static final Path GUIDE = Path.of("..", "docs", "guide", "run-report.adoc");

    @Test
    void theReadmeShowsTheSummaryLineTheExampleSuitePrinted() throws IOException {
        String filter = System.getProperty("readme.surefire.test", "");
        assumeTrue(
                filter.isBlank() || filter.startsWith("${"),
                "Surefire ran only " + filter + " (-Dtest): the guide's line is that of the whole suite");
        assumeTrue(Files.exists(REPORT.resolve("report.json")), "Surefire wrote no run report (-DskipTests)");
        String section = Files.readString(GUIDE);
        JsonNode run = new ObjectMapper()
                .readTree(REPORT.resolve("report.json").toFile())
                .path("run");

        String printed = RunReport.summaryOf(REPORT);

        assertThat(section).contains("....\n" + printed + "\n....");
        // the paragraph's lines joined, as a reader reads them
        String prose = section.replaceAll("\\s+", " ");
        assertThat(prose)
                .as("the paragraph after the line names the same calls of the application's model")
                .contains("The " + run.at("/systemCalls/count").asInt() + " calls of the application's model");
        assertThat(prose)
                .as("and the same checks that fail on purpose, and the same live checks")
                .contains(words(run.path("failedAsExpected").asInt()) + " checks fail on purpose")
                .contains("The " + run.path("live").asInt() + " live checks");
    }

    /** A count as the guide writes it at the start of a sentence. */
    private static String words(int count) {
        String[] small = {"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"};
        return count < small.length ? small[count] : String.valueOf(count);
    }
}
