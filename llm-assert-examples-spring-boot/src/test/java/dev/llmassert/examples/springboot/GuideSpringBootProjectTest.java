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
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's Spring Boot quick start ({@code docs/guide/projects/spring-boot}, which the "Spring AI" chapter includes
 * file by file) compiles against this module's class path: Spring Boot, Spring AI and llm-assert. Its fragments of the
 * example's tests are included from those tests, which compile as they are; {@code .ci/readme-project} builds and runs
 * the quick start's project itself.
 */
class GuideSpringBootProjectTest {

    private static final Path PROJECT = Path.of("..", "docs", "guide", "projects", "spring-boot");

    @TempDir
    Path dir;

    @Test
    void theSpringBootQuickStartsFilesCompile() throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(PROJECT.resolve("src"))) {
            sources = files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }

        assertThat(sources)
                .extracting(file -> file.getFileName().toString())
                .containsExactly("SupportApplication.java", "SupportApplicationTest.java");
        assertThat(compile(sources)).isEmpty();
        assertThat(Files.readString(Path.of("..", "docs", "guide", "spring-ai.adoc")))
                .contains("include::{spring-boot-project}/src/main/java/com/example/support/SupportApplication.java[]")
                .contains("include::{spring-boot-project}/src/test/java/com/example/support/SupportApplicationTest"
                        + ".java[]")
                .contains("include::{spring-boot-project}/pom.xml[]");
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
