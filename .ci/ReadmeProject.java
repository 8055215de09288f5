import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a new user's project out of exactly the README: the quick start's pom.xml block becomes pom.xml, and each
 * whole test class of the README (a java block that starts with its imports: the quick start's and the agents
 * section's) becomes src/test/java/<Class>.java, character for character. Run with the JDK's source launcher:
 * java .ci/ReadmeProject.java README.md <project folder>
 */
public class ReadmeProject {

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("Usage: java .ci/ReadmeProject.java README.md <project folder>");
            System.exit(2);
        }
        String readme = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
        int start = readme.indexOf("\n## Quick start\n");
        if (start < 0) {
            fail("the README has no \"## Quick start\" section");
        }
        int end = readme.indexOf("\n## ", start + 1);
        String quickStart = readme.substring(start, end < 0 ? readme.length() : end);
        List<String[]> blocks = blocks(quickStart);
        String pom = blocks.stream().filter(b -> b[0].equals("xml") && b[1].contains("<project"))
                .map(b -> b[1]).findFirst().orElse(null);
        // every whole test class of the README: the quick start's, and the agents section's (the list of the
        // snippets' imports declares no class)
        Pattern declaresClass = Pattern.compile("(?m)^(?:public )?class \\w+");
        List<String> tests = blocks(readme).stream()
                .filter(b -> b[0].equals("java") && b[1].startsWith("import ") && declaresClass.matcher(b[1]).find())
                .map(b -> b[1]).toList();
        if (pom == null || tests.isEmpty()) {
            fail("the quick start needs a complete pom.xml block (```xml with <project>) and the README a test class "
                    + "block (```java starting with its imports); found " + blocks.size() + " blocks in the quick start");
        }
        Path project = Path.of(args[1]);
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
