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

    private final String key;
    private final String value;
    private final String allowed;

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

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }

    public String allowed() {
        return allowed;
    }
}
