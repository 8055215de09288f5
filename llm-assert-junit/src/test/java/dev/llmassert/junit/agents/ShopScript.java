package dev.llmassert.junit.agents;

import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.LoopbackChatServer.ToolCallReply;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the loopback server answers the shop agent, as a model that calls tools would: a tool call while it needs one,
 * then an answer built from the tools' results. It checks that the request offers the tools.
 */
public final class ShopScript {

    private static final Pattern ORDER = Pattern.compile("A-\\d+");
    private static final Pattern PAID = Pattern.compile("paid (\\d+) dollars");

    private ShopScript() {}

    public static Reply reply(ReceivedRequest request) {
        if (!request.toolNames().containsAll(List.of("lookupOrder", "refundPayment", "deleteAccount"))) {
            return Reply.status(
                    400, "{\"error\":{\"message\":\"the request offers no tools: " + request.toolNames() + "\"}}");
        }
        String user = request.lastUserMessage();
        Matcher order = ORDER.matcher(user);
        if (!order.find()) {
            return Reply.content("Which order do you mean?");
        }
        String id = order.group();
        List<String> results = request.toolResults();
        if (results.isEmpty()) {
            return Reply.toolCalls(new ToolCallReply("lookupOrder", "{\"orderId\":\"" + id + "\"}"));
        }
        Matcher paid = PAID.matcher(results.get(0));
        if (user.contains("refund") && results.size() == 1 && paid.find()) {
            return Reply.toolCalls(new ToolCallReply(
                    "refundPayment", "{\"orderId\":\"" + id + "\",\"amount\":" + paid.group(1) + "}"));
        }
        return Reply.content(String.join(" ", results));
    }
}
