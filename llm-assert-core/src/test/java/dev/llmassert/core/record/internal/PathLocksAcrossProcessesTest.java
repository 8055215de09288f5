package dev.llmassert.core.record.internal;

import dev.llmassert.core.testing.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lock of a recordings file excludes other processes, although every holder deletes the lock file when done:
 * real child JVMs take turns at a counter that only a lock keeps right.
 */
class PathLocksAcrossProcessesTest {

    private static final int PROCESSES = 3;
    private static final int ROUNDS = 300;

    @TempDir
    Path dir;

    @Test
    void childJvmsHoldTheLockOneAtATimeAndNoLockFileRemains() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("recordings"));
        Path recordings = folder.resolve("com.example.SharedTest.json");
        Path go = dir.resolve("go");
        List<ChildJvm> children = new ArrayList<>();
        try {
            for (int i = 0; i < PROCESSES; i++) {
                children.add(ChildJvm.start(
                        "counter-" + i,
                        Counter.class,
                        dir,
                        recordings.toString(),
                        String.valueOf(ROUNDS),
                        dir.resolve("ready-" + i).toString(),
                        go.toString()));
            }
            for (int i = 0; i < PROCESSES; i++) {
                children.get(i).awaitFile(dir.resolve("ready-" + i));
            }
            Files.createFile(go);
            for (ChildJvm child : children) {
                child.awaitSuccess();
            }
        } finally {
            for (ChildJvm child : children) {
                child.kill();
            }
        }

        assertThat(Files.readString(folder.resolve(Counter.COUNTER)))
                .as(
                        "the counter, incremented by read-then-write under the lock by %d processes %d times each",
                        PROCESSES, ROUNDS)
                .isEqualTo(String.valueOf(PROCESSES * ROUNDS));
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("no lock file is left once every holder is done")
                    .containsExactly(Counter.COUNTER);
        }
    }

    @Test
    void whileHeldTheHiddenLockFileLiesBesideTheRecordingsFileAndIsGoneAfterwards() throws IOException {
        Path recordings = dir.resolve("com.example.BotTest.json");
        Path lockFile = dir.resolve(".com.example.BotTest.json.lock");
        assertThat(PathLocks.lockFileOf(recordings)).isEqualTo(lockFile);

        try (PathLocks.Held held = PathLocks.lock(recordings)) {
            assertThat(held.crossProcess()).isTrue();
            assertThat(lockFile).exists();
        }
        assertThat(lockFile).doesNotExist();
    }

    @Test
    void aLockFileLeftByAKilledProcessIsUsedAndRemoved() throws IOException {
        Path recordings = dir.resolve("com.example.BotTest.json");
        Path lockFile = PathLocks.lockFileOf(recordings);
        for (String leftover : List.of("", "0f3a", "0123456789abcdef0123456789abcdef", "not a token at all, longer")) {
            Files.writeString(lockFile, leftover);
            try (PathLocks.Held held = PathLocks.lock(recordings)) {
                assertThat(held.crossProcess()).as("leftover '%s'", leftover).isTrue();
            }
            assertThat(lockFile).as("leftover '%s'", leftover).doesNotExist();
        }
    }

    /**
     * A child: waits for the start signal, then {@code rounds} times takes the lock, claims a marker file that must
     * not exist (a second holder would find it), reads the counter, writes it plus one in place (not atomically, on
     * purpose) and frees the marker. Exit code 2 means two holders at once.
     */
    static final class Counter {

        static final String COUNTER = "counter.txt";

        public static void main(String[] args) throws Exception {
            Path recordings = Path.of(args[0]);
            int rounds = Integer.parseInt(args[1]);
            Files.createFile(Path.of(args[2]));
            ChildJvm.awaitSignal(Path.of(args[3]));
            Path counter = recordings.resolveSibling(COUNTER);
            Path holder = recordings.getParent().getParent().resolve("holder");
            for (int i = 0; i < rounds; i++) {
                try (PathLocks.Held held = PathLocks.lock(recordings)) {
                    if (!held.crossProcess()) {
                        System.out.println("No cross-process lock in round " + i);
                        System.exit(3);
                    }
                    try {
                        Files.createFile(holder);
                    } catch (FileAlreadyExistsException e) {
                        System.out.println("Two holders at once in round " + i);
                        System.exit(2);
                    }
                    int value = Files.exists(counter) ? Integer.parseInt(Files.readString(counter)) : 0;
                    Files.write(counter, String.valueOf(value + 1).getBytes(StandardCharsets.US_ASCII));
                    Files.delete(holder);
                }
            }
        }
    }
}
