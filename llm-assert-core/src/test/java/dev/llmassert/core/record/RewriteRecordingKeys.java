package dev.llmassert.core.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fills in or corrects the keys of hand-written or hand-edited recordings files, or of every {@code .json} file in the
 * given folders, with {@link RecordingKeys#rewriteKeys(Path)}. A tool of this repository, not of the library: it lives
 * in the test sources so that the library jar holds no {@code main} and no {@code System.exit}.
 *
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.record.RewriteRecordingKeys -Dexec.args="file-or-folder..."
 * </pre>
 *
 * Relative paths are resolved against the folder {@code mvn} runs in.
 */
public final class RewriteRecordingKeys {

    private RewriteRecordingKeys() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("Usage: " + RewriteRecordingKeys.class.getName() + " <recordings file or folder>...");
            System.exit(2);
        }
        for (String arg : args) {
            Path path = Path.of(arg);
            List<Path> files;
            if (Files.isDirectory(path)) {
                try (Stream<Path> listing = Files.list(path)) {
                    files = listing.filter(p -> p.getFileName().toString().endsWith(".json"))
                            .sorted()
                            .toList();
                }
            } else {
                files = List.of(path);
            }
            for (Path file : files) {
                int changed = RecordingKeys.rewriteKeys(file);
                System.out.println(
                        file + ": " + changed + (changed == 1 ? " key" : " keys") + " filled in or corrected");
            }
        }
    }
}
