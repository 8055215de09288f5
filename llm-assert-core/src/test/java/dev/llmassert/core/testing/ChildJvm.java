package dev.llmassert.core.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real second JVM for the tests that need other processes: forked test runs sharing a recordings file, a writer
 * killed mid-write. It runs a {@code main} class of the test class path, with its output in a log file that failure
 * messages quote.
 */
public final class ChildJvm {

    /** How long a child may take to reach a point the test waits for; only a broken child gets near it. */
    public static final Duration PATIENCE = Duration.ofSeconds(120);

    private final Process process;
    private final Path log;
    private final String name;

    private ChildJvm(Process process, Path log, String name) {
        this.process = process;
        this.log = log;
        this.name = name;
    }

    /**
     * Starts {@code main} with {@code args} in a new JVM on this JVM's test class path, in {@code workDir}, its
     * standard output and error in {@code <workDir>/<name>.log}.
     */
    public static ChildJvm start(String name, Class<?> main, Path workDir, String... args) throws IOException {
        return start(name, main, workDir, List.of(), args);
    }

    /** As {@link #start(String, Class, Path, String...)}, with system properties ({@code -Dkey=value}) first. */
    public static ChildJvm start(
            String name, Class<?> main, Path workDir, List<String> systemProperties, String... args)
            throws IOException {
        return start(name, main, workDir, systemProperties, Map.of(), args);
    }

    /** As {@link #start(String, Class, Path, List, String...)}, with variables added to this JVM's environment. */
    public static ChildJvm start(
            String name,
            Class<?> main,
            Path workDir,
            List<String> systemProperties,
            Map<String, String> environment,
            String... args)
            throws IOException {
        return start(name, main, workDir, testClassPath(), systemProperties, environment, args);
    }

    /**
     * As {@link #start(String, Class, Path, List, Map, String...)}, on {@code classPath} instead of this JVM's test
     * class path: e.g. with a folder of resources first, or without a jar.
     */
    public static ChildJvm start(
            String name,
            Class<?> main,
            Path workDir,
            String classPath,
            List<String> systemProperties,
            Map<String, String> environment,
            String... args)
            throws IOException {
        Files.createDirectories(workDir);
        Path log = workDir.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Small and quick to start: these children do a little I/O, not heavy computing.
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Xshare:auto"));
        command.addAll(systemProperties);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        return new ChildJvm(process, log, name);
    }

    /**
     * The class path of this test JVM. Surefire starts its forks with a manifest-only jar as the class path and
     * gives the real one in {@code surefire.test.class.path}; elsewhere (an IDE) {@code java.class.path} is it.
     */
    public static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    public Process process() {
        return process;
    }

    public String name() {
        return name;
    }

    /** Waits for the child to end; fails, quoting its log, when it does not end in {@link #PATIENCE}. */
    public int awaitExit() throws IOException, InterruptedException {
        if (!process.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(name + " did not end within " + PATIENCE.toSeconds() + " s and was killed. "
                    + "Its output:\n" + output());
        }
        return process.exitValue();
    }

    /** Waits for the child to end and fails, quoting its log, unless it ended with exit code 0. */
    public void awaitSuccess() throws IOException, InterruptedException {
        int code = awaitExit();
        if (code != 0) {
            throw new AssertionError(name + " ended with exit code " + code + ". Its output:\n" + output());
        }
    }

    /**
     * Waits until {@code file} exists. Fails, quoting the log, when the child ends first or after {@link #PATIENCE}.
     */
    public void awaitFile(Path file) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!Files.exists(file)) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended (exit code " + process.exitValue() + ") before it created "
                        + file + ". Its output:\n" + output());
            }
            if (Instant.now().isAfter(deadline)) {
                kill();
                throw new AssertionError(name + " did not create " + file + " within " + PATIENCE.toSeconds()
                        + " s and was killed. Its output:\n" + output());
            }
            Thread.sleep(5);
        }
    }

    /** Kills the child at once (SIGKILL on Unix: no shutdown hook, no finally block runs) and waits for it. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** Everything the child printed so far. */
    public String output() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)";
    }

    /** Waits for {@code file} to exist, for a child to signal a start line to all of them. */
    public static void awaitSignal(Path file) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!Files.exists(file)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("No start signal " + file + " within " + PATIENCE.toSeconds() + " s");
            }
            Thread.sleep(2);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ")";
    }
}
