package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.core.mutation.MutationOperator;
import dev.llmassert.core.mutation.Mutator;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.junit.Evaluator;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The settings of a mutation check, from the keys {@code llmassert.mutation.*} (and the recordings mode and report
 * folder the tests use).
 *
 * @param classes     the test classes to run, as patterns with {@code *}; empty for every class
 * @param concurrency mutants run at once
 */
@API(status = INTERNAL, since = "0.1")
public record MutationSettings(
        long seed,
        Set<MutationOperator> operators,
        int maxPerAnswer,
        List<String> classes,
        int concurrency,
        RecordingMode recordings,
        Path reportDir) {

    public MutationSettings {
        operators = EnumSet.copyOf(operators);
        classes = List.copyOf(classes);
    }

    /**
     * The settings the keys give: {@code setting} reads a key from the run's configuration (explicit parameters,
     * system properties, {@code junit-platform.properties}), {@code getenv} the environment.
     *
     * @throws InvalidSettingException naming the key, the value and what is allowed
     */
    public static MutationSettings from(Function<String, Optional<String>> setting, Function<String, String> getenv) {
        Function<String, Optional<String>> get = key -> setting.apply(key)
                .or(() -> Optional.ofNullable(getenv.apply(ConfigKeys.environmentVariable(key))))
                .map(String::strip)
                .filter(v -> !v.isEmpty());
        long seed = get.apply(ConfigKeys.MUTATION_SEED)
                .map(v -> parseLong(ConfigKeys.MUTATION_SEED, v))
                .orElse(Mutator.DEFAULT_SEED);
        Set<MutationOperator> operators;
        try {
            operators = MutationOperator.parseList(
                    get.apply(ConfigKeys.MUTATION_OPERATORS).orElse(null));
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(
                    ConfigKeys.MUTATION_OPERATORS,
                    get.apply(ConfigKeys.MUTATION_OPERATORS).orElse(""),
                    "a comma list of " + MutationOperator.allowedValues() + ", or all");
        }
        int maxPerAnswer = get.apply(ConfigKeys.MUTATION_MAX_PER_ANSWER)
                .map(v -> parseInt(ConfigKeys.MUTATION_MAX_PER_ANSWER, v, 1, 1000))
                .orElse(Mutator.DEFAULT_MAX_PER_ANSWER);
        List<String> classes = new ArrayList<>();
        get.apply(ConfigKeys.MUTATION_CLASSES).ifPresent(v -> {
            for (String part : v.split(",")) {
                if (!part.isBlank()) {
                    classes.add(part.strip());
                }
            }
        });
        int concurrency = get.apply(ConfigKeys.MUTATION_CONCURRENCY)
                .map(v -> parseInt(ConfigKeys.MUTATION_CONCURRENCY, v, 1, 256))
                .orElse(Runtime.getRuntime().availableProcessors());
        RecordingMode mode =
                RecordingMode.resolve(get.apply(ConfigKeys.RECORDINGS_MODE).orElse(null), getenv);
        if (mode == RecordingMode.OFF || mode == RecordingMode.RECORD) {
            throw new InvalidSettingException(
                    ConfigKeys.RECORDINGS_MODE,
                    mode.id(),
                    "replay or record-missing in a mutation check: it changes recorded answers, so it needs "
                            + "recordings ('off' has none), and it must not rewrite them ('record')");
        }
        Path reportDir = Path.of(get.apply(ConfigKeys.REPORT_DIR).orElse(Evaluator.DEFAULT_REPORT_DIR));
        return new MutationSettings(seed, operators, maxPerAnswer, classes, concurrency, mode, reportDir);
    }

    /** The patterns of {@link #classes()} as the regular expressions of JUnit's class name filter. */
    List<String> classPatterns() {
        return classes.stream().map(MutationSettings::regex).toList();
    }

    /** {@code com.example.*Test} → {@code com\.example\..*Test}; a simple name matches in any package. */
    static String regex(String glob) {
        StringBuilder regex = new StringBuilder(glob.contains(".") ? "" : "(?:.*\\.)?");
        for (char c : glob.toCharArray()) {
            if (c == '*') {
                regex.append(".*");
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                regex.append(c);
            } else {
                regex.append('\\').append(c);
            }
        }
        return regex.append("(?:\\$.*)?").toString();
    }

    private static long parseLong(String key, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(key, value, "a whole number");
        }
    }

    private static int parseInt(String key, String value, int min, int max) {
        try {
            int n = Integer.parseInt(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new InvalidSettingException(key, value, "a whole number from " + min + " to " + max);
    }
}
