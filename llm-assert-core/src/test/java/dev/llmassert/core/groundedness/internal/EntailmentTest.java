package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.EntailmentModel.Pair;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How a response sentence is put to the entailment model. */
class EntailmentTest {

    private static final String MANUAL = "Phone support can be paused from the Devices tab.";

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "According to the manual, phone support can be paused from the Devices tab.|"
                        + "Phone support can be paused from the Devices tab.",
                "As stated in the user guide, phone support can be paused from the Devices tab.|"
                        + "Phone support can be paused from the Devices tab.",
                "Phone support can be paused from the Devices tab, as described in our help center.|"
                        + "Phone support can be paused from the Devices tab.",
                "As stated in the Nimbus R2 manual, phone support can be paused from the Devices tab.|"
                        + "As stated in the Nimbus R2 manual, phone support can be paused from the Devices tab.",
                "Phone support can be paused from the Devices tab, according to the manual of model 110.|"
                        + "Phone support can be paused from the Devices tab, according to the manual of model 110.",
                "Per our refund policy, returns are free at no cost.|Returns are free free.",
                "According to the CEO, phone support can be paused.|According to the CEO, phone support can be paused.",
                "According to the manual of model 100, support is free.|"
                        + "According to the manual of model 100, support is free.",
                "Support is free, per the Acme policy.|Support is free, per the Acme policy.",
                "According to the FAQ, support is free.|Support is free.",
                "According to the manual.|According to the manual."
            })
    void aSentenceThatReportsTheSourcesIsReadForWhatItReports(String sentence, String read) {
        assertThat(Entailment.claim(sentence)).isEqualTo(read);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "According to the manual, phone support can be paused from the Devices tab.",
                "Phone support can be paused from the Devices tab, as described in the user guide."
            })
    void theModelConfirmsWhatTheSourcesSayOnceTheAttributionIsSetAside(String sentence) {
        EntailmentModel model = EntailmentModel.shared();
        double[] p =
                model.entailment(List.of(new Pair(MANUAL, sentence), new Pair(MANUAL, Entailment.claim(sentence))));

        assertThat(p[1]).isGreaterThan(Math.max(p[0], 0.9));
    }
}
