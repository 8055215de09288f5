import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user's test classpath holds, grouped by what brings each jar in: reads the text of
 * {@code mvn dependency:tree -Dscope=test} of a user's project and the local repository the jars are in, and prints a
 * Markdown table (group, jars, megabytes) and the jars of each group. A jar's group is the dependency that brings it
 * in: the user's own direct dependencies (JUnit) are one group each, and under llm-assert's artifacts each direct
 * dependency of llm-assert-junit or llm-assert-core is one.
 *
 * <pre>
 * java .ci/ClasspathReport.java tree.txt ~/.m2/repository
 * </pre>
 */
public class ClasspathReport {

    private static final Pattern NODE = Pattern.compile(
            "^(?<indent>(?:[|+\\\\ ] {2})*)(?:[+\\\\]- )?(?<g>[^:\\s]+):(?<a>[^:]+):(?<type>[^:]+)(?::(?<c>[^:]+))?"
                    + ":(?<v>[^:]+):(?<scope>[a-z]+)(?<rest>.*)$");
    private static final double MB = 1_000_000.0;

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("Usage: java .ci/ClasspathReport.java <dependency:tree output> <local repository>");
            System.exit(2);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        Path repository = Path.of(args[1]);
        Map<String, List<String[]>> groups = new LinkedHashMap<>();   // group -> [coordinates, bytes]
        List<String> path = new ArrayList<>();
        boolean root = true;
        for (String raw : lines) {
            String line = raw.replaceFirst("^\\[INFO\\] ", "");
            Matcher m = NODE.matcher(line);
            if (root) {   // the project itself: groupId:artifactId:packaging:version
                root = false;
                continue;
            }
            if (!m.matches()) {
                continue;
            }
            int depth = m.group("indent").length() / 3;
            while (path.size() > depth) {
                path.remove(path.size() - 1);
            }
            String artifactId = m.group("a");
            path.add(artifactId);
            String group = group(path);
            String classifier = m.group("c");
            String type = m.group("type");
            Path jar = repository
                    .resolve(m.group("g").replace('.', '/'))
                    .resolve(artifactId)
                    .resolve(m.group("v"))
                    .resolve(artifactId + "-" + m.group("v") + (classifier == null ? "" : "-" + classifier) + "."
                            + (type.equals("test-jar") ? "jar" : type));
            long bytes = Files.isRegularFile(jar) ? Files.size(jar) : -1;
            if (bytes < 0) {
                System.err.println("not in the local repository: " + jar);
            }
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(new String[] {
                m.group("g") + ":" + artifactId + ":" + m.group("v") + (classifier == null ? "" : ":" + classifier),
                Long.toString(Math.max(bytes, 0))
            });
        }
        long total = 0;
        int jars = 0;
        StringBuilder table = new StringBuilder("| brought in by | jars | MB |\n| --- | ---: | ---: |\n");
        StringBuilder detail = new StringBuilder();
        List<Map.Entry<String, List<String[]>>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort((x, y) -> Long.compare(sum(y.getValue()), sum(x.getValue())));
        for (Map.Entry<String, List<String[]>> g : sorted) {
            long bytes = sum(g.getValue());
            total += bytes;
            jars += g.getValue().size();
            table.append(String.format(Locale.ROOT, "| %s | %d | %.1f |%n", g.getKey(), g.getValue().size(), bytes / MB));
            detail.append("- ").append(g.getKey()).append(": ");
            List<String> items = new ArrayList<>();
            for (String[] jar : g.getValue()) {
                items.add(String.format(Locale.ROOT, "%s (%.2f MB)", jar[0], Long.parseLong(jar[1]) / MB));
            }
            detail.append(String.join(", ", items)).append('\n');
        }
        table.append(String.format(Locale.ROOT, "| **total** | **%d** | **%.1f** |%n", jars, total / MB));
        System.out.print(table);
        System.out.println();
        System.out.print(detail);
    }

    /** The user's direct dependency, or under llm-assert's artifacts the first one that is not llm-assert's. */
    private static String group(List<String> path) {
        if (!path.get(0).startsWith("llm-assert-")) {
            return path.get(0) + " (the project's own)";
        }
        for (String artifactId : path) {
            if (!artifactId.startsWith("llm-assert-")) {
                return artifactId;
            }
        }
        return "llm-assert (" + path.get(path.size() - 1) + ")";
    }

    private static long sum(List<String[]> jars) {
        return jars.stream().mapToLong(j -> Long.parseLong(j[1])).sum();
    }
}
