package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The groundedness question for one sentence, in the spirit of TruLens' groundedness feedback: the judge rates from
 * 0 to 10 how much of the statement's information the sources hold, and quotes its evidence first so that the score
 * follows from it.
 *
 * <p>The sources come before the statement and the instructions never change, so providers that cache prompt
 * prefixes reuse the work across the sentences of one response.
 */
@API(status = INTERNAL, since = "0.1")
public final class GroundednessPrompt {

    static final String INSTRUCTIONS = """
            You check whether a statement is supported by source text.
            You receive one or more sources and one statement taken from a longer answer.
            Rate from 0 to 10 how much of the information in the statement is contained in the sources:
            - 10: every piece of information in the statement is stated in the sources or follows directly from them;
            - 1 to 9: some of it is, in proportion to how much;
            - 0: none of it is, or the sources contradict it.
            Information that is missing from the sources counts as unsupported, even if it is true or well known.
            Judge only this statement; the rest of the answer is not your concern. A statement with no factual \
            content (a greeting, a question back to the user) is fully supported.
            First quote, word for word, the passages of the sources that support the statement. If no passage \
            supports it, write NOTHING FOUND. Then give the score.""";

    static final String TEXT_FORMAT = """
            Reply in exactly this format and nothing else:
            Supporting Evidence: <the quoted passages, or NOTHING FOUND>
            Score: <a whole number from 0 to 10>""";

    static final String JSON_FORMAT = """
            Reply with a JSON object only:
            {"evidence": "<the quoted passages, or NOTHING FOUND>", "score": <a whole number from 0 to 10>}""";

    static final ResponseFormat RESPONSE_FORMAT = ResponseFormat.builder()
            .type(ResponseFormatType.JSON)
            .jsonSchema(JsonSchema.builder()
                    .name("groundedness")
                    .rootElement(JsonObjectSchema.builder()
                            // Evidence before score: the model writes in this order, so the score follows the quotes.
                            .addStringProperty("evidence",
                                    "the passages of the sources that support the statement, quoted word for word, "
                                            + "or NOTHING FOUND")
                            .addIntegerProperty("score",
                                    "how much of the statement's information the sources contain, a whole number "
                                            + "from 0 (none) to 10 (all)")
                            .required("evidence", "score")
                            .additionalProperties(false)
                            .build())
                    .build())
            .build();

    private final String system;
    private final String sourcesBlock;
    private final boolean structured;

    private GroundednessPrompt(String sourcesBlock, boolean structured) {
        this.system = INSTRUCTIONS + "\n\n" + (structured ? JSON_FORMAT : TEXT_FORMAT);
        this.sourcesBlock = sourcesBlock;
        this.structured = structured;
    }

    /** The prompt for judging sentences against {@code sources}, asking for JSON when {@code structured}. */
    public static GroundednessPrompt forSources(List<String> sources, boolean structured) {
        StringBuilder block = new StringBuilder();
        if (sources.size() == 1) {
            block.append("SOURCE:\n<<<\n").append(sources.get(0).strip()).append("\n>>>\n");
        } else {
            block.append("SOURCES (").append(sources.size()).append(" separate passages):\n");
            for (int i = 0; i < sources.size(); i++) {
                block.append("[Source ").append(i + 1).append(" of ").append(sources.size()).append("]\n<<<\n")
                        .append(sources.get(i).strip()).append("\n>>>\n");
            }
        }
        return new GroundednessPrompt(block.toString(), structured);
    }

    public boolean structured() {
        return structured;
    }

    /** The request about one sentence. */
    public ChatRequest request(String sentence) {
        ChatRequest.Builder builder = ChatRequest.builder()
                .messages(SystemMessage.from(system),
                        UserMessage.from(sourcesBlock + "\nSTATEMENT:\n<<<\n" + sentence + "\n>>>"));
        if (structured) {
            builder.responseFormat(RESPONSE_FORMAT);
        }
        return builder.build();
    }
}
