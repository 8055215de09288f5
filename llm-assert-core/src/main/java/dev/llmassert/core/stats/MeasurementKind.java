package dev.llmassert.core.stats;

import dev.llmassert.core.config.EnumSetting;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What a measurement's values are, which chooses its confidence interval. A prompt-response test declares it in
 * its {@code measurementKinds()}; a measurement without one gets an interval guessed from its values
 * ({@link Statistics#meanInterval(double[], double)}): Wilson when every value is 0 or 1, else a bootstrap.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum MeasurementKind {

    /** Each item passed (1) or not (0): the Wilson interval of the share that passed. */
    RATE("rate"),

    /**
     * How many times something happened in an item, a whole number from 0: the exact Poisson interval of the mean
     * count, even when every count happens to be 0 or 1.
     */
    COUNT("count"),

    /** A score on any scale: the percentile bootstrap of the mean, even when every score happens to be 0 or 1. */
    SCORE("score");

    private final String id;

    MeasurementKind(String id) {
        this.id = id;
    }

    /**
     * The name in records: {@code rate}, {@code count} or {@code score}.
     *
     * @return the kind's id
     */
    public String id() {
        return id;
    }

    /**
     * The kind named {@code id}.
     *
     * @param id the kind's name, case not mattering
     * @return the kind
     * @throws IllegalArgumentException naming the allowed names
     */
    public static MeasurementKind of(String id) {
        return EnumSetting.find(MeasurementKind.class, MeasurementKind::id, id)
                .orElseThrow(() -> new IllegalArgumentException(StatisticsMessages.noSuchKind(id)));
    }
}
