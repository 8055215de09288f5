package dev.llmassert.core.conversation;

import dev.langchain4j.data.message.ChatMessage;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Every message of the conversation types that says what was wrong and how to fix it, in one place. */
final class ConversationMessages {

    private ConversationMessages() {}

    static String blankUserMessage(String user) {
        return "A turn needs the user's message, but it is " + (user == null ? "null" : "blank")
                + ". Fix: pass what the user said, e.g. Turn.of(\"My order hasn't arrived.\", reply).";
    }

    static String nullInTurn(String what) {
        return "A turn's " + what + " must be a list without nulls. Fix: pass List.of() for none.";
    }

    static String nullTurns() {
        return "A conversation's turns must be a list without nulls. Fix: pass List.of() for a conversation that "
                + "has not started.";
    }

    static String noSuchTurn(int number, int count) {
        return "There is no turn " + number + ": turns are numbered from 1, and the conversation has " + count
                + (count == 1 ? " turn" : " turns") + ". Fix: ask for a turn from 1 to " + Math.max(count, 1) + ".";
    }

    static String noTurns() {
        return "The conversation has no turn. Fix: let the user say something first.";
    }

    static String messageBeforeUser(ChatMessage message) {
        String what = switch (message.type()) {
            case AI -> "An assistant message";
            case TOOL_EXECUTION_RESULT -> "A tool result";
            default -> "A " + message.type().name().toLowerCase(Locale.ROOT) + " message";
        };
        return what + " comes before the first user message, so it belongs to no turn. Fix: pass the messages "
                + "from the conversation's start, as a chat memory holds them.";
    }

    static String unknownEnding(String id) {
        return "Unknown ending '" + id + "'. Fix: use one of "
                + Arrays.stream(Ending.values()).map(Ending::id).collect(Collectors.joining(", ")) + ".";
    }

    static String blankFact(String fact) {
        return "The fact to remember is " + (fact == null ? "null" : "blank")
                + ". Fix: name what the user gave, as they wrote it, e.g. \"NR-20417\".";
    }

    static String simulatorWithoutMessages() {
        return "A simulated user needs a model to write its messages, or fixed messages to send. Fix: "
                + "UserSimulator.builder().persona(...).goal(...).model(chatModel), or .fixedMessages(\"Hi\", ...).";
    }

    static String simulatorWithoutRole(String missing) {
        return "A simulated user with a model needs its " + missing + ": the model is told who it is and what it "
                + "wants. Fix: e.g. .persona(\"A customer whose new router shows a red light\")"
                + ".goal(\"Get the router online\").";
    }

    static String maxTurnsOutOfRange(int maxTurns) {
        return "A simulated conversation's turn limit must be between 1 and " + UserSimulator.MAX_TURNS + ", but is: "
                + maxTurns + ". Fix: e.g. .maxTurns(6).";
    }

    static String blankSimulatedMessage(int turn, String reply) {
        return "The simulated user's model wrote no message for turn " + turn + " (its reply was "
                + (reply == null ? "null" : "'" + reply + "'") + "). Fix: check the model and its recording; the "
                + "simulator needs a message, or " + UserSimulator.GOAL_REACHED + " or " + UserSimulator.HANDED_OVER
                + ".";
    }

    static String nullAssistant() {
        return "The simulated user has no assistant to talk to (null). Fix: pass the application's reply to a "
                + "message, e.g. simulator.talkTo(message -> assistant.chat(message)).";
    }

    static String blankFixedMessage(int index) {
        return "Fixed message " + (index + 1) + " of the simulated user is null or blank. Fix: give each message "
                + "its text.";
    }
}
