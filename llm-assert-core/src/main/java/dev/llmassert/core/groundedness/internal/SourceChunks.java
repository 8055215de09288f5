package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The sources cut into documents for a claim-checking model, by sentences, each at most {@code chunkSize}
 * characters, as MiniCheck cuts a document longer than its model's context: sources that fit together share a chunk
 * (separated by a blank line), a longer source is cut between its sentences, and a single sentence longer than the
 * size is a chunk of its own. A chunk keeps the text between its sentences as written (line breaks, list markers),
 * and knows where each part of it stands in the sources, so a verdict can point at it.
 */
@API(status = INTERNAL, since = "0.1")
public final class SourceChunks {

    /** Between two sources in one chunk. */
    static final String SEPARATOR = "\n\n";

    private final List<String> sources;
    private final List<Chunk> chunks;

    private SourceChunks(List<String> sources, List<Chunk> chunks) {
        this.sources = sources;
        this.chunks = List.copyOf(chunks);
    }

    /**
     * Characters {@code start} (inclusive) to {@code end} (exclusive) of source {@code source}, all from 0.
     */
    @API(status = INTERNAL, since = "0.1")
    public record Span(int source, int start, int end) {

        boolean covers(Span other) {
            return other.source == source && other.start >= start && other.end <= end;
        }

        /**
         * Where the span stands, for a reader who counts from 1: {@code source 2 chars 120-164}, or without the
         * source when there is only one.
         */
        public String label(int sourceCount) {
            String chars = String.format(Locale.ROOT, "chars %d-%d", start + 1, end);
            return sourceCount == 1 ? chars : "source " + (source + 1) + " " + chars;
        }
    }

    /**
     * One document for the model.
     *
     * @param index from 0
     * @param text  what the model is shown
     * @param spans the stretches of the sources it holds, in order
     */
    @API(status = INTERNAL, since = "0.1")
    public record Chunk(int index, String text, List<Span> spans) {

        public Chunk {
            spans = List.copyOf(spans);
        }

        /** Whether the chunk holds {@code span} whole. */
        public boolean covers(Span span) {
            return spans.stream().anyMatch(s -> s.covers(span));
        }

        /** Where the chunk stands in the sources, e.g. {@code source 1 chars 4001-8000}. */
        public String where(int sourceCount) {
            if (spans.size() == 1) {
                return spans.get(0).label(sourceCount);
            }
            int first = spans.get(0).source();
            int last = spans.get(spans.size() - 1).source();
            return "sources " + (first + 1) + "-" + (last + 1);
        }
    }

    /**
     * Cuts {@code sources} into chunks of at most {@code chunkSize} characters.
     *
     * @param sources   checked sources: at least one, none blank
     * @param splitter  splits a source that does not fit into its sentences
     * @param chunkSize the most characters of a chunk, at least 1
     */
    public static SourceChunks of(List<String> sources, SentenceSplitter splitter, int chunkSize) {
        List<Chunk> chunks = new ArrayList<>();
        List<Span> current = new ArrayList<>();
        int length = 0;
        for (int s = 0; s < sources.size(); s++) {
            for (Span unit : units(s, sources.get(s), splitter, chunkSize)) {
                int grown = grownLength(current, length, unit);
                if (!current.isEmpty() && grown > chunkSize) {
                    chunks.add(chunk(sources, chunks.size(), current));
                    current = new ArrayList<>();
                    grown = unit.end() - unit.start();
                }
                add(current, unit);
                length = grown;
            }
        }
        chunks.add(chunk(sources, chunks.size(), current));
        return new SourceChunks(List.copyOf(sources), chunks);
    }

    public List<Chunk> chunks() {
        return chunks;
    }

    public int size() {
        return chunks.size();
    }

    public int sourceCount() {
        return sources.size();
    }

    /**
     * Where {@code text} (a sentence or clause of source {@code source}, as the splitter gave it) first stands in
     * that source, matching every character but white space, which the splitter may have changed; {@code null} if
     * it is not there.
     */
    public Span locate(int source, String text) {
        return locate(source, sources.get(source), text, 0);
    }

    /** The sentences of a source, located; the whole source (stripped) when it fits in one chunk. */
    private static List<Span> units(int source, String text, SentenceSplitter splitter, int chunkSize) {
        int first = 0;
        while (first < text.length() && Character.isWhitespace(text.charAt(first))) {
            first++;
        }
        int last = text.length();
        while (last > first && Character.isWhitespace(text.charAt(last - 1))) {
            last--;
        }
        if (last - first <= chunkSize) {
            return List.of(new Span(source, first, last));
        }
        List<Span> units = new ArrayList<>();
        int cursor = first;
        for (String sentence : splitter.split(text)) {
            Span found = locate(source, text, sentence, cursor);
            if (found == null) {
                // Not expected (the splitter only changes white space); keep the rest whole rather than lose it.
                units.add(new Span(source, cursor, last));
                return units;
            }
            units.add(found);
            cursor = found.end();
        }
        if (units.isEmpty()) {
            // no sentence (symbols only): the text is still the document
            units.add(new Span(source, first, last));
        }
        return units;
    }

    private static int grownLength(List<Span> current, int length, Span unit) {
        if (current.isEmpty()) {
            return unit.end() - unit.start();
        }
        Span previous = current.get(current.size() - 1);
        return previous.source() == unit.source()
                ? length + unit.end() - previous.end()
                : length + SEPARATOR.length() + unit.end() - unit.start();
    }

    /** Adds {@code unit}, joining it to the previous span of the same source with the text between them. */
    private static void add(List<Span> current, Span unit) {
        if (!current.isEmpty()) {
            Span previous = current.get(current.size() - 1);
            if (previous.source() == unit.source()) {
                current.set(current.size() - 1, new Span(unit.source(), previous.start(), unit.end()));
                return;
            }
        }
        current.add(unit);
    }

    private static Chunk chunk(List<String> sources, int index, List<Span> spans) {
        StringBuilder text = new StringBuilder();
        for (Span span : spans) {
            if (text.length() > 0) {
                text.append(SEPARATOR);
            }
            text.append(sources.get(span.source()), span.start(), span.end());
        }
        return new Chunk(index, text.toString(), spans);
    }

    private static Span locate(int source, String text, String wanted, int from) {
        int firstWanted = 0;
        while (firstWanted < wanted.length() && Character.isWhitespace(wanted.charAt(firstWanted))) {
            firstWanted++;
        }
        if (firstWanted == wanted.length()) {
            return null;
        }
        char head = wanted.charAt(firstWanted);
        for (int p = text.indexOf(head, from); p >= 0; p = text.indexOf(head, p + 1)) {
            int end = matchFrom(text, p, wanted, firstWanted);
            if (end >= 0) {
                return new Span(source, p, end);
            }
        }
        return null;
    }

    /** The end of {@code wanted} matched at {@code p}, white space aside, or -1. */
    private static int matchFrom(String text, int p, String wanted, int i) {
        int j = p;
        while (true) {
            while (i < wanted.length() && Character.isWhitespace(wanted.charAt(i))) {
                i++;
            }
            if (i == wanted.length()) {
                return j;
            }
            while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                j++;
            }
            if (j == text.length() || text.charAt(j) != wanted.charAt(i)) {
                return -1;
            }
            i++;
            j++;
        }
    }
}
