package dev.llmassert.core.record;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.EnumSetting;
import org.apiguardian.api.API;

import java.util.function.Function;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * When recordings are read and when the model is called ({@value ConfigKeys#RECORDINGS_MODE}).
 *
 * <p>A typo in a mode fails loudly: a misspelt {@code replay} must never turn into live calls in CI.
 */
@API(status = STABLE, since = "0.1")
public enum RecordingMode {

    /** No reading, no writing: every call goes to the model. */
    OFF("off"),
    /** Recordings only. A request with no recording fails; the model is never called. */
    REPLAY("replay"),
    /** Replay what is recorded; call the model for what is not, and save it. */
    RECORD_MISSING("record-missing"),
    /** Call the model for everything and rewrite the recordings of the requests made. */
    RECORD("record");

    private final String id;

    RecordingMode(String id) {
        this.id = id;
    }

    /**
     * The name used in configuration, e.g. {@code record-missing}.
     *
     * @return the mode's id
     */
    public String id() {
        return id;
    }

    /**
     * Whether this mode may serve a call from a recording.
     *
     * @return {@code true} for {@link #REPLAY} and {@link #RECORD_MISSING}
     */
    public boolean replays() {
        return this == REPLAY || this == RECORD_MISSING;
    }

    /**
     * Whether this mode may write the recordings file.
     *
     * @return {@code true} for {@link #RECORD_MISSING} and {@link #RECORD}
     */
    public boolean writes() {
        return this == RECORD_MISSING || this == RECORD;
    }

    /**
     * Parses a configured mode, ignoring case and surrounding blanks ({@code RECORD_MISSING} is accepted for
     * {@code record-missing}).
     *
     * @param value the configured mode
     * @return the mode
     * @throws dev.llmassert.core.config.InvalidSettingException naming {@value ConfigKeys#RECORDINGS_MODE}, the value
     *     and the allowed values
     */
    public static RecordingMode parse(String value) {
        return EnumSetting.parse(ConfigKeys.RECORDINGS_MODE, value, RecordingMode.class, RecordingMode::id, null);
    }

    /**
     * The mode when none is configured: {@link #REPLAY} when the environment variable {@code CI} is set to anything
     * non-empty (CI has no key and must never call a model by surprise), else {@link #RECORD_MISSING}.
     *
     * @param environment looks up an environment variable, e.g. {@code System::getenv}
     * @return {@link #REPLAY} on CI, else {@link #RECORD_MISSING}
     */
    public static RecordingMode defaultMode(Function<String, String> environment) {
        String ci = environment.apply("CI");
        return ci != null && !ci.isBlank() ? REPLAY : RECORD_MISSING;
    }

    /**
     * {@link #parse(String) parse(configured)} when a value is configured (not {@code null} or blank), else
     * {@link #defaultMode(Function) defaultMode(environment)}.
     *
     * @param configured the configured mode, or {@code null} when none is
     * @param environment looks up an environment variable, e.g. {@code System::getenv}
     * @return the mode in force
     * @throws dev.llmassert.core.config.InvalidSettingException for a configured value that is no mode
     */
    public static RecordingMode resolve(String configured, Function<String, String> environment) {
        return configured == null || configured.isBlank() ? defaultMode(environment) : parse(configured);
    }

    /**
     * The modes' ids, for messages: {@code off, replay, record-missing, record}.
     *
     * @return the ids, comma-separated, in the enum's order
     */
    public static String allowedValues() {
        return EnumSetting.ids(RecordingMode.class, RecordingMode::id);
    }

    @Override
    public String toString() {
        return id;
    }
}
