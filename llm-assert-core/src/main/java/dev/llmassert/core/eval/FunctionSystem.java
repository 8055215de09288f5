package dev.llmassert.core.eval;

/** A Java function of the prompt and its item's id, as a system under test. */
record FunctionSystem(String name, SystemUnderTest.Responder answer) implements SystemUnderTest {

    @Override
    public String respond(Prompt prompt) throws Exception {
        return answer.respond(prompt, null);
    }

    @Override
    public String respond(Prompt prompt, String itemId) throws Exception {
        return answer.respond(prompt, itemId);
    }

    static void check(String name, Object answer) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("The system under test needs a name for the evaluation record, "
                    + "e.g. SystemUnderTest.of(\"support-assistant\", question -> bot.ask(question)).");
        }
        if (answer == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullFunction(name));
        }
    }

    @Override
    public String toString() {
        return "SystemUnderTest[" + name + "]";
    }
}
