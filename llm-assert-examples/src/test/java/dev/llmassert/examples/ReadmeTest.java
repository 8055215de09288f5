package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The README stays true: its quick start is {@link QuickStartTest}, character for character, every line of its
 * dataset evaluation is a line of {@link SupportAssistantEvaluationTest}, and its configuration table lists exactly
 * the keys of {@link ConfigKeys#supported()}, in order, and its fact-checking model's snippet is a piece of
 * {@link SupportAssistantFactCheckedTest}.
 */
class ReadmeTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Path AGENT_TEST = Path.of("src/test/java/dev/llmassert/examples/NimbusAgentTest.java");
    private static final Path EXAMPLES = Path.of("src/test/java/dev/llmassert/examples");
    private static final Path RECORD_REPLAY = Path.of(
                    "..", "llm-assert-junit", "src", "test", "java", "dev", "llmassert", "junit")
            .resolve("ConversationRecordReplayTest.java");
    private static final Path QUICK_START =
            Path.of("src", "test", "java", "dev", "llmassert", "examples", "QuickStartTest.java");
    private static final Path EVALUATION =
            Path.of("src", "test", "java", "dev", "llmassert", "examples", "SupportAssistantEvaluationTest.java");
    private static final Path CALIBRATION =
            Path.of("src", "test", "java", "dev", "llmassert", "examples", "SupportAnswersCalibrationTest.java");
    private static final Path REFUND_AGENT =
            Path.of("src", "test", "java", "dev", "llmassert", "examples", "RefundAgentTest.java");
    private static final Path LOCAL_JUDGE_LOG = Path.of("..", "docs", "local-judge.md");
    private static final Path FACT_CHECKED =
            Path.of("src", "test", "java", "dev", "llmassert", "examples", "SupportAssistantFactCheckedTest.java");

    @Test
    void theMutationCheckAndTheRepeatedRunsAreCopiedFromTheirTests() throws IOException {
        String readme = Files.readString(README);
        String mutation = readme.substring(readme.indexOf("## Mutation check"), readme.indexOf("## Repeated runs"));
        String repeated = readme.substring(readme.indexOf("## Repeated runs"), readme.indexOf("## The run report"));
        List<String> snippets = javaSnippets(mutation);

        assertThat(snippets).hasSize(2);
        assertLinesOf(snippets.get(0), EXAMPLES.resolve("MutationCheckTest.java"), 7);
        assertLinesOf(snippets.get(1), EXAMPLES.resolve("NimbusAgentEverySentenceTest.java"), 6);
        assertThat(javaSnippets(repeated))
                .singleElement()
                .satisfies(snippet -> assertLinesOf(snippet, EXAMPLES.resolve("SupportAssistantRepeatedTest.java"), 7));
        assertThat(mutation)
                // the figures MutationCheckTest holds: NimbusAgentTest alone, then with NimbusAgentEverySentenceTest
                .contains("0.62 (26 of 42, `tool-result` 15 of 17")
                .contains("0.64 (27 of 42, `tool-result` 15 of 17)");
    }

    /**
     * The whole suite's mutation check as the README shows it adds up: its mutants are its verdicts' sum, its score
     * is killed of killed and survived, each row of a class or an operator adds up the same, and the operators' rows
     * add up to the totals, column by column.
     * The figures come from one run of the check (docs/benchmarks.md names the command and the date).
     */
    @Test
    void theMutationChecksFiguresAddUp() throws IOException {
        String readme = Files.readString(README);
        String mutation = readme.substring(readme.indexOf("## Mutation check"), readme.indexOf("## Repeated runs"));
        String block = mutation.substring(mutation.indexOf("llm-assert mutation check (seed 1"));
        block = block.substring(0, block.indexOf("```"));
        Matcher totals = Pattern.compile(
                        "(\\d+) mutants: (\\d+) killed, (\\d+) survived, (\\d+) need a judge, (\\d+) need"
                                + " the application's model, (\\d+) not replayable, (\\d+) errored;"
                                + " score (\\d\\.\\d\\d) \\((\\d+) of (\\d+)\\)")
                .matcher(block);
        assertThat(totals.find()).as("the totals line of %s", block).isTrue();
        int[] total = new int[7];
        for (int i = 0; i < 7; i++) {
            total[i] = Integer.parseInt(totals.group(i + 1));
        }
        assertThat(total[0]).isEqualTo(total[1] + total[2] + total[3] + total[4] + total[5] + total[6]);
        assertThat(Integer.parseInt(totals.group(9))).isEqualTo(total[1]);
        assertThat(Integer.parseInt(totals.group(10))).isEqualTo(total[1] + total[2]);
        assertThat(totals.group(8))
                .isEqualTo(String.format(Locale.ROOT, "%.2f", total[1] / (double) (total[1] + total[2])));
        for (String table : List.of("test class", "operator")) {
            String rows = block.substring(block.indexOf("  " + table + " "));
            rows = rows.substring(rows.indexOf('\n') + 1);
            rows = rows.substring(0, rows.indexOf("\n\n"));
            int[] sum = new int[7];
            for (String row : rows.lines().toList()) {
                String[] cells = row.strip().split(" +");
                int[] row7 = new int[7];
                for (int i = 0; i < 7; i++) {
                    row7[i] = Integer.parseInt(cells[i + 1]);
                    sum[i] += row7[i];
                }
                assertThat(row7[0]).as(row).isEqualTo(row7[1] + row7[2] + row7[3] + row7[4] + row7[5] + row7[6]);
                assertThat(cells[8])
                        .as(row)
                        .isEqualTo(
                                row7[1] + row7[2] == 0
                                        ? "-"
                                        : String.format(Locale.ROOT, "%.2f", row7[1] / (double) (row7[1] + row7[2])));
            }
            if (table.equals("operator")) {
                // each mutant has one operator; a mutant whose answer tests of two classes read is in both classes'
                // rows
                assertThat(sum).as("the operator rows' sums").containsExactly(total);
            }
        }
    }

    /** Every line of {@code snippet} (at least {@code atLeast} of them) is a line of {@code test}. */
    private static void assertLinesOf(String snippet, Path test, int atLeast) {
        List<String> lines;
        try {
            lines = Files.readAllLines(test).stream().map(String::strip).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(snippet.lines().map(String::strip).filter(line -> !line.isEmpty()))
                .hasSizeGreaterThanOrEqualTo(atLeast)
                .allSatisfy(
                        line -> assertThat(lines).as("the lines of %s", test).contains(line));
    }

    /** The ```java blocks of {@code text}. */
    private static List<String> javaSnippets(String text) {
        List<String> snippets = new ArrayList<>();
        for (int start = text.indexOf("```java\n"); start >= 0; start = text.indexOf("```java\n", start + 1)) {
            snippets.add(text.substring(start + 8, text.indexOf("```", start + 8)));
        }
        return snippets;
    }

    @Test
    void theQuickStartIsCopiedFromQuickStartTest() throws IOException {
        String readme = Files.readString(README);
        String test = Files.readString(QUICK_START);
        // the test from its first import to its end, without the package line and the class comment
        String expected =
                test.substring(test.indexOf("import ")).replaceFirst("/\\*\\* The README's quick start[^\\n]*\\n", "");

        assertThat(readme).contains("```java\n" + expected + "```");
    }

    @Test
    void theFirstAgentTestIsCopiedFromRefundAgentTestAndThePomKeepsParameterNames() throws IOException {
        String readme = Files.readString(README);
        String test = Files.readString(REFUND_AGENT);
        String expected =
                test.substring(test.indexOf("import ")).replaceFirst("/\\*\\* The README's agent test[^\\n]*\\n", "");
        String section = readme.substring(readme.indexOf("## Agents: the tools an AI service called"));

        assertThat(section)
                .contains("```java\n" + expected + "```")
                .contains("`dev.langchain4j.model.openai.OpenAiChatModel`", "`dev.langchain4j:langchain4j-open-ai`");
        String quickStart = readme.substring(readme.indexOf("## Quick start"), readme.indexOf("## What you can check"));
        assertThat(quickStart)
                .contains("<configuration>\n          <parameters>true</parameters>\n        </configuration>");
    }

    @Test
    void theConfigurationTableListsEveryKeyThisVersionReads() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("\n## Configuration\n"));
        section = section.substring(0, section.indexOf("\n### "));
        List<String> keys = section.lines()
                .filter(line -> line.startsWith("| `llmassert."))
                .map(line -> line.substring(3, line.indexOf('`', 3)))
                .toList();

        assertThat(keys).containsExactlyElementsOf(ConfigKeys.supported());
        String table = section;
        assertThat(ConfigKeys.reserved().keySet())
                .allSatisfy(key -> assertThat(table).contains("`" + key + "`"));
        assertThat(table.contains("This version\nreads every key of the design"))
                .as("the README says this version reads every key of the design, and ConfigKeys.reserved() is empty")
                .isEqualTo(ConfigKeys.reserved().isEmpty());
    }

    @Test
    void theCalibrationIsCopiedFromSupportAnswersCalibrationTest() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("## Calibrate a judge on your own labels"));
        String snippet = section.substring(
                section.indexOf("```java\n") + 8, section.indexOf("```", section.indexOf("```java\n") + 8));
        List<String> test =
                Files.readAllLines(CALIBRATION).stream().map(String::strip).toList();

        assertThat(snippet.lines().map(String::strip).filter(line -> !line.isEmpty()))
                .hasSizeGreaterThan(10)
                .allSatisfy(line ->
                        assertThat(test).as("the lines of %s", CALIBRATION).contains(line));
    }

    @Test
    void theDatasetEvaluationIsCopiedFromSupportAssistantEvaluationTest() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("## Evaluate a dataset"));
        String snippet = section.substring(
                section.indexOf("```java\n") + 8, section.indexOf("```", section.indexOf("```java\n") + 8));
        List<String> test =
                Files.readAllLines(EVALUATION).stream().map(String::strip).toList();

        assertThat(snippet.lines().map(String::strip).filter(line -> !line.isEmpty()))
                .hasSizeGreaterThan(30)
                .allSatisfy(line ->
                        assertThat(test).as("the lines of %s", EVALUATION).contains(line));
    }

    @Test
    void theAgentSectionQuotesNimbusAgentTest() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("## Agents: the tools an AI service called"));
        String snippet = section.substring(
                section.indexOf("```java\n") + 8, section.indexOf("```", section.indexOf("```java\n") + 8));
        List<String> test =
                Files.readAllLines(AGENT_TEST).stream().map(String::strip).toList();

        assertThat(snippet.lines()
                        .map(String::strip)
                        .filter(line -> line.startsWith("assertThat(result)") || line.startsWith(".")))
                .hasSize(12)
                .allSatisfy(line ->
                        assertThat(test).as("the lines of %s", AGENT_TEST).contains(line));
        String failure = String.format(NimbusAgentTest.BOOKING_WITHOUT_LOOKUP)
                .replace(System.lineSeparator(), "\n")
                .substring(1);
        assertThat(section).contains("```\n" + failure + "\n```");
    }

    @Test
    void theConversationsSectionQuotesItsTestsAndStatesTheSimulatorsPrompt() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(
                readme.indexOf("## Conversations: a chat over many turns"), readme.indexOf("## The judges"));
        List<String> snippets = javaSnippets(section);

        assertThat(snippets).hasSize(2);
        assertEveryLineIn(snippets.get(0), EXAMPLES.resolve("SupportChatTest.java"), 6);
        assertEveryLineIn(snippets.get(1), RECORD_REPLAY, 8);
        String failure = String.format(SupportChatTest.CONTRADICTS_TURN_1)
                .replace(System.lineSeparator(), "\n")
                .substring(1);
        assertThat(section)
                .contains("```\n" + failure + "\n```")
                .contains(UserSimulator.ROLE)
                .contains(UserSimulator.INSTRUCTIONS);
        assertThat(readme).contains("| `assertThat(conversation).remembers(\"NR-20417\")` / `forgets(...)` |");
    }

    /** Every non-blank line of {@code snippet} (at least {@code atLeast} of them) is a line of {@code test}. */
    private static void assertEveryLineIn(String snippet, Path test, int atLeast) throws IOException {
        List<String> lines =
                Files.readAllLines(test).stream().map(String::strip).toList();
        assertThat(snippet.lines().map(String::strip).filter(line -> !line.isEmpty()))
                .hasSizeGreaterThanOrEqualTo(atLeast)
                .allSatisfy(
                        line -> assertThat(lines).as("the lines of %s", test).contains(line));
    }

    @Test
    void theCascadeIsCopiedFromSupportAnswerCascadeTestAndItsTableIsTheFitProgramsFigures() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(
                readme.indexOf("**Confidence and the cascade.**"), readme.indexOf("**The entailment model.**"));
        String log = Files.readString(LOCAL_JUDGE_LOG);
        String round = log.substring(log.indexOf("## Round 10"), log.indexOf("## The entailment model (model card)"));

        assertThat(javaSnippets(section))
                .singleElement()
                .satisfies(snippet -> assertLinesOf(snippet, EXAMPLES.resolve("SupportAnswerCascadeTest.java"), 10));
        List<String> rows = section.lines()
                .filter(line -> line.startsWith("| begin-")
                        || line.startsWith("| factcheckgpt-")
                        || line.startsWith("| qags-")
                        || line.startsWith("| summedits-")
                        || line.startsWith("| mean "))
                .toList();
        assertThat(rows).hasSize(8);
        // the figures are those ConfidenceFit printed, which docs/local-judge.md (round 10) quotes in the same table
        assertThat(rows).allSatisfy(row -> assertThat(round).contains(row));
        assertThat(section)
                .contains("`" + ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE + "` (default "
                        + String.format(Locale.ROOT, "%.2f", LocalGroundednessJudge.DEFAULT_MIN_CONFIDENCE));
    }

    @Test
    void theFactCheckingModelsChunkSizeIsCopiedFromSupportAssistantFactCheckedTest() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("### A fact-checking model as the judge: MiniCheck"));
        int start = section.indexOf("```java\n") + 8;
        String snippet = section.substring(start, section.indexOf("```", start));
        String test = Files.readString(FACT_CHECKED);

        assertThat(test).contains(snippet);
        assertThat(section)
                .contains(
                        "ollama pull bespoke-minicheck",
                        "llmassert.judge.provider=ollama\n"
                                + "llmassert.judge.model=bespoke-minicheck\nllmassert.groundedness.method=claim-check");
    }
}
