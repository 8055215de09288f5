package dev.llmassert.core.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.llmassert.core.dataset.DatasetRows.Format;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every message of {@link Dataset} and its helpers: what is wrong, then the fix. A {@link DatasetException} puts the
 * file, the line and the field in front.
 */
final class DatasetMessages {

    // What a value must be, and the fix, for wrongType.

    static final String ID_TYPE = "an id is a text or a number";
    static final String LISTED_PROMPT_TYPE = "a prompt is a text";
    static final String LISTED_PROMPT_FIX = "write each prompt of the list as a text.";
    static final String PROMPT_TYPE = "a prompt is a text or a list of texts";
    static final String PROMPT_FIX = "write the prompt as a text, or the prompts as a list of texts.";
    static final String CONTEXT_TYPE = "a context value is a text, a number, a boolean, or a list of these";
    static final String RESPONSE_TYPE = "a response is a text";
    static final String LABEL_TYPE = "a label is a text, a number or a boolean, e.g. yes, no or an option's name";

    private DatasetMessages() {}

    // ---- items built in code

    static String nullItem(int position) {
        return "Dataset.of(..): item " + position + " is null. Fix: leave it out, or build it with "
                + "TestItem.of(id, prompt).";
    }

    static String duplicateItem(int first, int second, String id) {
        return "Dataset.of(..): items " + first + " and " + second + " have the same id '" + id + "'. Fix: give each "
                + "item its own id.";
    }

    // ---- the file and the roles

    static String noResource(String resource) {
        return "The dataset resource name is " + (resource == null ? "null" : "blank") + ". Fix: name a file on the "
                + "classpath, e.g. Dataset.fromClasspath(\"eval/support.jsonl\") for "
                + "src/test/resources/eval/support.jsonl.";
    }

    static String noItems(Format format) {
        return "the file has no items. Fix: write " + format.example + ".";
    }

    static String duplicateId(String id, int firstLine) {
        return "the id '" + id + "' is also the id on line " + firstLine + ". Fix: give each item its own id.";
    }

    static String noFieldNamed(String role) {
        return "." + role + "() names no field. Fix: name one or more fields, e.g. ." + role + "(\"topic\").";
    }

    static String blankFieldName(String role, String field, String source) {
        return "." + role + "(..) was given a " + (field == null ? "null" : "blank") + " field name. Fix: name a field "
                + "of " + source + ".";
    }

    static String namedTwiceInOneCall(String role) {
        return "." + role + "(..) names this field twice. Fix: name it once.";
    }

    static String twoRoles(String taken, String role) {
        return "the field is named by ." + taken + "(..) and by ." + role + "(..). Fix: "
                + (taken.equals(role) ? "name it once." : "give each field one role.");
    }

    static String noPromptField(String defaultPrompt, Collection<String> fields, String example) {
        return "no prompt field is named, and the file has no field '" + defaultPrompt + "' to use instead. The file's "
                + "fields: " + String.join(", ", fields) + ". Fix: name the fields that hold the prompts, e.g. "
                + ".prompts(\"" + example + "\").";
    }

    /** {@code suggestion} is a {@link #didYouMean} or empty. */
    static String noSuchField(String role, Format format, Collection<String> fields, String suggestion) {
        return "." + role + "(..) names this field, but no " + format.unit + " of the file has it. The file's fields: "
                + String.join(", ", fields) + "." + suggestion + " Fix: correct the name in ." + role + "(..), or "
                + "leave it out.";
    }

    static String didYouMean(String field) {
        return " Did you mean '" + field + "'?";
    }

    // ---- rows

    static String noRole(String field, String rolesGiven) {
        return "the field has no role. Roles given: " + rolesGiven + ". Fix: add .context(\"" + field + "\") to copy "
                + "it into each item's context, or .ignore(\"" + field + "\") to leave it unused.";
    }

    static String missingId(Format format) {
        return "the id is missing. Fix: give the item an id that no other item has, or remove the " + format.unit + ".";
    }

    static String blankId(Format format) {
        return "the id is blank. Fix: give the item an id that no other item has, or remove the " + format.unit + ".";
    }

    static String blankListedPrompt(int element) {
        return "element " + element + " of the list of prompts is blank. Fix: give it a text, or remove it from the "
                + "list.";
    }

    /** {@code emptiness}: missing, blank or an empty list. */
    static String emptyPrompt(String field, String emptiness, Format format) {
        return "the prompt is " + emptiness + ". Fix: give the " + field + " a text, or remove the " + format.unit
                + ".";
    }

    static String emptyPrompts(List<String> fields, Format format) {
        return "the prompt fields "
                + fields.stream().map(field -> "'" + field + "'").collect(Collectors.joining(", "))
                + " are all missing or blank. Fix: give at least one of them a text, or remove the " + format.unit
                + ".";
    }

    /** "the value is an object ({..}), but {expected}. Fix: {fix}", the value cut to 60 characters. */
    static String wrongType(String subject, String kind, String shown, String expected, String fix) {
        String value = shown.length() > 60 ? shown.substring(0, 57) + "..." : shown;
        return subject + " is " + kind + " (" + value + "), but " + expected + ". Fix: " + fix;
    }

    // ---- fixes that name the line or the field

    static String idFix(int line) {
        return "write the id as a text, e.g. q" + line + ".";
    }

    static String contextFix(String field) {
        return "write a text or a list of texts in its place, or leave the field unused with .ignore(\"" + field
                + "\").";
    }

    // ---- labelled datasets

    static String promptsInLabelled(List<String> prompts) {
        return "a labelled dataset has no prompts, but .prompts(" + DatasetRoles.quoted(prompts) + ") was called "
                + "before .labelled(). Fix: give the fields their roles after .labelled(): .response(..) for the "
                + "text that was judged, .label(..) for the person's label, .context(..) for a question.";
    }

    /** No field for {@code role} is named, and the file has none called {@code byDefault}. */
    static String noLabelledField(String role, String byDefault, Collection<String> fields, String example) {
        return "no " + role + " field is named, and the file has no field '" + byDefault + "' to use instead. The "
                + "file's fields: " + String.join(", ", fields) + ". Fix: name the field that holds the " + role
                + ", e.g. ." + role + "(\"" + example + "\").";
    }

    static String missingLabelled(String role, Format format) {
        return "the " + role + " is missing. Fix: give the " + format.unit + " its " + role + ", or remove the "
                + format.unit + ".";
    }

    static String blankLabelled(String role, Format format) {
        return "the " + role + " is blank. Fix: give the " + format.unit + " its " + role + ", or remove the "
                + format.unit + ".";
    }

    static String labelledFix(String role) {
        return role.equals("label")
                ? "write the label as a text: yes or no for groundedness, the expected option for a criteria."
                : "write the text that was judged as one text.";
    }

    static String notBinaryLabel(String label) {
        return "the label is '" + label + "', but a groundedness label is yes or no (true or false, 1 or 0 also "
                + "do; case does not matter). Fix: write yes when the response is supported by its sources, no when "
                + "it is not.";
    }

    /** {@code suggestion} is a {@link #didYouMean} or empty. */
    static String notAnOption(String label, List<String> options, String suggestion) {
        return "the label is '" + label + "', but it is none of the criteria's options: " + String.join(", ", options)
                + "." + suggestion + " Fix: write the option the response should get, as the criteria names it.";
    }

    static String aDirectory() {
        return "this is a directory, not a dataset file. Fix: name a .jsonl, .csv or .yaml file in it.";
    }

    static String noSuchFile(Path path, String classpathHint) {
        return "there is no such file: " + path.toAbsolutePath() + " (working directory: "
                + Path.of("").toAbsolutePath() + "). Fix: check the path; a "
                + "relative path is resolved against the working directory. " + classpathHint;
    }

    static String noSuchResource(String resource) {
        return "there is no such resource on the classpath (working directory: "
                + Path.of("").toAbsolutePath() + "). Fix: put the file at src/test/resources/" + resource
                + " (or src/main/resources/" + resource
                + "), or load it by its path with Dataset.fromFile(Path.of(..)).";
    }

    static String unknownFormat() {
        return "the format cannot be told from the file name. Fix: "
                + "name the file .jsonl (or .ndjson), .csv, .yaml (or .yml), or give the format: "
                + "Dataset.fromJsonl(path), Dataset.fromCsv(path) or Dataset.fromYaml(path).";
    }

    static String unreadable(Exception e) {
        return "the file cannot be read (" + e + "). Fix: check that it is a file you may read.";
    }

    static String notUtf8(Throwable cause) {
        return "the file is not UTF-8 text (" + cause + "). Fix: save it as UTF-8.";
    }

    static String rowLengthDiffers(JsonProcessingException e) {
        return "the row does not have one value per column of the header (" + e.getOriginalMessage()
                + "). Fix: give the row one value per column, an empty one too (a,,c); put a value that holds a "
                + "comma, a quote or a line break in double quotes, with each of its quotes doubled "
                + "(\"Reset, then \"\"restart\"\"\").";
    }

    static String unnamedColumn(int i) {
        return "column " + (i + 1) + " of the header has no "
                + "name. Fix: name every column in the first line, e.g. id,question,topic.";
    }

    static String columnTwice() {
        return "the header names this column twice. Fix: give each column its own name.";
    }

    static String otherTopLevelKey() {
        return "the top level of the file has a key other than 'items'. Fix: write the file as a list "
                + "of items, or as a map whose only key is items: with the list under it.";
    }

    static String itemsNotAList(String kind) {
        return "'items' holds " + kind + ", not a list of items. Fix: write each item "
                + "under items: as a list entry starting with '- '.";
    }

    static String malformed(String problem, DatasetRows.Source source) {
        return problem + ". Fix: write " + source.format().example + ", or remove the " + source.format().unit + ".";
    }

    static String blankLabelledId(String id) {
        return "A labelled item's id is " + (id == null ? "null" : "blank")
                + ". Fix: give every item an id of its own, e.g. LabelledItem.of(\"a1\", response, \"yes\").";
    }

    static String blankResponse(String where, String response) {
        return "The response of " + where + " is " + (response == null ? "null" : "blank")
                + ". Fix: give the text that was judged.";
    }

    static String blankLabel(String where, String label) {
        return "The label of " + where + " is " + (label == null ? "null" : "blank")
                + ". Fix: give what a person said about the response: yes or no for groundedness, the "
                + "expected option for a criteria.";
    }
}
