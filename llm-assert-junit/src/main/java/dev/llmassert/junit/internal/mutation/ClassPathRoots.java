package dev.llmassert.junit.internal.mutation;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The class path's folders under the working directory: the compiled classes of the project whose tests the
 * mutation check runs. Read from {@code java.class.path} and, where a tool runs the check in a class loader of its
 * own (Maven's {@code exec:java}), from that loader's URLs.
 */
final class ClassPathRoots {

    private ClassPathRoots() {}

    static Set<Path> underWorkingDirectory() {
        Path here = Path.of("").toAbsolutePath().normalize();
        List<Path> candidates = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                candidates.add(Path.of(entry));
            }
        }
        for (ClassLoader loader = Thread.currentThread().getContextClassLoader();
                loader != null;
                loader = loader.getParent()) {
            if (loader instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    try {
                        if (url.getProtocol().equals("file")) {
                            candidates.add(Path.of(url.toURI()));
                        }
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        // not a folder of this project
                    }
                }
            }
        }
        Set<Path> roots = new TreeSet<>();
        for (Path candidate : candidates) {
            Path absolute = candidate.toAbsolutePath().normalize();
            if (absolute.startsWith(here) && Files.isDirectory(absolute)) {
                roots.add(absolute);
            }
        }
        return roots;
    }
}
