package dev.llmassert.junit.internal.config;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.ReportChannel;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The llm-assert settings that are made but mean nothing to this version: a key under {@code llmassert.} (or an
 * {@code LLMASSERT_} environment variable) that {@link ConfigKeys#supported()} does not list. Nothing would read
 * such a key, so a typo ({@code llmassert.judge.provder=openai}) would leave the run on the default without a word;
 * the extension fails the run on it instead, naming the key, where it was set and the nearest known key. A key of
 * {@link ConfigKeys#reserved()} fails too, saying that it is not supported yet.
 *
 * <p>It looks where JUnit and the extension read settings from: the system properties ({@code -D}), every
 * {@code junit-platform.properties} on the class path, the environment, and the configuration parameters given to
 * the launcher (Surefire's {@code configurationParameters}), which only the run report's launcher listener can list.
 */
@API(status = INTERNAL, since = "0.1")
public final class UnknownKeys {

    static final String PREFIX = "llmassert.";
    static final String ENVIRONMENT_PREFIX = "LLMASSERT_";
    static final String PROPERTIES_FILE = "junit-platform.properties";

    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    /**
     * One setting as it was made: its name as written (a key or an environment variable) and where, as a phrase that
     * follows "set": {@code in junit-platform.properties (file:...)}, {@code by a system property (-D...)}.
     */
    record Setting(String name, String origin) {}

    /** The outcome of the run's check, kept in the root store: the message, or {@code null} when all is well. */
    private record Outcome(String message) {}

    private UnknownKeys() {}

    /**
     * Fails when a setting of this run is not a supported key. Checked once per run; every test class and method of
     * the extension then fails with the same message, before anything is judged.
     *
     * @throws ExtensionConfigurationException naming each such key, where it was set and the nearest known key
     */
    public static void verify(ExtensionContext context) {
        ExtensionContext root = context.getRoot();
        Outcome outcome = ExtensionState.getOrCompute(
                ExtensionState.store(root),
                Outcome.class,
                () -> {
                    String apiKeyVariable = root.getConfigurationParameter(ConfigKeys.JUDGE_API_KEY_ENV)
                            .or(() -> Optional.ofNullable(
                                    System.getenv(ConfigKeys.environmentVariable(ConfigKeys.JUDGE_API_KEY_ENV))))
                            .orElse(JudgeSettings.DEFAULT_API_KEY_ENV);
                    return new Outcome(check(
                                    settings(
                                            System.getProperties(),
                                            System.getenv(),
                                            classLoader(),
                                            ReportChannel.launcherKeys(context)),
                                    apiKeyVariable.strip())
                            .orElse(null));
                },
                Outcome.class);
        if (outcome.message() != null) {
            throw new ExtensionConfigurationException(outcome.message());
        }
    }

    /**
     * The same check for an assertion made outside the extension, which reads the system properties and the
     * environment only.
     *
     * @throws IllegalStateException naming each unknown key, where it was set and the nearest known key
     */
    public static void verifyOutsideJUnit() {
        String apiKeyVariable = Optional.ofNullable(System.getProperty(ConfigKeys.JUDGE_API_KEY_ENV))
                .or(() -> Optional.ofNullable(
                        System.getenv(ConfigKeys.environmentVariable(ConfigKeys.JUDGE_API_KEY_ENV))))
                .orElse(JudgeSettings.DEFAULT_API_KEY_ENV);
        check(settings(System.getProperties(), System.getenv(), null, List.of()), apiKeyVariable.strip())
                .ifPresent(message -> {
                    throw new IllegalStateException(message);
                });
    }

    /** The class loader JUnit reads {@code junit-platform.properties} with: the thread's, else this one's. */
    private static ClassLoader classLoader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : UnknownKeys.class.getClassLoader();
    }

    /**
     * The settings under {@code llmassert.} and {@code LLMASSERT_} in the places a run reads them from.
     *
     * @param system       the system properties
     * @param environment  the environment variables
     * @param loader       the class loader whose {@code junit-platform.properties} files JUnit reads
     * @param launcherKeys the keys of the launcher's configuration parameters (which include the system properties
     *                     and the properties file), or an empty list when they cannot be listed
     */
    static List<Setting> settings(
            Properties system, Map<String, String> environment, ClassLoader loader, Collection<String> launcherKeys) {
        List<Setting> settings = new ArrayList<>();
        Set<String> explained = new TreeSet<>();
        for (String key : new TreeSet<>(system.stringPropertyNames())) {
            if (key.startsWith(PREFIX)) {
                settings.add(new Setting(key, "by a system property (-D" + key + "=...)"));
                explained.add(key);
            }
        }
        for (URL file : propertiesFiles(loader)) {
            for (String key : new TreeSet<>(read(file).stringPropertyNames())) {
                if (key.startsWith(PREFIX)) {
                    settings.add(new Setting(key, "in " + PROPERTIES_FILE + " (" + file + ")"));
                    explained.add(key);
                }
            }
        }
        for (String key : new TreeSet<>(launcherKeys)) {
            if (key.startsWith(PREFIX) && !explained.contains(key)) {
                settings.add(new Setting(
                        key,
                        "by a configuration parameter of the JUnit launcher (Surefire's "
                                + "<configurationParameters>, or the build tool's or IDE's own)"));
            }
        }
        for (String name : new TreeSet<>(environment.keySet())) {
            if (name.startsWith(ENVIRONMENT_PREFIX)) {
                settings.add(new Setting(name, "in the environment"));
            }
        }
        return settings;
    }

    /**
     * What is wrong with {@code settings}, as one message, or empty when every one is a supported key.
     *
     * @param apiKeyVariable the environment variable named by {@code llmassert.judge.api-key-env}: it holds a key,
     *                       not a setting, whatever its name
     */
    static Optional<String> check(List<Setting> settings, String apiKeyVariable) {
        return check(settings, apiKeyVariable, ConfigKeys.reserved());
    }

    /**
     * The same check against {@code reserved}, the keys of the design not read yet with what each is meant to do
     * ({@link ConfigKeys#reserved()}, which this version leaves empty; a test gives its own).
     */
    static Optional<String> check(List<Setting> settings, String apiKeyVariable, Map<String, String> reserved) {
        Map<String, List<String>> origins = new LinkedHashMap<>();
        for (Setting setting : settings) {
            if (!isSupported(setting.name()) && !setting.name().equals(apiKeyVariable)) {
                origins.computeIfAbsent(setting.name(), n -> new ArrayList<>()).add(setting.origin());
            }
        }
        if (origins.isEmpty()) {
            return Optional.empty();
        }
        List<String> problems = new ArrayList<>();
        origins.forEach((name, where) -> problems.add(problem(name, String.join(" and ", where), reserved)));
        return Optional.of(Messages.unknownKeys(problems));
    }

    /**
     * The nearest supported key to {@code key}: the closest in edits when the edits are few for its length, else
     * the one whose last part is closest to its last part ({@code llmassert.minscore} gives
     * {@code llmassert.groundedness.min-score}).
     */
    static Optional<String> nearestKey(String key) {
        return nearest(key.toLowerCase(Locale.ROOT), PREFIX, Function.identity());
    }

    /** The nearest supported key to an environment variable, compared as variable names. */
    static Optional<String> nearestKeyOfVariable(String variable) {
        return nearest(variable.toUpperCase(Locale.ROOT), ENVIRONMENT_PREFIX, ConfigKeys::environmentVariable);
    }

    private static boolean isSupported(String name) {
        if (name.startsWith(PREFIX)) {
            return ConfigKeys.supported().contains(name);
        }
        return ConfigKeys.supported().stream()
                .map(ConfigKeys::environmentVariable)
                .anyMatch(name::equals);
    }

    private static String problem(String name, String where, Map<String, String> reserved) {
        Optional<Map.Entry<String, String>> meant = reserved.entrySet().stream()
                .filter(e -> e.getKey().equals(name)
                        || ConfigKeys.environmentVariable(e.getKey()).equals(name))
                .findFirst();
        if (meant.isPresent()) {
            return Messages.reservedKey(
                    name, where, meant.get().getKey(), meant.get().getValue());
        }
        boolean variable = !name.startsWith(PREFIX);
        Optional<String> nearest = variable ? nearestKeyOfVariable(name) : nearestKey(name);
        return Messages.unknownKey(
                name,
                where,
                nearest.map(key -> variable ? ConfigKeys.environmentVariable(key) + " (" + key + ")" : key)
                        .orElse(null));
    }

    private static Optional<String> nearest(String name, String prefix, Function<String, String> form) {
        int allowed = Math.max(2, (name.length() - prefix.length()) / 3);
        Optional<String> closest =
                closest(ConfigKeys.supported(), key -> DISTANCE.apply(name, form.apply(key)), allowed);
        if (closest.isPresent()) {
            return closest;
        }
        String separator = prefix.equals(PREFIX) ? "." : "_";
        String last = name.substring(name.lastIndexOf(separator) + 1).replace('_', '-');
        return closest(
                ConfigKeys.supported(),
                key -> DISTANCE.apply(last, lastPart(form.apply(key), separator).replace('_', '-')),
                2);
    }

    /** The one key within {@code allowed} edits that is nearest; none when two are equally near. */
    private static Optional<String> closest(List<String> keys, Function<String, Integer> distance, int allowed) {
        List<String> sorted = new ArrayList<>(keys);
        sorted.sort(Comparator.comparing(distance));
        int best = distance.apply(sorted.get(0));
        if (best > allowed || sorted.size() > 1 && distance.apply(sorted.get(1)) == best) {
            return Optional.empty();
        }
        return Optional.of(sorted.get(0));
    }

    private static String lastPart(String name, String separator) {
        return name.substring(name.lastIndexOf(separator) + 1);
    }

    private static List<URL> propertiesFiles(ClassLoader loader) {
        try {
            return loader == null ? List.of() : Collections.list(loader.getResources(PROPERTIES_FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not list the " + PROPERTIES_FILE + " files of the class path", e);
        }
    }

    private static Properties read(URL file) {
        Properties properties = new Properties();
        try (InputStream in = file.openStream()) {
            properties.load(in);
        } catch (IOException e) {
            // JUnit itself reports a properties file it cannot read; nothing of it can be checked here
        }
        return properties;
    }
}
