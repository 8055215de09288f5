package dev.llmassert.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A product manual split into sections, with a simple keyword retriever: the part of a RAG pipeline that picks
 * the passages the model may answer from.
 */
final class ProductManual {

    private static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "the", "to", "of", "and", "or", "in", "on", "for", "with", "is", "are", "do", "does", "i", "my",
            "me", "it", "how", "what", "when", "can", "you", "your", "be", "at", "by", "from", "if", "this", "that",
            "there", "which", "why", "long");

    private final List<Section> sections;

    private ProductManual(List<Section> sections) {
        this.sections = List.copyOf(sections);
    }

    /** The Nimbus R2 router manual that ships with the examples. */
    public static ProductManual nimbusR2() {
        return fromClasspath("/manual/nimbus-r2.md");
    }

    /** Reads a Markdown manual whose {@code ## } headings start sections. */
    public static ProductManual fromClasspath(String resource) {
        try (InputStream in = ProductManual.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("No manual at classpath resource " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read manual " + resource, e);
        }
    }

    static ProductManual parse(String markdown) {
        List<Section> sections = new ArrayList<>();
        String title = null;
        StringBuilder body = new StringBuilder();
        for (String line : markdown.split("\\R")) {
            if (line.startsWith("## ")) {
                if (title != null) {
                    sections.add(new Section(title, body.toString().strip()));
                }
                title = line.substring(3).strip();
                body.setLength(0);
            } else if (title != null && !line.isBlank()) {
                body.append(line.strip()).append(' ');
            }
        }
        if (title != null) {
            sections.add(new Section(title, body.toString().strip()));
        }
        return new ProductManual(sections);
    }

    public List<Section> sections() {
        return sections;
    }

    /** The section with this title. */
    public Section section(String title) {
        return sections.stream()
                .filter(s -> s.title().equalsIgnoreCase(title))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No section titled '" + title + "'; sections: "
                        + sections.stream().map(Section::title).collect(Collectors.joining(", "))));
    }

    /** The {@code limit} sections sharing the most keywords with {@code question}, best first. */
    public List<Section> search(String question, int limit) {
        Set<String> wanted = keywords(question);
        return sections.stream()
                .filter(s -> overlap(wanted, s) > 0)
                .sorted((a, b) -> Integer.compare(overlap(wanted, b), overlap(wanted, a)))
                .limit(limit)
                .toList();
    }

    private static int overlap(Set<String> wanted, Section section) {
        Set<String> words = keywords(section.title() + " " + section.text());
        return (int) wanted.stream().filter(words::contains).count();
    }

    private static Set<String> keywords(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> w.length() > 1 && !STOP_WORDS.contains(w))
                .map(w -> w.endsWith("s") && w.length() > 3 ? w.substring(0, w.length() - 1) : w)
                .collect(Collectors.toSet());
    }

    /** One section of the manual. */
    public record Section(String title, String text) {}
}
