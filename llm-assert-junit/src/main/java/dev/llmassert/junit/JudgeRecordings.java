package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.Recordings;
import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Where the judge's recorded replies of the annotated tests live, and whether they are replayed or recorded.
 * Read by the {@link LlmJudge} extension; it does not register the extension by itself.
 *
 * <pre>{@code
 * @LlmJudge(provider = "openai", model = "gpt-4o-mini")
 * @JudgeRecordings(mode = "replay")   // always offline, whatever CI says
 * class SupportBotTest { ... }
 * }</pre>
 *
 * <p>When the judge is a model ({@code openai}, {@code ollama}), every call it makes in a test goes through a
 * recording of that test: {@code <dir>/<fully.qualified.ClassName>.json}, one file per top-level test class.
 * {@code @Nested} classes record into the file of their top-level class. The local judge makes no model calls and
 * is never recorded; a chat model supplied with {@code LlmAssertExtension.useChatModel} is used as given (wrap it
 * with {@code Recordings.wrap} to record it).
 *
 * <p>Modes ({@value #MODE_KEY}):
 * <ul>
 *   <li>{@code off}: every call goes to the model; nothing is read or written;</li>
 *   <li>{@code replay}: recordings only; a request that is not recorded fails the test, naming the key, the test,
 *       the file, how the request differs from the nearest recorded one, and the command that records it;</li>
 *   <li>{@code record-missing}: replay what is recorded, call the model for the rest and save it;</li>
 *   <li>{@code record}: call the model for every request and rewrite its recording.</li>
 * </ul>
 * The default is {@code replay} when the environment variable {@code CI} is set, else {@code record-missing}.
 *
 * <p>Each attribute overrides the configuration key it names; one left at {@link #DEFAULT} is "not set", and the
 * key is then read from the JUnit configuration parameters, then the environment variable, then the default, as
 * for {@link LlmJudge}. The annotation is looked up on the test method, then its class and superclasses, then the
 * enclosing classes; each attribute is taken from the nearest place that sets it.
 *
 * <p>At the end of each top-level class, recordings in its file that none of its tests used are reported (a report
 * entry and a logged warning). With {@value #PRUNE_KEY}{@code =true} in {@code record} or {@code record-missing}
 * mode they are removed, but only from the class's own file, when every test method of the class ran (not in a
 * filtered run) and no other test class of the run used the file. A file named with {@link #file()} is never
 * pruned: the classes that share it may run in other JVMs (Surefire or Gradle forks), which this one cannot see.
 * Only entries the file held when the run loaded it, and still holds unchanged, are removed.
 *
 * <p>Test classes in forked JVMs may record into one file at the same time: each write takes an OS file lock on a
 * hidden {@code .<name>.lock} beside the file (deleted after the write) and merges with what is on disk.
 *
 * <p>Usable as a meta-annotation.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface JudgeRecordings {

    /** The value of an attribute that is not set. */
    String DEFAULT = "";

    /** The configuration key of {@link #mode()}: {@value}. */
    String MODE_KEY = ConfigKeys.RECORDINGS_MODE;

    /** The configuration key of {@link #dir()}: {@value}. */
    String DIR_KEY = ConfigKeys.RECORDINGS_DIR;

    /** The configuration key that removes unused recordings when recording: {@value}, default {@code false}. */
    String PRUNE_KEY = ConfigKeys.RECORDINGS_PRUNE;

    /** The default of {@link #dir()}: {@value}, relative to the working directory (the module, under Maven). */
    String DEFAULT_DIR = Recordings.DEFAULT_DIR;

    /**
     * {@code off}, {@code replay}, {@code record-missing} or {@code record}. Key {@value #MODE_KEY}.
     *
     * @return the mode, or empty for the configured one
     */
    String mode() default DEFAULT;

    /**
     * The folder of the recordings files, absolute or relative to the working directory; the file is
     * {@code <dir>/<fully.qualified.ClassName>.json}. Key {@value #DIR_KEY}, default {@value #DEFAULT_DIR}.
     *
     * @return the folder, or empty for the configured one
     */
    String dir() default DEFAULT;

    /**
     * One recordings file for the annotated tests instead of the class's own, absolute or relative to the working
     * directory, e.g. {@code src/test/resources/llm-recordings/shared-judge.json}. Takes precedence over
     * {@link #dir()}. Annotation only: there is no configuration key, as one file for a whole run would mix classes.
     * Several classes may name one file, also when they run in parallel or in forked JVMs; such a file is never
     * pruned.
     *
     * @return the file, or empty for the class's own
     */
    String file() default DEFAULT;
}
