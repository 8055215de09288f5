import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a new user's project out of exactly the README's quick start: its pom.xml block becomes pom.xml, and its
 * test class block becomes src/test/java/<Class>.java, character for character. Run with the JDK's source launcher:
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
        List<String[]> blocks = new ArrayList<>();
        Matcher block = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```$").matcher(quickStart);
        while (block.find()) {
            blocks.add(new String[] {block.group(1), block.group(2)});
        }
        String pom = blocks.stream().filter(b -> b[0].equals("xml") && b[1].contains("<project"))
                .map(b -> b[1]).findFirst().orElse(null);
        String test = blocks.stream().filter(b -> b[0].equals("java") && b[1].startsWith("import "))
                .map(b -> b[1]).findFirst().orElse(null);
        if (pom == null || test == null) {
            fail("the quick start needs a complete pom.xml block (```xml with <project>) and a test class block "
                    + "(```java starting with its imports); found " + blocks.size() + " blocks");
        }
        Matcher className = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(test);
        if (!className.find()) {
            fail("the quick start's test block declares no class");
        }
        Path project = Path.of(args[1]);
        Path tests = Files.createDirectories(project.resolve("src/test/java"));
        Files.writeString(project.resolve("pom.xml"), pom, StandardCharsets.UTF_8);
        Files.writeString(tests.resolve(className.group(1) + ".java"), test, StandardCharsets.UTF_8);
        System.out.println("README quick start -> " + project.resolve("pom.xml") + ", "
                + tests.resolve(className.group(1) + ".java"));
    }

    private static void fail(String message) {
        System.err.println("README.md: " + message);
        System.exit(1);
    }
}
