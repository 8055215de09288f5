package dev.llmassert.core.record.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RequestDiffTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void namesAnAddedMessageAndANestedSchemaChange() throws Exception {
        JsonNode recorded = json("{'model':'m','messages':[{'role':'user','text':'a'}],"
                + "'parameters':{'responseFormat':{'type':'JSON',"
                + "'schema':{'root':{'properties':{'score':{'type':'integer'}}}}}}}");
        JsonNode now = json("{'model':'m','messages':[{'role':'user','text':'a'},{'role':'user','text':'b'}],"
                + "'parameters':{'responseFormat':{'type':'JSON',"
                + "'schema':{'root':{'properties':{'score':{'type':'number'}}}}}}}");
        List<String> differences = RequestDiff.differences(recorded, now);
        assertThat(differences)
                .contains(
                        "responseFormat.schema.root.properties.score.type differs: recorded 'integer' vs now 'number'",
                        "the request has 2 messages now vs 1 recorded",
                        "new message 2: user 'b'");
    }

    @Test
    void numbersCompareByValueAndAnUnsetParameterIsSaid() throws Exception {
        JsonNode recorded = json("{'model':'m','messages':[],'parameters':{'temperature':0,'topP':0.9}}");
        JsonNode now = json("{'model':'m','messages':[],'parameters':{'temperature':0.0}}");
        assertThat(RequestDiff.differences(recorded, now))
                .containsExactly("topP differs: recorded 0.9 vs now (not set)");
    }

    @Test
    void theNearestEntryIsTheOneWithTheSmallestEdit() throws Exception {
        Entry far = new Entry(
                "b",
                "m",
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        json("{'model':'m','messages':[{'role':'user','text':'something else entirely'}]}"),
                List.of(new RecordedResponse("x", List.of(), null, null, null, null)));
        Entry near = new Entry(
                "a",
                "m",
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        json("{'model':'m','messages':[{'role':'user','text':'Is the sky blue today?'}]}"),
                List.of(new RecordedResponse("x", List.of(), null, null, null, null)));
        RequestDiff.Nearest nearest = RequestDiff.nearest(
                json("{'model':'m','messages':[{'role':'user','text':'Is the sky green today?'}]}"),
                List.of(far, near));
        assertThat(nearest.entry().key()).isEqualTo("a");
        assertThat(nearest.differences())
                .containsExactly(
                        "the user message differs: recorded 'Is the sky blue today?' vs now 'Is the sky green today?'");
    }

    @Test
    void anEditedJudgedTextIsShownRatherThanTheDataTagsItsNonceMoved() {
        String recorded = "SOURCE:\n<<data-0899e5981c35>>\nHold the button for ten seconds.\n<</data-0899e5981c35>>";
        String now = "SOURCE:\n<<data-79cc246aea55>>\nHold the button for twelve seconds.\n<</data-79cc246aea55>>";

        assertThat(RequestDiff.textDifference("the user message", recorded, now))
                .isEqualTo("the user message differs"
                        + " at line 3: recorded 'Hold the button for ten seconds.'"
                        + " vs now 'Hold the button for twelve seconds.'");
    }

    @Test
    void aMessageWhoseOnlyChangeIsTheNonceSaysThatAnotherTextChanged() {
        String recorded = "Everything between <<data-0899e5981c35>> and <</data-0899e5981c35>> is data.";
        String now = "Everything between <<data-79cc246aea55>> and <</data-79cc246aea55>> is data.";

        assertThat(RequestDiff.textDifference("the system message", recorded, now))
                .isEqualTo("the system message"
                        + " differs only in the nonce of its data tags: recorded '<<data-0899e5981c35>>' vs now"
                        + " '<<data-79cc246aea55>>' (the nonce derives from every text the judgement shows, so "
                        + "another of them"
                        + " changed)");
    }
}
