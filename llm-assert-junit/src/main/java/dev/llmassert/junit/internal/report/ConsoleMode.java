package dev.llmassert.junit.internal.report;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.EnumSetting;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What llm-assert prints to the console ({@value ConfigKeys#CONSOLE}), whatever the logging setup: the verdict
 * lines are the library's main output, and a test run with no SLF4J provider would otherwise show none of them.
 */
@API(status = INTERNAL, since = "0.1")
public enum ConsoleMode {

    /** A line per check and each evaluation's table, as they are made, then the run's summary: the default. */
    VERDICTS("verdicts"),
    /** The lines of the failed checks, then the summary. */
    FAILURES("failures"),
    /** The run's summary only. */
    SUMMARY("summary"),
    /** Nothing. */
    OFF("off");

    private final String id;

    ConsoleMode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /**
     * The mode named by {@code value}, {@link #VERDICTS} when it is {@code null} or blank.
     *
     * @throws dev.llmassert.core.config.InvalidSettingException naming the key, the value and the four modes
     */
    public static ConsoleMode parse(String value) {
        return EnumSetting.parse(ConfigKeys.CONSOLE, value, ConsoleMode.class, ConsoleMode::id, VERDICTS);
    }

    /** Whether the line of a check that {@code passed} is printed. */
    public boolean printsCheck(boolean passed) {
        return this == VERDICTS || this == FAILURES && !passed;
    }

    /** Whether an evaluation's headline and table are printed. */
    public boolean printsEvaluations() {
        return this == VERDICTS;
    }

    /** Whether the run's summary, and a warning about the report, are printed. */
    public boolean printsSummary() {
        return this != OFF;
    }
}
