import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a new user's project out of exactly the README. By default the quick start's: its pom.xml block becomes
 * pom.xml, and each whole test class of the README outside the "Spring AI" section (a java block that starts with its
 * imports: the quick start's and the agents section's) becomes src/test/java/<Class>.java, character for character.
 * With "spring", the Spring Boot quick start's: the "Spring AI" section's pom.xml block, its application.properties
 * block, and each java block that starts with its package, under src/main/java or, for a class named ...Test,
 * src/test/java. Run with the JDK's source launcher:
 * java .ci/ReadmeProject.java README.md <project folder> [spring]
 */
public class ReadmeProject {

    private static final String SPRING_AI = "\n## Spring AI\n";

    public static void main(String[] args) throws IOException {
        if (args.length != 2 && !(args.length == 3 && args[2].equals("spring"))) {
            System.err.println("Usage: java .ci/ReadmeProject.java README.md <project folder> [spring]");
            System.exit(2);
        }
        String readme = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
        Path project = Path.of(args[1]);
        if (args.length == 3) {
            spring(readme, project);
            return;
        }
        String quickStart = section(readme, "\n## Quick start\n");
        List<String[]> blocks = blocks(quickStart);
        String pom = blocks.stream().filter(b -> b[0].equals("xml") && b[1].contains("<project"))
                .map(b -> b[1]).findFirst().orElse(null);
        // every whole test class of the README but the Spring AI section's: the quick start's, and the agents
        // section's (the list of the snippets' imports declares no class)
        String spring = readme.contains(SPRING_AI) ? section(readme, SPRING_AI) : "";
        Pattern declaresClass = Pattern.compile("(?m)^(?:public )?class \\w+");
        List<String> tests = blocks(readme.replace(spring, "")).stream()
                .filter(b -> b[0].equals("java") && b[1].startsWith("import ") && declaresClass.matcher(b[1]).find())
                .map(b -> b[1]).toList();
        if (pom == null || tests.isEmpty()) {
            fail("the quick start needs a complete pom.xml block (```xml with <project>) and the README a test class "
                    + "block (```java starting with its imports); found " + blocks.size() + " blocks in the quick start");
        }
        Path testSources = Files.createDirectories(project.resolve("src/test/java"));
        Files.writeString(project.resolve("pom.xml"), pom, StandardCharsets.UTF_8);
        StringBuilder written = new StringBuilder(project.resolve("pom.xml").toString());
        for (String test : tests) {
            Matcher className = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(test);
            if (!className.find()) {
                fail("a test block of the README declares no class: " + test.lines().findFirst().orElse(""));
            }
            Path file = testSources.resolve(className.group(1) + ".java");
            Files.writeString(file, test, StandardCharsets.UTF_8);
            written.append(", ").append(file);
        }
        System.out.println("README -> " + written);
    }

    /** The Spring Boot quick start: the pom, the properties, and the files of the java blocks with a package. */
    private static void spring(String readme, Path project) throws IOException {
        if (!readme.contains(SPRING_AI)) {
            fail("the README has no \"## Spring AI\" section");
        }
        List<String[]> blocks = blocks(section(readme, SPRING_AI));
        String pom = blocks.stream().filter(b -> b[0].equals("xml") && b[1].contains("<project"))
                .map(b -> b[1]).findFirst().orElse(null);
        String properties = blocks.stream().filter(b -> b[0].equals("properties"))
                .map(b -> b[1]).findFirst().orElse(null);
        List<String> files = blocks.stream().filter(b -> b[0].equals("java") && b[1].startsWith("package "))
                .map(b -> b[1]).toList();
        if (pom == null || properties == null || files.size() < 2) {
            fail("the Spring AI section needs a complete pom.xml block, an application.properties block and the"
                    + " application's and the test's java blocks (each starting with its package); found "
                    + blocks.size() + " blocks");
        }
        Files.createDirectories(project);
        Files.writeString(project.resolve("pom.xml"), pom, StandardCharsets.UTF_8);
        Path resources = Files.createDirectories(project.resolve("src/main/resources"));
        Files.writeString(resources.resolve("application.properties"), properties, StandardCharsets.UTF_8);
        StringBuilder written = new StringBuilder(project.resolve("pom.xml") + ", " + resources);
        for (String source : files) {
            Matcher packageName = Pattern.compile("^package ([\\w.]+);").matcher(source);
            Matcher className = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(source);
            if (!packageName.find() || !className.find()) {
                fail("a java block of the Spring AI section declares no package or class: "
                        + source.lines().findFirst().orElse(""));
            }
            String root = className.group(1).endsWith("Test") ? "src/test/java" : "src/main/java";
            Path folder = Files.createDirectories(
                    project.resolve(root).resolve(packageName.group(1).replace('.', '/')));
            Path file = folder.resolve(className.group(1) + ".java");
            Files.writeString(file, source, StandardCharsets.UTF_8);
            written.append(", ").append(file);
        }
        System.out.println("README -> " + written);
    }

    private static String section(String readme, String heading) {
        int start = readme.indexOf(heading);
        if (start < 0) {
            fail("the README has no \"" + heading.strip() + "\" section");
        }
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static List<String[]> blocks(String markdown) {
        List<String[]> blocks = new ArrayList<>();
        Matcher block = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```$").matcher(markdown);
        while (block.find()) {
            blocks.add(new String[] {block.group(1), block.group(2)});
        }
        return blocks;
    }

    private static void fail(String message) {
        System.err.println("README.md: " + message);
        System.exit(1);
    }
}
