package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One gate on an evaluation's results ({@code assertThat(results).measurement(...)...}), passed or failed.
 *
 * @param testId           the JUnit unique id of the test that ran it (an evaluation's {@code results} test)
 * @param measurement      the measurement it asked about, or {@code null} for the error rate
 * @param group            the group, e.g. {@code topic=billing}, or {@code null} for all items
 * @param asked            what it asked, e.g. {@code lower bound >= 0.350}
 * @param figure           the figure it compared: the mean, a bound, the error rate or the mean difference from
 *                         the baseline
 * @param mean             the measurement's mean (the mean difference for a baseline comparison)
 * @param lower            the interval's lower bound, or {@code null}
 * @param upper            the interval's upper bound, or {@code null}
 * @param method           how the interval was computed
 * @param failedAsExpected {@code true} for a failed gate in a test that passed; left out otherwise
 * @param detail           more, e.g. a baseline comparison's p-value, or why it failed
 */
@API(status = INTERNAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Gate(
        String testId,
        String displayName,
        String measurement,
        String group,
        String asked,
        Double figure,
        Double mean,
        Double lower,
        Double upper,
        String method,
        Integer n,
        boolean passed,
        Boolean failedAsExpected,
        String detail) {

    public Gate {
        figure = ReportFormat.finiteOrNull(figure);
        mean = ReportFormat.finiteOrNull(mean);
        lower = ReportFormat.finiteOrNull(lower);
        upper = ReportFormat.finiteOrNull(upper);
    }

    /** A gate that passed or not, asking {@code asked}; the rest is set on the builder. */
    public static Builder builder(String asked, boolean passed) {
        return new Builder().asked(asked).passed(passed);
    }

    /** A builder that starts from this gate. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The same gate, run in the test {@code id} shown as {@code name}. */
    public Gate inTest(String id, String name) {
        return toBuilder().testId(id).displayName(name).build();
    }

    Gate listed(boolean expectedFailure) {
        return toBuilder()
                .failedAsExpected(expectedFailure ? Boolean.TRUE : null)
                .build();
    }

    /** Builds a {@link Gate}: every field not set stays {@code null} (left out of the JSON). */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {
        private String testId;
        private String displayName;
        private String measurement;
        private String group;
        private String asked;
        private Double figure;
        private Double mean;
        private Double lower;
        private Double upper;
        private String method;
        private Integer n;
        private boolean passed;
        private Boolean failedAsExpected;
        private String detail;

        private Builder() {}

        private Builder(Gate gate) {
            this.testId = gate.testId;
            this.displayName = gate.displayName;
            this.measurement = gate.measurement;
            this.group = gate.group;
            this.asked = gate.asked;
            this.figure = gate.figure;
            this.mean = gate.mean;
            this.lower = gate.lower;
            this.upper = gate.upper;
            this.method = gate.method;
            this.n = gate.n;
            this.passed = gate.passed;
            this.failedAsExpected = gate.failedAsExpected;
            this.detail = gate.detail;
        }

        public Builder testId(String value) {
            this.testId = value;
            return this;
        }

        public Builder displayName(String value) {
            this.displayName = value;
            return this;
        }

        public Builder measurement(String value) {
            this.measurement = value;
            return this;
        }

        public Builder group(String value) {
            this.group = value;
            return this;
        }

        public Builder asked(String value) {
            this.asked = value;
            return this;
        }

        public Builder figure(Double value) {
            this.figure = value;
            return this;
        }

        public Builder mean(Double value) {
            this.mean = value;
            return this;
        }

        public Builder lower(Double value) {
            this.lower = value;
            return this;
        }

        public Builder upper(Double value) {
            this.upper = value;
            return this;
        }

        public Builder method(String value) {
            this.method = value;
            return this;
        }

        public Builder n(Integer value) {
            this.n = value;
            return this;
        }

        public Builder passed(boolean value) {
            this.passed = value;
            return this;
        }

        public Builder failedAsExpected(Boolean value) {
            this.failedAsExpected = value;
            return this;
        }

        public Builder detail(String value) {
            this.detail = value;
            return this;
        }

        public Gate build() {
            return new Gate(
                    testId,
                    displayName,
                    measurement,
                    group,
                    asked,
                    figure,
                    mean,
                    lower,
                    upper,
                    method,
                    n,
                    passed,
                    failedAsExpected,
                    detail);
        }
    }
}
