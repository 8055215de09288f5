package dev.llmassert.core.eval;

import java.util.function.Function;

/** A Java function of the prompt's text, as a system under test. */
record FunctionSystem(String name, Function<String, String> answer) implements SystemUnderTest {

    @Override
    public String respond(Prompt prompt) {
        return answer.apply(prompt.text());
    }

    @Override
    public String toString() {
        return "SystemUnderTest[" + name + "]";
    }
}
