package dev.llmassert.core.record.internal;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Every user-facing message about recordings: what happened, where, and the fix. */
@API(status = INTERNAL, since = "0.1")
public final class RecordingMessages {

    private static final String NL = System.lineSeparator();
    private static final String RECORD_COMMAND = "-D" + ConfigKeys.RECORDINGS_MODE + "=record-missing";

    private RecordingMessages() {}

    public static String cannotParse(Path file, String parserError) {
        return "The recordings file cannot be parsed: " + file + NL
                + "  " + parserError + NL
                + "It was left unchanged, and nothing is written to it until it loads." + NL
                + "Fix: repair the JSON (look for a merge-conflict marker or a hand edit), or delete the file and "
                + "record again with " + RECORD_COMMAND + ".";
    }

    public static String cannotRead(Path file, String error) {
        return "The recordings file cannot be read: " + file + NL
                + "  " + error + NL
                + "Fix: make the file readable by the user running the tests.";
    }

    public static String invalid(Path file, String where, String problem) {
        return "The recordings file is not valid: " + file + NL
                + "  at " + where + ": " + problem + NL
                + "It was left unchanged, and nothing is written to it until it loads." + NL
                + "Fix: correct that part by hand (the layout is {\"format\": 1, \"entries\": [{\"key\", \"model\", "
                + "\"request\", \"responses\": [{\"text\", ...}]}]}), or delete the file and record again with "
                + RECORD_COMMAND + ".";
    }

    public static String unsupportedFormat(Path file, String format) {
        return "The recordings file has format " + format + ", which this version of llm-assert cannot read: " + file
                + NL + "It was left unchanged." + NL
                + "Fix: use the llm-assert version that wrote it, or record again with " + RECORD_COMMAND
                + " after deleting the file.";
    }

    public static String keyMismatch(Path file, int index, String written, String computed) {
        return "The recordings file has an entry whose key does not match its request: " + file + NL
                + "  entries[" + index + "] says \"key\": \"" + written + "\"" + NL
                + "  but its \"request\" gives " + computed + NL
                + "The request was probably edited by hand; a stale key would never be replayed." + NL
                + "Fix: delete that entry's \"key\" line (a missing key is computed from the request), or rewrite "
                + "the keys with dev.llmassert.core.record.RecordingKeys.rewriteKeys(path) for " + file;
    }

    public static String duplicateKey(Path file, int first, int second, String key) {
        return "The recordings file has two entries for the same request: " + file + NL
                + "  entries[" + first + "] and entries[" + second + "] both have key " + key + NL
                + "Fix: keep one of them; to replay a request several times, list its replies in order under "
                + "\"responses\" of a single entry.";
    }

    public static String folderNotWritable(Path folder, Path file, String mode, String error) {
        return "Cannot write recordings" + (mode == null ? "" : " in mode " + mode) + ": the folder is not writable: "
                + folder + NL
                + "  while writing " + file.getFileName() + (error == null ? "" : " (" + error + ")") + NL
                + "Fix: make the folder writable, point " + ConfigKeys.RECORDINGS_DIR
                + " at a writable folder, or run with -D" + ConfigKeys.RECORDINGS_MODE
                + "=replay to use the existing recordings without writing.";
    }

    public static String cannotWrite(Path file, String error) {
        return "Cannot write the recordings file: " + file + NL
                + "  " + error + NL
                + "The previous content is unchanged (writes go to a temporary file that is then renamed)." + NL
                + "Fix: check free disk space and the permissions of the file and its folder.";
    }

    public static String miss(
            String key, String testName, Path file, String summary, String nearest, List<String> differences) {
        StringBuilder message = new StringBuilder()
                .append("No recording for this request (mode replay, so the model was not called).")
                .append(NL)
                .append("  test:    ")
                .append(testName)
                .append(NL)
                .append("  file:    ")
                .append(file)
                .append(NL)
                .append("  key:     ")
                .append(key)
                .append(NL)
                .append("  request: ")
                .append(summary)
                .append(NL);
        if (nearest == null) {
            message.append("The file has no recorded requests")
                    .append(file.toFile().exists() ? "." : " (it does not exist).")
                    .append(NL);
        } else {
            message.append("Nearest recorded request (key ")
                    .append(nearest)
                    .append("):")
                    .append(NL);
            for (String difference : differences) {
                message.append("  - ").append(difference).append(NL);
            }
        }
        return message.append(howToRecord(file)).toString();
    }

    public static String sequenceExhausted(
            String key, String testName, Path file, String summary, int recorded, int call) {
        return "No recording for call " + call + " of this request (mode replay, so the model was not called)." + NL
                + "  test:    " + testName + NL
                + "  file:    " + file + NL
                + "  key:     " + key + NL
                + "  request: " + summary + NL
                + "The request is recorded " + recorded + (recorded == 1 ? " time" : " times")
                + "; each test replays the recorded replies in order, once each, and this test made it "
                + call + " times." + NL
                + howToRecord(file);
    }

    private static String howToRecord(Path file) {
        return "Fix: if the change is intended, record it: run the test with " + RECORD_COMMAND
                + " (or the environment variable " + ConfigKeys.environmentVariable(ConfigKeys.RECORDINGS_MODE)
                + "=record-missing) and the judge's API key set, then commit " + file.getFileName() + ".";
    }

    public static String keysNotRewritten(Object absolute, IOException e) {
        return "Cannot rewrite the keys of " + absolute + ": " + e + System.lineSeparator()
                + "The file is unchanged. Fix: make the file and its folder readable "
                + "and writable by the user running the command.";
    }

    public static String sessionClosed(String testName) {
        return "The recording session of " + testName + " is closed; a model wrapped "
                + "for one test was used after it ended. Fix: wrap the model again in the test that uses it.";
    }

    /** A recordings file that another JVM could write at the same moment: a warning, the write goes on. */
    static String noCrossProcessLock(Path file, Exception e) {
        return "No cross-process lock for " + file + " (" + e + "). Tests in this JVM still write it one at a time, "
                + "but a test run in another JVM (a Maven or Gradle fork) writing the same file at the same moment "
                + "could overwrite its new entries. Fix: keep recordings on a local file system that supports file "
                + "locks, or run the tests that share this file in one JVM.";
    }
}
