package dev.llmassert.core.conversation;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.llmassert.core.agent.ToolCall;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A conversation with an assistant: its system message, its turns in order (each the user's message and the
 * assistant's reply, with the tools it called and the sources it was given) and, when a {@link UserSimulator} drove
 * it, how it ended. Immutable; turns are numbered from 1, as people count them.
 *
 * <pre>{@code
 * Conversation conversation = Conversation.builder()
 *         .system("You are the Nimbus support assistant.")
 *         .turn("My order number is NR-20417. The light blinks red.", "Blinking red means there is no internet ...")
 *         .turn("Who do I contact?", "Support is available by chat in the Nimbus app ...")
 *         .build();
 * }</pre>
 *
 * <p>In a test, a {@code ConversationRecorder} of {@code llm-assert-junit} builds one turn by turn, or from the
 * events of a langchain4j AI service; {@link #fromMessages(List)} builds one from a chat memory's messages.
 *
 * @param systemMessage the system message, or {@code ""} when there is none
 * @param turns         the turns, in order
 * @param ending        how a simulated conversation ended, or {@code null} when it is not known (one built by hand or
 *                      recorded from an application)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Conversation(String systemMessage, List<Turn> turns, Ending ending) {

    /**
     * Checks the turns and copies them; a missing system message becomes {@code ""}.
     *
     * @param systemMessage the system message; {@code null} for none
     * @param turns the turns, in order; none of them {@code null}
     * @param ending how a simulated conversation ended, or {@code null} when it is not known
     * @throws IllegalArgumentException when the list of turns is {@code null} or holds {@code null}
     */
    public Conversation {
        systemMessage = systemMessage == null ? "" : systemMessage;
        if (turns == null || turns.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(ConversationMessages.nullTurns());
        }
        turns = List.copyOf(turns);
    }

    /**
     * A conversation of these turns, with no system message.
     *
     * @param turns the turns, in order; none of them {@code null}
     * @return the conversation, with no ending
     * @throws NullPointerException when a turn is {@code null}
     */
    public static Conversation of(Turn... turns) {
        return new Conversation("", List.of(turns), null);
    }

    /**
     * Starts a conversation with no system message and no turn.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The conversation held by a langchain4j chat memory's messages ({@code chatMemory.messages()}), or by a chat
     * request's: the system message; each user message starts a turn; an assistant message that asks for tools and
     * the tool results that answer it are the turn's tool calls; the last assistant text before the next user
     * message is the reply.
     *
     * @param messages the messages in order, e.g. {@code chatMemory.messages()}; {@code null} for none
     * @return the conversation, with no ending
     * @throws IllegalArgumentException when an assistant or tool message comes before the first user message
     */
    public static Conversation fromMessages(List<ChatMessage> messages) {
        Builder builder = builder();
        String user = null;
        String reply = "";
        List<ToolCall> calls = new ArrayList<>();
        Map<String, ToolExecutionRequest> asked = new HashMap<>();
        for (ChatMessage message : messages == null ? List.<ChatMessage>of() : messages) {
            if (message instanceof SystemMessage system) {
                builder.system(system.text());
            } else if (message instanceof UserMessage userMessage) {
                if (user != null) {
                    builder.turn(new Turn(user, reply, calls, List.of()));
                }
                user = userMessage.hasSingleText() ? userMessage.singleText() : String.valueOf(userMessage);
                reply = "";
                calls = new ArrayList<>();
            } else if (user == null) {
                throw new IllegalArgumentException(ConversationMessages.messageBeforeUser(message));
            } else if (message instanceof AiMessage ai) {
                if (ai.hasToolExecutionRequests()) {
                    ai.toolExecutionRequests().forEach(request -> asked.put(request.id(), request));
                }
                if (ai.text() != null) {
                    reply = ai.text();
                }
            } else if (message instanceof ToolExecutionResultMessage result) {
                ToolExecutionRequest request = asked.get(result.id());
                calls.add(ToolCall.of(result.toolName(), request == null ? "{}" : request.arguments(), result.text()));
            }
        }
        if (user != null) {
            builder.turn(new Turn(user, reply, calls, List.of()));
        }
        return builder.build();
    }

    /**
     * The number of turns.
     *
     * @return 0 or more
     */
    public int turnCount() {
        return turns.size();
    }

    /**
     * The turn {@code number}, from 1.
     *
     * @param number the turn's number, from 1 to {@link #turnCount()}
     * @return the turn
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public Turn turn(int number) {
        requireTurn(number);
        return turns.get(number - 1);
    }

    /**
     * The last turn.
     *
     * @return the turn numbered {@link #turnCount()}
     * @throws IllegalStateException when the conversation has no turn
     */
    public Turn lastTurn() {
        if (turns.isEmpty()) {
            throw new IllegalStateException(ConversationMessages.noTurns());
        }
        return turns.get(turns.size() - 1);
    }

    /**
     * The user's messages of turns 1 to {@code number}, in order: what the user had said by that turn.
     *
     * @param number the turn's number, from 1 to {@link #turnCount()}
     * @return the messages, {@code number} of them
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public List<String> userMessagesUpTo(int number) {
        requireTurn(number);
        return turns.subList(0, number).stream().map(Turn::user).toList();
    }

    /**
     * The sources of turns 1 to {@code number}, each once, in the order they were first given.
     *
     * @param number the turn's number, from 1 to {@link #turnCount()}
     * @return the sources the assistant had been given by that turn; empty when none
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public List<String> sourcesUpTo(int number) {
        requireTurn(number);
        LinkedHashSet<String> sources = new LinkedHashSet<>();
        turns.subList(0, number).forEach(turn -> sources.addAll(turn.sources()));
        return List.copyOf(sources);
    }

    /**
     * The assistant's replies, in order.
     *
     * @return one reply per turn, {@code ""} for a turn without one
     */
    public List<String> replies() {
        return turns.stream().map(Turn::assistant).toList();
    }

    /**
     * A copy with {@code turn} added at the end.
     *
     * @param turn the next turn, not {@code null}
     * @return the longer conversation; this one is unchanged
     * @throws IllegalArgumentException for a {@code null} turn
     */
    public Conversation withTurn(Turn turn) {
        List<Turn> more = new ArrayList<>(turns);
        more.add(turn);
        return new Conversation(systemMessage, more, ending);
    }

    /**
     * A copy that ended as {@code how}.
     *
     * @param how how it ended, or {@code null} when it is not known
     * @return the conversation with that ending; this one is unchanged
     */
    public Conversation withEnding(Ending how) {
        return new Conversation(systemMessage, turns, how);
    }

    /**
     * Whether the conversation has the turn {@code number}.
     *
     * @param number a turn's number, from 1
     * @return {@code true} when it is from 1 to {@link #turnCount()}
     */
    public boolean hasTurn(int number) {
        return number >= 1 && number <= turns.size();
    }

    /**
     * The conversation as lines to read: the system message, then each turn numbered, its user message, tool calls,
     * sources and reply, then how it ended. How failure messages and report entries show it.
     *
     * @return the lines, each message on one line
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (!systemMessage.isBlank()) {
            lines.add("system: \"" + oneLine(systemMessage) + "\"");
        }
        for (int i = 0; i < turns.size(); i++) {
            lines.addAll(turnLines(i + 1));
        }
        if (turns.isEmpty()) {
            lines.add("(no turn)");
        }
        if (ending != null) {
            lines.add("ended: " + ending.id() + " after " + turns.size() + (turns.size() == 1 ? " turn" : " turns"));
        }
        return lines;
    }

    /**
     * The lines of the turn {@code number}: {@code turn 2 user: "..."}, its calls and sources, then the reply.
     *
     * @param number the turn's number, from 1 to {@link #turnCount()}
     * @return the turn's lines, as {@link #lines()} shows them
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public List<String> turnLines(int number) {
        Turn turn = turn(number);
        String head = "turn " + number + " ";
        String indent = " ".repeat(head.length());
        List<String> lines = new ArrayList<>();
        lines.add(head + "user: \"" + oneLine(turn.user()) + "\"");
        for (ToolCall call : turn.toolCalls()) {
            lines.add(indent + "tool: " + call);
        }
        if (!turn.sources().isEmpty()) {
            lines.add(indent + "sources: " + turn.sources().size());
        }
        lines.add(indent + "assistant: \"" + oneLine(turn.assistant()) + "\"");
        return lines;
    }

    @Override
    public String toString() {
        return String.join("\n", lines());
    }

    private void requireTurn(int number) {
        if (!hasTurn(number)) {
            throw new IllegalArgumentException(ConversationMessages.noSuchTurn(number, turns.size()));
        }
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /** Builds a {@link Conversation} turn by turn. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder {
        private String systemMessage = "";
        private final List<Turn> turns = new ArrayList<>();
        private Ending ending;

        private Builder() {}

        /**
         * The system message; replaces one given before.
         *
         * @param message the system message; {@code null} for none
         * @return this builder
         */
        public Builder system(String message) {
            this.systemMessage = message;
            return this;
        }

        /**
         * One more turn: the user's message and the assistant's reply.
         *
         * @param user the user's message, not blank
         * @param assistant the assistant's reply; {@code null} when it gave none
         * @return this builder
         * @throws IllegalArgumentException for a blank user message
         */
        public Builder turn(String user, String assistant) {
            return turn(Turn.of(user, assistant));
        }

        /**
         * One more turn.
         *
         * @param turn the turn, not {@code null}
         * @return this builder
         * @throws IllegalArgumentException for {@code null}
         */
        public Builder turn(Turn turn) {
            if (turn == null) {
                throw new IllegalArgumentException(ConversationMessages.nullTurns());
            }
            turns.add(turn);
            return this;
        }

        /**
         * How the conversation ended, when a simulated user drove it.
         *
         * @param how how it ended; {@code null} when it is not known
         * @return this builder
         */
        public Builder ending(Ending how) {
            this.ending = how;
            return this;
        }

        /**
         * The conversation of the turns given so far.
         *
         * @return a new, immutable conversation
         */
        public Conversation build() {
            return new Conversation(systemMessage, turns, ending);
        }
    }
}
