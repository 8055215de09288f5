package dev.llmassert.core.groundedness;

import dev.langchain4j.model.chat.ChatModel;

import java.util.List;

// PLACEHOLDER on the h-junit branch only: the real class comes from the h-llm branch at merge. Do not edit.
public final class LlmGroundednessJudge implements GroundednessJudge {

    private final String name;

    private LlmGroundednessJudge(String name) {
        this.name = name;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        throw new UnsupportedOperationException("placeholder: merged from h-llm later");
    }

    @Override
    public String name() {
        return name;
    }

    public static final class Builder {
        private String judgeName;

        public Builder chatModel(ChatModel chatModel) {
            return this;
        }

        public Builder judgeName(String judgeName) {
            this.judgeName = judgeName;
            return this;
        }

        public Builder concurrency(int concurrency) {
            return this;
        }

        public Builder maxRetries(int maxRetries) {
            return this;
        }

        public LlmGroundednessJudge build() {
            return new LlmGroundednessJudge(judgeName);
        }
    }
}
