package dev.llmassert.junit.internal.config;

import dev.llmassert.core.groundedness.GroundednessMethod;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.junit.internal.report.ConsoleMode;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The configuration that applies to one class or method, read once from its annotations, the JUnit configuration
 * parameters and the environment (see {@link ConfigurationResolver#of}).
 *
 * @param settings        how to build the judge
 * @param defaultMinScore the minimum a bare {@code isGroundedIn(...)} is checked against
 * @param recordings      how the judge's calls are recorded and replayed
 * @param console         what the console shows ({@code llmassert.console}), which decides the verdict log's level
 * @param method          how an LLM judge checks groundedness ({@code llmassert.groundedness.method})
 * @param calibration     the calibration record named by {@code llmassert.groundedness.calibration}, or {@code null}
 * @param chunkSize       the most characters of source in one claim-check call
 *                        ({@code llmassert.groundedness.chunk-size})
 * @param localEntailment whether the local judge reads meaning with its entailment model
 *                        ({@code llmassert.groundedness.local.entailment})
 * @param cascade         whether the local judge decides the sentences it is sure of and the provider's judge the
 *                        rest ({@code llmassert.groundedness.cascade})
 * @param minConfidence   the local judge's confidence from which its verdict stands
 *                        ({@code llmassert.groundedness.cascade.min-confidence})
 */
@API(status = INTERNAL, since = "0.1")
public record ResolvedConfiguration(
        JudgeSettings settings,
        double defaultMinScore,
        RecordingConfiguration recordings,
        ConsoleMode console,
        GroundednessMethod method,
        AppliedCalibration calibration,
        int chunkSize,
        boolean localEntailment,
        boolean cascade,
        double minConfidence) {}
