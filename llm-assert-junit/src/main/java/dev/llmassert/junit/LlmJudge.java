package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * Judges the LLM output of the annotated tests: registers {@link LlmAssertExtension}, which reads the configuration,
 * builds the judges (the groundedness judge; with a model provider, also the criteria judges and the judge
 * {@code ChatModel}), records and replays their calls (see {@link JudgeRecordings}), injects them into parameters,
 * and after each test method runs the checks that {@link LlmAssertions#assertThat(String) assertThat(response)} left
 * open: an {@code isGroundedIn(...)} without a minimum, a {@code meets(...)} without an option, and so on.
 *
 * <pre>{@code
 * @LlmJudge
 * class SupportBotTest {
 *     @Test
 *     void answersFromTheManual() {
 *         String answer = bot.ask("How do I reset the router?");
 *         assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.8);
 *     }
 * }
 * }</pre>
 *
 * <p>Each attribute overrides the configuration key it names. An attribute left at its default is "not set", and
 * the key is then read from the JUnit configuration parameters ({@code -D}, {@code junit-platform.properties}),
 * then the environment variable ({@link ConfigKeys#environmentVariable(String)}), then the built-in default.
 * Settings are looked up on the test method, then its class (and superclasses, as the annotation is
 * {@link Inherited}), then the enclosing classes, so {@code @Nested} classes inherit them. Each attribute is taken
 * from the nearest place that sets it.
 *
 * <p>Usable as a meta-annotation, so a project can declare its own {@code @SupportBotJudge}.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(LlmAssertExtension.class)
@API(status = STABLE, since = "0.1")
public @interface LlmJudge {

    /** The value of a text attribute that is not set. */
    String DEFAULT = "";

    /** The value of a numeric attribute that is not set. */
    int UNSET = -1;

    /** The configuration key of {@link #provider()}: {@value}. */
    String PROVIDER_KEY = ConfigKeys.JUDGE_PROVIDER;

    /** The configuration key of {@link #model()}: {@value}. */
    String MODEL_KEY = ConfigKeys.JUDGE_MODEL;

    /** The configuration key of {@link #temperature()}: {@value}. */
    String TEMPERATURE_KEY = ConfigKeys.JUDGE_TEMPERATURE;

    /** The configuration key of {@link #concurrency()}: {@value}. */
    String CONCURRENCY_KEY = ConfigKeys.JUDGE_CONCURRENCY;

    /** The configuration key of {@link #minScore()}: {@value}. */
    String MIN_SCORE_KEY = ConfigKeys.GROUNDEDNESS_MIN_SCORE;

    /** The configuration key of {@link #calibration()}: {@value}. */
    String CALIBRATION_KEY = ConfigKeys.GROUNDEDNESS_CALIBRATION;

    /**
     * The minimum a bare {@code isGroundedIn(...)} is checked against when no minimum is configured: {@value}.
     *
     * <p>It is the point at which the local judge counts a sentence as supported
     * ({@link dev.llmassert.core.groundedness.LocalGroundednessJudge#DEFAULT_THRESHOLD}), so a bare check asks that
     * the response be supported on average, sentence by sentence; set {@value #MIN_SCORE_KEY} or {@link #minScore()}
     * to change it, or use {@code withMinScore(...)} per check.
     */
    double DEFAULT_MIN_SCORE = LocalGroundednessJudge.DEFAULT_THRESHOLD;

    /**
     * The judge provider: {@code local}, {@code openai} or {@code ollama}. Key {@value #PROVIDER_KEY}.
     *
     * @return the provider, or empty for the configured one
     */
    String provider() default DEFAULT;

    /**
     * The judge model for the provider. Key {@value #MODEL_KEY}.
     *
     * @return the model, or empty for the configured one
     */
    String model() default DEFAULT;

    /**
     * The judge model's temperature, from 0 to 2: 0 (the default) for repeatable judgements; above 0 for
     * self-consistency samples ({@code sampled(n)}), which must be able to differ. Key {@value #TEMPERATURE_KEY}.
     *
     * @return the temperature, or unset for the configured one
     */
    double temperature() default UNSET;

    /**
     * Judge calls in flight at once, from 1 to 256. Key {@value #CONCURRENCY_KEY}.
     *
     * @return the concurrency, or unset for the configured one
     */
    int concurrency() default UNSET;

    /**
     * The minimum, from 0 to 1, of a bare {@code isGroundedIn(...)}. Key {@value #MIN_SCORE_KEY}, default
     * {@value #DEFAULT_MIN_SCORE}.
     *
     * @return the minimum, or unset for the configured one
     */
    double minScore() default UNSET;

    /**
     * The path of a committed calibration record, e.g. {@code "src/test/resources/calibration/support.json"}: the
     * bar it fitted becomes the minimum of a bare {@code isGroundedIn(...)}, for the judge it was made with only;
     * another judge fails the test, naming both. A {@link #minScore()} or {@value #MIN_SCORE_KEY} set nearer the
     * test wins over it. Key {@value #CALIBRATION_KEY}.
     *
     * @return the record's path, or empty for the configured one
     */
    String calibration() default DEFAULT;

    /**
     * Injects the local groundedness judge (no model, no key, no network) into a {@code GroundednessJudge}
     * parameter, whatever provider the class or method is configured for: one class can use an LLM judge for
     * criteria and the local judge for groundedness, without building one by hand.
     *
     * <pre>{@code
     * @LlmJudge(provider = "openai", model = "gpt-4o-mini")
     * class SupportAnswersTest {
     *     @Test
     *     void groundedAndRelevant(@LlmJudge.Local GroundednessJudge local, DirectJudge relevance) {
     *         assertThat(answer).usingJudge(local).isGroundedIn(MANUAL).withMinScore(0.7);
     *         assertThat(answer).inContext("question", question).meets(ANSWER_RELEVANCE).withOption("Relevant");
     *     }
     * }
     * }</pre>
     *
     * <p>Like {@code @TempDir}, it works on parameters of test methods, lifecycle methods and constructors. One local
     * judge serves the whole run. On a parameter of another type it fails the parameter's resolution, saying so.
     */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @API(status = EXPERIMENTAL, since = "0.1")
    @interface Local {}

    /**
     * Runs the test method several times, each run its own invocation (as {@code @RepeatedTest}), and passes when the
     * share of runs that passed reaches {@link #minPassRate()}: a run that fails is reported as aborted with its
     * failure, and one more invocation, "pass rate", holds the gate, with the rate and its interval in its message.
     * With recordings, run n replays the application's n-th recorded reply to the same request (through
     * {@code Evaluator.recorded}, or a model wrapped once for the class with {@code Recordings.wrap}); in
     * {@code record-missing} the replies still missing are recorded.
     *
     * <pre>{@code
     * @LlmJudge.Repeat(times = 10, minPassRate = 0.8)
     * void answersFromTheManual(Evaluator evaluator) {
     *     SupportAssistant assistant = new SupportAssistant(evaluator.recorded(model), manual);
     *     Answer answer = assistant.ask("How long is the warranty?");
     *     assertThat(answer.text()).isGroundedIn(answer.sources()).withMinScore(0.7);
     * }
     * }</pre>
     *
     * <p>Unlike {@code @RepeatedTest(failureThreshold = ...)}, which stops after so many failures, every run is made
     * and the gate is on the rate, or on the lower bound of its Wilson interval ({@link Gate#LOWER_BOUND}). The runs
     * of one test run one after another, in order.
     */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @TestTemplate
    @Execution(ExecutionMode.SAME_THREAD)
    @ExtendWith({LlmAssertExtension.class, RepeatedRunsExtension.class})
    @API(status = EXPERIMENTAL, since = "0.1")
    @interface Repeat {

        /** The configuration key of {@link #times()}: {@value}. */
        String TIMES_KEY = ConfigKeys.REPEAT_TIMES;

        /** The configuration key of {@link #minPassRate()}: {@value}. */
        String MIN_PASS_RATE_KEY = ConfigKeys.REPEAT_MIN_PASS_RATE;

        /** The configuration key of {@link #gate()}: {@value}. */
        String GATE_KEY = ConfigKeys.REPEAT_GATE;

        /** The runs when neither {@link #times()} nor {@value #TIMES_KEY} sets them: {@value}. */
        int DEFAULT_TIMES = 10;

        /** The minimum pass rate when neither {@link #minPassRate()} nor {@value #MIN_PASS_RATE_KEY} sets it. */
        double DEFAULT_MIN_PASS_RATE = 1.0;

        /**
         * How many runs, from 1 to 1,000. Key {@value #TIMES_KEY}, default {@value #DEFAULT_TIMES}.
         *
         * @return the runs, or unset for the configured number
         */
        int times() default UNSET;

        /**
         * The share of runs that must pass, from 0 to 1. Key {@value #MIN_PASS_RATE_KEY}, default
         * {@value #DEFAULT_MIN_PASS_RATE}: every run.
         *
         * @return the share, or unset for the configured one
         */
        double minPassRate() default UNSET;

        /**
         * What {@link #minPassRate()} is held to. Key {@value #GATE_KEY}, default {@link Gate#RATE}.
         *
         * @return the gate, or {@link Gate#DEFAULT} for the configured one
         */
        Gate gate() default Gate.DEFAULT;

        /** What a repeated test's minimum pass rate is held to. */
        @API(status = EXPERIMENTAL, since = "0.1")
        enum Gate {
            /** Not set: the key {@value Repeat#GATE_KEY}, else {@link #RATE}. */
            DEFAULT,
            /** The share of runs that passed (key value {@code rate}). */
            RATE,
            /**
             * The lower bound of the share's Wilson interval at {@code llmassert.eval.confidence} (key value
             * {@code lower-bound}): what the runs show beyond their noise. With every run passing, the bound
             * reaches 0.8 from 16 runs at 95%.
             */
            LOWER_BOUND
        }
    }

    /**
     * Injects a criteria into a test parameter of type {@link dev.llmassert.core.criteria.Criteria} or
     * {@link dev.llmassert.core.criteria.MultiCriteria}. The value is read by this rule:
     * <ul>
     *   <li>a value ending in {@code .json} is a file on the classpath, e.g. {@code "criteria/conciseness.json"} for
     *       {@code src/test/resources/criteria/conciseness.json}, in the format of
     *       {@link dev.llmassert.core.criteria.CriteriaLoader} (a multi-criteria file for a {@code MultiCriteria}
     *       parameter);</li>
     *   <li>any other value is a name in {@link dev.llmassert.core.criteria.CriteriaCatalog}, e.g.
     *       {@code "conciseness"} or {@code "answer-relevance"} (only for a {@code Criteria} parameter).</li>
     * </ul>
     *
     * <pre>{@code
     * @Test
     * void staysShort(@LlmJudge.Criteria("conciseness") Criteria conciseness,
     *                 @LlmJudge.Criteria("criteria/release-rubric.json") MultiCriteria rubric) {
     *     assertThat(answer).meets(conciseness).withOption("Concise");
     *     assertThat(answer).meetsAll(rubric).withMinScore(0.8);
     * }
     * }</pre>
     *
     * <p>It is nested in {@link LlmJudge} so that it is written {@code @LlmJudge.Criteria} and never clashes with the
     * {@code Criteria} type of the parameter it annotates. A file that cannot be read or used fails the parameter's
     * resolution with the file, the field and what was expected there.
     */
    @Target(ElementType.PARAMETER)
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @API(status = STABLE, since = "0.1")
    @interface Criteria {

        /**
         * A classpath resource ending in {@code .json}, or a catalog name.
         *
         * @return the resource or the catalog name
         */
        String value();
    }
}
