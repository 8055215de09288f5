package dev.llmassert.examples;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A customer-support assistant that answers questions about a product from its manual, through any langchain4j
 * {@link ChatModel}: it retrieves the relevant sections and asks the model to answer from them only.
 */
final class SupportAssistant {

    static final String SYSTEM_PROMPT = """
            You are the support assistant for the Nimbus R2 home router.
            Answer the customer's question using only the manual sections provided.
            If the sections do not contain the answer, say that you don't know and suggest contacting support.
            Answer in at most four sentences.""";

    private final ChatModel model;
    private final ProductManual manual;

    public SupportAssistant(ChatModel model, ProductManual manual) {
        this.model = Objects.requireNonNull(model, "model");
        this.manual = Objects.requireNonNull(manual, "manual");
    }

    /** Answers {@code question} from the manual. */
    public Answer ask(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException("question must not be blank");
        }
        List<ProductManual.Section> sections = manual.search(question, 2);
        String context = sections.isEmpty()
                ? "(no matching section)"
                : sections.stream()
                        .map(s -> "### " + s.title() + "\n" + s.text())
                        .collect(Collectors.joining("\n\n"));
        ChatRequest request = ChatRequest.builder()
                .messages(
                        SystemMessage.from(SYSTEM_PROMPT),
                        UserMessage.from("Manual sections:\n" + context + "\n\nQuestion: " + question))
                .build();
        String text = model.chat(request).aiMessage().text();
        return new Answer(
                question,
                text,
                sections.stream().map(ProductManual.Section::text).toList());
    }

    /**
     * The assistant's answer and the manual passages it was given: the sources a test checks the answer against.
     */
    public record Answer(String question, String text, List<String> sources) {}
}
