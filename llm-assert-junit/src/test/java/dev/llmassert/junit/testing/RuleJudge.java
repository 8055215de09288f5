package dev.llmassert.junit.testing;

import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.PromptData;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A judge model for the loopback server that answers the criteria judges' real prompts by rules, so the DSL is
 * tested through langchain4j's OpenAI client over the wire.
 *
 * <ul>
 *   <li>Direct prompts: the option is looked up by {@code "criteria|response"} in the verdicts. A response holding
 *       {@value #FIRST_LISTED} always gets the option shown first (a judge with positional bias); one holding
 *       {@value #SPLIT} gets the first option, then the second, then the second again (agreement 2 of 3).</li>
 *   <li>Pairwise prompts: the shortest response wins each pair; a response holding {@value #FIRST_LISTED} makes
 *       response 1 win whatever it is.</li>
 * </ul>
 * Anything else is answered with HTTP 400 naming what had no rule, so a missing rule fails loudly.
 */
public final class RuleJudge implements Function<ReceivedRequest, Reply> {

    public static final String FIRST_LISTED = "[first-listed]";
    public static final String SPLIT = "[split]";

    private final Map<String, String> verdicts;
    private final Map<String, AtomicInteger> splitCalls = new ConcurrentHashMap<>();

    /** @param verdicts option names by {@code "criteria name|response text"} */
    public RuleJudge(Map<String, String> verdicts) {
        this.verdicts = Map.copyOf(verdicts);
    }

    /** A loopback server judging by these verdicts; the caller closes it. */
    public static LoopbackChatServer serve(Map<String, String> verdicts) {
        LoopbackChatServer server = LoopbackChatServer.start();
        server.respondWith(new RuleJudge(verdicts));
        return server;
    }

    public static String key(String criteria, String response) {
        return criteria + "|" + response;
    }

    @Override
    public Reply apply(ReceivedRequest request) {
        String user = request.lastUserMessage();
        return user.startsWith("Compare the") ? pairwise(user) : direct(user);
    }

    private Reply direct(String user) {
        String criteria = between(user, "## Criterion: ", "\n");
        String text = PromptData.after(user, " to evaluate\n\n");
        List<String> options = new ArrayList<>();
        for (String line :
                between(user, "Options (select exactly one):\n", "\n\n").split("\n")) {
            options.add(line.substring(3, line.indexOf('"', 3)));
        }
        String option;
        if (text.contains(FIRST_LISTED)) {
            option = options.get(0);
        } else if (text.contains(SPLIT)) {
            int call = splitCalls
                    .computeIfAbsent(criteria + "|" + String.join(",", options), k -> new AtomicInteger())
                    .getAndIncrement();
            option = options.get(call % 3 == 0 ? 0 : 1);
        } else {
            option = verdicts.get(key(criteria, text));
        }
        if (option == null) {
            return Reply.status(400, "{\"error\": {\"message\": \"RuleJudge has no verdict for " + criteria + "\"}}");
        }
        return Reply.content("{\"explanation\": \"The judge's reasoning for " + option + ".\", \"selectedOption\": \""
                + option + "\", \"feedback\": \""
                + ("Concise".equals(option) || "Yes".equals(option) ? "" : "Cut the filler words.") + "\"}");
    }

    private Reply pairwise(String user) {
        List<String> responses = new ArrayList<>();
        for (int i = 1; user.contains("## Response " + i + "\n\n"); i++) {
            responses.add(PromptData.after(user, "## Response " + i + "\n\n"));
        }
        boolean firstListed = responses.stream().anyMatch(r -> r.contains(FIRST_LISTED));
        StringBuilder comparisons = new StringBuilder();
        for (int a = 0; a < responses.size(); a++) {
            for (int b = a + 1; b < responses.size(); b++) {
                int winner = firstListed
                        ? a
                        : responses.get(a).length() <= responses.get(b).length() ? a : b;
                comparisons
                        .append(comparisons.length() == 0 ? "" : ", ")
                        .append("{\"first\": ")
                        .append(a + 1)
                        .append(", \"second\": ")
                        .append(b + 1)
                        .append(", \"explanation\": \"Response ")
                        .append(winner + 1)
                        .append(" says the same in fewer words.\", \"winner\": ")
                        .append(winner + 1)
                        .append('}');
            }
        }
        return Reply.content("{\"comparisons\": [" + comparisons + "]}");
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        if (from < 0) {
            return "";
        }
        from += start.length();
        int to = text.indexOf(end, from);
        return to < 0 ? text.substring(from) : text.substring(from, to);
    }
}
