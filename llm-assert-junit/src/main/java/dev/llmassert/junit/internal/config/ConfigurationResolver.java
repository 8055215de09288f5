package dev.llmassert.junit.internal.config;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.core.groundedness.ClaimCheckGroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessMethod;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.ConsoleMode;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.UncheckedIOException;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads each configuration key from, in order: the nearest {@code @LlmJudge} or {@code @JudgeRecordings} attribute
 * that sets it, the JUnit configuration parameters, the environment, and the default. The annotations of a class or
 * method are walked once, for the judge and the recordings together; {@link #of(ExtensionContext)} keeps the result
 * in the context's store, as JUnit's {@code TimeoutExtension} keeps its annotation.
 */
@API(status = INTERNAL, since = "0.1")
public final class ConfigurationResolver {

    /** One place a value can come from, asked in order. */
    @API(status = INTERNAL, since = "0.1")
    public interface Source {

        /** The value of {@code key} here, or {@code null} when this source does not set it. */
        String get(String key);

        /** Where the value came from, for error messages, e.g. {@code the configuration parameter}. */
        String describe(String key);
    }

    private final List<Source> sources;
    private final Annotations annotations;

    public ConfigurationResolver(List<Source> sources) {
        this(sources, new Annotations(List.of()));
    }

    private ConfigurationResolver(List<Source> sources, Annotations annotations) {
        this.sources = List.copyOf(sources);
        this.annotations = annotations;
    }

    /**
     * The configuration of {@code context} (a class or method), resolved when first asked for and kept in its store:
     * the judge, the default minimum and the recordings, from one walk over the annotations.
     *
     * @throws ExtensionConfigurationException naming the key, the value, where it was set and what is allowed, or
     *                                         each setting of the run that names no known key
     */
    public static ResolvedConfiguration of(ExtensionContext context) {
        UnknownKeys.verify(context);
        // keyed by the context itself: a store lookup also searches the parent stores, and a method's settings may
        // differ from its class's
        return ExtensionState.getOrCompute(
                ExtensionState.store(context),
                new ConfigurationKey(context.getUniqueId()),
                () -> forContext(context).resolve(),
                ResolvedConfiguration.class);
    }

    /**
     * The value of any key for {@code context}, from its {@code @LlmJudge} attributes, the JUnit configuration
     * parameters and the environment, in that order; empty when none sets it.
     */
    public static Function<String, Optional<String>> lookup(ExtensionContext context) {
        ConfigurationResolver resolver = forContext(context);
        return key -> Optional.ofNullable(resolver.get(key));
    }

    /** The sources of {@code context}: its {@code @LlmJudge} attributes, JUnit parameters and the environment. */
    static ConfigurationResolver forContext(ExtensionContext context) {
        Annotations annotations = Annotations.of(context);
        return new ConfigurationResolver(
                List.of(
                        annotations,
                        new Source() {
                            @Override
                            public String get(String key) {
                                return context.getConfigurationParameter(key).orElse(null);
                            }

                            @Override
                            public String describe(String key) {
                                return "the JUnit configuration parameter " + key + " (-D" + key
                                        + "=... or junit-platform.properties)";
                            }
                        },
                        environment(System::getenv)),
                annotations);
    }

    /**
     * For assertions that run outside the extension: system properties, then the environment, so that
     * {@code -D} settings mean the same with and without {@code @LlmJudge}.
     *
     * @throws IllegalStateException when a system property or an environment variable names no known key
     */
    public static ConfigurationResolver outsideJUnit() {
        UnknownKeys.verifyOutsideJUnit();
        return new ConfigurationResolver(List.of(
                new Source() {
                    @Override
                    public String get(String key) {
                        return System.getProperty(key);
                    }

                    @Override
                    public String describe(String key) {
                        return "the system property " + key;
                    }
                },
                environment(System::getenv)));
    }

    public static Source environment(Function<String, String> getenv) {
        return new Source() {
            @Override
            public String get(String key) {
                return getenv.apply(ConfigKeys.environmentVariable(key));
            }

            @Override
            public String describe(String key) {
                return "the environment variable " + ConfigKeys.environmentVariable(key);
            }
        };
    }

    /** The value of {@code key}: the first source that sets it to something other than blank, or {@code null}. */
    public String get(String key) {
        return firstSetting(key).map(Setting::value).orElse(null);
    }

    /**
     * The settings, the default minimum and the recordings, the default recordings mode taken from the {@code CI}
     * environment variable.
     *
     * @throws ExtensionConfigurationException naming the key, the value, where it was set and what is allowed
     */
    public ResolvedConfiguration resolve() {
        JudgeSettings settings;
        try {
            settings = JudgeSettings.from(this::get);
        } catch (InvalidSettingException e) {
            throw invalid(e);
        }
        double minScore = minScore();
        AppliedCalibration calibration = calibration();
        if (calibration != null && calibration.applied()) {
            minScore = calibration.minScore();
        }
        ConsoleMode console;
        GroundednessMethod method;
        boolean entailment;
        boolean cascade;
        try {
            console = ConsoleMode.parse(get(ConfigKeys.CONSOLE));
            method = GroundednessMethod.parse(get(ConfigKeys.GROUNDEDNESS_METHOD));
            entailment = onOff(ConfigKeys.GROUNDEDNESS_LOCAL_ENTAILMENT, get(ConfigKeys.GROUNDEDNESS_LOCAL_ENTAILMENT));
            String cascadeValue = get(ConfigKeys.GROUNDEDNESS_CASCADE);
            cascade = cascadeValue != null && onOff(ConfigKeys.GROUNDEDNESS_CASCADE, cascadeValue);
        } catch (InvalidSettingException e) {
            throw invalid(e);
        }
        return new ResolvedConfiguration(
                settings,
                minScore,
                recordings(annotations.recordingsFile(), System::getenv),
                console,
                method,
                calibration,
                chunkSize(),
                entailment,
                cascade,
                minConfidence());
    }

    /** {@code on} (the default when unset) or {@code off}. */
    private static boolean onOff(String key, String value) {
        if (value == null) {
            return true;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new InvalidSettingException(key, value, "on, off");
        };
    }

    /**
     * The minimum a bare groundedness check is held to, the one place it is read. Under the extension
     * ({@code context} given): the test's configuration, {@value ConfigKeys#GROUNDEDNESS_MIN_SCORE} or the bar of the
     * calibration record that applies (whose judge the extension compares with the test's). Outside it
     * ({@code context} {@code null}): the system properties and the environment, by
     * {@link #defaultMinScore(GroundednessJudge)}.
     *
     * @param judge the judge of a check made outside the extension, or {@code null}
     */
    public static double defaultMinScore(ExtensionContext context, GroundednessJudge judge) {
        return context == null
                ? outsideJUnit().defaultMinScore(judge)
                : of(context).defaultMinScore();
    }

    /**
     * The default minimum of a bare check made outside the extension with {@code judge}: the bar of the calibration
     * record when one applies, else {@link #minScore()}.
     *
     * @param judge the judge of the check, or {@code null} for a check that is not of groundedness
     * @throws ExtensionConfigurationException when the record was made with another judge or method, naming both
     */
    public double defaultMinScore(GroundednessJudge judge) {
        AppliedCalibration calibration = judge == null ? null : calibration();
        if (calibration == null || !calibration.applied()) {
            return minScore();
        }
        calibration.requireMadeWith(judge);
        return calibration.minScore();
    }

    /**
     * The calibration record named by {@value ConfigKeys#GROUNDEDNESS_CALIBRATION}, or {@code null} when none is. Its
     * bar is applied unless {@value ConfigKeys#GROUNDEDNESS_MIN_SCORE} is set nearer the test (or in the same place).
     *
     * @throws ExtensionConfigurationException when the record cannot be read or has no bar
     */
    public AppliedCalibration calibration() {
        Optional<Setting> setting = firstSetting(ConfigKeys.GROUNDEDNESS_CALIBRATION);
        if (setting.isEmpty()) {
            return null;
        }
        Path path;
        try {
            path = Path.of(setting.get().value().strip());
        } catch (InvalidPathException e) {
            throw invalid(new InvalidSettingException(
                    ConfigKeys.GROUNDEDNESS_CALIBRATION,
                    setting.get().value(),
                    "the path of a calibration record (" + e.getReason() + ")"));
        }
        Calibration record;
        try {
            record = Calibration.read(path);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new ExtensionConfigurationException(
                    Messages.unreadableCalibration(
                            ConfigKeys.GROUNDEDNESS_CALIBRATION, setting.get().source(), e.getMessage()),
                    e);
        }
        if (record.fittedMinScore() == null) {
            throw new ExtensionConfigurationException(Messages.calibrationWithoutBar(
                    ConfigKeys.GROUNDEDNESS_CALIBRATION,
                    path,
                    setting.get().source(),
                    record.judge(),
                    record.criteria()));
        }
        boolean applied =
                sourceIndex(ConfigKeys.GROUNDEDNESS_CALIBRATION) < sourceIndex(ConfigKeys.GROUNDEDNESS_MIN_SCORE);
        return new AppliedCalibration(
                path,
                record.judge(),
                record.method(),
                record.fittedMinScore().minScore(),
                setting.get().source(),
                applied);
    }

    /** The index of the first source that sets {@code key}, or the number of sources when none does. */
    private int sourceIndex(String key) {
        for (int i = 0; i < sources.size(); i++) {
            String value = sources.get(i).get(key);
            if (value != null && !value.isBlank()) {
                return i;
            }
        }
        return sources.size();
    }

    /**
     * The minimum of a bare {@code isGroundedIn(...)}: {@value ConfigKeys#GROUNDEDNESS_MIN_SCORE}, or
     * {@link LocalGroundednessJudge#DEFAULT_THRESHOLD}.
     *
     * @throws ExtensionConfigurationException if it is not a number from 0 to 1
     */
    public double minScore() {
        String value = get(ConfigKeys.GROUNDEDNESS_MIN_SCORE);
        if (value == null) {
            return LocalGroundednessJudge.DEFAULT_THRESHOLD;
        }
        try {
            double minScore = Double.parseDouble(value.trim());
            if (minScore >= 0.0 && minScore <= 1.0) {
                return minScore;
            }
        } catch (NumberFormatException e) {
            // reported below with the allowed values
        }
        throw invalid(
                new InvalidSettingException(ConfigKeys.GROUNDEDNESS_MIN_SCORE, value, "a number from 0.0 to 1.0"));
    }

    /**
     * The local judge's confidence from which its verdict stands:
     * {@value ConfigKeys#GROUNDEDNESS_CASCADE_MIN_CONFIDENCE}, or
     * {@link LocalGroundednessJudge#DEFAULT_MIN_CONFIDENCE}.
     *
     * @throws ExtensionConfigurationException if it is not a number from 0 to 1
     */
    public double minConfidence() {
        String value = get(ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE);
        if (value == null) {
            return LocalGroundednessJudge.DEFAULT_MIN_CONFIDENCE;
        }
        try {
            double minConfidence = Double.parseDouble(value.strip());
            if (minConfidence >= 0.0 && minConfidence <= 1.0) {
                return minConfidence;
            }
        } catch (NumberFormatException e) {
            // reported below with the allowed values
        }
        throw invalid(new InvalidSettingException(
                ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE, value, "a number from 0.0 to 1.0"));
    }

    /**
     * The most characters of source in one claim-check call: {@value ConfigKeys#GROUNDEDNESS_CHUNK_SIZE}, or
     * {@link ClaimCheckGroundednessJudge#DEFAULT_CHUNK_SIZE}.
     *
     * @throws ExtensionConfigurationException if it is not a whole number in the judge's range
     */
    public int chunkSize() {
        String value = get(ConfigKeys.GROUNDEDNESS_CHUNK_SIZE);
        if (value == null) {
            return ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE;
        }
        try {
            int chunkSize = Integer.parseInt(value.strip());
            if (chunkSize >= ClaimCheckGroundednessJudge.MIN_CHUNK_SIZE
                    && chunkSize <= ClaimCheckGroundednessJudge.MAX_CHUNK_SIZE) {
                return chunkSize;
            }
        } catch (NumberFormatException e) {
            // reported below with the allowed values
        }
        throw invalid(new InvalidSettingException(
                ConfigKeys.GROUNDEDNESS_CHUNK_SIZE,
                value,
                String.format(
                        Locale.ROOT,
                        "a whole number of characters from %d to %d (the default %d, about 1,000 tokens of English, "
                                + "fits a 2,048-token context)",
                        ClaimCheckGroundednessJudge.MIN_CHUNK_SIZE,
                        ClaimCheckGroundednessJudge.MAX_CHUNK_SIZE,
                        ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE)));
    }

    /**
     * The recordings settings, the default mode taken from {@code environment}'s {@code CI} variable.
     *
     * @param file        the recordings file named by {@code @JudgeRecordings(file = ...)}, or {@code null}
     * @param environment looks up environment variables, e.g. {@code System::getenv}
     * @throws ExtensionConfigurationException naming the key, the value, where it was set and what is allowed
     */
    public RecordingConfiguration recordings(Path file, Function<String, String> environment) {
        try {
            RecordingMode mode = RecordingMode.resolve(get(ConfigKeys.RECORDINGS_MODE), environment);
            String dir = get(ConfigKeys.RECORDINGS_DIR);
            Path folder;
            try {
                folder = Path.of(dir == null ? Recordings.DEFAULT_DIR : dir.strip());
            } catch (InvalidPathException e) {
                throw new InvalidSettingException(
                        ConfigKeys.RECORDINGS_DIR, dir, "a folder path (" + e.getReason() + ")");
            }
            String prune = get(ConfigKeys.RECORDINGS_PRUNE);
            boolean pruneUnused = prune != null && parseBoolean(ConfigKeys.RECORDINGS_PRUNE, prune);
            return new RecordingConfiguration(mode, folder, file, pruneUnused);
        } catch (InvalidSettingException e) {
            throw invalid(e);
        }
    }

    private static boolean parseBoolean(String key, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new InvalidSettingException(key, value, "true, false");
    }

    private ExtensionConfigurationException invalid(InvalidSettingException e) {
        String where = firstSetting(e.key()).map(Setting::source).orElse("the configuration");
        return new ExtensionConfigurationException(Messages.invalidSetting(e, where), e);
    }

    private Optional<Setting> firstSetting(String key) {
        for (Source source : sources) {
            String value = source.get(key);
            if (value != null && !value.isBlank()) {
                return Optional.of(new Setting(value, source.describe(key)));
            }
        }
        return Optional.empty();
    }

    private record Setting(String value, String source) {}

    private record ConfigurationKey(String uniqueId) {}

    /**
     * The {@code @LlmJudge} and {@code @JudgeRecordings} annotations on the method, then its class (and
     * superclasses), then the enclosing classes: nearest first.
     */
    private record Annotations(List<Found> found) implements Source {

        static Annotations of(ExtensionContext context) {
            SettingAnnotations reader = SettingAnnotations.of(context);
            List<Found> found = new ArrayList<>();
            for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
                Optional<AnnotatedElement> element = c.getElement();
                if (element.isPresent()) {
                    reader.on(element.get()).forEach(annotation -> found.add(new Found(annotation, element.get())));
                }
            }
            return new Annotations(List.copyOf(found));
        }

        @Override
        public String get(String key) {
            return found.stream()
                    .map(f -> f.annotation().keys().get(key))
                    .filter(v -> v != null)
                    .findFirst()
                    .orElse(null);
        }

        @Override
        public String describe(String key) {
            return found.stream()
                    .filter(f -> f.annotation().keys().containsKey(key))
                    .findFirst()
                    .map(f -> f.annotation().name() + " on " + f.where())
                    .orElse("@LlmJudge");
        }

        /** The file of the nearest {@code @JudgeRecordings(file = ...)}, or {@code null}. */
        Path recordingsFile() {
            for (Found f : found) {
                String file = f.annotation().file();
                if (file != null) {
                    try {
                        return Path.of(file.strip());
                    } catch (InvalidPathException e) {
                        throw new ExtensionConfigurationException(
                                Messages.badRecordingsFile(file, f.element(), e.getReason()), e);
                    }
                }
            }
            return null;
        }
    }

    private record Found(SettingAnnotations.Annotated annotation, AnnotatedElement element) {

        String where() {
            if (element instanceof Method method) {
                return method.getDeclaringClass().getName() + "." + method.getName() + "()";
            }
            if (element instanceof Class<?> type) {
                return type.getName();
            }
            return String.valueOf(element);
        }
    }
}
