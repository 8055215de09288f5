package dev.llmassert.core.criteria.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.model.internal.JsonReplies;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.ReplyParser;
import org.apiguardian.api.API;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Writes a judge persona suited to a criteria, as IBM EvalAssist's synthetic persona does: the judge model is first
 * asked who would be the best evaluator for the criteria, and that description then opens the judge's prompt.
 *
 * <p>One persona per criteria for the lifetime of the judge, so every instance judged on a criteria is judged by the
 * same persona, and a test run asks for it once. Criteria are told apart by all they hold, not by name: two
 * criteria files that happen to share a name must not share the persona written for one of them. Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class SyntheticPersonas {

    static final String NAME = "persona_name";
    static final String DESCRIPTION = "persona_description";

    private static final String SYSTEM = """
            You choose the best evaluator for a criterion. Given a criterion that a text is judged on, describe \
            the expert who would judge it most reliably: their role, their expertise, and what they pay attention \
            to when applying this criterion. Do not judge any text yourself.
            Reply with only a JSON object, with no text before or after it, with these fields:
            - "persona_name": a string; the expert's role, e.g. "a senior technical editor";
            - "persona_description": a string; two or three sentences, addressed to the expert as "you", about \
            their expertise and how they apply the criterion.""";

    private static final ResponseFormat RESPONSE_FORMAT = ResponseFormat.builder()
            .type(ResponseFormatType.JSON)
            .jsonSchema(JsonSchema.builder()
                    .name("judge_persona")
                    .rootElement(JsonObjectSchema.builder()
                            .addStringProperty(NAME, "The expert's role.")
                            .addStringProperty(
                                    DESCRIPTION,
                                    "The expert's expertise and how they apply the criterion,"
                                            + " addressed to them as \"you\".")
                            .required(NAME, DESCRIPTION)
                            .additionalProperties(false)
                            .build())
                    .build())
            .build();

    private static final ReplyParser<String> PARSER = reply -> {
        JsonNode object = JsonReplies.parseObject(reply);
        String name = JsonReplies.requireText(object, NAME).strip();
        String description = JsonReplies.requireText(object, DESCRIPTION).strip();
        return "You are " + name + (name.endsWith(".") ? " " : ". ") + description;
    };

    private final JudgeChat chat;
    private final boolean structured;
    private final ConcurrentMap<Criteria, Slot> personas = new ConcurrentHashMap<>();

    public SyntheticPersonas(JudgeChat chat, boolean structured) {
        this.chat = chat;
        this.structured = structured;
    }

    /** The persona for {@code criteria}: asked for on first use, then the same for every later call. */
    public String personaFor(Criteria criteria) {
        return personas.computeIfAbsent(criteria, c -> new Slot()).get(() -> generate(criteria));
    }

    private String generate(Criteria criteria) {
        return chat.ask("the persona for criteria '" + criteria.name() + "'", request(criteria), PARSER)
                .value();
    }

    /** The request that asks for the persona of {@code criteria}. */
    public ChatRequest request(Criteria criteria) {
        StringBuilder user = new StringBuilder();
        user.append("## Criterion: ")
                .append(criteria.name())
                .append("\n\n")
                .append(criteria.description())
                .append("\n\nThe evaluated text is the ")
                .append(criteria.toEvaluateField());
        if (!criteria.contextFields().isEmpty()) {
            user.append(", with context: ").append(String.join(", ", criteria.contextFields()));
        }
        user.append(".\n\nOptions the evaluator chooses from:\n");
        PromptText.appendOptions(user, criteria.options());
        ChatRequest.Builder builder =
                ChatRequest.builder().messages(SystemMessage.from(SYSTEM), UserMessage.from(user.toString()));
        if (structured) {
            builder.responseFormat(RESPONSE_FORMAT);
        }
        return builder.build();
    }

    /** Computes its value once; a failure leaves it unset, so the next caller asks again. */
    private static final class Slot {
        private String value;

        synchronized String get(Supplier<String> compute) {
            if (value == null) {
                value = compute.get();
            }
            return value;
        }
    }
}
