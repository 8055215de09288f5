package dev.llmassert.junit;

import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.PendingCheck;
import dev.llmassert.junit.internal.TestScope;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * What the criteria asserts share: the judged result, where the assertion was made, where failures go, the report,
 * and the check left for after the test when no expectation is given.
 *
 * @param <SELF>   the concrete assert
 * @param <ACTUAL> the judge's result
 */
abstract class JudgedAssert<SELF extends JudgedAssert<SELF, ACTUAL>, ACTUAL> extends AbstractAssert<SELF, ACTUAL> {

    /** Scores are compared to this precision, so a score of exactly the minimum is not failed by rounding. */
    static final double TOLERANCE = 1e-9;

    /** Half of the last decimal an agreement is shown with. */
    static final double AGREEMENT_PRECISION = 0.005;

    /**
     * Where a judged result came from.
     *
     * @param response      the asserted response, for messages
     * @param context       the context fields given with {@code inContext(...)}
     * @param failures      where failed checks go
     * @param scope         the running test under the extension, or {@code null}
     * @param site          the caller's stack at the assertion, or {@code null}
     * @param alreadyFailed whether the response was null and that failure was reported already
     */
    record Origin(String response, Map<String, String> context, FailureSink failures, TestScope scope,
                  StackTraceElement[] site, boolean alreadyFailed) {

        static Origin of(String response) {
            return new Origin(response, Map.of(), FailureSink.THROWING, null, null, false);
        }

        StackTraceElement where() {
            return site == null || site.length == 0 ? null : site[0];
        }
    }

    final Origin origin;
    final AtomicBoolean settled = new AtomicBoolean();

    JudgedAssert(ACTUAL actual, Class<?> selfType, Origin origin) {
        super(actual, selfType);
        this.origin = origin;
    }

    /** Whether there is a result to check; a null one fails once, as AssertJ's {@code isNotNull()} does. */
    boolean isNullChecked() {
        if (actual != null) {
            return true;
        }
        if (!origin.alreadyFailed()) {
            origin.failures().fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
        }
        return false;
    }

    /** Reports the check and hands a failure to the sink. */
    void check(Map<String, String> entry, boolean passed, java.util.function.Supplier<ErrorMessageFactory> message) {
        publish(entry);
        if (!passed) {
            origin.failures().fail(assertionError(message.get()));
        }
    }

    void publish(Map<String, String> entry) {
        if (origin.scope() != null) {
            origin.scope().publish(entry);
        }
    }

    /** The check to run after the test method when no expectation was given. */
    PendingCheck pendingCheck(DefaultCheck check) {
        BooleanSupplier isSettled = () -> settled.get() || origin.alreadyFailed();
        return new PendingCheck() {
            @Override
            public boolean settled() {
                return isSettled.getAsBoolean();
            }

            @Override
            public Optional<AssertionError> checkAgainstDefault(double defaultMinScore) {
                return actual == null ? Optional.empty() : check.run(true);
            }
        };
    }

    /** Outside the extension nothing runs after the test, so a bare check is checked when it is made. */
    void checkAtOnce(DefaultCheck check) {
        if (actual != null) {
            check.run(false).ifPresent(origin.failures()::fail);
        }
    }

    /** The failure of a default check; after the test, its stack leads to the assertion, not the extension. */
    Optional<AssertionError> failure(boolean passed, ErrorMessageFactory message, boolean afterTest) {
        if (passed) {
            return Optional.empty();
        }
        AssertionError error = assertionError(message);
        if (afterTest && origin.site() != null && origin.site().length > 0) {
            error.setStackTrace(origin.site());
        }
        return Optional.of(error);
    }

    /**
     * Agreements are shares of a few samples (2 of 3 is 0.666...) and are shown with two decimals, so they are
     * compared at that precision: {@code withAgreementAtLeast(0.67)} accepts 2 of 3, as it reads.
     */
    static boolean agreementReaches(double agreement, double minAgreement) {
        return agreement + AGREEMENT_PRECISION >= minAgreement;
    }

    static void requireFraction(String method, double value) {
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new IllegalArgumentException(dev.llmassert.junit.internal.Messages.fractionOutOfRange(method,
                    value));
        }
    }

    /** A check against the default expectation. */
    @FunctionalInterface
    interface DefaultCheck {
        /** @param afterTest whether it runs after the test method, rather than at once outside the extension */
        Optional<AssertionError> run(boolean afterTest);
    }
}
