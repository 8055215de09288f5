package dev.llmassert.core.testing;

import dev.llmassert.core.model.internal.DataTags;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

/**
 * Reads the texts that a judge prompt shows between its data tags ({@link DataTags}), for scripted judges and
 * assertions: {@code PromptData.after(user, "STATEMENT:\n")} is the statement a groundedness request asks about,
 * {@code PromptData.after(user, "## Response 2\n\n")} the second response a pairwise request shows.
 */
public final class PromptData {

    private PromptData() {}

    /** The nonce of the prompt's first opening tag. */
    public static String nonce(String prompt) {
        Matcher open = DataTags.OPEN_TAG.matcher(prompt);
        if (!open.find()) {
            throw new AssertionError("The prompt has no data tag:\n" + prompt);
        }
        return open.group(1);
    }

    /** Every delimited text, in the order the prompt shows them. */
    public static List<String> all(String prompt) {
        return spans(prompt).stream()
                .map(span -> prompt.substring(span[0], span[1]))
                .toList();
    }

    /**
     * The first delimited text after the first occurrence of {@code heading} outside the delimited texts (a text may
     * well contain the heading itself).
     */
    public static String after(String prompt, String heading) {
        List<int[]> spans = spans(prompt);
        int at = -1;
        for (int from = 0; at < 0; ) {
            int found = prompt.indexOf(heading, from);
            if (found < 0) {
                throw new AssertionError("The prompt has no \"" + heading + "\" outside its data:\n" + prompt);
            }
            boolean inside = spans.stream().anyMatch(span -> found >= span[0] && found < span[1]);
            if (inside) {
                from = found + 1;
            } else {
                at = found;
            }
        }
        for (int[] span : spans) {
            if (span[0] > at) {
                return prompt.substring(span[0], span[1]);
            }
        }
        throw new AssertionError("No data after \"" + heading + "\":\n" + prompt);
    }

    /** Where each delimited text starts and ends: between the line of its opening tag and that of its closing tag. */
    private static List<int[]> spans(String prompt) {
        List<int[]> spans = new ArrayList<>();
        Matcher open = DataTags.OPEN_TAG.matcher(prompt);
        int from = 0;
        while (open.find(from)) {
            String close = "\n<</data-" + open.group(1) + ">>";
            int start = open.end() + 1;
            int end = prompt.indexOf(close, start);
            if (end < 0) {
                throw new AssertionError("The data tag at " + open.start() + " is not closed:\n" + prompt);
            }
            spans.add(new int[] {start, end});
            from = end + close.length();
        }
        return spans;
    }
}
