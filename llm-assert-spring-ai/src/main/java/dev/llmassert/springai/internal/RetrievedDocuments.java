package dev.llmassert.springai.internal;

import org.apiguardian.api.API;
import org.springframework.ai.document.Document;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The documents Spring AI's retrieval advisors put into a call's context: {@code QuestionAnswerAdvisor} under
 * {@value #QUESTION_ANSWER}, {@code RetrievalAugmentationAdvisor} under {@value #RETRIEVAL_AUGMENTATION}. The keys are
 * written here rather than read from those advisors' classes, whose artifacts an application may not have.
 */
@API(status = INTERNAL, since = "0.1")
public final class RetrievedDocuments {

    /** {@code QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS}. */
    public static final String QUESTION_ANSWER = "qa_retrieved_documents";
    /** {@code RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT}. */
    public static final String RETRIEVAL_AUGMENTATION = "rag_document_context";

    private RetrievedDocuments() {}

    /** The non-blank texts of the documents in {@code context}, in order. */
    public static List<String> texts(Map<String, ?> context) {
        List<String> texts = new ArrayList<>();
        if (context == null) {
            return texts;
        }
        for (String key : List.of(QUESTION_ANSWER, RETRIEVAL_AUGMENTATION)) {
            if (context.get(key) instanceof List<?> documents) {
                for (Object document : documents) {
                    if (document instanceof Document d
                            && d.getText() != null
                            && !d.getText().isBlank()) {
                        texts.add(d.getText());
                    }
                }
            }
        }
        return texts;
    }
}
