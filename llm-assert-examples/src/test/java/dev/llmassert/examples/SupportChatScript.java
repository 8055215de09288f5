package dev.llmassert.examples;

import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;

import java.util.List;
import java.util.Map;

/**
 * The hand-written replies of the support chat's model, served by {@link RecordSupportChat}: one per customer
 * message. Written by a person to show what the checks catch, not a model's output: the recordings made from them say
 * {@code "model": "hand-written-example"}.
 */
final class SupportChatScript {

    static final String MODEL = "hand-written-example";

    /** The customer's messages of the conversation the tests hold, in order. */
    static final List<String> CUSTOMER = List.of(
            "Hi, my order number is NR-20417. The status light on my router is blinking red.",
            "How do I restart the router?",
            "It is still blinking red. Does the warranty cover my Nimbus R2?",
            "Who can help me with my order, and when?");

    /** The same conversation, whose last message asks for the order number back. */
    static final String WHICH_ORDER = "Which order number do I give support?";

    /** Per customer message, the model's reply. */
    static final Map<String, String> REPLIES = Map.of(
            CUSTOMER.get(0),
            "Blinking red means there is no internet connection. Check the cable to your modem, then restart the"
                    + " modem and the router.",
            CUSTOMER.get(1),
            "Unplug the power adapter, wait 10 seconds, and plug it back in.",
            CUSTOMER.get(2),
            "The Nimbus R2 has a two-year limited warranty from the date of purchase. The warranty does not cover"
                    + " damage from water or power surges.",
            CUSTOMER.get(3),
            "Support can help with your order NR-20417 by chat in the Nimbus app, every day from 8 a.m. to 8 p.m.",
            // gives back another order number than the one of turn 1
            WHICH_ORDER,
            "Give support your order number NR-20147 by chat in the Nimbus app.");

    private SupportChatScript() {}

    /** The reply to the customer's message that {@code request} ends with, with the manual's sections after it. */
    static Reply reply(ReceivedRequest request) {
        String message = request.lastUserMessage();
        return REPLIES.entrySet().stream()
                .filter(entry -> message.startsWith(entry.getKey()))
                .findFirst()
                .map(entry -> Reply.content(entry.getValue()).byModel(MODEL).withoutUsage())
                .orElse(Reply.status(
                        500, "{\"error\":{\"message\":\"SupportChatScript has no reply for this request\"}}"));
    }
}
