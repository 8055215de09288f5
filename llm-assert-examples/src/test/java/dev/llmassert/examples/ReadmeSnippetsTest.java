package dev.llmassert.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Every Java snippet of the README compiles against the built classes, with the imports that the guide's "What you can
 * use" ({@code docs/guide/api.adoc}) lists and nothing else of llm-assert (the guide's own examples are included from
 * the tests, which compile as they are): a whole test class as it is; a fragment inside a class, with the declarations
 * its {@code <!-- compiled with: ... -->} comment gives (the variables the text around it names), in a method (or the
 * one its {@code <!-- compiled in: ... -->} comment names) unless it declares members itself, in the example
 * application's package, whose classes ({@code ProductManual}, {@code SupportAssistant}, ...) the snippets use.
 */
class ReadmeSnippetsTest {

    private static final Path README = Path.of("..", "README.md");

    private static final Pattern BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```$");
    private static final Pattern WITH = Pattern.compile("<!-- compiled with: (.*?) -->");
    private static final Pattern IN = Pattern.compile("<!-- compiled in: (.*?) -->");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (static )?([\\w.]+);$");

    /**
     * The example application's nested types the snippets use, which are not llm-assert's to list; its other classes
     * ({@code ProductManual}, {@code SupportAssistant}, ...) are in the package the snippets are compiled in.
     */
    private static final String EXAMPLE_IMPORTS = """
            import dev.llmassert.examples.ProductManual.Section;
            import dev.llmassert.examples.SupportAssistant.Answer;
            """;

    @TempDir
    Path dir;

    @Test
    void everyJavaSnippetCompilesWithTheImportsWhatYouCanUseLists() throws IOException {
        String readme = Files.readString(README);
        String imports = snippetImports();
        List<Path> sources = new ArrayList<>();
        List<String> where = new ArrayList<>();
        Matcher block = BLOCK.matcher(readme);
        int n = 0;
        while (block.find()) {
            n++;
            String code = block.group(1);
            int line = lineOf(readme, block.start());
            String before = readme.substring(Math.max(0, block.start() - 400), block.start());
            Path source;
            if (code.startsWith("import ")) {
                // a whole test class (or the list of imports itself), as a user's project holds it
                Path folder = Files.createDirectories(dir.resolve("whole" + n));
                Matcher name = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(code);
                source = folder.resolve((name.find() ? name.group(1) : "Imports") + ".java");
                Files.writeString(source, code);
            } else {
                String name = "ReadmeSnippet" + n;
                String declarations = last(WITH, before);
                String method = last(IN, before);
                String trimmed = code.strip();
                boolean members = trimmed.startsWith("@") || trimmed.startsWith("static ");
                String body = members
                        ? code
                        : (method == null ? "void snippet() throws Exception" : method) + " {\n" + code + "}\n";
                source = dir.resolve(name + ".java");
                Files.writeString(
                        source,
                        "package dev.llmassert.examples;\n" + imports + EXAMPLE_IMPORTS + "\nclass " + name + " {\n"
                                + (declarations == null ? "" : declarations.replace(";", ";\n")) + "\n" + body
                                + "}\n");
            }
            sources.add(source);
            where.add("README.md line " + line + " -> " + source.getFileName());
        }

        assertThat(n).as("java blocks in the README").isGreaterThanOrEqualTo(4);
        List<String> errors = compile(sources);
        assertThat(errors).as("the README's snippets, compiled: %s", where).isEmpty();
    }

    @Test
    void everyTypeOfLlmAssertTheSnippetsImportIsListedWithItsStability() throws IOException {
        String section = Guide.chapter("api");
        String prose = section.substring(0, section.indexOf("[source,java]"));
        Matcher imported = IMPORT.matcher(snippetImports());
        List<String> types = new ArrayList<>();
        while (imported.find()) {
            if (imported.group(1) == null && imported.group(2).startsWith("dev.llmassert.")) {
                types.add(imported.group(2).substring(imported.group(2).lastIndexOf('.') + 1));
            }
        }

        assertThat(types)
                .contains("Calibration", "LabelledDataset", "Evaluator")
                .allSatisfy(type -> assertThat(prose).as("What you can use").contains("`+" + type + "+`"));
        assertThat(prose).contains("`+Calibrator+`");
    }

    /** The imports listed in the guide's "What you can use", the one java block there. */
    private static String snippetImports() throws IOException {
        Matcher block =
                Pattern.compile("(?ms)^\\[source,java\\]\n----\n(.*?)^----$").matcher(Guide.chapter("api"));
        assertThat(block.find())
                .as("a java block of imports in What you can use")
                .isTrue();
        return block.group(1);
    }

    private static String last(Pattern pattern, String text) {
        // only a comment right before the block counts: on the line before it, or before another such comment
        String[] lines = text.split("\n", -1);
        for (int i = lines.length - 2; i >= 0 && lines[i].startsWith("<!-- compiled "); i--) {
            Matcher m = pattern.matcher(lines[i]);
            if (m.matches()) {
                return m.group(1);
            }
        }
        return null;
    }

    private static int lineOf(String text, int offset) {
        return (int) text.substring(0, offset).chars().filter(c -> c == '\n').count() + 2;
    }

    private List<String> compile(List<Path> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            Path out = Files.createDirectories(dir.resolve("classes"));
            List<String> options = List.of(
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    out.toString(),
                    "-proc:none",
                    "-encoding",
                    "UTF-8");
            javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources))
                    .call();
        }
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String file =
                        d.getSource() == null ? "" : new File(d.getSource().getName()).getName();
                errors.add(file + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT));
            }
        }
        return errors;
    }
}
