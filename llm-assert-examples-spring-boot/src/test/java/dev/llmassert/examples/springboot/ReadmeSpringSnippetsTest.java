package dev.llmassert.examples.springboot;

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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every Java snippet of the README's "Spring AI" section compiles against this module's classes and Spring AI: the
 * quick start's application and test as the files they are; a fragment inside a class of this package, with the
 * declarations its {@code <!-- compiled with: ... -->} comment gives and exactly the imports the section lists.
 * (The rest of the README is compiled by {@code ReadmeSnippetsTest} of {@code llm-assert-examples}.)
 */
class ReadmeSpringSnippetsTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```$");
    private static final Pattern WITH = Pattern.compile("<!-- compiled with: (.*?) -->");

    @TempDir
    Path dir;

    @Test
    void everyJavaSnippetOfTheSpringAiSectionCompiles() throws IOException {
        String readme = Files.readString(README);
        int start = readme.indexOf("\n## Spring AI\n");
        assertThat(start).as("the README's Spring AI section").isPositive();
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        List<String> blocks = new ArrayList<>();
        List<String> before = new ArrayList<>();
        Matcher block = BLOCK.matcher(section);
        String imports = null;
        while (block.find()) {
            String code = block.group(1);
            if (code.startsWith("import ")
                    && !Pattern.compile("(?m)^(?:public )?class ").matcher(code).find()) {
                imports = code;
                continue;
            }
            blocks.add(code);
            before.add(section.substring(Math.max(0, block.start() - 400), block.start()));
        }
        assertThat(imports).as("the section's list of imports").isNotNull();
        assertThat(blocks).as("java blocks in the Spring AI section").hasSizeGreaterThanOrEqualTo(5);

        List<Path> sources = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            String code = blocks.get(i);
            Path source;
            if (code.startsWith("package ") || code.startsWith("import ")) {
                Matcher name = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(code);
                assertThat(name.find())
                        .as("a whole file declares its class: %s", code)
                        .isTrue();
                source = Files.createDirectories(dir.resolve("whole" + i)).resolve(name.group(1) + ".java");
                Files.writeString(source, code);
            } else {
                Matcher with = WITH.matcher(lastLine(before.get(i)));
                String declarations = with.find() ? with.group(1) : "";
                String name = "ReadmeSpringSnippet" + i;
                source = dir.resolve(name + ".java");
                Files.writeString(
                        source,
                        "package dev.llmassert.examples.springboot;\n" + imports + "\nclass " + name + " {\n"
                                + declarations.replace(";", ";\n") + "\nvoid snippet() throws Exception {\n" + code
                                + "}\n}\n");
            }
            sources.add(source);
        }
        assertThat(compile(sources)).isEmpty();
    }

    private static String lastLine(String text) {
        String[] lines = text.split("\n", -1);
        return lines.length < 2 ? "" : lines[lines.length - 2];
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
