package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A row where the judge disagrees with the person, with what the judge saw and said.
 *
 * @param id          the row's id
 * @param where       where the row is: the file, line and label field, or the item's id for an item given in code
 * @param label       the person's label
 * @param judged      the judge's: {@code yes} or {@code no} at the fitted bar for groundedness, the chosen option for
 *                    a criteria
 * @param score       the judge's score, or {@code null} when a criteria's options have none
 * @param minScore    the minimum the groundedness score was compared with ({@code bar} in the record), or
 *                    {@code null} for a criteria
 * @param response    the text that was judged
 * @param sentences   a groundedness judge's verdict on each sentence: its score and evidence; empty for a criteria
 * @param explanation a criteria judge's explanation; empty for groundedness
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MisjudgedRow(
        String id,
        String where,
        String label,
        String judged,
        Double score,
        @JsonProperty("bar") Double minScore,
        String response,
        List<SentenceVerdict> sentences,
        String explanation) {

    /**
     * Copies the sentences; missing sentences become empty, a missing explanation {@code ""}.
     *
     * @param id the row's id
     * @param where where the row is
     * @param label the person's label
     * @param judged the judge's label or option
     * @param score the judge's score, or {@code null}
     * @param minScore the bar the score was compared with, or {@code null} for a criteria
     * @param response the text that was judged
     * @param sentences the verdict on each sentence; {@code null} for none
     * @param explanation a criteria judge's explanation; {@code null} for none
     */
    public MisjudgedRow {
        sentences = sentences == null ? List.of() : List.copyOf(sentences);
        explanation = explanation == null ? "" : explanation;
    }
}
