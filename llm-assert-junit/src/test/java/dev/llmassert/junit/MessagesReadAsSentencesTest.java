package dev.llmassert.junit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.ItemError;
import dev.llmassert.core.run.internal.ErrorChain;
import dev.llmassert.junit.internal.report.ReportRuns;
import org.assertj.core.description.TextDescription;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.presentation.StandardRepresentation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Every user-facing message reads as sentences: no "1 sentences", no unbalanced brackets or double quotes, no line
 * that reads as a stack frame ("at ..."), no space before a stop, no empty quotes, no double stop. The messages come
 * from every message catalogue of llm-assert (each class named {@code *Messages}, and each {@code Should*} factory),
 * every static method called with one item of each kind and again with two, and from runs through the JUnit
 * Platform whose checks fail, with their console.
 */
class MessagesReadAsSentencesTest {

    /** Words that end in "s" and still follow "1": "1 was", "1 of 2 sentences has". */
    private static final Set<String> NOT_PLURALS = Set.of(
            "is",
            "was",
            "has",
            "does",
            "its",
            "this",
            "plus",
            "minus",
            "bus",
            "status",
            "yes",
            "us",
            "thus",
            "across",
            "unless",
            "always",
            "perhaps",
            "sometimes",
            "times",
            "previous",
            "various",
            "focus",
            "appears",
            "makes",
            "means",
            "needs",
            "gives",
            "says",
            "seems",
            "shows",
            "stays",
            "goes",
            "comes",
            "fails",
            "passes");

    private static final Pattern ONE_THEN_WORD = Pattern.compile("(?<![\\d.,/:\\-])\\b1 ([a-z]{3,})\\b");
    private static final Pattern SPACE_BEFORE_STOP = Pattern.compile("\\p{L} [.,;](\\s|$)");
    /** Two stops that end a sentence; "0..1" and "(..)" are ranges and placeholders. */
    private static final Pattern DOUBLE_STOP = Pattern.compile("\\p{L}\\.\\.(\\s|$)");

    @TempDir
    Path dir;

    @Test
    void everyMessageOfEveryCatalogueReadsAsSentences() throws Exception {
        List<String> problems = new ArrayList<>();
        int messages = 0;
        for (Class<?> catalogue : catalogues()) {
            for (Method method : catalogue.getDeclaredMethods()) {
                if (!Modifier.isStatic(method.getModifiers()) || method.isSynthetic()) {
                    continue;
                }
                boolean text = method.getReturnType() == String.class;
                boolean factory = ErrorMessageFactory.class.isAssignableFrom(method.getReturnType());
                if (!text && !factory) {
                    continue;
                }
                for (int count = 1; count <= 2; count++) {
                    Object[] arguments = arguments(method, count);
                    if (arguments == null) {
                        break;
                    }
                    String message = call(method, arguments);
                    if (message == null) {
                        continue;
                    }
                    messages++;
                    for (String problem : problems(message)) {
                        problems.add(catalogue.getSimpleName() + "." + method.getName() + " (" + count + " of each): "
                                + problem + System.lineSeparator() + message);
                    }
                }
            }
        }

        assertThat(messages).as("messages made").isGreaterThan(250);
        assertThat(problems).isEmpty();
    }

    @Test
    void theFailuresAndTheConsoleOfRunsThroughTheJUnitPlatformReadAsSentences() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        TestExecutionSummary summary = ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(console, true, StandardCharsets.UTF_8),
                OneVerdictPerAssertionTest.EverySentence.class,
                OneVerdictPerAssertionTest.BadMinimum.class);
        List<String> messages = new ArrayList<>();
        summary.getFailures().forEach(f -> messages.add(f.getException().getMessage()));
        messages.add(console.toString(StandardCharsets.UTF_8));

        assertThat(summary.getFailures()).hasSize(6);
        assertThat(messages).allSatisfy(message -> assertThat(problems(message)).isEmpty());
        assertThat(String.join("\n", messages))
                .contains("but 1 of 2 sentences was not", "llm-assert: 3 checks, 2 failed, 0 near the bar;");
    }

    @Test
    void anItemErrorOfAChainOfCausesHasNoStrayBracket() {
        Exception chain = new IllegalStateException(
                "The system under test failed",
                new RuntimeException(new IOException(
                        "Connection reset (peer closed)", new SocketTimeoutException("Read timed out"))));
        ItemError error = new ItemError(
                ItemError.SYSTEM_UNDER_TEST, null, 1, 2, chain.getClass().getName(), ErrorChain.message(chain), chain);

        assertThat(error.describe())
                .isEqualTo("prompt 2, repeat 3: the system under test threw java.lang.IllegalStateException: The system"
                        + " under test failed (caused by IOException: Connection reset (peer closed)) (caused by"
                        + " SocketTimeoutException: Read timed out)");
        assertThat(problems(error.describe())).isEmpty();
    }

    @Test
    void theChecksThemselvesCatchEachSlip() {
        assertThat(problems("1 sentences was not grounded."))
                .singleElement()
                .asString()
                .contains("1 sentences");
        assertThat(problems("score 0.50 (min 0.70")).singleElement().asString().contains("'('");
        assertThat(problems("a \"quote")).singleElement().asString().contains("double quotes");
        assertThat(problems("Malformed file\n  at line 6: bad"))
                .singleElement()
                .asString()
                .contains("frame");
        assertThat(problems("It failed .")).singleElement().asString().contains("before");
        assertThat(problems("1 of 2 sentences was not; 1 check, 2 checks.")).isEmpty();
    }

    /** What keeps {@code message} from reading as sentences; nothing when it reads well. */
    static List<String> problems(String message) {
        List<String> problems = new ArrayList<>();
        Matcher one = ONE_THEN_WORD.matcher(message);
        while (one.find()) {
            String word = one.group(1);
            if (word.endsWith("s") && !word.endsWith("ss") && !NOT_PLURALS.contains(word)) {
                problems.add("a plural after 1: '" + one.group() + "'");
            }
        }
        balanced(message, '(', ')', problems);
        balanced(message, '[', ']', problems);
        balanced(message, '{', '}', problems);
        if (message.chars().filter(c -> c == '"').count() % 2 != 0) {
            problems.add("an odd number of double quotes");
        }
        for (String line : message.lines().toList()) {
            if (line.strip().startsWith("at ") && !line.strip().matches("at [\\w$.]+\\(.*\\)")) {
                problems.add("a line that reads as a stack frame: '" + line.strip() + "'");
            }
        }
        Matcher space = SPACE_BEFORE_STOP.matcher(message);
        if (space.find()) {
            problems.add("a space before a stop: '" + space.group().strip() + "'");
        }
        if (DOUBLE_STOP.matcher(message).find()) {
            problems.add("a double stop");
        }
        if (message.contains("''") || message.contains("\"\"")) {
            problems.add("empty quotes");
        }
        return problems;
    }

    private static void balanced(String message, char open, char close, List<String> problems) {
        int depth = 0;
        for (char c : message.toCharArray()) {
            if (c == open) {
                depth++;
            } else if (c == close && --depth < 0) {
                break;
            }
        }
        if (depth != 0) {
            problems.add("unbalanced '" + open + "' and '" + close + "'");
        }
    }

    /** Every message catalogue: a class named *Messages, and each Should* factory of the JUnit module. */
    private static List<Class<?>> catalogues() {
        List<Class<?>> classes = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.llmassert")) {
            String name = type.getSimpleName();
            if (!type.isNestedClass() && (name.endsWith("Messages") || name.matches("Should[A-Z]\\w*"))) {
                classes.add(type.reflect());
            }
        }
        assertThat(classes)
                .extracting(Class::getSimpleName)
                .contains("RecordingMessages", "CalibrationMessages", "Messages", "ShouldBeGrounded");
        return classes;
    }

    /** The message of {@code method} with {@code arguments}; {@code null} when it refuses them (a bad input). */
    private static String call(Method method, Object[] arguments) throws IllegalAccessException {
        method.setAccessible(true);
        try {
            Object made = method.invoke(null, arguments);
            if (made instanceof ErrorMessageFactory factory) {
                return factory.create(new TextDescription(""), StandardRepresentation.STANDARD_REPRESENTATION);
            }
            return (String) made;
        } catch (InvocationTargetException e) {
            return null;
        }
    }

    /** One argument of each parameter, with {@code count} items in each number and collection; {@code null} if none. */
    private static Object[] arguments(Method method, int count) {
        Type[] types = method.getGenericParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = sample(types[i], count);
            if (arguments[i] == null) {
                return null;
            }
        }
        return arguments;
    }

    private static Object sample(Type type, int count) {
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            Type[] of = parameterized.getActualTypeArguments();
            if (Map.class.isAssignableFrom(raw)) {
                Object key = sample(of[0], 1);
                Object value = sample(of[1], count);
                return key == null || value == null ? null : Map.of(key, value);
            }
            if (Collection.class.isAssignableFrom(raw) || raw == Iterable.class) {
                List<Object> items = new ArrayList<>();
                for (int n = 1; n <= count; n++) {
                    Object item = sample(of[0], n);
                    if (item == null) {
                        return null;
                    }
                    items.add(item instanceof String s ? s + n : item);
                }
                if (SortedSet.class.isAssignableFrom(raw)) {
                    return new TreeSet<>(items);
                }
                return Set.class.isAssignableFrom(raw) ? Set.copyOf(items) : List.copyOf(items);
            }
            if (raw == Class.class) {
                return String.class;
            }
            return null;
        }
        if (!(type instanceof Class<?> c)) {
            return null;
        }
        if (c == String.class || c == Object.class || c == CharSequence.class) {
            return "sample";
        }
        if (c == int.class || c == Integer.class) {
            return count;
        }
        if (c == long.class || c == Long.class) {
            return (long) count;
        }
        if (c == double.class || c == Double.class) {
            return 0.5;
        }
        if (c == boolean.class || c == Boolean.class) {
            return count == 2;
        }
        if (c == Path.class) {
            return Path.of("target", "sample.json");
        }
        if (c == Duration.class) {
            return Duration.ofSeconds(count);
        }
        if (c == Instant.class) {
            return Instant.parse("2026-11-27T12:00:00Z");
        }
        if (c.isEnum()) {
            return c.getEnumConstants()[0];
        }
        if (c == Throwable.class || c == Exception.class || c == IOException.class) {
            return new IOException("No space left on device");
        }
        if (c == RuntimeException.class) {
            return new IllegalStateException("The judge could not be reached");
        }
        if (c == StackTraceElement.class) {
            return new StackTraceElement("com.example.SupportBotTest", "answers", "SupportBotTest.java", 42);
        }
        return null;
    }
}
