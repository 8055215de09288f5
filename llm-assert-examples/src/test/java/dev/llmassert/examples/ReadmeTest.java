package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.model.internal.OptionalClients;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The README and the guide stay true: the README stays short and links to every chapter; its snippets are lines of
 * the tests they come from; the guide's whole test classes are included from the tests that run, and the failure
 * messages both show are the ones the tests hold; the configuration table is written from {@link ConfigKeys}.
 * ({@link GuideTest} reads the built pages.)
 */
class ReadmeTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Path EXAMPLES = Path.of("src", "test", "java", "dev", "llmassert", "examples");
    private static final Path CONFIG_KEYS = Path.of(
            "..", "llm-assert-core", "src", "main", "java", "dev", "llmassert", "core", "config", "ConfigKeys.java");
    private static final Path LOCAL_JUDGE_LOG = Path.of("..", "docs", "local-judge.md");

    @Test
    void theReadmeIsShortAndLinksToEveryChapterOfTheGuide() throws IOException {
        String readme = Files.readString(README);

        assertThat(readme.lines()).as("the README's lines").hasSizeLessThanOrEqualTo(250);
        assertThat(Guide.chapters())
                .hasSizeGreaterThanOrEqualTo(17)
                .allSatisfy(chapter -> assertThat(readme).contains("](docs/guide/" + chapter + ".adoc)"));
        assertThat(readme).contains("```\nmvn -B verify\n```", "<artifactId>llm-assert-junit</artifactId>");
    }

    @Test
    void theReadmesSnippetsAreLinesOfTheirTestsAndItsFailuresTheTestsOwn() throws IOException {
        String readme = Files.readString(README);
        List<String> snippets = Guide.markdownBlocks(readme, "java");

        assertThat(snippets).hasSize(4);
        assertLinesOf(snippets.get(0), EXAMPLES.resolve("SupportAssistantTest.java"), 1);
        // the agent's request is NimbusAgentTest's WARRANTY_THEN_VISIT, written out; its checks are the test's lines
        String checks = snippets.get(2)
                .lines()
                .filter(line ->
                        line.startsWith("assertThat(result)") || line.strip().startsWith("."))
                .collect(Collectors.joining("\n"));
        assertLinesOf(checks, EXAMPLES.resolve("NimbusAgentTest.java"), 12);
        assertLinesOf(snippets.get(3), EXAMPLES.resolve("SupportChatTest.java"), 6);
        assertThat(readme)
                .contains("```\n" + failure(NimbusAgentTest.BOOKING_WITHOUT_LOOKUP) + "\n```")
                .contains("```\n" + failure(SupportChatTest.CONTRADICTS_TURN_1) + "\n```");
    }

    @Test
    void theMutationCheckAndTheRepeatedRunsIncludeTheirTests() throws IOException {
        String mutation = Guide.chapter("mutation-check");

        assertThat(mutation)
                .contains("include::{examples}/MutationCheckTest.java[tags=run]")
                .contains("include::{examples}/NimbusAgentEverySentenceTest.java[tags=every-sentence]")
                .contains("include::{examples}/SupportAssistantRepeatedTest.java[tags=repeat]")
                // the figures MutationCheckTest holds: NimbusAgentTest alone, then with NimbusAgentEverySentenceTest
                .contains("0.62 (26 of 42, `+tool-result+` 15 of 17")
                .contains("0.64 (27 of 42, `+tool-result+` 15 of 17)");
    }

    /**
     * The whole suite's mutation check as the guide shows it adds up: its mutants are its verdicts' sum, its score
     * is killed of killed and survived, each row of a class or an operator adds up the same, and the operators' rows
     * add up to the totals, column by column.
     * The figures come from one run of the check (docs/benchmarks.md names the command and the date).
     */
    @Test
    void theMutationChecksFiguresAddUp() throws IOException {
        String mutation = Guide.chapter("mutation-check");
        String block = mutation.substring(mutation.indexOf("llm-assert mutation check (seed 1"));
        block = block.substring(0, block.indexOf("\n....") + 1);
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

    /** A failure message a test holds (with %n for a line end), as a page shows it. */
    private static String failure(String format) {
        return String.format(format).replace(System.lineSeparator(), "\n").substring(1);
    }

    @Test
    void theQuickStartAndTheFirstAgentTestAreTheirTestsWholeAndThePomKeepsParameterNames() throws IOException {
        for (String test : List.of("QuickStartTest", "RefundAgentTest")) {
            List<String> lines = Files.readAllLines(EXAMPLES.resolve(test + ".java"));
            // the tagged region is the whole test class but its package line: a user's file as it is
            assertThat(lines.get(2)).as(test).isEqualTo("// tag::test[]");
            assertThat(lines.get(3)).as(test).startsWith("import ");
            assertThat(lines.get(lines.size() - 1)).as(test).isEqualTo("// end::test[]");
            assertThat(lines.get(lines.size() - 2)).as(test).isEqualTo("}");
        }
        assertThat(Guide.chapter("quick-start"))
                .contains("include::{examples}/QuickStartTest.java[tags=test]")
                .contains("include::{quick-start-project}/pom.xml[]");
        assertThat(Guide.chapter("agents"))
                .contains("include::{examples}/RefundAgentTest.java[tags=test]")
                .contains(
                        "`+dev.langchain4j.model.openai.OpenAiChatModel+`", "`+dev.langchain4j:langchain4j-open-ai+`");
        assertThat(Files.readString(Guide.DIR.resolve("projects/quick-start/pom.xml")))
                .contains("<configuration>\n          <parameters>true</parameters>\n        </configuration>");
    }

    @Test
    void theConfigurationTableIsWrittenFromConfigKeys() throws IOException {
        String table = GuideConfigurationTable.table(Files.readString(CONFIG_KEYS));
        List<String> keys = table.lines()
                .filter(line -> line.startsWith("|`llmassert."))
                .map(line -> line.substring(2, line.indexOf('`', 2)))
                .toList();

        assertThat(keys).containsExactlyElementsOf(ConfigKeys.supported());
        String chapter = Guide.chapter("configuration");
        assertThat(chapter).contains("include::{generated}/configuration-keys.adoc[]");
        assertThat(ConfigKeys.reserved().keySet())
                .allSatisfy(key -> assertThat(chapter).contains("`+" + key + "+`"));
        assertThat(chapter.contains("This version\nreads every key of the design"))
                .as("the guide says this version reads every key of the design, and ConfigKeys.reserved() is empty")
                .isEqualTo(ConfigKeys.reserved().isEmpty());
    }

    @Test
    void theCalibrationTheEvaluationAndTheCriteriaIncludeTheirTests() throws IOException {
        assertThat(Guide.chapter("calibration"))
                .contains("include::{examples}/SupportAnswersCalibrationTest.java[tags=calibration]");
        assertThat(Guide.chapter("evaluations"))
                .contains("include::{examples}/SupportAssistantEvaluationTest.java[tags=evaluation;evaluation-parts]");
        assertThat(Guide.chapter("criteria"))
                .contains("include::{examples}/SupportAssistantCriteriaTest.java[tags=concise;standalone;relevance;"
                        + "preferred;rubric]");
    }

    @Test
    void theAgentsChapterShowsNimbusAgentTestAndItsFailure() throws IOException {
        String agents = Guide.chapter("agents");

        assertThat(agents)
                .contains("include::{examples}/NimbusAgentTest.java[tags=agent]")
                .contains("....\n" + failure(NimbusAgentTest.BOOKING_WITHOUT_LOOKUP) + "\n....");
    }

    @Test
    void theConversationsChapterShowsItsTestsAndStatesTheSimulatorsPrompt() throws IOException {
        String conversations = Guide.chapter("conversations");

        assertThat(conversations)
                .contains("include::{examples}/SupportChatTest.java[tags=conversation]")
                .contains("include::{junit-tests}/ConversationRecordReplayTest.java[tags=simulator]")
                .contains("....\n" + failure(SupportChatTest.CONTRADICTS_TURN_1) + "\n....")
                .contains(UserSimulator.ROLE)
                .contains(UserSimulator.INSTRUCTIONS);
        assertThat(Guide.chapter("checks"))
                .contains("|`+assertThat(conversation).remembers(\"NR-20417\")+` / `+forgets(...)+` |");
    }

    /**
     * The guide's "Confidence and the cascade" includes {@link SupportAnswerCascadeTest}'s cascade, shows the unsure
     * lines that test holds, and its table's left-out column is what {@code ConfidenceFit} printed when it was refitted
     * on round 11's judge, as docs/local-judge.md quotes it.
     */
    @Test
    void theCascadeIncludesSupportAnswerCascadeTestAndItsLeftOutFiguresAreTheFitProgramsFigures() throws IOException {
        String groundedness = Guide.chapter("groundedness");
        String section = groundedness.substring(
                groundedness.indexOf("*Confidence and the cascade.*"), groundedness.indexOf("*The entailment model.*"));
        String log = Files.readString(LOCAL_JUDGE_LOG);
        String refit = log.substring(
                log.indexOf("**The confidence refitted on round 11's judge.**"),
                log.indexOf("## The entailment model (model card)"));

        assertThat(section)
                .contains("include::{examples}/SupportAnswerCascadeTest.java[tags=cascade;!verdicts]")
                .contains("....\n" + failure(SupportAnswerCascadeTest.UNSURE) + "\n....")
                .contains("`+" + ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE + "+` (default "
                        + String.format(Locale.ROOT, "%.2f", LocalGroundednessJudge.DEFAULT_MIN_CONFIDENCE));
        // each set's row ends with its left-out figures at half decided locally: kept verdicts right / cascade BAcc
        Map<String, String> named = Map.of(
                "begin-wow-cmu", "begin %s kept / %s cascade",
                "factcheckgpt-claims", "factcheckgpt %s / %s",
                "qags-cnndm", "news %s / %s",
                "summedits-qmsumm", "meetings %s / %s",
                "summedits-sales_call", "calls %s / %s",
                "summedits-sales_email", "emails %s / %s",
                "summedits-scitldr", "paper summaries %s / %s",
                "mean", "mean %s and %s");
        List<String[]> rows = section.lines()
                .filter(line -> named.keySet().stream().anyMatch(set -> line.startsWith("|" + set + " ")))
                .map(line -> line.substring(1).split(" \\|"))
                .toList();
        assertThat(rows).hasSize(8);
        String sentence = refit.replaceAll("\\s+", " ");
        assertThat(rows).allSatisfy(row -> {
            String[] leftOut = row[row.length - 1].split(" / ");
            assertThat(sentence)
                    .contains(String.format(named.get(row[0].strip()), leftOut[0].strip(), leftOut[1].strip()));
        });
        assertThat(sentence).contains("ECE, 0.143 per set and 0.060 pooled");
        assertThat(section.replaceAll("\\s+", " "))
                .contains("the expected calibration error, left out, is 0.143 on average per set (0.060 over the seven"
                        + " sets pooled; aim 0.05)");
    }

    /**
     * Without langchain4j's Ollama client the Ollama provider names the dependency to add: the guide shows the message
     * llm-assert writes, and the configuration chapter's dependency has the version that message names.
     */
    @Test
    void theOptionalOllamaClientsMessageAndDependencyAreTheOnesLlmAssertNames() throws IOException {
        ClassLoader withoutOllama = new ClassLoader(ReadmeTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("dev.langchain4j.model.ollama.")) {
                    throw new ClassNotFoundException(name);
                }
                return super.loadClass(name, resolve);
            }
        };
        String message = catchThrowableMessage(() -> OptionalClients.requireOllama(withoutOllama));
        Matcher version = Pattern.compile("dev\\.langchain4j:langchain4j-ollama:([\\w.-]+) ")
                .matcher(message);

        assertThat(version.find()).as("the version in %s", message).isTrue();
        assertThat(Guide.chapter("downloads")).contains("....\n" + message + "\n....");
        assertThat(Guide.chapter("configuration"))
                .contains("  <artifactId>langchain4j-ollama</artifactId>\n  <version>" + version.group(1)
                        + "</version>\n  <scope>test</scope>");
    }

    private static String catchThrowableMessage(Runnable call) {
        try {
            call.run();
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an IllegalStateException");
    }

    @Test
    void theFactCheckingModelsChunkSizeIsIncludedFromSupportAssistantFactCheckedTest() throws IOException {
        String groundedness = Guide.chapter("groundedness");

        assertThat(groundedness)
                .contains("include::{examples}/SupportAssistantFactCheckedTest.java[tags=chunks]")
                .contains(
                        "ollama pull bespoke-minicheck",
                        "llmassert.judge.provider=ollama\n"
                                + "llmassert.judge.model=bespoke-minicheck\nllmassert.groundedness.method=claim-check");
    }
}
