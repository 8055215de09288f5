package dev.llmassert.core.groundedness;

import java.util.List;

// PLACEHOLDER on the h-junit branch only: the real class comes from the h-local branch at merge. Do not edit.
public final class LocalGroundednessJudge implements GroundednessJudge {

    public static LocalGroundednessJudge create() {
        return new LocalGroundednessJudge();
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        throw new UnsupportedOperationException("placeholder: merged from h-local later");
    }

    @Override
    public String name() {
        return "local:all-minilm-l6-v2-q";
    }
}
