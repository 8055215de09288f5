package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The local judge's tokenizer: runs of Unicode letters or digits, so any language that separates words with spaces
 * is tokenised; Han, Hiragana and Katakana characters are one token each, because those scripts do not use spaces. A
 * thousands separator or a decimal point inside a number ("1,000", "2.5") stays in the number.
 */
@API(status = INTERNAL, since = "0.1")
public final class Tokens {

    /** The first code point of the CJK radicals block: no Han, Hiragana or Katakana character comes before it. */
    private static final int FIRST_IDEOGRAPHIC_BLOCK = 0x2E80;

    private Tokens() {}

    /** The tokens of {@code text}, as written, in order. */
    static List<String> rawTokens(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            int end = tokenEnd(text, i);
            if (end == i) {
                i += Character.charCount(text.codePointAt(i));
            } else {
                out.add(text.substring(i, end));
                i = end;
            }
        }
        return out;
    }

    /** The end of the token that starts at {@code start}, or {@code start} when no token starts there. */
    static int tokenEnd(String text, int start) {
        int cp = text.codePointAt(start);
        if (isIdeograph(cp)) {
            return start + Character.charCount(cp);
        }
        if (!Character.isLetterOrDigit(cp)) {
            return start;
        }
        int n = text.length();
        int i = start;
        while (i < n) {
            int c = text.codePointAt(i);
            if (Character.isLetterOrDigit(c) && !isIdeograph(c)) {
                i += Character.charCount(c);
            } else if ((c == ',' || c == '.')
                    && i + 1 < n
                    && Character.isDigit(text.charAt(i + 1))
                    && i > start
                    && Character.isDigit(text.charAt(i - 1))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /** Whether the code point is of a script written without spaces between words: one token each. */
    static boolean isIdeograph(int cp) {
        if (cp < FIRST_IDEOGRAPHIC_BLOCK) {
            return false; // Latin, Greek, Cyrillic, Arabic, Indic...: looked up without the script table
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA;
    }
}
