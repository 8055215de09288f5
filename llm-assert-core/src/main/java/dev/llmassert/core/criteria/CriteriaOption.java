package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.OptionalDouble;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * One answer a judge may select for a {@link Criteria}, e.g. {@code Yes} or {@code Somewhat verbose}.
 *
 * @param name        what the judge replies with; unique within its criteria, ignoring case
 * @param description what the option means, shown to the judge; may be empty
 * @param score       the option's score, or {@code null} when the option has none. Scores are needed for
 *                    {@code withMinScore} checks, thresholds and weighted multi-criteria; a check that needs one
 *                    fails with a message naming the criteria.
 */
@API(status = STABLE, since = "0.1")
public record CriteriaOption(String name, String description, Double score) {

    /**
     * Checks the option; names and descriptions are stripped, a missing description becomes {@code ""}.
     *
     * @param name what the judge replies with; not blank
     * @param description what the option means; {@code null} for none
     * @param score the option's score, a finite number, or {@code null} for none
     * @throws IllegalArgumentException for a blank name or a score that is not finite
     */
    public CriteriaOption {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(CriteriaMessages.blankOptionName());
        }
        name = name.strip();
        description = description == null ? "" : description.strip();
        if (score != null && !Double.isFinite(score)) {
            throw new IllegalArgumentException(CriteriaMessages.nonFiniteScore(name, score));
        }
    }

    /**
     * An option with a score.
     *
     * @param name what the judge replies with; not blank
     * @param description what the option means, shown to the judge; {@code null} for none
     * @param score the option's score, a finite number
     * @return the option
     * @throws IllegalArgumentException for a blank name or a score that is not finite
     */
    public static CriteriaOption of(String name, String description, double score) {
        return new CriteriaOption(name, description, score);
    }

    /**
     * An option without a score: enough for {@code withOption} checks and {@code targetOption}.
     *
     * @param name what the judge replies with; not blank
     * @param description what the option means, shown to the judge; {@code null} for none
     * @return the option
     * @throws IllegalArgumentException for a blank name
     */
    public static CriteriaOption of(String name, String description) {
        return new CriteriaOption(name, description, null);
    }

    /**
     * The score, or empty when the option has none.
     *
     * @return the score as an optional
     */
    public OptionalDouble optionalScore() {
        return score == null ? OptionalDouble.empty() : OptionalDouble.of(score);
    }

    /**
     * Whether the option has a score.
     *
     * @return {@code true} when {@link #score()} is not {@code null}
     */
    public boolean hasScore() {
        return score != null;
    }
}
