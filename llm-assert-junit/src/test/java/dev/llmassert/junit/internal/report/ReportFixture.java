package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A hand-built run report (format 1) for the page's tests: seven checks in three classes (two failed, two near
 * the bar, two live, one of them on a model without a price) and one evaluation with groups. Its run figures are
 * the sums of its checks. Two responses are HTML meant to run script if it were ever taken as markup.
 */
final class ReportFixture {

    /** A response that would close the data's script element and open one of its own. */
    static final String SCRIPT_RESPONSE = "</script><script>alert(1)</script>";
    /** A response whose image would set {@code window.__xss} if it were ever parsed as HTML. */
    static final String IMAGE_RESPONSE = "Sure! <img src=x onerror=\"window.__xss=1\"> <!-- and & and \u2028 end";

    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private ReportFixture() {}

    static ObjectNode report() {
        ObjectNode report = MAPPER.createObjectNode();
        report.put("format", 1);
        report.put("generatedAt", "2026-11-23T14:00:00Z");

        ObjectNode run = report.putObject("run");
        run.put("wallMillis", 41234);
        run.put("judgeMillis", 1200);
        run.put("checks", 7);
        run.put("failed", 2);
        run.put("nearTheBar", 2);
        run.put("replayed", 5);
        run.put("live", 2);
        run.putObject("tokens").put("input", 10000).put("output", 2400);
        ObjectNode cost = run.putObject("cost");
        cost.put("now", 0.004);
        cost.put("recorded", 0.011);
        cost.put("currency", "USD");
        cost.putArray("unpricedModels").add("ollama:llama3.1");
        run.put("evaluations", 1);

        report.putObject("prices")
                .put("source", "llm-assert default price table")
                .put("asOf", "2025-06-01")
                .put("nearTheBarMargin", 0.05);

        ArrayNode checks = report.putArray("checks");
        ObjectNode grounded = check(
                checks,
                1,
                "com.example.BotTest",
                "answers()",
                "BotTest.java:42",
                "groundedness",
                false,
                0.67,
                0.7,
                "score >= 0.70",
                true,
                "openai:gpt-4o-mini",
                true,
                2000,
                400,
                15,
                0.0,
                0.0018);
        grounded.put("response", "The warranty lasts two years. It covers water damage.");
        ArrayNode sentences = grounded.putArray("sentences");
        sentences
                .addObject()
                .put("sentence", "The warranty lasts two years.")
                .put("score", 0.92)
                .put("evidence", "Warranty: 24 months from purchase.");
        sentences
                .addObject()
                .put("sentence", "It covers water damage.")
                .put("score", 0.30)
                .put("evidence", "Water damage is excluded.");

        ObjectNode script = check(
                checks,
                2,
                "com.example.BotTest",
                "refusesScripts()",
                "BotTest.java:57",
                "groundedness",
                true,
                0.95,
                0.7,
                "score >= 0.70",
                false,
                "openai:gpt-4o-mini",
                true,
                1500,
                300,
                12,
                0.0,
                0.0014);
        script.put("response", SCRIPT_RESPONSE);

        ObjectNode image = check(
                checks,
                3,
                "com.example.BotTest",
                "greets()",
                "BotTest.java:71",
                "criteria",
                true,
                0.9,
                0.75,
                "score >= 0.75",
                false,
                "openai:gpt-4o-mini",
                true,
                1200,
                250,
                11,
                0.0,
                0.0011);
        image.put("response", IMAGE_RESPONSE);
        image.put("criteria", "politeness")
                .put("explanation", "Greets the user & offers help.")
                .put("feedback", "<b>Fine</b>");

        ObjectNode option = check(
                checks,
                4,
                "com.example.StyleTest",
                "isConcise()",
                "StyleTest.java:20",
                "criteria",
                false,
                null,
                null,
                "option \"Concise\"",
                false,
                "openai:gpt-4o-mini",
                true,
                1300,
                350,
                14,
                0.0,
                0.0016);
        option.put("response", "Well, to put it at some length, the answer is yes.");
        option.put("criteria", "conciseness")
                .put("option", "Verbose")
                .put("explanation", "Three clauses for a yes.")
                .put("feedback", "Answer in one sentence.");

        ObjectNode every = check(
                checks,
                5,
                "com.example.StyleTest",
                "everySentenceGrounded()",
                "StyleTest.java:33",
                "groundedness.every-sentence",
                true,
                0.74,
                0.7,
                "every sentence >= 0.70",
                true,
                "openai:gpt-4o-mini",
                true,
                1000,
                200,
                13,
                0.0,
                0.0011);
        every.put("response", "Returns take 30 days. Refunds go to the card.");
        ArrayNode everySentences = every.putArray("sentences");
        everySentences
                .addObject()
                .put("sentence", "Returns take 30 days.")
                .put("score", 0.74)
                .put("evidence", "Returns: within 30 days.");
        everySentences
                .addObject()
                .put("sentence", "Refunds go to the card.")
                .put("score", 0.81)
                .put("evidence", "Refunds are paid to the original card.");

        check(
                checks,
                6,
                "com.example.PairTest",
                "prefersShortAnswer()",
                "PairTest.java:18",
                "pairwise",
                true,
                0.8,
                0.5,
                "win rate >= 0.50",
                false,
                "openai:gpt-4o-mini",
                false,
                2000,
                600,
                820,
                0.004,
                0.004);

        ObjectNode unpriced = check(
                checks,
                7,
                "com.example.PairTest",
                "localJudge()",
                "PairTest.java:30",
                "criteria",
                true,
                0.88,
                0.6,
                "score >= 0.60",
                false,
                "ollama:llama3.1",
                false,
                1000,
                300,
                380,
                null,
                null);
        unpriced.put("response", "A short answer.");

        ArrayNode evaluations = report.putArray("evaluations");
        ObjectNode evaluation = evaluations.addObject();
        evaluation.put("testId", "[engine:junit-jupiter]/[class:com.example.EvalTest]/[method:supportQuestions()]");
        evaluation.put("className", "com.example.EvalTest");
        evaluation.put("displayName", "supportQuestions(Evaluator, DirectJudge)");
        evaluation.put("test", "SupportQuestions");
        evaluation.put("systemUnderTest", "nimbus-support-assistant");
        evaluation.put("record", "target/llm-assert/evaluations/SupportQuestions.json");
        evaluation.put("items", 32);
        evaluation.put("errors", 0);
        evaluation.put("recordings", "replay src/test/resources/llm-recordings/EvalTest.json");
        measurement(evaluation.putObject("measurements"), "grounded.passed", 32, 0.375, 0.229, 0.547);
        ArrayNode groups = evaluation.putArray("groups");
        group(groups, "topic=firmware", 4, 0.5, 0.15, 0.85);
        group(groups, "topic=billing", 12, 0.25, 0.089, 0.532);
        group(groups, "topic=returns", 16, 0.4375, 0.231, 0.668);
        return report;
    }

    private static ObjectNode check(
            ArrayNode checks,
            int id,
            String className,
            String displayName,
            String source,
            String kind,
            boolean passed,
            Double score,
            Double minimum,
            String expected,
            boolean nearTheBar,
            String judge,
            boolean replayed,
            int input,
            int output,
            int latencyMillis,
            Double costNow,
            Double costRecorded) {
        ObjectNode check = checks.addObject();
        check.put("id", id);
        check.put("testId", "[engine:junit-jupiter]/[class:" + className + "]/[method:" + displayName + "]");
        check.put("className", className);
        check.put("displayName", displayName);
        check.put("source", source);
        check.put("kind", kind);
        check.put("passed", passed);
        check.put("score", score);
        check.put("minimum", minimum);
        check.put("expected", expected);
        check.put("nearTheBar", nearTheBar);
        check.put("judge", judge);
        check.put("replayed", replayed);
        check.putObject("tokens").put("input", input).put("output", output);
        check.put("latencyMillis", latencyMillis);
        ObjectNode cost = check.putObject("cost");
        cost.put("now", costNow);
        cost.put("recorded", costRecorded);
        cost.put("priceKnown", costNow != null);
        return check;
    }

    private static void measurement(
            ObjectNode measurements, String name, int n, double mean, double lower, double upper) {
        measurements
                .putObject(name)
                .put("n", n)
                .put("mean", mean)
                .put("lower", lower)
                .put("upper", upper)
                .put("method", "wilson");
    }

    private static void group(ArrayNode groups, String label, int items, double mean, double lower, double upper) {
        ObjectNode group = groups.addObject();
        group.put("label", label);
        group.put("items", items);
        measurement(group.putObject("measurements"), "grounded.passed", items, mean, lower, upper);
    }
}
