package dev.llmassert.core.groundedness;

import dev.llmassert.core.text.SentenceSplitter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints the throughput of sentence splitting and of the local judge (the default, with its entailment model; without
 * it, the judge of earlier versions, as the baseline; and lexical only) on support-manual style text, after a warm-up.
 * A benchmark, not a test: it asserts nothing.
 *
 * <p>From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.LocalJudgeBenchmark -Dexec.classpathScope=test
 * </pre>
 */
public final class LocalJudgeBenchmark {

    private static final String[] SUBJECTS = {
        "The X200 router",
        "The mesh satellite",
        "The mobile app",
        "The guest network",
        "The firmware updater",
        "The parental-control schedule",
        "Phone support",
        "The warranty service"
    };
    private static final String[] CLAIMS = {
        "restarts with its factory settings after the reset button is held for " + "ten seconds",
        "keeps a log of the last 200 connections",
        "can be paused from the Devices tab",
        "is switched off by default and must be enabled in Settings",
        "installs updates overnight between 2 and " + "4 a.m.",
        "does not work when the device is in airplane mode",
        "covers hardware faults for two years " + "from the date of purchase",
        "sends a notification when a new device joins the network"
    };

    public static void main(String[] args) {
        List<String> sourceSentences = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sourceSentences.add(SUBJECTS[i % SUBJECTS.length] + " " + CLAIMS[(i * 3) % CLAIMS.length]
                    + (i % 5 == 0 ? ", according to the manual of model " + (100 + i) : "") + ".");
        }
        String source = String.join(" ", sourceSentences);
        List<String> responses = new ArrayList<>();
        for (int r = 0; r < 50; r++) {
            StringBuilder answer = new StringBuilder();
            for (int s = 0; s < 16; s++) {
                int i = (r * 7 + s * 13) % sourceSentences.size();
                String sentence = sourceSentences.get(i);
                // Half the sentences are reworded, a few carry an invented figure, as real answers do.
                if (s % 2 == 1) {
                    sentence = "According to the manual, " + Character.toLowerCase(sentence.charAt(0))
                            + sentence.substring(1);
                }
                if (s % 8 == 3) {
                    sentence = sentence.replace(".", " within " + (r + 3) + " minutes.");
                }
                answer.append(sentence).append(' ');
            }
            responses.add(answer.toString());
        }

        SentenceSplitter splitter = SentenceSplitter.english();
        System.out.printf(
                Locale.ROOT,
                "processors: %d, java %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        measureSplitting(splitter, source, 5);

        LocalGroundednessJudge embedded = LocalGroundednessJudge.create();
        LocalGroundednessJudge baseline = LocalGroundednessJudge.create(false);
        LocalGroundednessJudge lexical =
                LocalGroundednessJudge.builder().withoutEmbeddings().build();
        measureJudge(lexical, responses, source);
        measureJudge(baseline, responses, source);
        measureJudge(embedded, responses, source);
        // A fresh judge has an empty embedding cache: every source and response sentence is embedded once, the cost
        // a suite pays on its first judgement of each text (the JVM is warm by now). The entailment model's results
        // are kept per JVM, so each judge below reads new texts: the answers are made unique per run.
        measureJudge(LocalGroundednessJudge.create(false), responses, source, 0);
        measureJudge(LocalGroundednessJudge.create(), unique(responses, "as described"), source, 0);

        // Each answer against its own source: a short retrieved chunk, and a page of about 3,000 characters.
        for (int chars : new int[] {300, 3_000}) {
            List<String> sources = new ArrayList<>();
            List<String> answers = new ArrayList<>();
            for (int r = 0; r < 100; r++) {
                StringBuilder own = new StringBuilder();
                StringBuilder answer = new StringBuilder();
                for (int k = 0; own.length() < chars; k++) {
                    String sentence = sourceSentences.get((r * 7 + k) % sourceSentences.size());
                    own.append(sentence).append(' ');
                    if (k < 4) {
                        answer.append(
                                        k % 2 == 1
                                                ? "According to the manual, "
                                                        + Character.toLowerCase(sentence.charAt(0))
                                                        + sentence.substring(1)
                                                : sentence)
                                .append(' ');
                    }
                }
                sources.add(own.toString());
                answers.add(answer.toString());
            }
            measureOwnSources(LocalGroundednessJudge.create(false), answers, sources, chars, 0);
            measureOwnSources(baseline, answers, sources, chars, 2);
            measureOwnSources(
                    LocalGroundednessJudge.create(),
                    unique(answers, chars < 1_000 ? "as noted" : "as stated"),
                    sources,
                    chars,
                    0);
            measureOwnSources(embedded, answers, sources, chars, 2);
        }
    }

    /**
     * The answers with each sentence marked as new ("..., as noted."), so that no result the entailment model
     * keeps from an earlier measurement serves them: a measurement of the model's work, not of its memory.
     */
    private static List<String> unique(List<String> answers, String mark) {
        return answers.stream()
                .map(a -> a.replace(". ", ", " + mark + ". ").replaceAll("\\.\\s*$", ", " + mark + "."))
                .toList();
    }

    private static void measureOwnSources(
            LocalGroundednessJudge judge, List<String> answers, List<String> sources, int chars, int warmUpRounds) {
        for (int round = 0; round < warmUpRounds; round++) {
            for (int i = 0; i < answers.size(); i++) {
                judge.judge(answers.get(i), sources.get(i));
            }
        }
        long sentences = 0;
        long start = System.nanoTime();
        for (int i = 0; i < answers.size(); i++) {
            sentences += judge.judge(answers.get(i), sources.get(i)).sentences().size();
        }
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%s judge, each answer against its own %,d-character source%s: %.0f response "
                        + "sentences/s (%d answers in %.2f s)%n",
                judge.name(),
                chars,
                warmUpRounds == 0 ? " (fresh judge, every text new to it)" : " (warm)",
                sentences / s,
                answers.size(),
                s);
    }

    private static void measureSplitting(SentenceSplitter splitter, String text, int seconds) {
        for (int i = 0; i < 50; i++) {
            splitter.split(text);
        }
        long sentences = 0;
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            sentences += splitter.split(text).size();
        }
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "sentence splitting: %.0f sentences/s (%d sentences in %.1f s)%n",
                sentences / s,
                sentences,
                s);
    }

    private static void measureJudge(LocalGroundednessJudge judge, List<String> responses, String source) {
        measureJudge(judge, responses, source, 2);
    }

    private static void measureJudge(
            LocalGroundednessJudge judge, List<String> responses, String source, int warmUpRounds) {
        for (int round = 0; round < warmUpRounds; round++) {
            for (String response : responses) {
                judge.judge(response, source);
            }
        }
        long sentences = 0;
        double scoreSum = 0;
        long start = System.nanoTime();
        for (String response : responses) {
            GroundednessVerdict verdict = judge.judge(response, source);
            sentences += verdict.sentences().size();
            scoreSum += verdict.score();
        }
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%s judge%s: %.0f response sentences/s (%d answers of 16 sentences against a "
                        + "%d-character source in %.2f s, mean score %.2f)%n",
                judge.name(),
                warmUpRounds == 0
                        ? " (fresh judge, every text new to it)"
                        : judge.usesEmbeddings() ? " (every sentence already embedded)" : "",
                sentences / s,
                responses.size(),
                source.length(),
                s,
                scoreSum / responses.size());
    }
}
