package dev.llmassert.junit.internal.mutation;

import dev.llmassert.junit.internal.report.MutationsEntry;
import dev.llmassert.junit.internal.report.MutationsEntry.JudgeScore;
import dev.llmassert.junit.internal.report.MutationsEntry.LeftOut;
import dev.llmassert.junit.internal.report.MutationsEntry.Result;
import dev.llmassert.junit.internal.report.MutationsEntry.Score;
import dev.llmassert.junit.internal.report.MutationsEntry.TestOutcome;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The mutation check's console summary, as PIT prints its statistics: the score, then per class, per operator and
 * per judge, then every surviving mutant with its test, its diff and the checks that still passed, then the mutants
 * that were not replayable or erred, each with its cause, and the tests left out.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutationConsole {

    private MutationConsole() {}

    public static String summary(MutationsEntry m, Path html) {
        StringBuilder out = new StringBuilder();
        line(
                out,
                String.format(
                        Locale.ROOT,
                        "llm-assert mutation check (seed %d, operators %s, at most %d per answer, mutants replayed):",
                        m.seed(),
                        m.operators().size() == 8 ? "all" : String.join(",", m.operators()),
                        m.maxPerAnswer()));
        line(
                out,
                String.format(
                        Locale.ROOT,
                        "  %d answers and %d tool results read by %d of %d tests%s; %d mutants: %d killed,"
                                + " %d survived, %d need a judge, %d need the application's model, %d not"
                                + " replayable, %d errored; score %s",
                        m.answers(),
                        m.toolResults(),
                        m.testsRead(),
                        m.testsRun(),
                        m.leftOut().isEmpty()
                                ? ""
                                : " (" + m.leftOut().size() + " left out: "
                                        + (m.leftOut().size() == 1 ? "it fails" : "they fail") + " without mutants)",
                        m.mutants(),
                        m.killed(),
                        m.survived(),
                        m.needsJudge(),
                        m.needsApplication(),
                        m.notReplayable(),
                        m.errored(),
                        score(m.score(), m.killed(), m.killed() + m.survived())));
        line(
                out,
                String.format(
                        Locale.ROOT,
                        "  %d at once: %.1f s wall for %.1f s of mutant runs (%.2fx)",
                        m.threads(),
                        m.wallMillis() / 1000.0,
                        m.runsMillis() / 1000.0,
                        m.wallMillis() == 0 ? 0.0 : m.runsMillis() / (double) m.wallMillis()));
        table(out, "test class", m.byClass());
        table(out, "operator", m.byOperator());
        if (!m.byJudge().isEmpty()) {
            line(out, "");
            line(
                    out,
                    String.format(
                            Locale.ROOT,
                            "  %-36s %7s %7s %6s  %s",
                            "judge",
                            "judged",
                            "caught",
                            "share",
                            "per operator (caught of judged)"));
            for (JudgeScore judge : m.byJudge()) {
                line(
                        out,
                        String.format(
                                Locale.ROOT,
                                "  %-36s %7d %7d %6s  %s",
                                judge.judge(),
                                judge.judged(),
                                judge.caught(),
                                share(judge.score()),
                                judge.byOperator().stream()
                                        .map(o -> o.judge() + " " + o.caught() + "/" + o.judged())
                                        .collect(Collectors.joining(", "))));
            }
        }
        List<Result> survived = m.results().stream()
                .filter(r -> r.status().equals(MutantVerdicts.SURVIVED))
                .toList();
        line(out, "");
        line(out, "  Survived (" + survived.size() + "):");
        survived.forEach(r -> mutant(out, r));
        for (String status : List.of(MutantVerdicts.NOT_REPLAYABLE, MutantVerdicts.ERRORED)) {
            List<Result> some =
                    m.results().stream().filter(r -> r.status().equals(status)).toList();
            if (!some.isEmpty()) {
                line(
                        out,
                        "  " + (status.equals(MutantVerdicts.ERRORED) ? "Errored" : "Not replayable") + " ("
                                + some.size() + "):");
                some.forEach(r -> mutant(out, r));
            }
        }
        if (!m.leftOut().isEmpty()) {
            line(out, "  Left out, as they fail without mutants (" + m.leftOut().size() + "):");
            for (LeftOut test : m.leftOut()) {
                line(out, "    " + simpleName(test.className()) + "." + test.displayName() + ": " + test.reason());
            }
        }
        out.append("  report: ").append(html.toString().replace('\\', '/'));
        return out.toString();
    }

    private static void mutant(StringBuilder out, Result r) {
        String tests = r.tests().stream()
                .map(t -> simpleName(t.className()) + "." + t.displayName())
                .collect(Collectors.joining(", "));
        line(
                out,
                "    " + r.id() + " " + r.operator() + (r.possiblyEquivalent() ? " (possibly equivalent)" : "") + " in "
                        + tests + ": " + r.change());
        line(out, "      - " + r.diff().before() + r.diff().removed() + r.diff().after());
        line(out, "      + " + r.diff().before() + r.diff().added() + r.diff().after());
        for (TestOutcome test : r.tests()) {
            for (String check : test.passedChecks()) {
                line(out, "      still passed: " + check);
            }
            if (test.followedCalls() > 0) {
                line(
                        out,
                        "      after the change: " + test.followedCalls() + " later call"
                                + (test.followedCalls() == 1 ? "" : "s") + " replayed as recorded");
            }
            if (test.detail() != null && !test.outcome().equals(MutantVerdicts.KILLED)) {
                line(out, "      " + test.outcome() + ": " + test.detail());
            }
        }
    }

    private static void table(StringBuilder out, String what, List<Score> scores) {
        line(out, "");
        line(
                out,
                String.format(
                        Locale.ROOT,
                        "  %-36s %7s %7s %8s %6s %6s %7s %7s %6s",
                        what,
                        "mutants",
                        "killed",
                        "survived",
                        "judge?",
                        "app?",
                        "replay?",
                        "errored",
                        "score"));
        for (Score s : scores) {
            line(
                    out,
                    String.format(
                            Locale.ROOT,
                            "  %-36s %7d %7d %8d %6d %6d %7d %7d %6s",
                            s.name(),
                            s.mutants(),
                            s.killed(),
                            s.survived(),
                            s.needsJudge(),
                            s.needsApplication(),
                            s.notReplayable(),
                            s.errored(),
                            share(s.score())));
        }
    }

    static String score(Double score, int killed, int withVerdict) {
        return score == null
                ? "none (no mutant has a verdict)"
                : share(score) + " (" + killed + " of " + withVerdict + ")";
    }

    private static String share(Double score) {
        return score == null ? "-" : String.format(Locale.ROOT, "%.2f", score);
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static void line(StringBuilder out, String text) {
        out.append(text).append(System.lineSeparator());
    }
}
