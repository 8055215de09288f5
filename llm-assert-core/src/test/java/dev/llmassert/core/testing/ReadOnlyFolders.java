package dev.llmassert.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Makes a folder read-only for a test, also when the tests run as root, and writable again afterwards. */
public final class ReadOnlyFolders {

    private ReadOnlyFolders() {}

    /** Makes {@code folder} read-only, or aborts the test when this machine cannot. */
    public static void makeReadOnly(Path folder) throws IOException {
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (canCreateIn(folder)) {
            // Permissions do not stop root (as in many CI containers); the immutable attribute does.
            run("chattr", "+i", folder.toString());
        }
        assumeTrue(!canCreateIn(folder), "cannot make a folder read-only on this machine");
    }

    public static void makeWritable(Path folder) throws IOException {
        run("chattr", "-i", folder.toString());
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static boolean canCreateIn(Path folder) {
        try {
            Files.delete(Files.createFile(folder.resolve("probe")));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void run(String... command) {
        try {
            new ProcessBuilder(command).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No chattr here: the assumption in makeReadOnly decides.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
