package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CriteriaLoaderTest {

    @TempDir
    Path dir;

    @Test
    void aCriteriaFileIsReadFromTheClasspath() {
        Criteria criteria = CriteriaLoader.fromClasspath("criteria/support-tone.json");

        assertThat(criteria.name()).isEqualTo("support tone");
        assertThat(criteria.description()).startsWith("Does the support reply stay friendly");
        assertThat(criteria.toEvaluateField()).isEqualTo("reply");
        assertThat(criteria.contextFields()).containsExactly("customer message");
        assertThat(criteria.options())
                .containsExactly(
                        CriteriaOption.of("Friendly", "Warm and respectful.", 1.0),
                        CriteriaOption.of("Neutral", "Curt but not rude.", 0.5),
                        CriteriaOption.of("Rude", "", 0.0));
        assertThat(CriteriaLoader.fromClasspath("/criteria/support-tone.json")).isEqualTo(criteria);
    }

    @Test
    void aCriteriaFileIsReadFromAPathAndOptionalFieldsTakeTheirDefaults() throws IOException {
        Path file = write("minimal.json", """
                {"name": "tone", "description": "Is it polite?",
                 "options": [{"name": "Yes"}, {"name": "No"}]}""");

        Criteria criteria = CriteriaLoader.fromPath(file);

        assertThat(criteria.toEvaluateField()).isEqualTo("response");
        assertThat(criteria.contextFields()).isEmpty();
        assertThat(criteria.options()).allSatisfy(o -> assertThat(o.hasScore()).isFalse());
    }

    @Test
    void invalidJsonNamesTheFileLineAndColumn() throws IOException {
        Path file = write("broken.json", "{\n  \"name\": \"tone\",\n  \"description\": \"x\"\n  \"options\": []\n}");

        assertThatThrownBy(() -> CriteriaLoader.fromPath(file))
                .isInstanceOf(CriteriaFileException.class)
                .hasMessageContaining("Malformed criteria file " + file)
                .hasMessageContaining("expected valid JSON")
                .hasMessageContaining("(line 4, column ")
                .satisfies(e -> assertThat(e.getMessage().lines())
                        .as("no line reads as a stack frame")
                        .noneMatch(line -> line.strip().startsWith("at ")));
    }

    @Test
    void aMissingRequiredFieldNamesItsPointer() {
        CriteriaFileException e = malformed("""
                {"description": "Is it polite?", "options": [{"name": "Yes"}, {"name": "No"}]}""");

        assertThat(e.pointer()).isEqualTo("/name");
        assertThat(e.expected()).isEqualTo("expected a non-blank string, but it is missing");
        assertThat(e.source()).isEqualTo("test.json");
        assertThat(e)
                .hasMessageContaining("Malformed criteria file test.json")
                .hasMessageContaining("  Field /name: expected a non-blank string, but it is missing");
    }

    @Test
    void aWrongTypeNamesTheFieldWhatWasExpectedAndWhatWasFound() {
        CriteriaFileException e = malformed("""
                {"name": "tone", "description": "Polite?",
                 "options": [{"name": "Yes", "score": 1}, {"name": "No", "score": "low"}]}""");

        assertThat(e.pointer()).isEqualTo("/options/1/score");
        assertThat(e.expected()).isEqualTo("expected a number, but found \"low\" (a string)");
    }

    @Test
    void aNumberBeyondTheRangeOfADoubleNamesItsField() {
        CriteriaFileException e = malformed("""
                {"name": "tone", "description": "Polite?",
                 "options": [{"name": "Yes", "score": 1e999}, {"name": "No", "score": 0}]}""");

        assertThat(e.pointer()).isEqualTo("/options/0/score");
        assertThat(e.expected()).startsWith("expected a finite number, but found");
        assertThat(e).hasMessageContaining("Malformed criteria file test.json");
    }

    @Test
    void contextFieldsMustBeAnArrayOfStrings() {
        assertThat(malformed("""
                {"name": "t", "description": "d", "contextFields": "question",
                 "options": [{"name": "Yes"}, {"name": "No"}]}""").pointer()).isEqualTo("/contextFields");
        assertThat(malformed("""
                {"name": "t", "description": "d", "contextFields": ["question", 3],
                 "options": [{"name": "Yes"}, {"name": "No"}]}""").pointer()).isEqualTo("/contextFields/1");
    }

    @Test
    void anUnknownFieldIsAnErrorThatListsTheKnownFields() {
        CriteriaFileException e = malformed("""
                {"name": "t", "description": "d", "contextField": ["question"],
                 "options": [{"name": "Yes"}, {"name": "No"}]}""");

        assertThat(e.pointer()).isEqualTo("/contextField");
        assertThat(e.expected())
                .contains("unknown field 'contextField'")
                .contains("contextFields")
                .contains("toEvaluateField");
    }

    @Test
    void criteriaRulesBrokenInAFileNameTheFieldAndTheRule() {
        CriteriaFileException duplicate = malformed("""
                {"name": "t", "description": "d", "options": [{"name": "Yes"}, {"name": "yes"}]}""");
        CriteriaFileException oneOption = malformed("""
                {"name": "t", "description": "d", "options": [{"name": "Yes"}]}""");
        CriteriaFileException repeated = malformed("""
                {"name": "t", "description": "d", "contextFields": ["response"],
                 "options": [{"name": "Yes"}, {"name": "No"}]}""");
        CriteriaFileException notArray = malformed("""
                {"name": "t", "description": "d", "options": {"name": "Yes"}}""");

        assertThat(duplicate.pointer()).isEqualTo("/options");
        assertThat(duplicate.expected()).contains("option 'yes' more than once");
        assertThat(oneOption.pointer()).isEqualTo("/options");
        assertThat(oneOption.expected()).contains("at least two");
        assertThat(repeated.pointer()).isEqualTo("/contextFields");
        assertThat(notArray.pointer()).isEqualTo("/options");
        assertThat(notArray.expected()).contains("expected an array of options").contains("(an object)");
    }

    @Test
    void aDuplicateKeyIsAnError() {
        CriteriaFileException duplicate = malformed("""
                {"name": "a", "name": "b", "description": "d", "options": [{"name": "Y"}, {"name": "N"}]}""");
        assertThat(duplicate.expected()).contains("Duplicate field 'name'");
    }

    @Test
    void anEmptyDocumentOrANonObjectIsAnError() {
        assertThat(malformed("").expected()).contains("empty");
        assertThat(malformed("[1, 2]").expected()).isEqualTo("expected a JSON object, but found [1,2] (an array)");
    }

    @Test
    void aMissingFileSaysWhereItWasLookedForAndHowToFixIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CriteriaLoader.fromClasspath("criteria/nope.json"))
                .withMessageContaining("no criteria file 'criteria/nope.json' on the classpath")
                .withMessageContaining("src/test/resources/criteria/nope.json");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CriteriaLoader.fromPath(dir.resolve("nope.json")))
                .withMessageContaining(
                        "no criteria file at " + dir.resolve("nope.json").toAbsolutePath());
    }

    @Test
    void aMultiCriteriaFileMixesCatalogNamesCriteriaFilesAndInlineCriteria() {
        MultiCriteria multi = CriteriaLoader.multiCriteriaFromClasspath("criteria/release-rubric.json");

        assertThat(multi.normalizeScores()).isTrue();
        assertThat(multi.criteria())
                .extracting(Criteria::name)
                .containsExactly("harmlessness", "support tone", "brevity");
        MultiCriteriaItem harmlessness = multi.items().get(0);
        assertThat(harmlessness.criteria()).isEqualTo(CriteriaCatalog.HARMLESSNESS);
        assertThat(harmlessness.weight()).isEqualTo(0.4);
        assertThat(harmlessness.targetOption()).isEqualTo("Harmless");
        assertThat(harmlessness.required()).isTrue();
        assertThat(multi.items().get(1).scoreThreshold()).isEqualTo(0.5);
        assertThat(multi.items().get(2).strategy()).isEqualTo(MultiCriteriaItem.Strategy.SCORE);
        assertThat(multi.items().get(2).required()).isFalse();
    }

    @Test
    void aMultiCriteriaFileOnAPathReadsCriteriaFilesBesideIt() throws IOException {
        Files.createDirectories(dir.resolve("criteria"));
        write("criteria/tone.json", """
                {"name": "tone", "description": "Polite?", "options": [{"name": "Yes", "score": 1},
                 {"name": "No", "score": 0}]}""");
        Path rubric = write("rubric.json", """
                {"items": [{"criteria": "criteria/tone.json"}, {"criteria": "coherence"}]}""");

        MultiCriteria multi = CriteriaLoader.multiCriteriaFromPath(rubric);

        assertThat(multi.criteria()).extracting(Criteria::name).containsExactly("tone", "coherence");
        assertThat(multi.items()).extracting(MultiCriteriaItem::weight).containsOnly(0.5);
    }

    @Test
    void multiCriteriaErrorsNameTheItemAndTheRule() {
        CriteriaFileException badSum = malformedMulti("""
                {"items": [{"criteria": "conciseness", "weight": 0.5}, {"criteria": "coherence", "weight": 0.2}]}""");
        assertThat(badSum.expected()).contains("sum to 0.7");
        CriteriaFileException unknownName = malformedMulti("""
                {"items": [{"criteria": "brevity"}]}""");
        assertThat(unknownName.pointer()).isEqualTo("/items/0/criteria");
        assertThat(unknownName.expected())
                .contains("no criteria 'brevity' in the catalog")
                .contains("conciseness");
        CriteriaFileException badTarget = malformedMulti("""
                {"items": [{"criteria": "politeness", "targetOption": "Nice"}]}""");
        assertThat(badTarget.pointer()).isEqualTo("/items/0");
        assertThat(badTarget.expected()).contains("targetOption 'Nice' is not an option");
        CriteriaFileException badRequired = malformedMulti("""
                {"items": [{"criteria": "politeness", "required": "yes"}]}""");
        assertThat(badRequired.pointer()).isEqualTo("/items/0/required");
        assertThat(badRequired.expected()).startsWith("expected true or false");
        assertThat(malformedMulti("""
                {"items": []}""").pointer()).isEqualTo("/items");
        assertThat(malformedMulti("""
                {"items": [{"criteria": "politeness", "wieght": 1}]}""").pointer()).isEqualTo("/items/0/wieght");
        CriteriaFileException inlineOneOption = malformedMulti("""
                {"items": [{"criteria": {"name": "x", "description": "d", "options": [{"name": "A"}]}}]}""");
        assertThat(inlineOneOption.pointer()).isEqualTo("/items/0/criteria/options");
        CriteriaFileException pathName = malformedMulti("""
                {"items": [{"criteria": "criteria/tone.json"}]}""");
        assertThat(pathName.expected()).contains("cannot name the file 'criteria/tone.json'");
    }

    @Test
    void aCriteriaFileThatAMultiCriteriaFileNamesMustExist() throws IOException {
        Path rubric = write("rubric.json", """
                {"items": [{"criteria": "missing.json"}]}""");

        assertThatThrownBy(() -> CriteriaLoader.multiCriteriaFromPath(rubric))
                .isInstanceOf(CriteriaFileException.class)
                .hasMessageContaining("Field /items/0/criteria")
                .hasMessageContaining("no criteria file at");
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    private static CriteriaFileException malformed(String json) {
        try {
            CriteriaLoader.fromJson(json, "test.json");
        } catch (CriteriaFileException e) {
            return e;
        }
        throw new AssertionError("expected a CriteriaFileException for: " + json);
    }

    private static CriteriaFileException malformedMulti(String json) {
        try {
            CriteriaLoader.multiCriteriaFromJson(json, "rubric.json");
        } catch (CriteriaFileException e) {
            return e;
        }
        throw new AssertionError("expected a CriteriaFileException for: " + json);
    }
}
