package dev.llmassert.springai.boot.support;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.LoopbackChatServer.ToolCallReply;
import dev.llmassert.core.testing.PromptData;

import java.util.List;
import java.util.Locale;

/**
 * What the loopback server answers the support service, as a model would: the order tool for a question about an
 * order, then an answer from the tool's result; an answer from the manual's section for a question about it; and,
 * for a judge's groundedness request, the share of the statement's words the source has (as the junit module's
 * scripted judge does).
 */
public final class LoopbackSupportModel {

    public static final String RESET_ANSWER = "Hold the recessed reset button on the back for 15 seconds with a"
            + " paperclip, until the status light turns amber.";
    public static final String ORDER_ANSWER =
            "Your order NR-20417 shipped on 3 March by parcel post and arrives" + " within two working days.";
    public static final String WARRANTY_ANSWER = "The Nimbus R2 router has a two-year warranty.";

    private LoopbackSupportModel() {}

    public static Reply reply(ReceivedRequest request) {
        String user = request.lastUserMessage();
        if (user.contains("STATEMENT:")) {
            return judge(user);
        }
        JsonNode messages = request.json().path("messages");
        JsonNode last = messages.get(messages.size() - 1);
        if (last.path("role").asText().equals("tool")) {
            return Reply.content(ORDER_ANSWER);
        }
        // the user's own words: a QuestionAnswerAdvisor adds the retrieved section after them
        String question = user.split("\n", 2)[0].toLowerCase(Locale.ROOT);
        if (question.contains("nr-20417") && request.toolNames().contains("orderStatus")) {
            return Reply.toolCalls(new ToolCallReply("orderStatus", "{\"orderNumber\":\"NR-20417\"}"));
        }
        if (question.contains("warranty")) {
            return Reply.content(WARRANTY_ANSWER);
        }
        if (question.contains("arrive")) {
            return Reply.content("Order NR-20417 arrives within two working days.");
        }
        return Reply.content(RESET_ANSWER);
    }

    private static Reply judge(String user) {
        String source = PromptData.all(user).get(0).toLowerCase(Locale.ROOT);
        String statement = PromptData.after(user, "STATEMENT:\n");
        List<String> words = List.of(
                statement.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", "").split(" +"));
        long found = words.stream().filter(source::contains).count();
        int score = (int) Math.round(10.0 * found / words.size());
        String evidence = score == 0 ? "NOTHING FOUND" : statement.replace("\"", "'");
        return Reply.content("{\"evidence\": \"" + evidence + "\", \"score\": " + score + "}");
    }
}
