package dev.llmassert.core.config;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A configuration value that cannot be used. The message names the key, the value and what is allowed, and says
 * how to fix it.
 */
@API(status = STABLE, since = "0.1")
public class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The configuration key whose value cannot be used. */
    private final String key;
    /** The value that cannot be used, as it was set. */
    private final String value;
    /** What the key may be, in words. */
    private final String allowed;

    /**
     * An exception whose message names the key, the value and what is allowed, and where to fix it.
     *
     * @param key     the configuration key, e.g. {@code llmassert.recordings.mode}
     * @param value   the value it has
     * @param allowed what it may be, in words: the ids, or a range
     */
    public InvalidSettingException(String key, String value, String allowed) {
        super(String.format(
                "Unsupported value for configuration key '%s': '%s'.%n"
                        + "Allowed: %s.%n"
                        + "Fix it where it is set: the @LlmJudge attribute, -D%s=..., junit-platform.properties, "
                        + "or the environment variable %s.",
                key, value, allowed, key, ConfigKeys.environmentVariable(key)));
        this.key = key;
        this.value = value;
        this.allowed = allowed;
    }

    /**
     * The configuration key whose value cannot be used.
     *
     * @return the key, e.g. {@code llmassert.recordings.mode}
     */
    public String key() {
        return key;
    }

    /**
     * The value that cannot be used, as it was set.
     *
     * @return the value
     */
    public String value() {
        return value;
    }

    /**
     * What the key may be, in words.
     *
     * @return the allowed values or range, as the message says them
     */
    public String allowed() {
        return allowed;
    }
}
