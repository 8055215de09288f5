package dev.llmassert.examples.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.LoopbackChatServer.ToolCallReply;
import dev.llmassert.core.testing.PromptData;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The model's replies to the support service's tests, written by hand ({@value #MODEL}): what a careful model would
 * answer from the manual's sections and the order tool, and the judge's replies for the judged tests. A person wrote
 * them; {@link RecordSupportAssistant} serves them to Spring AI's real OpenAI client through a loopback server, so
 * the recordings hold exactly the requests the tests send.
 */
final class SupportScript {

    /** Who wrote the replies, as every recorded entry says. */
    static final String MODEL = "hand-written-example";

    static final String RESET = "Hold the recessed reset button on the back for 15 seconds with a paperclip, until"
            + " the status light turns amber. This erases your network name, password and parental controls.";
    static final String ORDER =
            "Your order NR-20417 shipped on 3 March by parcel post and arrives within two" + " working days.";
    static final String WARRANTY = "The Nimbus R2 router has a two-year warranty from the date of purchase.";
    static final String ARRIVAL = "Your order NR-20417 arrives within two working days of 3 March.";

    /** The three answers to the repeated question, in the order they are asked: the third invents a phone line. */
    static final List<String> RED_LIGHT = List.of(
            "A blinking red status light means there is no internet connection. Check the cable to your modem, then"
                    + " restart the modem and the router.",
            "Blinking red means the router has no internet connection: check the cable to your modem and restart"
                    + " the modem and the router.",
            "A blinking red status light means there is no internet connection. Call Nimbus support at"
                    + " 1-800-555-0199 to have the line checked.");

    private static final Map<String, AtomicInteger> ASKED = new ConcurrentHashMap<>();

    private SupportScript() {}

    static Reply reply(ReceivedRequest request) {
        String user = request.lastUserMessage();
        if (user.contains("STATEMENT:")) {
            return groundedness(user);
        }
        if (request.json().path("messages").get(0).path("content").asText().contains("impartial expert evaluator")) {
            return Reply.content("{\"explanation\": \"The answer tells the customer how to restore the factory"
                            + " settings, which is what was asked.\", \"selectedOption\": \"Relevant\","
                            + " \"feedback\": \"\"}")
                    .byModel(MODEL);
        }
        JsonNode messages = request.json().path("messages");
        if (messages.get(messages.size() - 1).path("role").asText().equals("tool")) {
            return Reply.content(ORDER).byModel(MODEL);
        }
        String question = question(user).toLowerCase(Locale.ROOT);
        if (question.contains("nr-20417") && request.toolNames().contains("orderStatus")) {
            return Reply.toolCalls(new ToolCallReply("orderStatus", "{\"orderNumber\":\"NR-20417\"}"))
                    .byModel(MODEL);
        }
        if (question.contains("factory")) {
            return Reply.content(RESET).byModel(MODEL);
        }
        if (question.contains("warranty")) {
            return Reply.content(WARRANTY).byModel(MODEL);
        }
        if (question.contains("arrive")) {
            return Reply.content(ARRIVAL).byModel(MODEL);
        }
        if (question.contains("red")) {
            int n = ASKED.computeIfAbsent("red", q -> new AtomicInteger()).getAndIncrement();
            return Reply.content(RED_LIGHT.get(n % RED_LIGHT.size())).byModel(MODEL);
        }
        return Reply.content("I can help with the Nimbus R2 router and your orders.")
                .byModel(MODEL);
    }

    /** The customer's own words: the retrieval advisor wraps them in the manual's sections after "Query: ". */
    static String question(String user) {
        int query = user.lastIndexOf("Query: ");
        if (query < 0) {
            return user;
        }
        String rest = user.substring(query + "Query: ".length());
        int end = rest.indexOf("\n\nAnswer:");
        return end < 0 ? rest : rest.substring(0, end);
    }

    /** The groundedness judge's reply: the share of the statement's words that the source has, with the statement. */
    private static Reply groundedness(String user) {
        String source = PromptData.all(user).get(0).toLowerCase(Locale.ROOT);
        String statement = PromptData.after(user, "STATEMENT:\n");
        List<String> words = List.of(
                statement.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", "").split(" +"));
        long found = words.stream().filter(source::contains).count();
        int score = (int) Math.round(10.0 * found / words.size());
        String evidence = score == 0 ? "NOTHING FOUND" : statement.replace("\"", "'");
        return Reply.content("{\"evidence\": \"" + evidence + "\", \"score\": " + score + "}")
                .byModel(MODEL);
    }
}
