package dev.llmassert.junit.testing;

import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.ResolvedConfiguration;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;

/** Publishes the configuration the extension resolved for each test as a report entry, for tests to read. */
public final class ConfigurationProbe implements BeforeEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
        ResolvedConfiguration configuration = ConfigurationResolver.of(context);
        context.publishReportEntry(Map.of(
                "provider", configuration.settings().provider().id(),
                "model", configuration.settings().model(),
                "concurrency", String.valueOf(configuration.settings().concurrency()),
                "minScore", String.valueOf(configuration.defaultMinScore())));
    }
}
