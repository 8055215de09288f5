package dev.llmassert.junit.internal.config;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.AnnotatedElement;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads the settings that a test's annotations give ({@code @LlmJudge}, {@code @JudgeRecordings}). The annotations
 * live in the extension's own package and name the extension, so the extension hands the configuration this reader,
 * in the run's root store, on each of its callbacks: the configuration reads the annotations without depending on
 * them.
 */
@API(status = INTERNAL, since = "0.1")
public interface SettingAnnotations {

    /** The annotations on {@code element} that set keys, in the order they are asked. */
    List<Annotated> on(AnnotatedElement element);

    /**
     * Makes {@code reader} the reader of the run of {@code context}. The extension calls it first thing on each
     * callback; the first reader of a run stays.
     */
    static void install(ExtensionContext context, SettingAnnotations reader) {
        ExtensionState.getOrCompute(
                ExtensionState.store(context.getRoot()),
                SettingAnnotations.class,
                () -> reader,
                SettingAnnotations.class);
    }

    /**
     * The reader of the run of {@code context}.
     *
     * @throws IllegalStateException when the extension has not handed one over: code of llm-assert reached the
     *                               configuration by a way that skipped the extension's callbacks
     */
    static SettingAnnotations of(ExtensionContext context) {
        SettingAnnotations reader =
                ExtensionState.store(context.getRoot()).get(SettingAnnotations.class, SettingAnnotations.class);
        if (reader == null) {
            throw new IllegalStateException("llm-assert read the configuration of " + context.getUniqueId()
                    + " before its extension ran: a callback of LlmAssertExtension hands over the reader of its"
                    + " annotations first");
        }
        return reader;
    }

    /**
     * One annotation's settings.
     *
     * @param name how an error names it, e.g. {@code @LlmJudge}
     * @param keys the keys it sets, with their values; the keys it leaves unset are absent
     * @param file the recordings file it names ({@code @JudgeRecordings(file = ...)}), else {@code null}
     */
    @API(status = INTERNAL, since = "0.1")
    record Annotated(String name, Map<String, String> keys, String file) {

        public Annotated {
            keys = Map.copyOf(keys);
        }
    }
}
