package dev.llmassert.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The user guide's sources ({@code docs/guide}) and built pages ({@code target/guide}), as the tests read them. */
final class Guide {

    /** The guide's AsciiDoc sources, from this module's folder. */
    static final Path DIR = Path.of("..", "docs", "guide");
    /** Where the build writes the guide's pages (the asciidoctor-maven-plugin's output, before the tests run). */
    static final Path PAGES = Path.of("..", "target", "guide");
    /** The repository's root, from this module's folder. */
    static final Path ROOT = Path.of("..");

    private Guide() {}

    /** The text of the chapter {@code name} ({@code docs/guide/<name>.adoc}). */
    static String chapter(String name) throws IOException {
        return Files.readString(DIR.resolve(name + ".adoc"));
    }

    /** The names of the guide's chapters, every page but the index and the shared partials, sorted. */
    static List<String> chapters() {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".adoc") && !name.startsWith("_") && !name.equals("index.adoc"))
                    .map(name -> name.substring(0, name.length() - ".adoc".length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fenced blocks of {@code markdown} in {@code language} ("" for blocks with none). */
    static List<String> markdownBlocks(String markdown, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher block = Pattern.compile("(?ms)^```" + Pattern.quote(language) + "\\n(.*?)^```$")
                .matcher(markdown);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        return blocks;
    }

    /**
     * The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces turned into hyphens.
     *
     * @param heading the heading's text, without its {@code #}s
     */
    static String githubAnchor(String heading) {
        return heading.strip()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                .replace(' ', '-');
    }

    /** The anchors of a Markdown file's headings. */
    static List<String> markdownAnchors(String markdown) {
        List<String> anchors = new ArrayList<>();
        boolean code = false;
        for (String line : markdown.lines().toList()) {
            if (line.startsWith("```")) {
                code = !code;
            } else if (!code && line.startsWith("#")) {
                anchors.add(githubAnchor(line.replaceFirst("^#+ ", "")));
            }
        }
        return anchors;
    }
}
