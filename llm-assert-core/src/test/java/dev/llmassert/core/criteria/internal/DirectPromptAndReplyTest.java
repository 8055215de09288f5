package dev.llmassert.core.criteria.internal;

import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.JudgePrompt;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.model.internal.ReplyParseException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DirectPromptAndReplyTest {

    private static final Criteria RELEVANCE = CriteriaCatalog.ANSWER_RELEVANCE;
    private static final Instance INSTANCE = Instance.of("response", "Hold the reset button for 10 seconds.")
            .with("question", "How do I reset the router?")
            .with("internal note", "never shown");

    @Test
    void thePromptShowsTheCriteriaItsOptionsTheContextAndTheEvaluatedText() {
        JudgePrompt prompt = DirectPrompt.build(RELEVANCE, INSTANCE);
        DataTags tags =
                DataTags.forTexts(List.of("Hold the reset button for 10 seconds.", "How do I reset the router?"));

        assertThat(prompt.system())
                .startsWith(DirectPrompt.DEFAULT_JUDGE_DESCRIPTION)
                .contains("\"selectedOption\": a string; exactly one of \"Relevant\", \"Partially relevant\","
                        + " \"Irrelevant\"")
                .doesNotContain("\"feedback\"");
        assertThat(prompt.user())
                .contains("## Criterion: answer_relevance")
                .contains(RELEVANCE.description())
                .contains("- \"Relevant\": " + RELEVANCE.options().get(0).description())
                .contains("### question\n\n" + tags.wrap("How do I reset the router?"))
                .contains("## The response to evaluate\n\n" + tags.wrap("Hold the reset button for 10 seconds."))
                .doesNotContain("never shown");
        assertThat(prompt.system()).contains(tags.rule());
        assertThat(prompt.user().indexOf("\"Relevant\":"))
                .isLessThan(prompt.user().indexOf("\"Irrelevant\":"));
    }

    @Test
    void theSchemaRequiresAnExplanationAndAnOptionFromTheEnum() {
        JsonObjectSchema root = (JsonObjectSchema)
                DirectPrompt.build(RELEVANCE, INSTANCE).responseSchema().rootElement();

        assertThat(root.required()).containsExactly("explanation", "selectedOption");
        assertThat(((JsonEnumSchema) root.properties().get("selectedOption")).enumValues())
                .containsExactly("Relevant", "Partially relevant", "Irrelevant");
        assertThat(root.additionalProperties()).isFalse();
    }

    @Test
    void reversedOptionsFeedbackAndAPersonaChangeThePrompt() {
        JudgePrompt prompt = DirectPrompt.builder(RELEVANCE, INSTANCE)
                .optionsReversed(true)
                .generateFeedback(true)
                .judgeDescription("You are a senior support agent.")
                .build();

        assertThat(prompt.system())
                .startsWith("You are a senior support agent.")
                .contains("\"feedback\"");
        assertThat(prompt.user().indexOf("\"Irrelevant\":"))
                .isLessThan(prompt.user().indexOf("\"Relevant\":"));
        JsonObjectSchema root = (JsonObjectSchema) prompt.responseSchema().rootElement();
        assertThat(root.required()).containsExactly("explanation", "selectedOption", "feedback");
        assertThat(((JsonEnumSchema) root.properties().get("selectedOption")).enumValues())
                .containsExactly("Irrelevant", "Partially relevant", "Relevant");
    }

    @Test
    void buildingThePromptChecksTheInstanceHasTheFieldsTheCriteriaRead() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DirectPrompt.build(RELEVANCE, Instance.ofResponse("Hold the button.")))
                .withMessageContaining("reads field 'question'");
    }

    @Test
    void aValidReplyBecomesAResultWithTheOptionsScore() throws ReplyParseException {
        DirectReply reply = DirectReply.parse("""
                {"explanation": "It answers the question.", "selectedOption": "Partially relevant",
                 "feedback": "Mention where the button is."}""", RELEVANCE);

        DirectResult result = reply.toResult(RELEVANCE, null);

        assertThat(result.option()).isEqualTo("Partially relevant");
        assertThat(result.score()).isEqualTo(0.5);
        assertThat(result.explanation()).isEqualTo("It answers the question.");
        assertThat(result.feedback()).isEqualTo("Mention where the button is.");
        assertThat(result.samples()).isEqualTo(1);
        assertThat(result.agreement()).isEqualTo(1.0);
    }

    @Test
    void aReplyInACodeFenceWithAnotherCaseAndSnakeCaseKeyIsAccepted() throws ReplyParseException {
        DirectReply reply = DirectReply.parse("""
                Here is my evaluation:
                ```json
                {"explanation": "Directly answers.", "selected_option": "relevant", "feedback": ""}
                ```""", RELEVANCE);

        assertThat(reply.selectedOption()).isEqualTo("Relevant");
        assertThat(reply.feedback()).as("empty feedback means none").isNull();
    }

    @Test
    void anOptionThatDoesNotExistIsAReplyErrorThatListsTheOptionsForTheRepair() {
        String raw = "{\"explanation\": \"Fine.\", \"selectedOption\": \"Mostly relevant\"}";

        assertThatThrownBy(() -> DirectReply.parser(RELEVANCE).parse(raw))
                .isInstanceOf(ReplyParseException.class)
                .hasMessage("the field \"selectedOption\" is \"Mostly relevant\", which is not one of the options;"
                        + " it must be exactly one of \"Relevant\", \"Partially relevant\", \"Irrelevant\"");
    }

    @Test
    void repliesThatAreNotUsableJsonAreReplyErrors() {
        assertThatThrownBy(() -> DirectReply.parse("Relevant", RELEVANCE))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("the reply holds no JSON object");
        assertThatThrownBy(() -> DirectReply.parse("", RELEVANCE)).hasMessageContaining("the reply was empty");
        assertThatThrownBy(() -> DirectReply.parse("{\"explanation\": \"x\", }", RELEVANCE))
                .hasMessageContaining("the reply is not valid JSON");
        assertThatThrownBy(() -> DirectReply.parse("{\"selectedOption\": \"Relevant\"}", RELEVANCE))
                .hasMessageContaining("the field \"explanation\" is missing");
        assertThatThrownBy(() -> DirectReply.parse("{\"explanation\": \"x\"}", RELEVANCE))
                .hasMessageContaining("the field \"selectedOption\" is missing");
        assertThatThrownBy(() ->
                        DirectReply.parse("{\"explanation\": \"x\", \"selectedOption\": [\"Relevant\"]}", RELEVANCE))
                .hasMessageContaining("\"selectedOption\" must be text");
        assertThatThrownBy(() -> DirectReply.parse("{\"explanation\": \"x\", \"selectedOption\": 1}", RELEVANCE))
                .hasMessageContaining("is \"1\", which is not one of the options");
    }

    @Test
    void theRepairMessageDoesNotEchoALongReply() {
        String raw = "x".repeat(2000);

        assertThatThrownBy(() -> DirectReply.parse(raw, RELEVANCE))
                .isInstanceOf(ReplyParseException.class)
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }
}
