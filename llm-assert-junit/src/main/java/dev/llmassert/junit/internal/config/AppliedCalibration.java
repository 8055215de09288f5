package dev.llmassert.junit.internal.config;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.nio.file.Path;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A calibration record named by {@code llmassert.groundedness.calibration}: the judge it was made with and the bar
 * it fitted.
 *
 * @param record   the record's path, as configured
 * @param judge    the judge the record was made with, {@code provider:model}
 * @param method   the groundedness method the judge checked by ({@code trulens}, {@code claim-check}, {@code own}),
 *                 or {@code null} in a record older than the method's name
 * @param minScore the minimum score (bar) it fitted
 * @param where    where the key was set, for messages
 * @param applied  whether its bar is the default minimum ({@code false} when a minimum set nearer the test wins)
 */
@API(status = INTERNAL, since = "0.1")
public record AppliedCalibration(
        Path record, String judge, String method, double minScore, String where, boolean applied) {

    /**
     * Fails unless the record was made with {@code judge}: the same provider and model, checking by the same method.
     * A calibration never applies silently to another judge, nor to the same model asked another way.
     *
     * @throws ExtensionConfigurationException naming both judges, or both methods
     */
    public void requireMadeWith(GroundednessJudge judge) {
        if (!this.judge.equals(judge.name())) {
            throw new ExtensionConfigurationException(
                    Messages.calibrationOfAnotherJudge(record, where, this.judge, minScore, judge.name()));
        }
        if (!Objects.equals(method, judge.method())) {
            throw new ExtensionConfigurationException(
                    Messages.calibrationOfAnotherMethod(record, where, this.judge, method, minScore, judge.method()));
        }
    }
}
