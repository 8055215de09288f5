package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What a response sentence reports when it says it reports the sources: "According to the manual, phone support can
 * be paused from the Devices tab." reports "Phone support can be paused from the Devices tab.". The local judge reads
 * the report: the attribution's words would lead its search to another source sentence that also names the manual
 * (and, when that sentence is about another model, fail a correct sentence for a misattached fact), and its
 * entailment model reads "according to the manual" as a claim of its own (about 0.5 against the very sentence
 * reported).
 *
 * <p>An attribution that holds a fact of its own, a number or a name ("According to the manual of model 100", "Per
 * the Acme policy"), is kept: what it names is checked like the rest of the sentence.
 */
@API(status = INTERNAL, since = "0.1")
public final class Reported {

    /** What a response calls the sources when it says it reports them. */
    private static final String SOURCES = "(?:the|your|our|this|that) (?:[\\w-]+ ){0,3}?(?:manual|policy|policies"
            + "|documentation|docs|guide|handbook|faq|terms|article|sources?|text|document|page|website|site"
            + "|help center|knowledge base|context|contract|agreement|instructions|notes|specification|datasheet)"
            + "\\b[^,;:.!?]*";

    private static final String REPORTS =
            "(?:according to|as (?:stated|noted|described|explained|mentioned|specified) in|as per|per";

    /** "According to the manual, " at the start, or ", as described in the user guide" at the end. */
    private static final Pattern ATTRIBUTION = Pattern.compile(
            "^" + REPORTS + "|based on) " + SOURCES + ",\\s*|,\\s*" + REPORTS + ") " + SOURCES + "(?=[.!?]?\\s*$)",
            Pattern.CASE_INSENSITIVE);

    /** A number, or a capitalised word after the first (but "FAQ"): a fact the attribution states. */
    private static final Pattern FACT = Pattern.compile("\\d|(?<=\\s)\\p{Lu}(?!AQ\\b)");

    private Reported() {}

    /** What {@code sentence} reports, its first letter a capital; the sentence itself without an attribution. */
    public static String content(String sentence) {
        String text = sentence.strip();
        Matcher m = ATTRIBUTION.matcher(text);
        StringBuilder out = new StringBuilder();
        boolean cut = false;
        while (m.find()) {
            boolean holdsFact = FACT.matcher(m.group()).find();
            m.appendReplacement(out, holdsFact ? Matcher.quoteReplacement(m.group()) : "");
            cut |= !holdsFact;
        }
        m.appendTail(out);
        if (!cut || out.isEmpty()) {
            return sentence;
        }
        return Character.toUpperCase(out.charAt(0)) + out.substring(1);
    }
}
