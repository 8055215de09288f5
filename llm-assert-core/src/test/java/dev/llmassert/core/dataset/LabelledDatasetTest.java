package dev.llmassert.core.dataset;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class LabelledDatasetTest {

    @TempDir
    Path dir;

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
    void theThreeFormatsGiveTheSameItemsWithTheDefaultFieldNames() throws IOException {
        Path jsonl = write(
                "labels.jsonl",
                "{\"id\": \"a1\", \"response\": \"Hold the button.\", \"label\": \"yes\", "
                        + "\"sources\": [\"S1\", \"S2\"]}",
                "{\"id\": \"a2\", \"response\": \"Call 555.\", \"label\": false, \"sources\": \"S1\"}",
                "{\"id\": 3, \"response\": \"Unplug it.\", \"label\": 1, \"sources\": [\"S3\"]}");
        Path csv = write(
                "labels.csv",
                "id,response,label,sources",
                "a1,Hold the button.,yes,S1|S2",
                "a2,Call 555.,false,S1",
                "3,Unplug it.,1,S3");
        Path yaml = write(
                "labels.yaml",
                "- id: a1",
                "  response: Hold the button.",
                "  label: yes",
                "  sources: [S1, S2]",
                "- id: a2",
                "  response: Call 555.",
                "  label: false",
                "  sources: S1",
                "- id: 3",
                "  response: Unplug it.",
                "  label: 1",
                "  sources: [S3]");

        for (Path file : List.of(jsonl, csv, yaml)) {
            List<LabelledItem> items =
                    Dataset.fromFile(file).labelled().contextList("sources").load();

            assertThat(items).extracting(LabelledItem::id).containsExactly("a1", "a2", "3");
            assertThat(items)
                    .extracting(LabelledItem::response)
                    .containsExactly("Hold the button.", "Call 555.", "Unplug it.");
            assertThat(items).extracting(LabelledItem::binaryLabel).containsExactly(true, false, true);
            assertThat(items)
                    .extracting(item -> item.contextList("sources"))
                    .containsExactly(List.of("S1", "S2"), List.of("S1"), List.of("S3"));
        }
    }

    @Test
    void namedFieldsAndAnIgnoredNote() throws IOException {
        Path file = write(
                "support.jsonl",
                "{\"key\": \"k1\", \"answer\": \"Yes.\", \"grounded\": \"No\", \"question\": \"Q?\", \"note\": \"n\"}");

        LabelledItem item = Dataset.fromFile(file)
                .labelled()
                .id("key")
                .response("answer")
                .label("grounded")
                .context("question")
                .ignore("note")
                .load()
                .get(0);

        assertThat(item.id()).isEqualTo("k1");
        assertThat(item.response()).isEqualTo("Yes.");
        assertThat(item.label()).isEqualTo("No");
        assertThat(item.binaryLabel()).isFalse();
        assertThat(item.context()).isEqualTo(Map.of("question", "Q?"));
        assertThat(item.where()).isEqualTo(file + ", line 1, field 'grounded'");
    }

    @Test
    void withoutAnIdFieldEachIdIsTheFileNameAndLine() throws IOException {
        Path file = write(
                "labels.jsonl",
                "{\"response\": \"A.\", \"label\": \"yes\"}",
                "",
                "{\"response\": \"B.\", \"label\": \"no\"}");

        assertThat(Dataset.fromFile(file).labelled().load())
                .extracting(LabelledItem::id)
                .containsExactly("labels.jsonl:1", "labels.jsonl:3");
    }

    @ParameterizedTest
    @ValueSource(strings = {"maybe", "2", "ja"})
    void aLabelThatIsNotYesOrNoNamesTheFileLineAndField(String label) throws IOException {
        Path file = write(
                "labels.jsonl",
                "{\"response\": \"A.\", \"label\": \"yes\"}",
                "{\"response\": \"B.\", \"label\": \"" + label + "\"}");
        LabelledItem item = Dataset.fromFile(file).labelled().load().get(1);

        DatasetException e = failure(item::binaryLabel);

        assertThat(e.path()).isEqualTo(file.toString());
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.field()).isEqualTo("label");
        assertThat(e)
                .hasMessageStartingWith(file + ", line 2, field 'label': the label is '" + label + "', but a "
                        + "groundedness label is yes or no")
                .hasMessageContaining("Fix: write yes when");
    }

    @Test
    void anOptionLabelMatchesTheCriteriasSpellingAndSuggestsTheNearestOption() throws IOException {
        Path file = write("tone.csv", "id,response,label", "t1,Hi!,polite", "t2,Go away.,Impolte");
        List<LabelledItem> items = Dataset.fromFile(file).labelled().load();

        assertThat(items.get(0).optionLabel(List.of("Polite", "Impolite"))).isEqualTo("Polite");
        DatasetException e = failure(() -> items.get(1).optionLabel(List.of("Polite", "Impolite")));
        assertThat(e)
                .hasMessage(file + ", line 3, field 'label': the label is 'Impolte', but it is none of the "
                        + "criteria's options: Polite, Impolite. Did you mean 'Impolite'? Fix: write the option "
                        + "the response "
                        + "should get, as the criteria names it.");
    }

    @Test
    void aMissingLabelAndABlankResponseNameTheirLines() throws IOException {
        Path missing = write("a.jsonl", "{\"response\": \"A.\", \"label\": \"yes\"}", "{\"response\": \"B.\"}");
        Path blank = write("b.csv", "response,label", "A.,yes", "\" \",no");

        assertThat(failure(() -> Dataset.fromFile(missing).labelled().load()))
                .hasMessage(missing + ", line 2, field 'label': the label is missing. Fix: give the line its label, "
                        + "or remove the line.");
        assertThat(failure(() -> Dataset.fromFile(blank).labelled().load()))
                .hasMessage(blank + ", line 3, field 'response': the response is blank. Fix: give the row its "
                        + "response, or remove the row.");
    }

    @Test
    void aResponseThatIsAListAndALabelThatIsAnObjectAreWrongTypes() throws IOException {
        Path list = write("a.jsonl", "{\"response\": [\"A.\"], \"label\": \"yes\"}");
        Path object = write("b.jsonl", "{\"response\": \"A.\", \"label\": {\"value\": \"yes\"}}");

        assertThat(failure(() -> Dataset.fromFile(list).labelled().load()))
                .hasMessageStartingWith(list + ", line 1, field 'response': the value is a list ([\"A.\"]), but a "
                        + "response is a text. Fix:");
        assertThat(failure(() -> Dataset.fromFile(object).labelled().load()))
                .hasMessageStartingWith(object + ", line 1, field 'label': the value is an object")
                .hasMessageContaining("but a label is a text, a number or a boolean");
    }

    @Test
    void aFileWithoutALabelFieldSaysWhichFieldsItHas() throws IOException {
        Path file = write("a.jsonl", "{\"answer\": \"A.\", \"grounded\": \"yes\"}");

        assertThat(failure(() ->
                        Dataset.fromFile(file).labelled().response("answer").load()))
                .hasMessage(file + ": no label field is named, and the file has no field 'label' to use instead. "
                        + "The file's fields: answer, grounded. Fix: name the field that holds the label, e.g. "
                        + ".label(\"grounded\").");
    }

    @Test
    void aFieldWithoutARoleAndARoleWithoutAField() throws IOException {
        Path file = write("a.jsonl", "{\"response\": \"A.\", \"label\": \"yes\", \"note\": \"n\"}");

        assertThat(failure(() -> Dataset.fromFile(file).labelled().load()))
                .hasMessageStartingWith(file + ", line 1, field 'note': the field has no role. Roles given: no id "
                        + "field (each id is the file name and line), .response(\"response\"), .label(\"label\")")
                .hasMessageEndingWith("or .ignore(\"note\") to leave it unused.");
        assertThat(failure(
                        () -> Dataset.fromFile(file).labelled().ignore("notes").load()))
                .hasMessageContaining(".ignore(..) names this field, but no line of the file has it")
                .hasMessageContaining("Did you mean 'note'?");
    }

    @Test
    void twoRowsWithOneIdNameBothLines() throws IOException {
        Path file = write(
                "a.jsonl",
                "{\"id\": \"x\", \"response\": \"A.\", \"label\": \"yes\"}",
                "{\"id\": \"x\", \"response\": \"B.\", \"label\": \"no\"}");

        assertThat(failure(() -> Dataset.fromFile(file).labelled().load()))
                .hasMessage(file + ", line 2, field 'id': the id 'x' is also the id on line 1. Fix: give each item "
                        + "its own id.");
    }

    @Test
    void oneFieldForTwoRolesFailsAtOnce() {
        DatasetFile file = Dataset.fromFile(Path.of("labels.jsonl"));

        assertThatThrownBy(() -> file.labelled().response("text").label("text"))
                .isInstanceOf(DatasetException.class)
                .hasMessage("labels.jsonl, field 'text': the field is named by .response(..) and by .label(..). Fix: "
                        + "give each field one role.");
        assertThatThrownBy(() -> file.labelled().label("text").context("text"))
                .hasMessageContaining("named by .label(..) and by .context(..)");
        assertThatThrownBy(() -> file.prompts("question").labelled())
                .isInstanceOf(DatasetException.class)
                .hasMessageContaining("a labelled dataset has no prompts, but .prompts(\"question\") was called");
    }

    @Test
    void itemsGivenInCodeSayWhoTheyAreInErrors() {
        LabelledItem item = LabelledItem.of("a1", "Hold it.", "perhaps").withContext("sources", List.of("S"));

        assertThat(item.contextList("sources")).containsExactly("S");
        assertThat(failure(item::binaryLabel))
                .hasMessageStartingWith("The label of the labelled item 'a1': the " + "label is 'perhaps'");
        assertThatThrownBy(() -> LabelledItem.of("a2", " ", "yes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The response of the labelled item 'a2' is blank. Fix: give the text that was judged.");
    }
}
