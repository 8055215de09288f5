package dev.llmassert.core.groundedness;

import dev.llmassert.core.text.SentenceSplitter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Prints the throughput of sentence splitting and of the local judge (the default, with its entailment model; without
 * it, the judge of earlier versions, as the baseline; and lexical only) on support-manual style text, after a warm-up.
 * "Fresh" measurements read texts that nothing in the JVM has read (a new judge, and a manual whose every sentence
 * is new: the entailment model's memory of pairs is shared by the JVM); "warm" ones read the same texts again. A
 * benchmark, not a test: it asserts nothing.
 *
 * <p>From the repository root:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java \
 *     -Dexec.mainClass=dev.llmassert.core.groundedness.LocalJudgeBenchmark -Dexec.classpathScope=test
 * </pre>
 */
public final class LocalJudgeBenchmark {

    private static final String[] SUBJECTS = {
        "The router",
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

    private static final Pattern KIT =
            Pattern.compile("(According to the manual, )?(\\p{L}[\\p{L} -]*?) of kit (K\\d+) ");

    public static void main(String[] args) {
        SentenceSplitter splitter = SentenceSplitter.english();
        System.out.printf(
                Locale.ROOT,
                "processors: %d, java %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        List<String> manual = manual(0, 200);
        String source = String.join(" ", manual);
        measureSplitting(splitter, source, 5);

        LocalGroundednessJudge embedded = LocalGroundednessJudge.create();
        LocalGroundednessJudge baseline = LocalGroundednessJudge.create(false);
        LocalGroundednessJudge lexical =
                LocalGroundednessJudge.builder().withoutEmbeddings().build();
        List<String> responses = answers(manual);
        measureJudge(lexical, responses, source);
        measureJudge(baseline, responses, source);
        measureJudge(embedded, responses, source);
        // A fresh judge has an empty embedding cache, and the entailment model's memory of pairs is shared by every
        // judge of the JVM: each fresh measurement below reads a manual of its own (every sentence names its own kit),
        // so that no text, embedding or pair is served from an earlier measurement or from the same one. It is the
        // cost a suite pays on the first judgement of each text (the JVM is warm by now).
        List<String> other = manual(1, 200);
        measureJudge(LocalGroundednessJudge.create(false), answers(other), String.join(" ", other), 0);
        other = manual(2, 200);
        measureJudge(LocalGroundednessJudge.create(), answers(other), String.join(" ", other), 0);

        // Each answer against its own source: a short retrieved chunk, and a page of about 3,000 characters.
        int series = 3;
        for (int chars : new int[] {300, 3_000}) {
            for (LocalGroundednessJudge judge : List.of(baseline, embedded)) {
                List<String> sources = new ArrayList<>();
                List<String> answers = new ArrayList<>();
                ownSources(manual(series++, 5_000), chars, sources, answers);
                LocalGroundednessJudge fresh = LocalGroundednessJudge.create(judge.usesEntailment());
                measureOwnSources(fresh, answers, sources, chars, "fresh judge, every text new to it");
                // Other answers against the same sources, worded their own way ("On kit K30012, the router ..."): the
                // sources are known, every answer sentence is new. The cost of one more answer in a suite that judges
                // many against the same documents.
                List<String> reworded =
                        answers.stream().map(LocalJudgeBenchmark::reworded).toList();
                measureOwnSources(fresh, reworded, sources, chars, "sources known, answers new");
                // The same answers again: every embedding and every pair is remembered.
                measureOwnSources(fresh, answers, sources, chars, "warm: the same texts again");
            }
        }
    }

    /**
     * A manual of {@code n} sentences, each naming a kit of its own series, so that no two manuals and no two
     * sentences share a sentence.
     */
    private static List<String> manual(int series, int n) {
        List<String> sentences = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sentences.add(SUBJECTS[i % SUBJECTS.length] + " of kit K" + (series * 10_000 + i) + " "
                    + CLAIMS[(i * 3) % CLAIMS.length]
                    + (i % 5 == 0 ? ", according to the manual of model " + (100 + i) : "") + ".");
        }
        return sentences;
    }

    /** 50 answers of 16 sentences of the manual: half reworded, a few with an invented figure, as real answers. */
    private static List<String> answers(List<String> manual) {
        List<String> responses = new ArrayList<>();
        for (int r = 0; r < 50; r++) {
            StringBuilder answer = new StringBuilder();
            for (int s = 0; s < 16; s++) {
                String sentence = manual.get((r * 7 + s * 13) % manual.size());
                if (s % 2 == 1) {
                    sentence = "According to the manual, " + Character.toLowerCase(sentence.charAt(0))
                            + sentence.substring(1);
                }
                if (s % 8 == 3) {
                    sentence = sentence.substring(0, sentence.length() - 1) + " within " + (r + 3) + " minutes.";
                }
                answer.append(sentence).append(' ');
            }
            responses.add(answer.toString());
        }
        return responses;
    }

    /** 100 sources of about {@code chars} characters from the manual, each with an answer of four of its sentences. */
    private static void ownSources(List<String> manual, int chars, List<String> sources, List<String> answers) {
        int at = 0;
        for (int r = 0; r < 100; r++) {
            StringBuilder own = new StringBuilder();
            StringBuilder answer = new StringBuilder();
            for (int k = 0; own.length() < chars; k++) {
                String sentence = manual.get(at++ % manual.size());
                own.append(sentence).append(' ');
                if (k < 4) {
                    answer.append(
                                    k % 2 == 1
                                            ? "According to the manual, " + Character.toLowerCase(sentence.charAt(0))
                                                    + sentence.substring(1)
                                            : sentence)
                            .append(' ');
                }
            }
            sources.add(own.toString());
            answers.add(answer.toString());
        }
    }

    /**
     * An answer said another way: "On kit K30012, the router restarts ..." for "The router of kit K30012 restarts
     * ...", without "According to the manual".
     */
    private static String reworded(String answer) {
        return KIT.matcher(answer)
                .replaceAll(m -> "On kit " + m.group(3) + ", "
                        + Character.toLowerCase(m.group(2).charAt(0))
                        + m.group(2).substring(1) + " ");
    }

    private static void measureOwnSources(
            LocalGroundednessJudge judge, List<String> answers, List<String> sources, int chars, String what) {
        long sentences = 0;
        double scoreSum = 0;
        long start = System.nanoTime();
        for (int i = 0; i < answers.size(); i++) {
            GroundednessVerdict verdict = judge.judge(answers.get(i), sources.get(i));
            sentences += verdict.sentences().size();
            scoreSum += verdict.score();
        }
        double s = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%s judge, each answer against its own %,d-character source (%s): %.0f response "
                        + "sentences/s (%d answers in %.2f s, mean score %.2f)%n",
                judge.name(),
                chars,
                what,
                sentences / s,
                answers.size(),
                s,
                scoreSum / answers.size());
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
