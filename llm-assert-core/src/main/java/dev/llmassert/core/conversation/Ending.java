package dev.llmassert.core.conversation;

import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/** How a conversation that a {@link UserSimulator} drove came to an end. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Ending {

    /** The simulated user's goal was met: its model said so, or the goal's condition held for a reply. */
    GOAL_REACHED,
    /** The assistant handed the conversation over to a person. */
    HANDED_OVER,
    /** The simulated user ran out of messages: its fixed replies, or a dataset item's scripted turns. */
    SCRIPT_ENDED,
    /** The conversation reached the simulator's turn limit before it ended by itself. */
    TURN_LIMIT;

    /**
     * {@code goal-reached}, {@code handed-over}, {@code script-ended}, {@code turn-limit}: how records write it.
     *
     * @return the ending's id
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Whether the conversation ended by itself, rather than being cut off at the turn limit.
     *
     * @return {@code false} for {@link #TURN_LIMIT} only
     */
    public boolean endedByItself() {
        return this != TURN_LIMIT;
    }

    /**
     * The ending with this {@link #id()}, ignoring case; {@code _} and {@code -} are the same.
     *
     * @param id the id, e.g. from a record
     * @return the ending
     * @throws IllegalArgumentException naming the ids, when {@code id} is none of them
     */
    public static Ending fromId(String id) {
        String wanted = id == null ? "" : id.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Ending ending : values()) {
            if (ending.name().equals(wanted)) {
                return ending;
            }
        }
        throw new IllegalArgumentException(ConversationMessages.unknownEnding(id));
    }
}
