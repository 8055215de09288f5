import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Makes a new user's project out of exactly the guide (docs/guide). By default the quick start's: the pom.xml the
 * "Quick start" chapter includes (projects/quick-start/pom.xml), and each whole test class a chapter includes with
 * tags=test (the quick start's and the agents chapter's), resolved as Asciidoctor resolves it: the lines between
 * "// tag::test[]" and "// end::test[]" of the file the include names, written to src/test/java/<Class>.java. With
 * "spring", the Spring Boot quick start's: the files of projects/spring-boot, which the "Spring AI" chapter includes.
 * Run with the JDK's source launcher: java .ci/GuideProject.java docs/guide <project folder> [spring]
 */
public class GuideProject {

    private static final Pattern ATTRIBUTE = Pattern.compile("(?m)^:([\\w-]+): (.*)$");
    private static final Pattern WHOLE_TEST = Pattern.compile("(?m)^include::\\{([\\w-]+)}/(\\w+\\.java)\\[tags=test]$");

    public static void main(String[] args) throws IOException {
        if (args.length != 2 && !(args.length == 3 && args[2].equals("spring"))) {
            System.err.println("Usage: java .ci/GuideProject.java docs/guide <project folder> [spring]");
            System.exit(2);
        }
        Path guide = Path.of(args[0]);
        Path project = Path.of(args[1]);
        if (args.length == 3) {
            copy(guide.resolve("projects/spring-boot"), project);
            System.out.println("guide -> " + project + " (projects/spring-boot)");
            return;
        }
        Map<String, String> attributes = attributes(Files.readString(guide.resolve("_attributes.adoc")));
        Path pom = guide.resolve("projects/quick-start/pom.xml");
        if (!Files.readString(guide.resolve("quick-start.adoc")).contains("include::{quick-start-project}/pom.xml[]")) {
            fail("the quick start no longer includes {quick-start-project}/pom.xml");
        }
        Path testSources = Files.createDirectories(project.resolve("src/test/java"));
        Files.copy(pom, project.resolve("pom.xml"));
        StringBuilder written = new StringBuilder(project.resolve("pom.xml").toString());
        List<Path> chapters;
        try (Stream<Path> files = Files.list(guide)) {
            chapters = files.filter(f -> f.toString().endsWith(".adoc")).sorted().toList();
        }
        int tests = 0;
        for (Path chapter : chapters) {
            Matcher include = WHOLE_TEST.matcher(Files.readString(chapter));
            while (include.find()) {
                String folder = attributes.get(include.group(1));
                if (folder == null) {
                    fail(chapter + " includes from {" + include.group(1) + "}, which _attributes.adoc does not set");
                }
                Path source = guide.resolve(folder).resolve(include.group(2)).normalize();
                Path file = testSources.resolve(include.group(2));
                Files.writeString(file, tagged(source, "test"), StandardCharsets.UTF_8);
                written.append(", ").append(file);
                tests++;
            }
        }
        if (tests == 0) {
            fail("no chapter includes a whole test class (include::{...}/<Class>.java[tags=test])");
        }
        System.out.println("guide -> " + written);
    }

    /** The attributes of _attributes.adoc, each {name} in a value replaced by the value set before it. */
    private static Map<String, String> attributes(String text) {
        Map<String, String> attributes = new LinkedHashMap<>();
        Matcher attribute = ATTRIBUTE.matcher(text);
        while (attribute.find()) {
            String value = attribute.group(2);
            for (Map.Entry<String, String> known : attributes.entrySet()) {
                value = value.replace("{" + known.getKey() + "}", known.getValue());
            }
            attributes.put(attribute.group(1), value);
        }
        return attributes;
    }

    /** The lines of {@code source} between its tag's start and end lines, as Asciidoctor includes them. */
    private static String tagged(Path source, String tag) throws IOException {
        List<String> region = new ArrayList<>();
        boolean in = false;
        boolean found = false;
        for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
            String strip = line.strip();
            if (strip.equals("// tag::" + tag + "[]")) {
                in = true;
                found = true;
            } else if (strip.equals("// end::" + tag + "[]")) {
                in = false;
            } else if (in) {
                region.add(line);
            }
        }
        if (!found) {
            fail(source + " has no \"// tag::" + tag + "[]\"");
        }
        return String.join("\n", region) + "\n";
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static void fail(String message) {
        System.err.println("docs/guide: " + message);
        System.exit(1);
    }
}
