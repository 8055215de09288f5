package dev.llmassert.junit.internal;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The part of a groundedness failure message that lists the judge and every sentence, with the sentences below the
 * minimum marked {@value #UNSUPPORTED} so they stand out. Texts are message arguments, never part of the format, so
 * a {@code %} in a response cannot break the message.
 */
final class VerdictTable {

    /** The marker in front of a sentence scored below the minimum. */
    static final String UNSUPPORTED = "✗";

    private static final int MAX_SENTENCE = 160;
    private static final int MAX_EVIDENCE = 160;
    private static final int MAX_RESPONSE = 400;

    private final String format;
    private final List<Object> args;

    private VerdictTable(String format, List<Object> args) {
        this.format = format;
        this.args = args;
    }

    /**
     * @param unquoted turns a text into an argument shown without quotes
     */
    static VerdictTable of(GroundednessVerdict verdict, double minScore, Function<String, Object> unquoted) {
        StringBuilder format = new StringBuilder();
        List<Object> args = new ArrayList<>();
        int below = verdict.sentencesBelow(minScore).size();
        format.append("%nJudge: %s (").append(verdict.replayed() ? "replayed from a recording" : "live")
                .append("), ").append(verdict.sentences().size()).append(verdict.sentences().size() == 1
                        ? " sentence" : " sentences")
                .append(", ").append(below).append(" below ").append(score(minScore));
        args.add(unquoted.apply(verdict.judge()));
        format.append(below > 0 ? " (marked " + UNSUPPORTED + "):" : ":");
        for (SentenceVerdict sentence : verdict.sentences()) {
            format.append("%n").append(sentence.score() < minScore ? "  " + UNSUPPORTED + " " : "    ")
                    .append('[').append(sentence.index()).append("] ").append(score(sentence.score()))
                    .append("  %s%n              evidence: %s");
            args.add(MessageText.shorten(sentence.sentence(), MAX_SENTENCE));
            args.add(sentence.hasEvidence()
                    ? MessageText.shorten(sentence.evidence(), MAX_EVIDENCE)
                    : unquoted.apply(SentenceVerdict.NOTHING_FOUND));
        }
        return new VerdictTable(format.toString(), args);
    }

    String format() {
        return format;
    }

    List<Object> args() {
        return args;
    }

    static String score(double score) {
        return String.format(Locale.ROOT, "%.2f", score);
    }

    /** Two scores as text that tells them apart, even when they differ only after the second decimal. */
    static String[] distinct(double score, double minScore) {
        String a = score(score);
        String b = score(minScore);
        if (a.equals(b) && score != minScore) {
            a = String.format(Locale.ROOT, "%.4f", score);
            b = String.format(Locale.ROOT, "%.4f", minScore);
        }
        return new String[] {a, b};
    }

    static String shortenResponse(String response) {
        return MessageText.shorten(response, MAX_RESPONSE);
    }
}
