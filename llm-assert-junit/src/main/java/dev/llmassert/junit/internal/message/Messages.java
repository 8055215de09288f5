package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The user-facing errors of the module: wrong arguments, missing judges, bad configuration, and the notes about
 * recordings. Assertion failures that show a verdict are worded by the {@code Should...} message factories instead.
 * Each message says what happened, where, and how to fix it.
 */
@API(status = INTERNAL, since = "0.1")
public final class Messages {

    private static final String NL = System.lineSeparator();

    /** Why a named recordings file is not pruned; a phrase, as the other reasons. */
    public static final String NAMED_FILE_NOT_PRUNED = "the file is named with @JudgeRecordings(file = ...), and "
            + "the test classes that share such a file may run in other JVMs (Surefire or Gradle forks) or be left "
            + "out of this run, so it is never pruned; remove its unused entries by hand, or give the class its own "
            + "file";

    private Messages() {}

    public static String invalidSetting(InvalidSettingException e, String where) {
        return "Unsupported value for configuration key '" + e.key() + "': '" + e.value() + "', set by " + where + "."
                + NL + "Allowed: " + e.allowed() + "."
                + NL + "Fix the value where it is set: the annotation attribute (@LlmJudge, @JudgeRecordings), "
                + "-D" + e.key() + "=..., junit-platform.properties, or the environment variable "
                + ConfigKeys.environmentVariable(e.key()) + ".";
    }

    /** The run's settings that this version does not know, one line each (from {@code UnknownKeys}). */
    public static String unknownKeys(List<String> problems) {
        StringBuilder message = new StringBuilder("llm-assert does not know ")
                .append(count(problems.size(), "setting"))
                .append(" of this run, so ")
                .append(problems.size() == 1 ? "it" : "they")
                .append(" would change nothing, and the run would use the defaults instead:");
        problems.forEach(problem -> message.append(NL).append("  - ").append(problem));
        return message.append(NL)
                .append("Fix: correct each misspelt key where it is set, and remove each key that is")
                .append(" not supported yet. Every key this version reads is in the README's Configuration table")
                .append(" (and in dev.llmassert.core.config.ConfigKeys).")
                .toString();
    }

    /** A key, or an environment variable, that no setting has. */
    public static String unknownKey(String name, String where, String nearest) {
        return "unknown " + (name.startsWith("llmassert.") ? "key " : "environment variable ") + name + ", set " + where
                + "; " + (nearest == null ? "no known key is close to it" : "did you mean " + nearest + "?");
    }

    /** A key of the design that this version does not read yet. */
    public static String reservedKey(String name, String where, String key, String meaning) {
        return name + ", set " + where + ", is not supported yet: " + key + " is reserved for " + meaning
                + ", which this version of llm-assert does not have";
    }

    /** {@code 1 sentence}, {@code 2 sentences}: a count with its noun, singular for one. */
    public static String count(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }

    public static String judgeUnavailable(JudgeSettings settings, String what, Throwable cause) {
        return "Could not build the " + what + " for " + settings.judgeName() + ": " + cause.getMessage()
                + NL + "Settings: " + settings
                + NL + "Check the llmassert.judge.* configuration (provider, model, base-url, api-key-env), "
                + "or set " + ConfigKeys.JUDGE_PROVIDER + "=local to judge without a model.";
    }

    public static String noChatModelForLocalJudge(String parameter, String where) {
        return "Cannot resolve parameter [" + parameter + "] in " + where + ": the judge provider is 'local', "
                + "which judges without a chat model, so there is no judge ChatModel to inject."
                + NL + "To get one, choose a model provider, for example:"
                + NL + "    @LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")"
                + NL + "or -D" + ConfigKeys.JUDGE_PROVIDER + "=openai (or ollama), "
                + "or remove the ChatModel parameter and take a GroundednessJudge instead.";
    }

    public static String noJudge() {
        return "No judge for this assertion: assertThat(response).isGroundedIn(...) needs a groundedness judge, and"
                + NL + "  - the test does not run under @LlmJudge, or the assertion ran outside the test method"
                + " itself (in @BeforeEach, @AfterEach or @BeforeAll, or on another thread), and"
                + NL + "  - no judge was passed with usingJudge(...)."
                + NL + "Fix: annotate the test class with @LlmJudge, or pass a judge:"
                + NL + "    assertThat(response).usingJudge(judge).isGroundedIn(source).withMinScore(0.8);";
    }

    public static String noSources() {
        return "isGroundedIn(...) needs at least one source text to judge the response against, but got none."
                + NL + "Pass the texts the response must be based on, e.g. isGroundedIn(manual) or "
                + "isGroundedIn(List.of(chunk1, chunk2)).";
    }

    public static String blankSource(int index) {
        return "isGroundedIn(...) got a null or blank source at index " + index + "." + NL
                + "Pass only non-blank source texts; drop empty retrieval results before asserting.";
    }

    public static String minScoreOutOfRange(String method, double minScore) {
        return method + " must be between 0.0 and 1.0, but is: " + minScore + "." + NL
                + "Scores are normalised to 0..1: use e.g. 0.8, not 80 or 8.";
    }

    public static String nullArgument(String what, String fix) {
        return what + " must not be null." + NL + fix;
    }

    /** {@code TrajectoryRecorder.lastTrajectory()} before any call of the service finished. */
    public static String noTrajectory(int inFlight) {
        return "The recorder has no trajectory: no call of the AI service has finished"
                + (inFlight > 0 ? " (" + count(inFlight, "call") + " still running)" : "") + "." + NL
                + "Fix: attach the recorder to the service before calling it, "
                + "AiServices.builder(Assistant.class).chatModel(model).tools(tools)"
                + ".registerListeners(recorder.listeners()).build(), then call the service.";
    }

    /** {@code isGroundedInToolResults()} on a response that is not an agent's final answer. */
    public static String notAFinalAnswer() {
        return "isGroundedInToolResults() needs the final answer of an agent's trajectory, but this response was "
                + "given as a plain text." + NL + "Fix: assertThat(trajectory).finalAnswer().isGroundedInToolResults(),"
                + " or isGroundedIn(sources) to name the sources yourself.";
    }

    /** A JSON path of an argument matcher that cannot be read. */
    public static String badArgumentPath(String path) {
        return "The argument path '" + path + "' is not one llm-assert can read." + NL
                + "Fix: name a field (\"orderId\"), a nested field with dots (\"address.city\"), an array element "
                + "with [n] (\"items[0].sku\"), or give a JSON Pointer (\"/address/city\").";
    }

    /** A JSON text given as expected arguments that does not parse. */
    public static String badExpectedArguments(String json, String error) {
        return "The expected arguments are not a JSON object: " + error + NL + "Got: " + json + NL
                + "Fix: give the arguments as the model writes them, e.g. \"{\\\"orderId\\\": \\\"A-1042\\\"}\", or "
                + "a Map.";
    }

    public static String unusedRecordings(
            String className,
            Path file,
            Collection<String> unused,
            int ran,
            int testMethods,
            int pruned,
            String pruneSkipped,
            boolean namedFile) {
        StringBuilder message = new StringBuilder()
                .append(unused.size())
                .append(unused.size() == 1 ? " recording" : " recordings")
                .append(" in ")
                .append(file)
                .append(" were not used by the tests of ")
                .append(className)
                .append(" (")
                .append(ran)
                .append(" of ")
                .append(count(testMethods, "test method"))
                .append(" ran).");
        int shown = 0;
        for (String key : unused) {
            if (shown++ == 5) {
                message.append(NL)
                        .append("  ... and ")
                        .append(unused.size() - 5)
                        .append(" more");
                break;
            }
            message.append(NL).append("  ").append(key);
        }
        if (pruned > 0) {
            message.append(NL)
                    .append("Removed ")
                    .append(pruned)
                    .append(" of them (")
                    .append(ConfigKeys.RECORDINGS_PRUNE)
                    .append("=true).");
        } else if (pruneSkipped != null) {
            message.append(NL).append("Not removed: ").append(pruneSkipped).append('.');
        } else if (namedFile) {
            message.append(NL)
                    .append("They may belong to another test class that shares this file. A file named ")
                    .append("with @JudgeRecordings(file = ...) is never pruned, as the classes sharing it may run in ")
                    .append("other JVMs (forks); if no test uses these keys, remove their entries by hand.");
        } else {
            message.append(NL)
                    .append("They are left over from requests the tests no longer make. To remove them, ")
                    .append("run the whole class with -D")
                    .append(ConfigKeys.RECORDINGS_PRUNE)
                    .append("=true -D")
                    .append(ConfigKeys.RECORDINGS_MODE)
                    .append("=record-missing.");
        }
        return message.toString();
    }

    public static String badRecordingsFile(String file, Object where, String reason) {
        return "@JudgeRecordings(file = \"" + file + "\") on " + where + " is not a usable path: " + reason + "."
                + NL + "Give a file path, absolute or relative to the working directory, e.g. "
                + "src/test/resources/llm-recordings/shared.json.";
    }

    public static String cannotRecord(RecordingMode mode, String whyNoModel) {
        return "This judge request is not recorded, and in mode " + mode + " it would be sent to the judge model, "
                + "but that model cannot be called:" + NL + whyNoModel
                + NL + "Run with -D" + ConfigKeys.RECORDINGS_MODE + "=replay to see which recording is missing and "
                + "how the request differs from the recorded ones.";
    }

    public static String noCriteriaJudgeForLocalJudge(String type, String parameter, String where) {
        return "Cannot resolve parameter [" + parameter + "] in " + where + ": a " + type + " asks a chat model to"
                + " judge, and the judge provider is 'local', which has none."
                + NL + "To get one, choose a model provider, for example:"
                + NL + "    @LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")"
                + NL + "or -D" + ConfigKeys.JUDGE_PROVIDER + "=openai (or ollama; see also "
                + ConfigKeys.JUDGE_BASE_URL + " and " + ConfigKeys.JUDGE_API_KEY_ENV + "), "
                + "or supply a chat model with LlmAssertExtension.useChatModel(context, model).";
    }

    public static String localJudgeOnAnotherType(String type, String parameter, String where) {
        return "Cannot resolve parameter [" + parameter + "] in " + where + ": @LlmJudge.Local gives the local "
                + "groundedness judge, and the parameter is a " + type + "."
                + NL + "Fix: declare it as GroundednessJudge, e.g. @LlmJudge.Local GroundednessJudge local; the "
                + "local judge has no criteria judge or chat model (those need a model provider).";
    }

    public static String multiCriteriaNeedsFile(String reference, String parameter, String where) {
        return "Cannot resolve parameter [" + parameter + "] in " + where + ": @LlmJudge.Criteria(\"" + reference
                + "\") names no file, and a MultiCriteria comes only from a multi-criteria file (the catalog holds"
                + " single criteria)."
                + NL + "Fix: name a classpath file ending in .json, e.g. "
                + "@LlmJudge.Criteria(\"criteria/release-rubric.json\") MultiCriteria rubric.";
    }

    public static String criteriaUnavailable(String reference, String parameter, String where, Throwable cause) {
        return "Cannot resolve parameter [" + parameter + "] in " + where + " from @LlmJudge.Criteria(\"" + reference
                + "\"):" + NL + cause.getMessage()
                + NL + "A value ending in .json is read from the classpath; any other value is a catalog name.";
    }

    /** A criteria check with no judge: outside the extension and without usingCriteriaJudge(...). */
    public static String noCriteriaJudge(String check, String judgeType) {
        return "No judge for this assertion: " + check + " needs a " + judgeType + ", and"
                + NL + "  - the test does not run under @LlmJudge, or the assertion ran outside the test method"
                + " itself (in @BeforeEach, @AfterEach or @BeforeAll, or on another thread), and"
                + NL + "  - no judge was passed with usingCriteriaJudge(...)."
                + NL + "Fix: annotate the test class with @LlmJudge and choose a model provider, or pass a judge:"
                + NL + "    assertThat(response).usingCriteriaJudge(" + judgeType + ".builder().chatModel(model)"
                + ".build())...";
    }

    /** A criteria check under the extension whose provider is local, with no chat model supplied. */
    public static String noCriteriaJudgeUnderLocalJudge(String check, String provider) {
        return check + " asks a chat model to judge, but the judge provider is '" + provider + "', which has none."
                + NL + "Fix: choose a model provider, e.g. @LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")"
                + " or -D" + ConfigKeys.JUDGE_PROVIDER + "=openai (with " + ConfigKeys.JUDGE_BASE_URL + " and "
                + ConfigKeys.JUDGE_API_KEY_ENV + " as needed), or supply a chat model with "
                + "LlmAssertExtension.useChatModel(context, model), or pass a judge with usingCriteriaJudge(...).";
    }

    public static String samplesOutOfRange(int samples, int max) {
        return "sampled(n) must be between 1 and " + max + ", but is: " + samples + "." + NL
                + "Each sample is one more judge call; 3 or 5 (odd, so votes cannot tie) is usual.";
    }

    public static String sampledWithOwnJudge(int samples, int judgeSamples) {
        return "sampled(" + samples + ") cannot change the judge passed to usingCriteriaJudge(...), which takes "
                + judgeSamples + (judgeSamples == 1 ? " sample" : " samples") + " per judgement."
                + NL + "Fix: build that judge with .selfConsistency(" + samples + "), or drop sampled(...).";
    }

    public static String agreementNeedsSamples(String check) {
        return check + ".withAgreementAtLeast(...) needs several samples of the judgement, but it was judged once,"
                + " and a single run always agrees with itself."
                + NL + "Fix: ask for samples before the check, e.g."
                + NL + "    assertThat(response).sampled(3).meets(criteria).withAgreementAtLeast(0.67);"
                + NL + "Samples differ only at a judge temperature above 0 (" + ConfigKeys.JUDGE_TEMPERATURE + ").";
    }

    public static String notFinite(String method, double value, String example) {
        return method + " must be a finite number, but is: " + value + "." + NL
                + "Pass a score on the criteria's own scale, e.g. " + example + ".";
    }

    public static String noJudgeToCheckBias(String judged, String throughDsl) {
        return "withoutPositionalBias() needs the positional-bias check, but this " + judged + " without it and this"
                + " assert has no judge to ask again."
                + NL + "Fix: build the judge with .checkPositionalBias(true), or assert through " + throughDsl + ".";
    }

    public static String checksLeftOpenFailed(int count) {
        return count(count, "check")
                + " left open by the test failed after it (isGroundedIn(...) or meetsAll(...) without"
                + " withMinScore(...), meets(...) without withOption(...) or withMinScore(...))";
    }

    public static String fractionOutOfRange(String method, double value) {
        return method + " must be between 0.0 and 1.0, but is: " + value + ".";
    }

    public static String blankContextField(String field) {
        return "inContext(field, value) got " + (field == null ? "a null" : "a blank") + " field name." + NL
                + "Pass the name a criteria reads as context, e.g. inContext(\"question\", question).";
    }

    public static String contextRepeatsEvaluatedField(String criteria, String field) {
        return "inContext(\"" + field + "\", ...) names the field that criteria '" + criteria + "' judges, which is"
                + " the response itself."
                + NL + "Fix: give only the other fields as context; the asserted response fills '" + field + "'.";
    }

    public static String noOthers() {
        return "isPreferredOver(...) needs at least one other response to compare with, but got none." + NL
                + "Pass the responses to beat, e.g. isPreferredOver(oldAnswer).on(criteria).";
    }

    public static String preferenceWithoutCriteria(StackTraceElement site) {
        return NL + "isPreferredOver(...) at " + site + " was never given a criteria, so nothing was compared."
                + NL + "Fix: finish it with .on(criteria), e.g. "
                + "isPreferredOver(oldAnswer).on(CriteriaCatalog.CONCISENESS).";
    }

    public static String unreadableCalibration(String key, String where, String problem) {
        return "The calibration record named by " + key + " (set by " + where + ") cannot be used: " + problem;
    }

    public static String calibrationWithoutBar(String key, Path record, String where, String judge, String criteria) {
        return "The calibration record " + record + ", named by " + key + " (set by " + where + "), is of the criteria "
                + "judge " + judge + " on '" + criteria + "', which chooses options and fits no bar." + NL + "Fix: "
                + "name the record of a groundedness judge's calibration, or remove " + key + ".";
    }

    /**
     * The calibration {@code record}, set by {@code where}, was made with {@code calibratedJudge}, whose fitted bar is
     * {@code bar}; the test judges with {@code judge}.
     */
    public static String calibrationOfAnotherJudge(
            Object record, String where, String calibratedJudge, double bar, String judge) {
        return "The calibration record " + record + " (" + ConfigKeys.GROUNDEDNESS_CALIBRATION
                + ", set by " + where + ") was made with the judge " + calibratedJudge + ", but this "
                + "test's groundedness judge is " + judge + ". Its bar (" + bar + ") says where "
                + calibratedJudge + " agrees best with the labels; it says nothing about " + judge + "." + NL
                + "Fix: calibrate " + judge + " on the same labels and name that record, or configure the judge "
                + calibratedJudge + " (llmassert.judge.provider and llmassert.judge.model).";
    }

    /**
     * The calibration {@code record}, set by {@code where}, was made with {@code judge} checking by
     * {@code calibratedMethod} ({@code null} in a record older than the method's name), whose fitted bar is
     * {@code bar}; the test's judge of the same name checks by {@code method}.
     */
    public static String calibrationOfAnotherMethod(
            Object record, String where, String judge, String calibratedMethod, double bar, String method) {
        String made = calibratedMethod == null
                ? "a groundedness method it does not name (it is older than the records that name it)"
                : "the groundedness method " + calibratedMethod;
        String back = calibratedMethod == null
                ? ""
                : GroundednessJudge.OWN_METHOD.equals(calibratedMethod)
                        ? ", or use the judge the record was made with"
                        : ", or check by " + calibratedMethod + " again (" + ConfigKeys.GROUNDEDNESS_METHOD + "="
                                + calibratedMethod + ")";
        return "The calibration record " + record + " (" + ConfigKeys.GROUNDEDNESS_CALIBRATION + ", set by " + where
                + ") was made with the judge " + judge + " checking by " + made + ", but this test's groundedness "
                + "judge " + judge + " checks by the method " + method + ". Its bar (" + bar + ") says where " + judge
                + " asked that way agrees best with the labels; it says nothing about " + judge + " asked by " + method
                + "." + NL + "Fix: calibrate " + judge + " by " + method + " on the same labels and name that record"
                + back + ".";
    }

    /** The line that applies a calibration's fitted {@code bar} to {@code judge}, its record at {@code record}. */
    public static String applyFittedBar(String bar, String judge, String record) {
        return "Apply the fitted bar " + bar + " to " + judge + ": commit the record (e.g. to "
                + "src/test/resources/calibration/) and set " + ConfigKeys.GROUNDEDNESS_CALIBRATION + "=<committed "
                + "path of " + record + ">, or set " + ConfigKeys.GROUNDEDNESS_MIN_SCORE + "=" + bar;
    }

    /** The line in place of {@link #applyFittedBar} when {@code judge} does not tell the labels apart. */
    public static String noBarToApply(String judge, String warning) {
        return "No bar to apply to " + judge + ": " + warning + ", and calibrate it on these labels";
    }

    /** {@code text} on one line, cut to {@code max} characters with "..." when it is longer; "" for null. */
    public static String shorten(String text, int max) {
        return MessageText.shorten(text, max);
    }

    /**
     * A gate's bound that is not a number the figure can take, e.g. {@code hasLowerBoundAtLeast(1.5)} on a share: an
     * argument error, not a failed gate.
     *
     * @param range   e.g. {@code between 0.0 and 1.0} or {@code a finite number}
     * @param example a call that works, e.g. {@code hasLowerBoundAtLeast(0.75)}
     */
    public static String boundOutOfRange(String method, double bound, String range, String example) {
        return method + " must be " + range + ", but is: " + bound + "." + NL + "Fix: pass a bound the figure can "
                + "reach, e.g. " + example + ".";
    }

    /** {@code isNotWorseThan(baseline, dropToDetect)} with a drop that is not a positive number. */
    public static String dropToDetectNotPositive(double dropToDetect) {
        return "isNotWorseThan(baseline, dropToDetect) needs a positive drop to detect, but it is: " + dropToDetect
                + "." + NL + "Fix: give the smallest drop that matters, e.g. 0.05.";
    }

    public static String nullModelToRecord() {
        return "The model to record is null. Fix: pass the application's ChatModel.";
    }

    public static String nullSystemUnderTest() {
        return "The system under test is null. Fix: pass the system to evaluate, "
                + "e.g. SystemUnderTest.of(\"assistant\", question -> bot.ask(question)).";
    }

    public static String nullPromptResponseTest() {
        return "The prompt-response test is null. Fix: pass the test to run, e.g. "
                + "evaluator.run(new SupportQuestions(judge), assistant).";
    }

    public static String nullItemCheckOrGates(Object gates) {
        return "The " + (gates == null ? "gates" : "item check") + " is null. Fix: "
                + "pass a lambda, e.g. results -> assertThat(results).measurement(\"grounded\")"
                + ".hasMeanAtLeast(0.8); pass results -> { } for none.";
    }

    public static String nullLabelledRows() {
        return "The labelled rows are null. Fix: pass a labelled file, e.g. "
                + "Dataset.fromClasspath(\"calibration/answers.jsonl\").labelled().contextList(\"sources\").";
    }

    public static String negativeTimes(int n) {
        return "times(n) needs n >= 0, but got " + n + ". Fix: give the number of "
                + "calls expected; neverCalled(tool) says the tool must not be called.";
    }

    public static String badToolCallBounds(int min, int max) {
        return "hasToolCallCountBetween(min, max) needs 0 <= min <= max, but got min " + min + " and max " + max
                + ". Fix: give the bounds of the number of tool calls, both included.";
    }

    public static String unusablePrices(String where, Exception e) {
        return "The price table " + where + " (" + ConfigKeys.REPORT_PRICES + ") cannot be used: " + e.getMessage()
                + ". Fix: give per model its input and output price "
                + "per million tokens, e.g. {\"models\": {\"gpt-4o-mini\": {\"input\": 0.15, " + "\"output\": 0.60}}}"
                + " or gpt-4o-mini.input=0.15 and gpt-4o-mini.output=0.60 in a .properties file.";
    }

    public static String noPriceTable(String where, Path file) {
        return "The price table " + where + " (" + ConfigKeys.REPORT_PRICES
                + ") is neither on the classpath nor a readable file (" + file.toAbsolutePath() + "). Fix: give "
                + "a classpath resource such as prices/llm.json or a file path.";
    }

    /**
     * Why a run judged nothing, for its summary and report: {@code no check reached a verdict, as 4 of 4 tests failed
     * before one, 4 of them on a missing recording ...}.
     */
    public static String nothingJudged(int tests, int failed, int misses, String firstFailure) {
        if (tests == 0) {
            return "no test ran";
        }
        if (failed == 0) {
            return tests == 1
                    ? "the test that ran made no judged check, evaluation or calibration"
                    : "none of the " + tests + " tests that ran made a judged check, an evaluation or a calibration";
        }
        String why = "no check reached a verdict, as " + failed + " of " + count(tests, "test") + " failed before one";
        if (misses > 0) {
            return why + ", " + misses + " of them on a missing recording (RecordingMissException: each failure"
                    + " names the request and the command that records it)";
        }
        return firstFailure == null ? why : why + "; the first: " + firstFailure;
    }

    /** An {@code @LlmJudge.Repeat} attribute whose value cannot be used. */
    public static String repeatAttributeInvalid(String attribute, String value, String allowed, String key) {
        return "Unsupported value for " + attribute + ": '" + value + "'. Allowed: " + allowed + ". Fix: change the"
                + " attribute, or leave it out to use " + key + ".";
    }
}
