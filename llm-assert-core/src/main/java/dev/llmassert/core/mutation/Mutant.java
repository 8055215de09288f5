package dev.llmassert.core.mutation;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One change of one text: an answer of the application, or a tool's result.
 *
 * @param id                 a short stable id: the same text, operator and change give the same id
 * @param operator           the kind of change
 * @param original           the text as recorded
 * @param mutated            the changed text
 * @param change             the change in a few words, e.g. {@code '15 seconds' → '30 seconds'}
 * @param possiblyEquivalent whether the change may keep the meaning (the same figure written another way, a dropped
 *                           condition that the text states again elsewhere): a surviving one may be no gap in the
 *                           tests
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Mutant(
        String id,
        MutationOperator operator,
        String original,
        String mutated,
        String change,
        boolean possiblyEquivalent) {

    /**
     * Checks that the mutant changes its text.
     *
     * @param id a short stable id
     * @param operator the kind of change
     * @param original the text as recorded, not {@code null}
     * @param mutated the changed text, not {@code null} and not the original
     * @param change the change in a few words
     * @param possiblyEquivalent whether the change may keep the meaning
     * @throws IllegalArgumentException when a text is {@code null}, or the mutated text is the original
     */
    public Mutant {
        if (original == null || mutated == null || original.equals(mutated)) {
            throw new IllegalArgumentException("A mutant must change its text, but "
                    + (original == null || mutated == null ? "a text is null" : "the text is unchanged"));
        }
    }

    /**
     * The changed stretch, within the sentences around it.
     *
     * @return the change as one hunk, in whole words
     */
    public Diff diff() {
        return Diff.of(original, mutated);
    }

    /**
     * The change as one hunk: the sentence or sentences around it, with the removed and the added text.
     *
     * @param before  the unchanged text of the hunk before the change
     * @param removed the original's text that the mutant replaced (may be empty)
     * @param added   the mutant's text in its place (may be empty)
     * @param after   the unchanged text of the hunk after the change
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public record Diff(String before, String removed, String added, String after) {

        /** The hunk of two texts: their common start and end cut away, widened to whole sentences. */
        static Diff of(String original, String mutated) {
            int prefix = 0;
            int max = Math.min(original.length(), mutated.length());
            while (prefix < max && original.charAt(prefix) == mutated.charAt(prefix)) {
                prefix++;
            }
            int suffix = 0;
            while (suffix < max - prefix
                    && original.charAt(original.length() - 1 - suffix)
                            == mutated.charAt(mutated.length() - 1 - suffix)) {
                suffix++;
            }
            // whole words: a change of "15" to "16" shows as 15 → 16, not 5 → 6
            while (prefix > 0
                    && wordChar(original, prefix - 1)
                    && (wordChar(original, prefix) || wordChar(mutated, prefix))) {
                prefix--;
            }
            while (suffix > 0
                    && wordChar(original, original.length() - suffix)
                    && (wordChar(original, original.length() - suffix - 1)
                            || wordChar(mutated, mutated.length() - suffix - 1))) {
                suffix--;
            }
            int start = sentenceStart(original, prefix);
            int end = sentenceEnd(original, original.length() - suffix);
            String before = original.substring(start, prefix);
            String removed = original.substring(prefix, original.length() - suffix);
            String added = mutated.substring(prefix, mutated.length() - suffix);
            String after = original.substring(original.length() - suffix, end);
            // an insertion that begins like the word after it ("The ... Then") shows as an insertion, not a change
            if (!removed.isEmpty() && added.length() > removed.length() && added.endsWith(removed)) {
                return new Diff(before, "", added.substring(0, added.length() - removed.length()), removed + after);
            }
            if (!added.isEmpty() && removed.length() > added.length() && removed.endsWith(added)) {
                return new Diff(before, removed.substring(0, removed.length() - added.length()), "", added + after);
            }
            return new Diff(before, removed, added, after);
        }

        /**
         * The hunk as a unified diff's two lines: {@code - <original>} and {@code + <mutant>}.
         *
         * @return the two lines, the original's first
         */
        public List<String> lines() {
            return List.of("- " + before + removed + after, "+ " + before + added + after);
        }

        private static boolean wordChar(String text, int i) {
            return i >= 0 && i < text.length() && Character.isLetterOrDigit(text.charAt(i));
        }

        private static int sentenceStart(String text, int at) {
            for (int i = Math.min(at, text.length()) - 1; i > 0; i--) {
                if (isSentenceEnd(text, i - 1) && Character.isWhitespace(text.charAt(i))) {
                    return i + 1;
                }
            }
            return 0;
        }

        private static int sentenceEnd(String text, int at) {
            for (int i = Math.max(at, 0); i < text.length(); i++) {
                if (isSentenceEnd(text, i) && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1)))) {
                    return i + 1;
                }
            }
            return text.length();
        }

        private static boolean isSentenceEnd(String text, int i) {
            char c = text.charAt(i);
            if (c == '!' || c == '?' || c == '\n') {
                return true;
            }
            // "3 a.m. and" is not a sentence end: a full stop ends a sentence before a capital or the text's end
            if (c != '.') {
                return false;
            }
            int next = i + 1;
            while (next < text.length() && text.charAt(next) == ' ') {
                next++;
            }
            return next == text.length() || !Character.isLowerCase(text.charAt(next));
        }
    }
}
