package dev.llmassert.junit;

import dev.llmassert.junit.internal.config.SettingAnnotations;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of the {@link LlmJudge} and {@link JudgeRecordings} attributes on an element, for the configuration:
 * each attribute that is set gives its key's value.
 */
final class AnnotationSettings implements SettingAnnotations {

    /** The one reader: it keeps nothing. */
    static final AnnotationSettings READER = new AnnotationSettings();

    private AnnotationSettings() {}

    @Override
    public List<Annotated> on(AnnotatedElement element) {
        List<Annotated> found = new ArrayList<>();
        AnnotationSupport.findAnnotation(element, LlmJudge.class).ifPresent(judge -> {
            Map<String, String> keys = new LinkedHashMap<>();
            text(keys, LlmJudge.PROVIDER_KEY, judge.provider());
            text(keys, LlmJudge.MODEL_KEY, judge.model());
            number(keys, LlmJudge.TEMPERATURE_KEY, judge.temperature());
            number(keys, LlmJudge.CONCURRENCY_KEY, judge.concurrency());
            number(keys, LlmJudge.MIN_SCORE_KEY, judge.minScore());
            text(keys, LlmJudge.CALIBRATION_KEY, judge.calibration());
            found.add(new Annotated("@LlmJudge", keys, null));
        });
        AnnotationSupport.findAnnotation(element, JudgeRecordings.class).ifPresent(recordings -> {
            Map<String, String> keys = new LinkedHashMap<>();
            text(keys, JudgeRecordings.MODE_KEY, recordings.mode());
            text(keys, JudgeRecordings.DIR_KEY, recordings.dir());
            String file = JudgeRecordings.DEFAULT.equals(recordings.file()) ? null : recordings.file();
            found.add(new Annotated("@JudgeRecordings", keys, file));
        });
        return found;
    }

    private static void text(Map<String, String> keys, String key, String value) {
        if (!LlmJudge.DEFAULT.equals(value)) {
            keys.put(key, value);
        }
    }

    private static void number(Map<String, String> keys, String key, double value) {
        if (value != LlmJudge.UNSET) {
            keys.put(key, String.valueOf(value));
        }
    }

    private static void number(Map<String, String> keys, String key, int value) {
        if (value != LlmJudge.UNSET) {
            keys.put(key, String.valueOf(value));
        }
    }
}
