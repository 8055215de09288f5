package dev.llmassert.core.model.internal;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonRepliesTest {

    @Test
    void findsTheObjectAmidProse() throws ReplyParseException {
        JsonNode object =
                JsonReplies.parseObject("Here is my answer:\n{\"option\": \"Yes\", \"n\": 3}\nHope it helps.");

        assertThat(object.path("option").asText()).isEqualTo("Yes");
        assertThat(JsonReplies.requireInt(object, "n", 0, 5)).isEqualTo(3);
    }

    @Test
    void requireOneOfReturnsTheAllowedSpelling() throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject("{\"option\": \" yes \"}");

        assertThat(JsonReplies.requireOneOf(object, "option", List.of("Yes", "No")))
                .isEqualTo("Yes");
    }

    @Test
    void requireOneOfNamesTheAllowedOptions() throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject("{\"option\": \"Maybe\"}");

        assertThatThrownBy(() -> JsonReplies.requireOneOf(object, "option", List.of("Yes", "No")))
                .isInstanceOf(ReplyParseException.class)
                .hasMessage("the field \"option\" must be one of \"Yes\", \"No\", but is \"Maybe\"");
    }

    @Test
    void requireTextRejectsMissingAndBlankFields() throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject("{\"explanation\": \"  \"}");

        assertThatThrownBy(() -> JsonReplies.requireText(object, "explanation"))
                .hasMessageContaining("\"explanation\" is missing or empty");
        assertThatThrownBy(() -> JsonReplies.requireText(object, "feedback"))
                .hasMessageContaining("\"feedback\" is missing or empty");
    }

    @Test
    void invalidJsonNamesTheProblem() {
        assertThatThrownBy(() -> JsonReplies.parseObject("{\"option\": Yes}"))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void requirePresentTextAcceptsEmptyTextButNotAMissingField() throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject("{\"explanation\": \"\"}");

        assertThat(JsonReplies.requirePresentText(object, "explanation")).isEmpty();
        assertThatThrownBy(() -> JsonReplies.requirePresentText(object, "feedback"))
                .hasMessage("the field \"feedback\" is missing; it must be text");
    }

    @Test
    void aCodeFenceQuotedInsideTheObjectDoesNotHideIt() throws ReplyParseException {
        String object = "{\"explanation\": \"It shows ```json\\n{}\\n``` twice: ```x```\", \"n\": 2}";

        assertThat(JsonReplies.parseObject(object).path("n").asInt()).isEqualTo(2);
        assertThat(JsonReplies.parseObject("```json\n" + object + "\n```")
                        .path("n")
                        .asInt())
                .isEqualTo(2);
        assertThat(JsonReplies.parseObject("Note {this}.\n```json\n{\"n\": 3}\n```")
                        .path("n")
                        .asInt())
                .isEqualTo(3);
    }

    @Test
    void aNumberBeyondAnyScaleIsInvalidJsonNotACrash() {
        assertThatThrownBy(() -> JsonReplies.parseObject("{\"n\": 1e99999999999}"))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void aHugeBadValueIsShortenedInTheMessageSentBack() throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject("{\"n\": " + "9".repeat(900) + "}");

        assertThatThrownBy(() -> JsonReplies.requireInt(object, "n", 0, 10))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageStartingWith("the field \"n\" must be a whole number from 0 to 10, but is 999")
                .hasMessageEndingWith("...")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }
}
