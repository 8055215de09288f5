package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Optional;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How well a judge's verdicts agree with a person's labels over the rows of a calibration, each figure with its
 * confidence interval.
 *
 * @param basis            how the verdicts were taken: {@code held-out} (each row at a bar fitted without it, by
 *                         k-fold cross-validation), {@code in-sample} (every row at one given bar) or {@code options}
 *                         (a criteria judge's chosen options)
 * @param minScore         the minimum score (bar) of an {@code in-sample} agreement, or {@code null}; {@code bar} in
 *                         the record
 * @param n                the rows judged
 * @param balancedAccuracy the mean of the labels' recalls, which a judge cannot raise by favouring the commoner
 *                         label; its interval combines the recalls' Wilson intervals (Newcombe's method of
 *                         recovering variance estimates, {@code wilson-mover})
 * @param accuracy         the share of rows where the judge agrees, with its Wilson interval
 * @param kappa            Cohen's kappa, the agreement beyond what chance would give, with a seeded bootstrap
 *                         interval; {@code null} when chance explains everything (the person or the judge used one
 *                         label only)
 * @param labels           each label's recall, with its Wilson interval
 * @param confusion        the person's labels against the judge's
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Agreement(
        String basis,
        @JsonProperty("bar") Double minScore,
        int n,
        Estimate balancedAccuracy,
        Estimate accuracy,
        Estimate kappa,
        List<LabelAgreement> labels,
        ConfusionMatrix confusion) {

    /** The verdicts of a groundedness judge at bars fitted without the row judged. */
    public static final String HELD_OUT = "held-out";
    /** The verdicts of a groundedness judge at one bar over every row. */
    public static final String IN_SAMPLE = "in-sample";
    /** The options a criteria judge chose. */
    public static final String OPTIONS = "options";

    /**
     * Copies the labels' list.
     *
     * @param basis {@value #HELD_OUT}, {@value #IN_SAMPLE} or {@value #OPTIONS}
     * @param minScore the bar of an in-sample agreement, or {@code null}
     * @param n the rows judged
     * @param balancedAccuracy the mean of the labels' recalls, with its interval
     * @param accuracy the share of rows where the judge agrees, with its interval
     * @param kappa Cohen's kappa with its interval, or {@code null} when chance explains everything
     * @param labels each label's recall, not {@code null}
     * @param confusion the person's labels against the judge's
     */
    public Agreement {
        labels = List.copyOf(labels);
    }

    /**
     * The recall of {@code label}: of the rows the person gave it, the share the judge gave it too.
     *
     * @param label one of the calibration's labels, e.g. {@code yes}
     * @return its recall with its interval; empty for a label the calibration does not have
     */
    public Optional<Estimate> recall(String label) {
        return labels.stream().filter(l -> l.label().equals(label)).findFirst().map(LabelAgreement::recall);
    }
}
