package dev.llmassert.core.model;

import dev.langchain4j.model.chat.ChatModel;

// PLACEHOLDER on the h-junit branch only: the real class comes from the h-llm branch at merge. Do not edit.
public final class JudgeModels {

    private JudgeModels() {
    }

    public static ChatModel chatModel(JudgeSettings settings) {
        throw new UnsupportedOperationException("placeholder: merged from h-llm later");
    }
}
