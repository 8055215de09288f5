package dev.llmassert.examples;

import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.LoopbackChatServer.ToolCallReply;

import java.util.List;
import java.util.Map;

/**
 * The hand-written replies of the Nimbus agent's model, served by {@link RecordNimbusAgent}: for each customer
 * request, the tool calls the model asks for, one per round, then its final answer. Written by a person to show what
 * the checks catch, not a model's output: the recordings made from them say {@code "model": "hand-written-example"}.
 */
final class NimbusAgentScript {

    static final String MODEL = "hand-written-example";

    /** Per request: each round's reply, a tool call or the final answer (a text). */
    static final Map<String, List<Object>> ROUNDS = Map.of(
            NimbusAgentTest.WARRANTY_THEN_VISIT,
            List.of(
                    new ToolCallReply("lookupWarranty", "{\"serial\":\"NR2-0042\"}"),
                    new ToolCallReply("bookTechnician", "{\"serial\":\"NR2-0042\",\"date\":\"2026-12-03\"}"),
                    "Your Nimbus R2 (NR2-0042) is under warranty until 31 March 2027. A technician visit is booked on"
                            + " 3 December 2026 between 8 am and noon, and the visit number is V-0042-1203. The"
                            + " repair is covered by the warranty."),
            NimbusAgentTest.STILL_UNDER_WARRANTY,
            List.of(
                    new ToolCallReply("lookupWarranty", "{\"serial\":\"NR2-0107\"}"),
                    // contradicts the tool: the warranty ended on 14 January 2025
                    "Yes, your Nimbus R2 (NR2-0107) is under warranty until 14 January 2027, so the repair is free."),
            NimbusAgentTest.VISIT_WITHOUT_LOOKUP,
            List.of(
                    // books without looking the warranty up first, against the system message
                    new ToolCallReply("bookTechnician", "{\"serial\":\"NR2-0042\",\"date\":\"2026-12-05\"}"),
                    "A technician visit is booked on 5 December 2026 between 8 am and noon; the visit number is "
                            + "V-0042-1205."),
            "Has the warranty of my router NR2-0107 ended?",
            List.of(
                    new ToolCallReply("lookupWarranty", "{\"serial\":\"NR2-0107\"}"),
                    "Yes. The warranty of your Nimbus R2 (NR2-0107) ended on 14 January 2025."),
            "Please cancel my technician visit V-0042-1203.",
            List.of(
                    new ToolCallReply("cancelVisit", "{\"visit\":\"V-0042-1203\"}"),
                    "Your visit V-0042-1203 is cancelled."),
            "Is the router NR2-9999 under warranty?",
            List.of(
                    // looks the serial up twice: one call more than needed
                    new ToolCallReply("lookupWarranty", "{\"serial\":\"NR2-9999\"}"),
                    new ToolCallReply("lookupWarranty", "{\"serial\":\"NR2-9999\"}"),
                    "No Nimbus device has the serial number NR2-9999. Please check the label on the router."),
            "What does a blinking red light on my router mean?",
            List.of("A blinking red light means there is no internet connection: check the cable to your modem, "
                    + "then restart the modem and the router."));

    private NimbusAgentScript() {}

    /** The reply to {@code request}: the round is the number of tool results it already holds. */
    static Reply reply(ReceivedRequest request) {
        List<Object> rounds = ROUNDS.get(request.lastUserMessage());
        if (rounds == null || !request.toolNames().contains("lookupWarranty")) {
            return Reply.status(500, "{\"error\":{\"message\":\"NimbusAgentScript has no reply for this request\"}}");
        }
        int round = Math.min(request.toolResults().size(), rounds.size() - 1);
        Object reply = rounds.get(round);
        return (reply instanceof ToolCallReply call ? Reply.toolCalls(call) : Reply.content((String) reply))
                .byModel(MODEL)
                .withoutUsage();
    }
}
