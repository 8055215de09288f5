package dev.llmassert.junit.internal;

import dev.llmassert.core.record.RecordingFile;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.ExtensionState;
import dev.llmassert.junit.internal.config.RecordingConfiguration;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.mutation.MutationLaunch;
import dev.llmassert.junit.internal.repeat.RepeatedRuns;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The recordings of a run: one {@link RecordingStore} for the run, so that every class and method recording into a
 * file shares one {@link RecordingFile}; a {@link RecordingSession} per test, and per class for judges used at class
 * level; and the unused-recordings report at the end of each top-level class. Which store holds which:
 * {@link ExtensionState}.
 */
@API(status = INTERNAL, since = "0.1")
public final class RecordingSupply {

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.recordings");

    private RecordingSupply() {}

    /**
     * The recording session of the test (or class) {@code context} belongs to, opened on first use, or empty when
     * the mode is {@code off}.
     *
     * @throws dev.llmassert.core.record.RecordingFileException when the file is corrupt or unreadable, or (record
     *                                                          mode) its folder is not writable
     */
    public static Optional<RecordingSession> session(ExtensionContext context) {
        return sessionOf(scope(context));
    }

    /**
     * The recording session of the application's own model in the test of {@code context}: the test's session, but
     * for the runs of a repeated test one session for all of them, so that run n replays the n-th recorded reply.
     */
    public static Optional<RecordingSession> applicationSession(ExtensionContext context) {
        ExtensionContext scope = scope(context);
        if (RepeatedRuns.isRun(scope) || RepeatedRuns.isGate(scope)) {
            return sessionOf(scope.getParent().orElseThrow());
        }
        return sessionOf(scope);
    }

    private static Optional<RecordingSession> sessionOf(ExtensionContext scope) {
        RecordingConfiguration configuration = ConfigurationResolver.of(scope).recordings();
        if (configuration.mode() == RecordingMode.OFF) {
            return Optional.empty();
        }
        return Optional.of(ExtensionState.getOrCompute(
                        ExtensionState.store(scope),
                        new SessionKey(scope.getUniqueId()),
                        () -> open(scope, configuration),
                        OpenSession.class)
                .session());
    }

    /**
     * The context whose store holds the session: the nearest one with a test method (a dynamic test shares its
     * factory's), else the class.
     */
    public static ExtensionContext scope(ExtensionContext context) {
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            if (c.getTestMethod().isPresent()) {
                return c;
            }
        }
        return context;
    }

    /** Notes that the test method of {@code context} ran, to tell a whole class from a filtered run. */
    public static void testStarted(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isPresent()) {
            classRecordings(topLevel(context)).methodsRun.add(method.get());
        }
    }

    /**
     * The calls of the judges of the test of {@code context} that found no recording in {@code replay}, over its open
     * sessions (the test's, and a repeated test's shared one); no session is opened to ask.
     */
    public static int missedJudgeCalls(ExtensionContext context) {
        int missed = 0;
        for (ExtensionContext c = scope(context); c != null; c = c.getParent().orElse(null)) {
            OpenSession open = ExtensionState.store(c).get(new SessionKey(c.getUniqueId()), OpenSession.class);
            if (open != null) {
                missed += open.session().missedJudgeCalls();
            }
        }
        return missed;
    }

    /** Closes the session of {@code context}, saving what it recorded. */
    public static void closeSession(ExtensionContext context) {
        OpenSession open =
                ExtensionState.store(context).remove(new SessionKey(context.getUniqueId()), OpenSession.class);
        if (open != null) {
            open.close();
        }
    }

    /**
     * At the end of a class: closes its class-level session and, for a top-level class, reports (and, when asked,
     * prunes) the recordings its tests did not use.
     *
     * <p>Pruning removes entries for good, so it happens only when this JVM can see every user of the file: in a
     * writing mode, when every test method of the class ran, in the class's own file (never one named with
     * {@code @JudgeRecordings(file = ...)}: the classes that share a named file may run in other JVMs, such as
     * Surefire forks, or be left out of this run, and no JVM sees them), and when no other class of this run used
     * it. {@link RecordingFile#pruneUnused} then takes only entries unchanged since the file was loaded, and checks
     * again under the file's cross-process lock.
     */
    public static void classFinished(ExtensionContext context) {
        closeSession(context);
        if (context.getParent().flatMap(ExtensionContext::getParent).isPresent()
                || context.getConfigurationParameter(MutationLaunch.MUTANT).isPresent()) {
            // a mutant's run runs the few tests that read its answer: the class's other recordings are not unused
            return;
        }
        ClassRecordings used = ExtensionState.store(context).get(ClassRecordings.class, ClassRecordings.class);
        if (used == null || used.files.isEmpty()) {
            return;
        }
        RecordingConfiguration configuration = ConfigurationResolver.of(context).recordings();
        Class<?> testClass = context.getRequiredTestClass();
        Set<Method> expected = testMethods(testClass);
        int ran = (int) expected.stream().filter(used.methodsRun::contains).count();
        boolean wholeClass = ran == expected.size();
        if (used.shard != null) {
            // keys are hashes of the requests: the other shards' entries cannot be told from unused ones
            LOG.debug(
                    "{} ran evaluation shard {}: its recordings are not checked for unused entries, which the other"
                            + " shards use",
                    testClass.getName(),
                    used.shard);
            return;
        }
        for (RecordingFile file : used.files.values()) {
            SortedSet<String> unused = file.unusedKeys();
            if (unused.isEmpty()) {
                continue;
            }
            Set<String> sharedWith = new HashSet<>(run(context).classesByFile.getOrDefault(file.path(), Set.of()));
            sharedWith.remove(testClass.getName());
            boolean named = used.namedFiles.contains(file.path());
            String pruneSkipped = null;
            List<String> pruned = List.of();
            if (configuration.pruneUnused()) {
                if (!configuration.mode().writes()) {
                    pruneSkipped =
                            "mode " + configuration.mode() + " never writes; prune in record or record-missing mode";
                } else if (!wholeClass) {
                    pruneSkipped = "only " + ran + " of " + Messages.count(expected.size(), "test method") + " ran";
                } else if (named) {
                    pruneSkipped = Messages.NAMED_FILE_NOT_PRUNED;
                } else if (!sharedWith.isEmpty()) {
                    pruneSkipped = "the file is shared with " + String.join(", ", new TreeSet<>(sharedWith));
                } else {
                    pruned = file.pruneUnused(configuration.mode());
                }
            }
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("llmassert.recordings.file", file.path().toString());
            entry.put("llmassert.recordings.mode", configuration.mode().id());
            entry.put("llmassert.recordings.unused", String.valueOf(unused.size()));
            entry.put("llmassert.recordings.unusedKeys", String.join(",", unused));
            entry.put("llmassert.recordings.testsRun", ran + "/" + expected.size());
            entry.put("llmassert.recordings.pruned", String.valueOf(pruned.size()));
            if (pruneSkipped != null) {
                entry.put("llmassert.recordings.pruneSkipped", pruneSkipped);
            }
            context.publishReportEntry(entry);
            if (named) {
                // the classes that share a named file may run after this one: warn at the run's end, of the entries
                // that no class of the run used
                run(context).unusedAtTheEnd(file, testClass.getName(), ran, expected.size(), pruneSkipped);
                continue;
            }
            LOG.warn(Messages.unusedRecordings(
                    testClass.getName(),
                    file.path(),
                    unused,
                    ran,
                    expected.size(),
                    pruned.size(),
                    pruneSkipped,
                    named));
        }
    }

    private static OpenSession open(ExtensionContext scope, RecordingConfiguration configuration) {
        ExtensionContext top = topLevel(scope);
        String className = top.getRequiredTestClass().getName();
        RunRecordings run = run(scope);
        RecordingFile file = run.store.file(configuration.fileFor(className));
        // a mutant's run replays whatever the mode: no call of it reaches a model, none is recorded
        RecordingMode mode = MutationLaunch.isMutantLaunch(scope) ? RecordingMode.REPLAY : configuration.mode();
        RecordingSession session = file.openSession(mode, testName(scope));
        // Only a file that opened is tracked: a corrupt one must not fail the class again at the end.
        run.classesByFile
                .computeIfAbsent(file.path(), p -> ConcurrentHashMap.newKeySet())
                .add(className);
        ClassRecordings classRecordings = classRecordings(top);
        classRecordings.files.putIfAbsent(file.path(), file);
        if (configuration.file() != null) {
            classRecordings.namedFiles.add(file.path());
        }
        return new OpenSession(session);
    }

    private static String testName(ExtensionContext scope) {
        String className = scope.getTestClass().map(Class::getName).orElse(scope.getDisplayName());
        return scope.getTestMethod()
                .map(m -> className + "." + m.getName() + "()")
                .orElse(className + " (class level: @BeforeAll, constructor)");
    }

    /** The context of the top-level test class: its file holds the recordings of its nested classes too. */
    private static ExtensionContext topLevel(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getParent().flatMap(ExtensionContext::getParent).isPresent()) {
            c = c.getParent().get();
        }
        return c;
    }

    /** Every test method of {@code type} and of its {@code @Nested} classes, inherited ones included. */
    private static Set<Method> testMethods(Class<?> type) {
        Set<Method> methods = new HashSet<>(
                AnnotationSupport.findAnnotatedMethods(type, Testable.class, HierarchyTraversalMode.TOP_DOWN));
        for (Class<?> nested :
                ReflectionSupport.findNestedClasses(type, c -> AnnotationSupport.isAnnotated(c, Nested.class))) {
            methods.addAll(testMethods(nested));
        }
        return methods;
    }

    private static ClassRecordings classRecordings(ExtensionContext top) {
        return ExtensionState.getOrCompute(
                ExtensionState.store(top), ClassRecordings.class, ClassRecordings::new, ClassRecordings.class);
    }

    private static RunRecordings run(ExtensionContext context) {
        return ExtensionState.getOrCompute(
                ExtensionState.store(context.getRoot()), RunRecordings.class, RunRecordings::new, RunRecordings.class);
    }

    /**
     * Keyed by the scope itself: a store lookup also searches the parent stores, and a test must never find the
     * class-level session there (its replies would continue the class's sequence, not start at the first).
     */
    private record SessionKey(String uniqueId) {}

    /**
     * What the tests of one top-level class recorded into, which of those files some test named with
     * {@code @JudgeRecordings(file = ...)}, and which of its test methods ran.
     */
    private static final class ClassRecordings {
        final Map<Path, RecordingFile> files = new ConcurrentHashMap<>();
        final Set<Path> namedFiles = ConcurrentHashMap.newKeySet();
        final Set<Method> methodsRun = ConcurrentHashMap.newKeySet();
        /** The shard ({@code i/n}) an evaluation of the class ran, whose other shards use the rest of its file. */
        volatile String shard;
    }

    /**
     * Notes that an evaluation of the test's class ran one shard only, {@code shard} ({@code i/n}): the file's
     * entries that the other shards replay are not the class's unused recordings, so none is reported or pruned.
     */
    public static void shardRan(ExtensionContext context, String shard) {
        classRecordings(topLevel(context)).shard = shard;
    }

    /**
     * The run's recordings, saved when the root store closes. Both interfaces on purpose, as in
     * {@link ClosingResource}.
     */
    @SuppressWarnings("deprecation")
    private static final class RunRecordings implements ExtensionContext.Store.CloseableResource, AutoCloseable {
        final RecordingStore store = RecordingStore.create();
        final Map<Path, Set<String>> classesByFile = new ConcurrentHashMap<>();
        /** The named files whose unused entries are reported when the run ends, with the classes that used them. */
        private final Map<Path, SharedFileUse> sharedFiles = new ConcurrentHashMap<>();

        void unusedAtTheEnd(RecordingFile file, String className, int ran, int testMethods, String pruneSkipped) {
            sharedFiles.compute(file.path(), (path, use) -> {
                SharedFileUse next = use == null ? new SharedFileUse(file) : use;
                next.classes.add(className);
                next.ran += ran;
                next.testMethods += testMethods;
                next.pruneSkipped = pruneSkipped;
                return next;
            });
        }

        @Override
        public void close() {
            try {
                for (SharedFileUse use : sharedFiles.values()) {
                    SortedSet<String> unused = use.file.unusedKeys();
                    if (!unused.isEmpty()) {
                        LOG.warn(Messages.unusedRecordings(
                                String.join(", ", use.classes),
                                use.file.path(),
                                unused,
                                use.ran,
                                use.testMethods,
                                0,
                                use.pruneSkipped,
                                true));
                    }
                }
            } finally {
                store.close();
            }
        }
    }

    /** How the classes of a run used a file named with {@code @JudgeRecordings(file = ...)}. Guarded by the map. */
    private static final class SharedFileUse {
        final RecordingFile file;
        final Set<String> classes = new TreeSet<>();
        int ran;
        int testMethods;
        String pruneSkipped;

        SharedFileUse(RecordingFile file) {
            this.file = file;
        }
    }

    /** A test's session; closed by the extension after the test, and by the store as a safety net. */
    @SuppressWarnings("deprecation")
    private record OpenSession(RecordingSession session)
            implements ExtensionContext.Store.CloseableResource, AutoCloseable {

        @Override
        public void close() {
            session.close();
        }
    }
}
