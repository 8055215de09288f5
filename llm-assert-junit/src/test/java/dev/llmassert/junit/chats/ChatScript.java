package dev.llmassert.junit.chats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the loopback server answers, playing both parts: the support chat's model (a reply per customer message) and
 * the simulated customer's model (the next message, chosen by what the assistant has said so far). Written by hand,
 * so the recordings say {@code "model": "hand-written-example"}.
 */
public final class ChatScript {

    public static final String MODEL = "hand-written-example";

    public static final String MANUAL = "Blinking red means there is no internet connection: check the cable to your"
            + " modem, then restart the modem and the router. To restart the router, unplug the power adapter, wait"
            + " 10 seconds, and plug it back in. The Nimbus R2 has a two-year limited warranty from the date of"
            + " purchase. Support is available by chat in the Nimbus app every day from 8 a.m. to 8 p.m.";

    /** The assistant's reply to each of the customer's messages, by how the message starts. */
    public static final Map<String, String> ASSISTANT = Map.of(
            "Hi, my order",
            "Blinking red means there is no internet connection. Check the cable to your modem, then restart the"
                    + " modem and the router.",
            "How do I restart",
            "Unplug the power adapter, wait 10 seconds, and plug it back in.",
            "It is still red",
            "The Nimbus R2 has a two-year limited warranty from the date of purchase.",
            "Who can help me",
            "Support can help with your order {order} by chat in the Nimbus app, every day from 8 a.m. to 8 p.m.");

    /** The customer's messages in order; each is sent once the assistant has said the phrase before it. */
    public static final List<String> CUSTOMER = List.of(
            "Hi, my order number is {order}. The status light on my router is blinking red.",
            "no internet connection",
            "How do I restart the router?",
            "Unplug",
            "It is still red. Is the router under warranty?",
            "two-year",
            "Who can help me with my order, and when?",
            "8 a.m.",
            UserSimulator.GOAL_REACHED);

    private static final Pattern ORDER = Pattern.compile("NR-\\d{5}");

    private ChatScript() {}

    /** The reply to a request of either part. */
    public static Reply reply(ReceivedRequest request) {
        JsonNode first = request.json().path("messages").path(0);
        String text = request.lastUserMessage();
        boolean simulated = first.path("content").asText().startsWith(UserSimulator.ROLE);
        String found = orderIn(request.body());
        String order = found == null ? "NR-20417" : found;
        String reply = simulated ? customer(text, order) : assistant(text, order);
        return reply == null
                ? Reply.status(500, "{\"error\":{\"message\":\"ChatScript has no reply for this request\"}}")
                : Reply.content(reply).byModel(MODEL).withoutUsage();
    }

    /** The customer's next message: the one after the last phrase of the assistant's the transcript holds. */
    private static String customer(String transcript, String order) {
        String next = CUSTOMER.get(0);
        for (int i = 1; i < CUSTOMER.size(); i += 2) {
            if (transcript.contains(CUSTOMER.get(i))) {
                next = CUSTOMER.get(i + 1);
            }
        }
        return next.replace("{order}", order);
    }

    private static String assistant(String message, String order) {
        return ASSISTANT.entrySet().stream()
                .filter(entry -> message.startsWith(entry.getKey()))
                .map(Map.Entry::getValue)
                .findFirst()
                .map(reply -> reply.replace("{order}", order))
                .orElse(null);
    }

    /** The first order number (NR- and five digits) in {@code text}, or null. */
    static String orderIn(String text) {
        Matcher m = ORDER.matcher(text);
        return m.find() ? m.group() : null;
    }
}
