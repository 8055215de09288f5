package dev.llmassert.core.run.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;

/** Every message of the runner that says what went wrong with a pool or a record and how to fix it, in one place. */
final class RunMessages {

    private RunMessages() {}

    static String notWritten(RunRecords.Kind kind, Path file, IOException e) {
        return "Could not write the " + kind.noun() + " record " + file.toAbsolutePath() + ": " + e.getMessage()
                + ". Fix: make the folder writable (llmassert.report.dir moves it).";
    }

    static String noRecord(RunRecords.Kind kind, Path file) {
        return "There is no " + kind.noun() + " record at " + file.toAbsolutePath() + " (working directory "
                + Path.of("").toAbsolutePath() + "). Fix: run the " + kind.noun()
                + " once and commit its record from target/llm-assert/" + kind.folder() + "/" + kind.committedAs()
                + ", or correct the path.";
    }

    static String notJson(RunRecords.Kind kind, Path file, JsonProcessingException e) {
        return "The " + kind.noun() + " record " + file.toAbsolutePath() + " is not valid JSON, at line "
                + e.getLocation().getLineNr() + ": " + e.getOriginalMessage() + ". Fix: restore it from "
                + "version control, or write it again by running the " + kind.noun() + ".";
    }

    static String notARecord(RunRecords.Kind kind, Path file, JsonNode root) {
        return "The file " + file.toAbsolutePath() + " is not " + kind.article() + " " + kind.noun()
                + " record of format " + kind.format() + " (its \"format\" is "
                + (root == null ? "missing" : root.path("format")) + "). Fix: point at a record from "
                + "target/llm-assert/" + kind.folder() + "/.";
    }

    static String damaged(RunRecords.Kind kind, Path file, String problem) {
        return "The " + kind.noun() + " record " + file.toAbsolutePath() + " is damaged: " + problem + ". Fix: "
                + "restore it from version control, or write it again by running the " + kind.noun() + ".";
    }

    static String noThreads(String owner, int size) {
        return "A pool needs at least one thread, but " + owner + " asked for " + size
                + ". Fix: set llmassert.eval.concurrency or the judge's concurrency to 1 or more.";
    }

    static String closed(String owner, String fix) {
        return owner + " is closed.\nFix: " + fix + ".";
    }
}
