package dev.llmassert.core.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.llmassert.core.eval.TestItem;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class DatasetTest {

    /** The items of src/test/resources/eval/support-questions.{jsonl,csv,yaml}. */
    private static final List<TestItem> SUPPORT_QUESTIONS = List.of(
            TestItem.builder("q1")
                    .prompt("How do I reset the router?")
                    .context("topic", "router")
                    .context("sections", List.of("Reset"))
                    .context("priority", "1")
                    .build(),
            TestItem.builder("q2")
                    .prompt("Alice asks: how long is the warranty?")
                    .prompt("Bob asks: how long is the warranty?")
                    .context("topic", "warranty")
                    .context("sections", List.of("Warranty", "Returns"))
                    .context("priority", "2")
                    .build());

    @TempDir
    Path dir;

    private static Dataset supportRoles(DatasetFile dataset) {
        return dataset.prompts("question", "rephrased")
                .context("topic")
                .contextList("sections")
                .context("priority")
                .ignore("notes");
    }

    private Path write(String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    private static DatasetException failure(ThrowingCallable load) {
        DatasetException e = catchThrowableOfType(DatasetException.class, load);
        assertThat(e).as("a DatasetException").isNotNull();
        return e;
    }

    @Test
    void jsonLinesLoadsEveryItemInFileOrder() {
        List<TestItem> items = supportRoles(Dataset.fromClasspath("eval/support-questions.jsonl"))
                .load();

        assertThat(items).isEqualTo(SUPPORT_QUESTIONS);
    }

    @Test
    void csvLoadsTheSameItemsWithTheListCellSplitAtBars() {
        List<TestItem> items = supportRoles(Dataset.fromClasspath("eval/support-questions.csv"))
                .load();

        assertThat(items).isEqualTo(SUPPORT_QUESTIONS);
    }

    @Test
    void yamlLoadsTheSameItemsFromItsItemsList() {
        List<TestItem> items = supportRoles(Dataset.fromClasspath("/eval/support-questions.yaml"))
                .load();

        assertThat(items).isEqualTo(SUPPORT_QUESTIONS);
    }

    @Test
    void aYamlTopLevelListWithAListOfPromptsAndTheDefaultFieldNames() throws IOException {
        Path file = write(
                "hospital.yml",
                "- id: hospital",
                "  prompt:",
                "    - 'Alice works in a hospital. She is a '",
                "    - 'Bob works in a hospital. He is a '",
                "  professions: [nurse, doctor]",
                "  version: 1.10",
                "  reviewed: true");

        List<TestItem> items = Dataset.fromFile(file)
                .context("professions", "version", "reviewed")
                .load();

        assertThat(items)
                .containsExactly(TestItem.builder("hospital")
                        .prompt("Alice works in a hospital. She is a ")
                        .prompt("Bob works in a hospital. He is a ")
                        .context("professions", List.of("nurse", "doctor"))
                        .context("version", "1.10")
                        .context("reviewed", "true")
                        .build());
    }

    @Test
    void withoutAnIdFieldEachIdIsTheFileNameAndThePhysicalLine() throws IOException {
        Path csv = write(
                "questions.csv",
                "question,topic",
                "\"How do I reset",
                "the router?\",router",
                "How long is the warranty?,warranty");
        Path jsonl = write(
                "questions.jsonl",
                "{\"prompt\": \"How do I reset the router?\"}",
                "",
                "{\"prompt\": \"How long is the warranty?\"}");

        assertThat(Dataset.fromFile(csv).prompts("question").ignore("topic").stream()
                        .map(TestItem::id))
                .containsExactly("questions.csv:2", "questions.csv:4");
        assertThat(Dataset.fromFile(jsonl).load())
                .extracting(TestItem::id)
                .containsExactly("questions.jsonl:1", "questions.jsonl:3");
    }

    @Test
    void anExplicitFormatReadsAFileWhateverItsExtension() throws IOException {
        Path file = write("questions.txt", "id,question", "q1,How do I reset the router?");

        assertThat(Dataset.fromCsv(file).prompts("question").load())
                .containsExactly(TestItem.of("q1", "How do I reset the router?"));
    }

    @Test
    void aCsvContextColumnNotListedAsAListKeepsItsBars() throws IOException {
        Path file = write("questions.csv", "id,prompt,sections", "q1,How do I reset the router?,Reset|Warranty");

        TestItem item = Dataset.fromFile(file).context("sections").load().get(0);

        assertThat(item.context()).containsEntry("sections", "Reset|Warranty");
    }

    @Test
    void rolesReturnANewDatasetAndLeaveTheFirstAsItWas() throws IOException {
        Path file = write("questions.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\", \"topic\": \"router\"}");
        DatasetFile base = Dataset.fromFile(file).prompts("question");

        Dataset withTopic = base.context("topic");

        assertThat(withTopic.load().get(0).context()).containsEntry("topic", "router");
        assertThatThrownBy(base::load).isInstanceOf(DatasetException.class).hasMessageContaining("'topic'");
        assertThat(withTopic).hasToString("Dataset[" + file + " .prompts(\"question\") .context(\"topic\")]");
    }

    @Test
    void itemsBuiltInCodeLoadAsGiven() {
        List<TestItem> items = List.of(TestItem.of("a", "Hi"), TestItem.of("b", "Hello"));

        assertThat(Dataset.of(items).load()).isEqualTo(items);
        assertThat(Dataset.of(items.stream()).stream()).isEqualTo(items);
    }

    @Test
    void aFieldWithoutARoleNamesTheFileLineFieldRolesAndFix() throws IOException {
        Path file = write(
                "support.jsonl",
                "{\"id\": \"q1\", \"question\": \"Reset?\", \"topic\": \"router\"}",
                "{\"id\": \"q2\", \"question\": \"Warranty?\", \"topic\": \"warranty\", \"notes\": \"new\"}");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topic").load());

        assertThat(e)
                .hasMessage(file + ", line 2, field 'notes': the field has no role. Roles given: "
                        + ".id(\"id\") (the default), .prompts(\"question\"), .context(\"topic\"). Fix: add "
                        + ".context(\"notes\") to copy it into each item's context, or .ignore(\"notes\") to leave it "
                        + "unused.");
        assertThat(e.path()).isEqualTo(file.toString());
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.field()).isEqualTo("notes");
    }

    @Test
    void aRoleNamingAFieldNoRowHasSuggestsTheClosestField() throws IOException {
        Path file = write("support.csv", "id,question,topic", "q1,Reset?,router");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topik").load());

        assertThat(e)
                .hasMessage(file + ", field 'topik': .context(..) names this field, but no row of the file "
                        + "has it. The file's fields: id, question, topic. Did you mean 'topic'? Fix: correct "
                        + "the name in "
                        + ".context(..), or leave it out.");
        assertThat(e.line()).isZero();
        assertThat(e.field()).isEqualTo("topik");
    }

    @Test
    void withoutPromptsAFileWithoutAPromptFieldIsAnError() throws IOException {
        Path file = write("support.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\"}");

        DatasetException e = failure(() -> Dataset.fromFile(file).load());

        assertThat(e)
                .hasMessage(file + ": no prompt field is named, and the file has no field 'prompt' to use "
                        + "instead. The file's fields: id, question. Fix: name the fields that hold the prompts, e.g. "
                        + ".prompts(\"question\").");
        assertThat(e.field()).isNull();
    }

    @Test
    void aFieldNamedByTwoRolesIsAnErrorAtOnce() throws IOException {
        Path file = write("support.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\"}");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").ignore("question"));

        assertThat(e)
                .hasMessage(file + ", field 'question': the field is named by .prompts(..) and by "
                        + ".ignore(..). Fix: give each field one role.");
    }

    @Test
    void itemsBuiltInCodeTakeNoRoles() {
        Dataset dataset = Dataset.of(List.of(TestItem.of("a", "Hi")));

        // the roles are methods of a file's dataset only: a role on items built in code does not compile
        assertThat(dataset).isNotInstanceOf(DatasetFile.class);
        assertThat(Dataset.class.getMethods())
                .extracting(Method::getName)
                .doesNotContain("id", "prompts", "context", "contextList", "ignore");
        assertThat(DatasetFile.class.getMethods())
                .extracting(Method::getName)
                .contains("id", "prompts", "context", "contextList", "ignore");
    }

    @Test
    void invalidJsonNamesThePhysicalLineAndKeepsJacksonsException() throws IOException {
        Path file = write(
                "support.jsonl",
                "{\"id\": \"q1\", \"question\": \"Reset?\"}",
                "",
                "{\"id\": \"q2\", \"question\": \"Warranty?\",}");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e.getMessage())
                .startsWith(file + ", line 3: the line is not valid JSON (column ")
                .endsWith("Fix: write a JSON object on each line, e.g. {\"id\": \"q1\", \"question\": \"How do "
                        + "I reset the router?\"}, or remove the line.");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.getCause()).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void aJsonLineNamingAFieldTwice() throws IOException {
        Path file = write("support.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\", \"question\": \"Restart?\"}");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e.getMessage())
                .startsWith(file + ", line 1: the line is not valid JSON (column ")
                .contains("Duplicate field 'question'");
    }

    @Test
    void aJsonLineThatIsNotAnObject() throws IOException {
        Path file = write("support.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\"}", "[\"q2\", \"Warranty?\"]");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e.getMessage()).startsWith(file + ", line 2: the line is a list, not a JSON object. Fix: ");
    }

    @Test
    void aCsvRowWithTooFewValuesNamesTheFirstLineOfItsRecord() throws IOException {
        Path file = write(
                "support.csv",
                "id,question,topic",
                "q1,\"How do I",
                "reset the router?\",router",
                "q2,\"How long is",
                "the warranty?\"");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topic").load());

        assertThat(e.getMessage())
                .startsWith(file + ", line 4: the row does not have one value per column of "
                        + "the header (Not enough column values: expected 3, found 2). Fix: give the row one value "
                        + "per column");
        assertThat(e.line()).isEqualTo(4);
        assertThat(e.field()).isNull();
        assertThat(e.getCause()).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void aCsvRowWithTooManyValues() throws IOException {
        Path file = write(
                "support.csv",
                "id,question,topic",
                "q1,How do I reset the router?,router",
                "q2,\"How long is",
                "the warranty?\",warranty,returns");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topic").load());

        assertThat(e.getMessage())
                .startsWith(file + ", line 3: the row does not have one value per column of "
                        + "the header (Too many entries")
                .contains("Fix: give the row one value per column");
        assertThat(e.line()).as("the first line of the record").isEqualTo(3);
    }

    @Test
    void aCsvHeaderNamingAColumnTwice() throws IOException {
        Path file = write("support.csv", "id,question,id", "q1,Reset?,q2");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 1, field 'id': the header names this column twice. Fix: give "
                        + "each column its own name.");
    }

    @Test
    void invalidYamlNamesTheLine() throws IOException {
        Path file = write("support.yaml", "- id: q1", "  question: Reset?", "- id: q2", "  question: [Warranty?");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 4: the file is not valid YAML (column 22: while parsing a flow "
                        + "sequence; expected ',' or ']', but got ?). Fix: write a list of maps, e.g. the line "
                        + "\"- id: q1\" "
                        + "then \"  question: How do I reset the router?\", or remove the item.");
        assertThat(e.line()).isEqualTo(4);
        assertThat(e.getCause()).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void aBlankPromptNamesTheLineAndField() throws IOException {
        Path file = write(
                "support-questions.jsonl",
                "{\"id\": \"q1\", \"question\": \"How do I reset the router?\"}",
                "{\"id\": \"q2\", \"question\": \"   \"}");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 2, field 'question': the prompt is blank. Fix: give the "
                        + "question a text, or remove the line.");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.field()).isEqualTo("question");
    }

    @Test
    void aMissingPromptNamesTheLineWhereTheYamlItemStarts() throws IOException {
        Path file = write(
                "support.yaml",
                "items:",
                "  - id: q1",
                "    question: How do I reset the router?",
                "",
                "  - id: q2",
                "    topic: warranty");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topic").load());

        assertThat(e)
                .hasMessage(file + ", line 5, field 'question': the prompt is missing. Fix: give the "
                        + "question a text, or remove the item.");
    }

    @Test
    void anItemWhosePromptFieldsAreAllEmpty() throws IOException {
        Path file = write("support.csv", "id,question,rephrased", "q1,Reset?,", "q2,,");

        DatasetException e = failure(
                () -> Dataset.fromFile(file).prompts("question", "rephrased").load());

        assertThat(e)
                .hasMessage(file + ", line 3: the prompt fields 'question', 'rephrased' are all missing or "
                        + "blank. Fix: give at least one of them a text, or remove the row.");
        assertThat(e.field()).isNull();
    }

    @Test
    void aBlankIdInACsvCell() throws IOException {
        Path file = write("support.csv", "id,question", "q1,Reset?", " ,Warranty?");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 3, field 'id': the id is blank. Fix: give the item an id that no "
                        + "other item has, or remove the row.");
    }

    @Test
    void aMissingIdInAJsonLine() throws IOException {
        Path file = write("support.jsonl", "{\"key\": \"q1\", \"question\": \"Reset?\"}", "{\"question\": \"Hi\"}");

        DatasetException e = failure(
                () -> Dataset.fromFile(file).id("key").prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 2, field 'key': the id is missing. Fix: give the item an id that "
                        + "no other item has, or remove the line.");
    }

    @Test
    void aDuplicateIdNamesBothLines() throws IOException {
        Path file = write(
                "support.jsonl",
                "{\"id\": \"q1\", \"question\": \"Reset?\"}",
                "{\"id\": \"q2\", \"question\": \"Warranty?\"}",
                "{\"id\": \"q1\", \"question\": \"Returns?\"}");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 3, field 'id': the id 'q1' is also the id on line 1. Fix: give "
                        + "each item its own id.");
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void aDuplicateIdAmongItemsBuiltInCode() {
        List<TestItem> items = List.of(TestItem.of("a", "Hi"), TestItem.of("b", "Hey"), TestItem.of("a", "Ho"));

        DatasetException e = failure(() -> Dataset.of(items));

        assertThat(e)
                .hasMessage("Dataset.of(..): items 1 and 3 have the same id 'a'. Fix: give each item its " + "own id.");
        assertThat(e.path()).isNull();
        assertThat(e.line()).isZero();
    }

    @Test
    void anObjectWhereAContextTextBelongs() throws IOException {
        Path file =
                write("support.jsonl", "{\"id\": \"q1\", \"question\": \"Reset?\", \"topic\": {\"name\": \"router\"}}");

        DatasetException e = failure(() ->
                Dataset.fromFile(file).prompts("question").context("topic").load());

        assertThat(e)
                .hasMessage(file + ", line 1, field 'topic': the value is an object ({\"name\":\"router\"}), "
                        + "but a context value is a text, a number, a boolean, or a list of these. Fix: write a "
                        + "text or "
                        + "a list of texts in its place, or leave the field unused with .ignore(\"topic\").");
    }

    @Test
    void aYamlMapInAListOfPrompts() throws IOException {
        Path file = write(
                "support.yaml",
                "- id: q1",
                "  question:",
                "    - How do I reset the router?",
                "    - text: How do I restart it?");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e)
                .hasMessage(file + ", line 1, field 'question': element 2 of the list is a map "
                        + "({\"text\":\"How do I restart it?\"}), but a prompt is a text. Fix: write each prompt "
                        + "of the "
                        + "list as a text.");
    }

    @Test
    void aFileWithoutItems() throws IOException {
        Path jsonl = write("support.jsonl", "", "  ");
        Path csv = write("support.csv", "id,question");

        DatasetException e =
                failure(() -> Dataset.fromFile(jsonl).prompts("question").load());

        assertThat(e)
                .hasMessage(jsonl + ": the file has no items. Fix: write a JSON object on each line, e.g. "
                        + "{\"id\": \"q1\", \"question\": \"How do I reset the router?\"}.");
        assertThatThrownBy(() -> Dataset.fromFile(csv).prompts("question").load())
                .hasMessageStartingWith(csv + ": the file has no items. Fix: write a header line");
    }

    @Test
    void aMissingFileNamesItsAbsolutePathAndTheWorkingDirectory() {
        Path missing = Path.of("src", "test", "resources", "eval", "no-such.jsonl");

        DatasetException e =
                failure(() -> Dataset.fromFile(missing).prompts("question").load());

        assertThat(e)
                .hasMessage(missing + ": there is no such file: " + missing.toAbsolutePath()
                        + " (working directory: " + Path.of("").toAbsolutePath()
                        + "). Fix: check the path; a relative path "
                        + "is resolved against the working directory. The file is meant to be on the classpath, "
                        + "so it can be "
                        + "loaded with Dataset.fromClasspath(\"eval/no-such.jsonl\").");
        assertThat(e.path()).isEqualTo(missing.toString());
        assertThat(e.line()).isZero();
    }

    @Test
    void aMissingClasspathResource() {
        DatasetException e =
                failure(() -> Dataset.fromClasspath("eval/no-such.csv").load());

        assertThat(e.getMessage())
                .startsWith("classpath:eval/no-such.csv: there is no such resource on the " + "classpath")
                .contains("Fix: put the file at src/test/resources/eval/no-such.csv");
    }

    @Test
    void anExtensionThatNamesNoFormat() {
        Path file = Path.of("support.txt");

        DatasetException e = failure(() -> Dataset.fromFile(file));

        assertThat(e)
                .hasMessage("support.txt: the format cannot be told from the file name. Fix: name the file "
                        + ".jsonl (or .ndjson), .csv, .yaml (or .yml), or give the format: Dataset.fromJsonl(path), "
                        + "Dataset.fromCsv(path) or Dataset.fromYaml(path).");
    }

    @ParameterizedTest
    @ValueSource(strings = {"support.jsonl", "support.csv", "support.yaml"})
    void aFileThatIsNotUtf8(String name) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, "prompt\nCaf\u00e9?\n".getBytes(StandardCharsets.ISO_8859_1));

        DatasetException e = failure(() -> Dataset.fromFile(file).load());

        assertThat(e)
                .hasMessage(file + ": the file is not UTF-8 text (java.nio.charset.MalformedInputException: "
                        + "Input length = 1). Fix: save it as UTF-8.");
    }

    @Test
    void aYamlFileWhoseTopLevelIsNeitherAListNorItems() throws IOException {
        Path file = write("support.yaml", "questions:", "  - id: q1", "    question: Reset?");

        DatasetException e =
                failure(() -> Dataset.fromFile(file).prompts("question").load());

        assertThat(e.getMessage())
                .startsWith(file + ", line 1, field 'questions': the top level of the file has "
                        + "a key other than 'items'. Fix: ");
    }

    @Test
    void aStreamOfItemsGoesThroughTheSameDuplicateCheck() {
        assertThatThrownBy(() -> Dataset.of(Stream.of(TestItem.of("a", "Hi"), TestItem.of("a", "Ho"))))
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("items 1 and 2 have the same id 'a'");
    }
}
