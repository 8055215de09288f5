package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.MutationCheck;
import dev.llmassert.junit.mutation.MutationFixtures;
import dev.llmassert.junit.testing.HandWrittenReplies;
import dev.llmassert.junit.testing.LocalJudgeChecks;
import dev.llmassert.junit.testing.ReportedCalibration;
import dev.llmassert.junit.testing.ReportedChecks;
import dev.llmassert.junit.testing.ReportedConversations;
import dev.llmassert.junit.testing.ReportedCounts;
import dev.llmassert.junit.testing.ReportedRepeats;
import dev.llmassert.junit.testing.UnseparatedCalibration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.Select;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.StreamSupport;
import javax.imageio.ImageIO;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatExceptionOfType;

/**
 * The run report's page in a real browser: Debian's headless Chromium, driven through its own chromedriver by
 * Selenium, with the page opened from the file system as a user would. Run by the {@code browser} profile only:
 * {@code mvn -B -Pbrowser -pl llm-assert-core,llm-assert-junit verify}.
 *
 * <p>The driver and the browser are the system's: Selenium is given chromedriver's path, so Selenium Manager (which
 * would look for, and download, a driver and a browser) is never run; the test proves it from Selenium's own log.
 */
class ReportBrowserIT {

    private static final String CHROMIUM = System.getProperty("browser.chromium", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("browser.chromedriver", "/usr/bin/chromedriver");
    private static final Path OUTPUT = Path.of(System.getProperty("browser.output", "target/llm-assert-browser"));

    /** Held, so that its level and handler stay set while the driver starts (the JDK keeps loggers weakly). */
    private static final Logger DRIVER_FINDER = Logger.getLogger("org.openqa.selenium.remote.service.DriverFinder");

    private static final List<String> DRIVER_FINDER_LOG = new ArrayList<>();
    /**
     * Quiet: the test drives Chromium through chromedriver's own CDP endpoint and uses no Selenium DevTools classes,
     * so it has no selenium-devtools module for this Chromium's version, which this logger warns of.
     */
    private static final Logger CDP_VERSION_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

    private static ChromeDriver driver;
    private static JsonNode report;
    private static String page;

    /**
     * The report the page is drawn from. It must hold at least one failed and one passed check, a check that failed
     * as its test expected, a check whose response is {@link ReportedChecks#SCRIPT_ANSWER} and one whose response is
     * {@link ReportedChecks#IMAGE_ANSWER}, replayed replies a person wrote ({@link HandWrittenReplies}), and an
     * evaluation gate that failed.
     */
    static JsonNode fixtureReport() throws IOException {
        // the report of a real run: the fixture classes through a launcher session with the report listener
        Path dir = OUTPUT.resolve("fixture-run");
        ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8),
                ReportedChecks.class,
                HandWrittenReplies.class,
                ReportedCalibration.class,
                UnseparatedCalibration.class,
                ReportedRepeats.class,
                ReportedConversations.class,
                ReportedCounts.class);
        ObjectNode report = (ObjectNode)
                new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        // and a mutation check's section, from a real check of a recorded application
        Path mutationRun = OUTPUT.resolve("mutation-run");
        MutationCheck.run(MutationFixtures.recorded(mutationRun.resolve("recordings"), mutationRun.resolve("report")));
        report.set(
                "mutations",
                new ObjectMapper()
                        .readTree(mutationRun.resolve("report/report.json").toFile())
                        .path("mutations"));
        return report;
    }

    @BeforeAll
    static void startBrowser() throws IOException {
        for (String binary : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!new File(binary).canExecute()) {
                throw new IllegalStateException(binary + " is not an executable file: install Debian's chromium and"
                        + " chromium-driver (apt-get install chromium chromium-driver), or give their paths with"
                        + " -Dchromium.binary=... -Dchromedriver.binary=...");
            }
        }
        report = fixtureReport();
        Files.createDirectories(OUTPUT);
        Path html = OUTPUT.resolve("report.html");
        Files.writeString(html, ReportHtml.render(report), StandardCharsets.UTF_8);
        page = html.toAbsolutePath().toUri().toString();

        CDP_VERSION_FINDER.setLevel(Level.SEVERE);
        DRIVER_FINDER.setLevel(Level.FINE);
        DRIVER_FINDER.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                DRIVER_FINDER_LOG.add(String.format(
                        record.getMessage(), record.getParameters() == null ? new Object[0] : record.getParameters()));
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });

        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--window-size=1280,900",
                "--force-device-scale-factor=1",
                "--hide-scrollbars");
        // an alert stays open for the test to find, rather than being dismissed by the driver
        options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @BeforeEach
    void openThePage() {
        driver.manage().window().setSize(new Dimension(1280, 900));
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "")); // screen, after the print test
        driver.get(page);
    }

    @AfterEach
    void thePageRanWithoutErrors() {
        // a script error, or anything the page's Content Security Policy refused, is a SEVERE console entry
        List<String> severe = StreamSupport.stream(
                        driver.manage().logs().get(LogType.BROWSER).spliterator(), false)
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
        assertThat(severe).isEmpty();
    }

    @Test
    void seleniumUsedTheSystemsChromedriverAndNeverRanSeleniumManager() {
        assertThat(DRIVER_FINDER_LOG)
                .anySatisfy(message -> assertThat(message)
                        .startsWith("Skipping Selenium Manager")
                        .contains(CHROMEDRIVER));
        assertThat(driver.getCapabilities().getBrowserName()).isEqualTo("chrome");
    }

    @Test
    void summaryShowsTheReportsFigures() {
        JsonNode run = report.get("run");

        assertThat(figure("checks")).isEqualTo(integer(run.get("checks")));
        assertThat(figure("failed")).isEqualTo(integer(run.get("failed")));
        assertThat(run.get("failedAsExpected").asInt())
                .as("the fixture's checks that failed as expected")
                .isPositive();
        assertThat(note("failed"))
                .isEqualTo("and " + integer(run.get("failedAsExpected")) + " failed as the test expected; "
                        + integer(run.get("passedUnexpectedly")) + " passed where the test expected a failure");
        assertThat(figure("near-the-bar")).isEqualTo(integer(run.get("nearTheBar")));
        // one meaning of "near the bar": the chart's legend counts what the card counts
        assertThat(driver.findElement(By.cssSelector(".legend [data-tone=near]"))
                        .getText())
                .isEqualTo("passed, near the bar (" + integer(run.get("nearTheBar")) + ")");
        assertThat(figure("replayed")).isEqualTo(integer(run.get("replayed")));
        assertThat(figure("live")).isEqualTo(integer(run.get("live")));
        assertThat(figure("evaluations")).isEqualTo(integer(run.get("evaluations")));
        assertThat(figure("tokens"))
                .isEqualTo(integer(run.at("/tokens/input")) + " in · " + integer(run.at("/tokens/output")) + " out");
        assertThat(figure("cost-now")).isEqualTo(money(run.at("/cost/now"), run.at("/cost/currency")));
        assertThat(figure("cost-recorded")).isEqualTo(money(run.at("/cost/recorded"), run.at("/cost/currency")));
        for (JsonNode model : run.at("/cost/unpricedModels")) {
            assertThat(note("cost-now")).contains(model.asText(), "price unknown");
        }
        assertThat(driver.findElements(By.cssSelector("tr.check")))
                .hasSize(report.get("checks").size());
        assertThat(driver.getTitle())
                .isEqualTo("llm-assert run report: " + integer(run.get("failed")) + " of " + integer(run.get("checks"))
                        + " checks failed");
        assertThat(driver.findElements(By.cssSelector(".prices"))).hasSize(1);
    }

    @Test
    void failedFilterShowsOnlyTheFailedChecks() {
        List<String> failed = new ArrayList<>();
        report.get("checks").forEach(check -> {
            if (failed(check)) {
                failed.add(check.get("id").asText());
            }
        });
        assertThat(failed)
                .as("failed checks in the fixture")
                .isNotEmpty()
                .hasSizeLessThan(report.get("checks").size());

        driver.findElement(By.cssSelector("label[for=filter-failed]")).click();

        List<WebElement> shown = visibleChecks();
        assertThat(shown)
                .hasSameSizeAs(failed)
                .allSatisfy(
                        row -> assertThat(row.getDomAttribute("data-passed")).isEqualTo("false"));
        assertThat(shown).extracting(row -> row.getDomAttribute("data-check")).containsExactlyElementsOf(failed);
        assertThat(driver.findElement(By.id("shown-count")).getText())
                .isEqualTo("Showing " + failed.size() + " of "
                        + report.get("checks").size() + " checks");

        // and by class: the failed checks of the first failed check's class only
        String className = null;
        for (JsonNode check : report.get("checks")) {
            if (check.get("id").asText().equals(failed.get(0))) {
                className = check.get("className").asText();
            }
        }
        new Select(driver.findElement(By.id("filter-class"))).selectByValue(className);
        List<String> failedOfClass = new ArrayList<>();
        for (JsonNode check : report.get("checks")) {
            if (failed(check) && check.get("className").asText().equals(className)) {
                failedOfClass.add(check.get("id").asText());
            }
        }
        assertThat(failedOfClass).isNotEmpty();
        assertThat(visibleChecks())
                .extracting(row -> row.getDomAttribute("data-check"))
                .containsExactlyElementsOf(failedOfClass);

        driver.findElement(By.cssSelector("label[for=filter-all]")).click();
        new Select(driver.findElement(By.id("filter-class"))).selectByValue("");
        assertThat(visibleChecks()).hasSize(report.get("checks").size());
    }

    @Test
    void aCheckThatFailedAsItsTestExpectedIsShownSoAndNotAmongTheFailed() {
        JsonNode expected = null;
        for (JsonNode check : report.get("checks")) {
            if (check.path("failedAsExpected").asBoolean(false)) {
                expected = check;
            }
        }
        assertThat(expected).as("a check that failed as its test expected").isNotNull();
        WebElement row = driver.findElement(
                By.cssSelector("tr.check[data-check='" + expected.get("id").asText() + "']"));

        assertThat(row.findElement(By.cssSelector(".result-cell")).getText())
                .isEqualTo("✗ failed, as the test expected");
        driver.findElement(By.cssSelector("label[for=filter-expected]")).click();
        assertThat(visibleChecks())
                .extracting(r -> r.getDomAttribute("data-check"))
                .contains(expected.get("id").asText());
        driver.findElement(By.cssSelector("label[for=filter-failed]")).click();
        assertThat(visibleChecks())
                .extracting(r -> r.getDomAttribute("data-check"))
                .doesNotContain(expected.get("id").asText());
    }

    /** One count per idea: each card shows what its filter shows, and both what report.json counts. */
    @Test
    void eachCardCountsTheChecksItsFilterShows() {
        JsonNode run = report.get("run");

        assertThat(figure("failed")).isEqualTo(filterCount("failed")).isEqualTo(integer(run.get("failed")));
        assertThat(figure("live")).isEqualTo(filterCount("live")).isEqualTo(integer(run.get("live")));
        assertThat(figure("replayed")).isEqualTo(filterCount("replayed")).isEqualTo(integer(run.get("replayed")));
        assertThat(figure("near-the-bar")).isEqualTo(filterCount("near"));
        assertThat(note("failed"))
                .isEqualTo("and " + filterCount("expected") + " failed as the test expected; "
                        + filterCount("unexpected") + " passed where the test expected a failure");
        assertThat(filterCount("unexpected"))
                .isEqualTo(integer(run.get("passedUnexpectedly")))
                .isEqualTo("1");
        driver.findElement(By.cssSelector("label[for=filter-live]")).click();
        assertThat(visibleChecks()).hasSize(run.get("live").asInt());
        driver.findElement(By.cssSelector("label[for=filter-all]")).click();
    }

    @Test
    void aFailedRunOfARepeatedTestIsMarkedAndCountedInItsSectionOnly() {
        JsonNode check = onlyCheck(c -> c.path("inRepeatedRun").asBoolean(false)
                && c.path("displayName").asText().equals("repeatedAnswerIsGrounded(TestInfo) run 2 of 5"));
        WebElement row = driver.findElement(
                By.cssSelector("tr.check[data-check='" + check.get("id").asText() + "']"));

        assertThat(row.findElement(By.cssSelector(".result-cell")).getText()).isEqualTo("✗ failed in a repeated run");
        assertThat(row.findElement(By.cssSelector("button.toggle .name")).getText())
                .isEqualTo("repeatedAnswerIsGrounded(TestInfo) run 2 of 5");
        driver.findElement(By.cssSelector("label[for=filter-failed]")).click();
        assertThat(visibleChecks())
                .extracting(r -> r.getDomAttribute("data-check"))
                .doesNotContain(check.get("id").asText());
        driver.findElement(By.cssSelector("label[for=filter-all]")).click();
        assertThat(driver.findElement(By.id("report")).getText()).contains("repeatedAnswerIsGrounded(TestInfo)");
    }

    @Test
    void aParameterizedInvocationIsShownWithItsMethodAndArguments() {
        JsonNode check = onlyCheck(c -> c.path("displayName").asText().startsWith("answerIsGrounded(String) [2]"));

        WebElement row = driver.findElement(
                By.cssSelector("tr.check[data-check='" + check.get("id").asText() + "']"));

        assertThat(row.findElement(By.cssSelector("button.toggle .name")).getText())
                .isEqualTo(check.path("displayName").asText())
                .startsWith("answerIsGrounded(String) [2] ")
                .contains("The warranty lasts five years.");
    }

    @Test
    void aCheckThatPassedWhereItsTestExpectedAFailureIsMarked() {
        JsonNode check = onlyCheck(c -> c.path("passedUnexpectedly").asBoolean(false));
        WebElement row = driver.findElement(
                By.cssSelector("tr.check[data-check='" + check.get("id").asText() + "']"));

        assertThat(row.findElement(By.cssSelector(".result-cell")).getText())
                .isEqualTo("✓ passed, but the test expected a failure");
        assertThat(openDetails(check.get("id").asText()).getText())
                .contains("Result\npassed inside a block that expected a failure: the test failed");
        driver.findElement(By.cssSelector("label[for=filter-unexpected]")).click();
        assertThat(visibleChecks())
                .extracting(r -> r.getDomAttribute("data-check"))
                .containsExactly(check.get("id").asText());
        driver.findElement(By.cssSelector("label[for=filter-all]")).click();
    }

    @Test
    void aFailedEvaluationGateIsListedWithItsFigureAndInterval() {
        JsonNode gate = null;
        for (JsonNode evaluation : report.get("evaluations")) {
            for (JsonNode g : evaluation.path("gates")) {
                if (!g.get("passed").asBoolean()) {
                    gate = g;
                }
            }
        }
        assertThat(gate).as("a failed gate in the fixture report").isNotNull();

        List<WebElement> failedGates = driver.findElements(By.cssSelector("tr.gate[data-passed=false]"));

        assertThat(failedGates).hasSize(1);
        String row = failedGates.get(0).getText();
        assertThat(row)
                .contains(
                        "✗ failed",
                        gate.get("measurement").asText(),
                        gate.get("asked").asText(),
                        String.format(Locale.ROOT, "%.3f", gate.get("figure").asDouble()),
                        String.format(
                                Locale.ROOT,
                                "[%.3f, %.3f]",
                                gate.get("lower").asDouble(),
                                gate.get("upper").asDouble()));
        assertThat(driver.findElements(By.cssSelector("tr.gate[data-passed=true]")))
                .isNotEmpty();
        assertThat(figure("evaluations")).isEqualTo(integer(report.at("/run/evaluations")));
        assertThat(note("evaluations"))
                .isEqualTo(integer(report.at("/run/gates")) + " gates, " + integer(report.at("/run/failedGates"))
                        + " failed");
    }

    @Test
    void aRepeatedTestShowsItsPassRateWithItsIntervalAndEachRunsVerdict() {
        WebElement repeat = driver.findElement(By.cssSelector("section.repeat"));

        assertThat(repeat.getDomAttribute("data-passed")).isEqualTo("false");
        assertThat(repeat.getText())
                .contains("ReportedRepeats · answersNameTheWarrantyTerm(TestInfo)")
                .contains("✗ pass rate too low")
                .contains("3 of 5 runs passed")
                .contains("0.60 [0.23, 0.88] (wilson 95%)")
                .contains("at least 0.80 on the rate");
        assertThat(repeat.findElements(By.cssSelector("li.run")))
                .extracting(WebElement::getText)
                .containsExactly("✓ 1", "✗ 2", "✓ 3", "✗ 4", "✓ 5");
        assertThat(repeat.findElements(By.cssSelector("table.run-failures tbody tr")))
                .hasSize(2)
                .allSatisfy(row -> assertThat(row.getText()).contains("five years"));
        assertThat(report.path("repeats").get(0).path("runs")).hasSize(5);
    }

    @Test
    void theMutationCheckShowsItsScoresAndEachSurvivorWithItsDiffAndTheChecksThatStillPassed() {
        JsonNode mutations = report.path("mutations");
        WebElement section = driver.findElement(By.cssSelector("section.mutations"));

        assertThat(section.findElement(By.cssSelector("[data-field=mutation-score] .value"))
                        .getText())
                .isEqualTo(String.format(
                        Locale.ROOT, "%.2f", mutations.path("score").asDouble()));
        assertThat(section.findElement(By.cssSelector("[data-field=survived] .value"))
                        .getText())
                .isEqualTo(mutations.path("survived").asText());
        WebElement classRow = section.findElement(
                By.cssSelector("table.mutation-scores[data-kind=class] tr[data-name='MutationFixtures$Support']"));
        assertThat(classRow.getText())
                .startsWith(
                        "MutationFixtures$Support " + mutations.path("mutants").asText());
        assertThat(section.findElements(By.cssSelector("table.mutation-scores[data-kind=operator] tbody tr")))
                .hasSize(mutations.path("byOperator").size());
        List<WebElement> survivors = section.findElements(By.cssSelector("article.mutant[data-status=survived]"));
        assertThat(survivors).hasSize(mutations.path("survived").asInt()).isNotEmpty();
        WebElement survivor = survivors.get(0);
        assertThat(survivor.findElement(By.cssSelector("pre.diff del")).getText())
                .isNotBlank();
        assertThat(survivor.findElement(By.cssSelector("pre.diff")).getText())
                .contains("- ")
                .contains("+ ");
        assertThat(survivor.findElement(By.cssSelector(".passed-checks")).getText())
                .startsWith("still passed: groundedness PASSED score");
        assertThat(section.findElement(By.cssSelector("details[data-status=killed] summary"))
                        .getText())
                .isEqualTo("Killed (" + mutations.path("killed").asText() + ")");
        // the mutants without a verdict, each count apart, as report.json has them
        for (String field : List.of("needs-judge", "needs-application", "not-replayable", "errored")) {
            String key = field.equals("needs-judge")
                    ? "needsJudge"
                    : field.equals("needs-application")
                            ? "needsApplication"
                            : field.equals("not-replayable") ? "notReplayable" : "errored";
            assertThat(section.findElement(By.cssSelector("[data-field=" + field + "] .value"))
                            .getText())
                    .as(field)
                    .isEqualTo(mutations.path(key).asText());
        }
        assertThat(mutations.path("errored").asInt())
                .as("the application's exception on a changed answer")
                .isOne();
        assertThat(section.findElement(By.cssSelector("details[data-status=errored]"))
                        .getText())
                .isEqualTo("Errored (1)");
        assertThat(classRow.findElements(By.cssSelector("td.num")))
                .extracting(WebElement::getText)
                .startsWith(
                        mutations.path("mutants").asText(),
                        mutations.path("killed").asText(),
                        mutations.path("survived").asText(),
                        mutations.path("needsJudge").asText(),
                        mutations.path("needsApplication").asText(),
                        mutations.path("notReplayable").asText(),
                        mutations.path("errored").asText());
    }

    @Test
    void aConversationsCheckShowsTheTranscriptWithEachTurnsVerdictAndTheFailingTurnMarked() throws IOException {
        JsonNode retention = null;
        JsonNode grounded = null;
        for (JsonNode check : report.get("checks")) {
            String kind = check.path("kind").asText();
            retention = kind.equals("conversation.retention") ? check : retention;
            grounded = kind.equals("conversation.groundedness") ? check : grounded;
        }
        assertThat(retention).as("the fixture's retention check").isNotNull();
        assertThat(grounded).as("the fixture's check of every turn").isNotNull();
        assertThat(retention.at("/conversation/turns")).hasSize(4);

        WebElement details = openDetails(retention.get("id").asText());
        List<WebElement> turns = details.findElements(By.cssSelector("table.conversation tbody tr"));

        assertThat(turns).hasSize(4);
        assertThat(turns.get(3).getDomAttribute("class")).contains("below");
        assertThat(turns.get(3).getText()).contains("Which order do I give?", "Give them the order NR-20147.", "✗");
        assertThat(turns.get(0).getDomAttribute("class")).isNull();
        assertThat(details.getText())
                .contains("You are the Nimbus support assistant.")
                .as("the source is the test's line, not the library's")
                .contains("ReportedConversations.java:");
        WebElement groundedDetails = openDetails(grounded.get("id").asText());
        assertThat(groundedDetails.findElements(By.cssSelector("table.conversation tbody tr")))
                .hasSize(4)
                .allSatisfy(row -> assertThat(row.getText()).contains("✓"));

        // for docs/: the transcript of the failed check, at the top of a screenshot
        driver.executeScript("arguments[0].scrollIntoView({block: 'start'})", details);
        Files.createDirectories(OUTPUT);
        Files.write(OUTPUT.resolve("report-conversation.png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void aReplayedReplyAPersonWroteIsShownUnderItsWriterNotTheConfiguredJudge() throws IOException {
        List<WebElement> writers = driver.findElements(By.cssSelector("tr.check td.judge .writer"));

        assertThat(writers)
                .isNotEmpty()
                .allSatisfy(writer -> assertThat(writer.getText()).isEqualTo("hand-written-example"));
        WebElement cell = writers.get(0).findElement(By.xpath(".."));
        assertThat(cell.getText()).contains("configured: openai:gpt-4o-mini", "replayed, written by hand");
        WebElement row = cell.findElement(By.xpath(".."));
        WebElement details = openDetails(row.getDomAttribute("data-check"));
        assertThat(details.getText())
                .contains("Replies written by\nhand-written-example (replayed from a recording; "
                        + "configured judge openai:gpt-4o-mini)");
        assertThat(driver.findElement(By.id("report")).getText()).contains("replies written by hand-written-example");

        // for docs/: the check, its judge cell and its details, at the top of a screenshot
        driver.executeScript("arguments[0].scrollIntoView({block: 'start'})", row);
        Files.createDirectories(OUTPUT);
        Files.write(OUTPUT.resolve("report-hand-written-reply.png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void thePageHasNoHorizontalOverflowAndTheChecksTableFitsAt1280And1920Pixels() {
        for (int width : new int[] {1280, 1400, 1920}) {
            driver.manage().window().setSize(new Dimension(width, 900));
            driver.get(page);
            // open every check, as the widest content is in the details
            driver.findElements(By.cssSelector("tr.check button.toggle")).forEach(WebElement::click);

            assertThat((Long) driver.executeScript("return document.documentElement.scrollWidth"))
                    .as("the page's width at a %d-pixel window", width)
                    .isLessThanOrEqualTo((Long) driver.executeScript("return document.documentElement.clientWidth"));
            for (WebElement box : driver.findElements(By.cssSelector(".table-scroll"))) {
                assertThat((Long) driver.executeScript("return arguments[0].scrollWidth", box))
                        .as("a table's width at a %d-pixel window", width)
                        .isLessThanOrEqualTo((Long) driver.executeScript("return arguments[0].clientWidth", box));
            }
            WebElement lastHeader = driver.findElement(By.cssSelector("table.checks thead th:last-child"));
            assertThat(((Number) driver.executeScript("return arguments[0].getBoundingClientRect().right", lastHeader))
                            .doubleValue())
                    .as("the cost column's right edge at %d pixels", width)
                    .isLessThanOrEqualTo(((Number) driver.executeScript("return window.innerWidth")).doubleValue());
        }
    }

    @Test
    void aLocalOnlyRunSaysNoTokensNoCostAndLeavesThePricesOut() throws IOException {
        Path dir = OUTPUT.resolve("local-run");
        ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8),
                LocalJudgeChecks.class);
        driver.get(dir.resolve("report.html").toAbsolutePath().toUri().toString());

        assertThat(figure("cost")).isEqualTo("none");
        assertThat(note("cost")).isEqualTo("local judge: no tokens, no cost");
        assertThat(driver.findElements(By.cssSelector("[data-field=tokens], [data-field=cost-now], .prices")))
                .isEmpty();
    }

    @Test
    void responsesHoldingHtmlShowAsTextAndRunNothing() {
        WebElement script = openDetails(checkWithResponse(ReportedChecks.SCRIPT_ANSWER));
        WebElement image = openDetails(checkWithResponse(ReportedChecks.IMAGE_ANSWER));

        assertThat(script.findElement(By.cssSelector("pre.response")).getDomProperty("textContent"))
                .isEqualTo(ReportedChecks.SCRIPT_ANSWER);
        assertThat(script.findElement(By.cssSelector("pre.response")).getText())
                .isEqualTo(ReportedChecks.SCRIPT_ANSWER);
        assertThat(image.findElement(By.cssSelector("pre.response")).getDomProperty("textContent"))
                .isEqualTo(ReportedChecks.IMAGE_ANSWER);
        assertThat(driver.findElements(By.cssSelector("main script, main img"))).isEmpty();
        assertThat(driver.executeScript("return document.scripts.length")).isEqualTo(2L);
        assertThat(driver.executeScript("return typeof window.__xss")).isEqualTo("undefined");
        assertThatExceptionOfType(NoAlertPresentException.class)
                .isThrownBy(() -> driver.switchTo().alert());
    }

    @Test
    void aChecksDetailsOpenAndCloseFromTheKeyboard() {
        List<WebElement> toggles = driver.findElements(By.cssSelector("tr.check button.toggle"));
        assertThat(toggles).hasSizeGreaterThanOrEqualTo(2);
        WebElement first = toggles.get(0);
        WebElement second = toggles.get(1);
        WebElement firstDetails = driver.findElement(By.id(first.getDomAttribute("aria-controls")));
        assertThat(first.getDomAttribute("aria-expanded")).isEqualTo("false");
        assertThat(firstDetails.isDisplayed()).isFalse();

        first.sendKeys(Keys.ENTER);

        assertThat(first.getDomAttribute("aria-expanded")).isEqualTo("true");
        assertThat(firstDetails.isDisplayed()).isTrue();
        String firstResponse = report.at("/checks/0/response").asText(null);
        if (firstResponse != null) {
            assertThat(firstDetails.findElement(By.cssSelector("pre.response")).getText())
                    .isEqualTo(firstResponse);
        }

        driver.switchTo().activeElement().sendKeys(Keys.ENTER);
        assertThat(first.getDomAttribute("aria-expanded")).isEqualTo("false");
        assertThat(firstDetails.isDisplayed()).isFalse();

        driver.switchTo().activeElement().sendKeys(Keys.TAB);
        assertThat(driver.switchTo().activeElement()).isEqualTo(second);
        driver.switchTo().activeElement().sendKeys(Keys.SPACE);
        assertThat(second.getDomAttribute("aria-expanded")).isEqualTo("true");
        assertThat(driver.findElement(By.id(second.getDomAttribute("aria-controls")))
                        .isDisplayed())
                .isTrue();
    }

    @Test
    void printShowsEveryCheckExpandedWithoutTheFilters() {
        driver.findElement(By.cssSelector("label[for=filter-failed]")).click();
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));

        assertThat(driver.findElement(By.cssSelector(".controls")).isDisplayed())
                .isFalse();
        assertThat(visibleChecks()).hasSize(report.get("checks").size());
        assertThat(driver.findElements(By.cssSelector("tr.detail-row")))
                .hasSize(report.get("checks").size())
                .allSatisfy(row -> assertThat(row.isDisplayed()).isTrue());
        // every text shown is black (on the white of the page)
        assertThat((List<?>) driver.executeScript("return [...document.querySelectorAll('body *')]"
                        + ".filter(e => e.getClientRects().length > 0 && getComputedStyle(e).color !== 'rgb(0, 0, 0)')"
                        + ".map(e => e.tagName + ' ' + e.getAttribute('class') + ': ' + getComputedStyle(e).color)"))
                .isEmpty();
        screenshot("report-print.png");
    }

    @Test
    void aRunWithoutChecksOrEvaluationsSaysSo() throws IOException {
        ObjectNode empty = ReportFixture.MAPPER.createObjectNode();
        empty.put("format", 1);
        empty.putObject("run")
                .put("checks", 0)
                .put("failed", 0)
                .putObject("cost")
                .putNull("now")
                .putNull("recorded");
        empty.putArray("checks");
        empty.putArray("evaluations");
        Path html = OUTPUT.resolve("report-empty.html");
        Files.writeString(html, ReportHtml.render(empty), StandardCharsets.UTF_8);

        driver.get(html.toAbsolutePath().toUri().toString());

        assertThat(figure("checks")).isEqualTo("0");
        assertThat(figure("cost-now")).isEqualTo("price unknown");
        assertThat(driver.findElement(By.id("report")).getText())
                .contains("No check of this run has a score and a bar.", "No judged checks in this run.")
                .doesNotContain("Evaluations");
        assertThat(driver.getTitle()).isEqualTo("llm-assert run report");
    }

    @Test
    void screenshotOfTheWholePage() throws IOException {
        // the first failed check opened, as a reader would
        for (JsonNode check : report.get("checks")) {
            if (!check.get("passed").asBoolean()) {
                openDetails(check.get("id").asText());
                break;
            }
        }
        Path png = screenshot("report.png");

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(1280);
        assertThat((long) image.getHeight())
                .isEqualTo((Long) driver.executeScript("return document.documentElement.scrollHeight"));
        assertThat(image.getHeight()).isGreaterThan(900);
    }

    /** Whether a check failed in a test that did not expect it to. */
    private static boolean failed(JsonNode check) {
        return !check.get("passed").asBoolean()
                && !check.path("failedAsExpected").asBoolean(false)
                && !check.path("inRepeatedRun").asBoolean(false);
    }

    /** The count a filter's label shows: {@code Failed (3)} gives 3. */
    private static String filterCount(String key) {
        String label = driver.findElement(By.cssSelector("label[for=filter-" + key + "]"))
                .getText();
        return label.substring(label.lastIndexOf('(') + 1, label.lastIndexOf(')'));
    }

    private static JsonNode onlyCheck(Predicate<JsonNode> which) {
        List<JsonNode> found = new ArrayList<>();
        report.get("checks").forEach(check -> {
            if (which.test(check)) {
                found.add(check);
            }
        });
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    /** A screenshot of the whole page, the window made as tall as the page and the viewport 1280 pixels wide. */
    private Path screenshot(String name) {
        long frameWidth = (Long) driver.executeScript("return window.outerWidth - window.innerWidth");
        long frameHeight = (Long) driver.executeScript("return window.outerHeight - window.innerHeight");
        long height = (Long) driver.executeScript("return document.documentElement.scrollHeight");
        driver.manage().window().setSize(new Dimension((int) (1280 + frameWidth), (int) (height + frameHeight)));
        try {
            Path file = OUTPUT.resolve(name);
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<WebElement> visibleChecks() {
        return driver.findElements(By.cssSelector("tr.check")).stream()
                .filter(WebElement::isDisplayed)
                .toList();
    }

    @Test
    void calibrationSectionShowsTheFiguresTheConfusionTheCurveAndTheMisjudgedRows() {
        JsonNode calibration = report.at("/calibrations/0");
        WebElement section = driver.findElement(By.cssSelector("section.calibration"));

        assertThat(driver.findElement(By.id("calibrations")).getText()).isEqualTo("Calibrations");
        assertThat(section.findElement(By.tagName("h3")).getText())
                .isEqualTo(calibration.path("calibration").asText() + " · "
                        + calibration.path("judge").asText());
        List<WebElement> figures = section.findElements(By.cssSelector("table.calibration-figures tbody tr"));
        JsonNode balanced = calibration.at("/agreement/balancedAccuracy");
        assertThat(figures.get(0).getText())
                .startsWith("Balanced accuracy "
                        + String.format(
                                Locale.ROOT,
                                "%.3f [%.3f, %.3f]",
                                balanced.path("value").asDouble(),
                                balanced.at("/interval/lower").asDouble(),
                                balanced.at("/interval/upper").asDouble()))
                .endsWith("bootstrap-refit");
        assertThat(figures)
                .extracting(WebElement::getText)
                .anySatisfy(text -> assertThat(text).startsWith("Cohen’s kappa"))
                .anySatisfy(text -> assertThat(text).startsWith("AUC of the score"));
        List<WebElement> confusion = section.findElements(By.cssSelector("table.confusion td.agree"));
        assertThat(confusion)
                .extracting(WebElement::getText)
                .containsExactly(
                        calibration.at("/agreement/confusion/counts/0/0").asText(),
                        calibration.at("/agreement/confusion/counts/1/1").asText());
        WebElement curve = section.findElement(By.cssSelector("svg.curve"));
        assertThat(curve.isDisplayed()).isTrue();
        assertThat(curve.findElements(By.tagName("polyline"))).hasSize(3);
        assertThat(curve.findElements(By.cssSelector("text.bar-mark")))
                .extracting(WebElement::getText)
                .containsExactly(
                        "fitted "
                                + String.format(
                                        Locale.ROOT,
                                        "%.2f",
                                        calibration.at("/fittedBar/bar").asDouble()),
                        "in use 0.70");
        List<WebElement> misjudged = section.findElements(By.cssSelector("tr.misjudged"));
        assertThat(misjudged).hasSize(calibration.path("misjudged").size()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(misjudged)
                .extracting(WebElement::getText)
                .anySatisfy(text -> assertThat(text).contains(ReportedChecks.SCRIPT_ANSWER));
    }

    @Test
    void aFittedBarNearTheRightEdgeKeepsItsWholeLabelInsideTheChart() throws IOException {
        ObjectNode near = (ObjectNode) report.deepCopy();
        ((ObjectNode) near.at("/calibrations/0/fittedBar")).put("bar", 0.99);
        Path html = OUTPUT.resolve("report-fitted-at-the-edge.html");
        Files.writeString(html, ReportHtml.render(near), StandardCharsets.UTF_8);

        driver.get(html.toAbsolutePath().toUri().toString());

        WebElement curve = driver.findElement(By.cssSelector("section.calibration svg.curve"));
        @SuppressWarnings("unchecked")
        List<Object> marks = (List<Object>) driver.executeScript(
                "const svg = arguments[0];"
                        + "return Array.from(svg.querySelectorAll('text.bar-mark')).map(t => {"
                        + "  const box = t.getBBox();"
                        + "  return [t.textContent, box.x, box.x + box.width, svg.viewBox.baseVal.width]; });",
                curve);
        assertThat(marks).hasSize(2).allSatisfy(mark -> {
            List<?> m = (List<?>) mark;
            assertThat(((Number) m.get(1)).doubleValue())
                    .as("left edge of %s", m.get(0))
                    .isGreaterThanOrEqualTo(0);
            assertThat(((Number) m.get(2)).doubleValue())
                    .as("right edge of %s", m.get(0))
                    .isLessThanOrEqualTo(((Number) m.get(3)).doubleValue());
        });
        assertThat(marks).anySatisfy(mark -> assertThat(((List<?>) mark).get(0)).isEqualTo("fitted 0.99"));
    }

    @Test
    void aCalibrationWhoseJudgeCannotTellTheLabelsApartSaysSoAtTheTopOfItsSection() {
        List<JsonNode> calibrations = new ArrayList<>();
        report.path("calibrations").forEach(calibrations::add);
        int index = calibrations.stream()
                .map(c -> c.path("judge").asText())
                .toList()
                .indexOf(UnseparatedCalibration.RandomScoreJudge.NAME);
        JsonNode calibration = calibrations.get(index);
        String warning = calibration.path("warning").asText();
        WebElement section =
                driver.findElements(By.cssSelector("section.calibration")).get(index);

        assertThat(warning).startsWith("the judge does not tell these labels apart");
        assertThat(section.findElement(By.cssSelector("p.calibration-warning")).getText())
                .isEqualTo("T" + warning.substring(1) + ".");
        assertThat(section.findElement(By.cssSelector("dl.fields")).getText())
                .contains("Judge\n" + UnseparatedCalibration.RandomScoreJudge.NAME + " by own")
                .contains("Fitted bar\n0.700")
                .contains("Why this bar\nThe current bar 0.700 is kept: " + warning + ".");
        // a judge that tells the labels apart has no warning
        assertThat(driver.findElements(By.cssSelector("section.calibration"))
                        .get(index == 0 ? 1 : 0)
                        .findElements(By.cssSelector("p.calibration-warning")))
                .hasSize(calibrations.get(index == 0 ? 1 : 0).hasNonNull("warning") ? 1 : 0);
    }

    private static String figure(String field) {
        return driver.findElement(By.cssSelector("[data-field=" + field + "] .value"))
                .getText();
    }

    private static String note(String field) {
        return driver.findElement(By.cssSelector("[data-field=" + field + "] .note"))
                .getText();
    }

    private static String checkWithResponse(String response) {
        for (JsonNode check : report.get("checks")) {
            if (response.equals(check.path("response").asText(null))) {
                return check.get("id").asText();
            }
        }
        throw new AssertionError("The fixture report has no check whose response is " + response);
    }

    /** Opens a check's details with its toggle and returns the row that shows them. */
    private static WebElement openDetails(String checkId) {
        WebElement toggle = driver.findElement(By.cssSelector("tr.check[data-check='" + checkId + "'] button.toggle"));
        toggle.click();
        WebElement details = driver.findElement(By.id(toggle.getDomAttribute("aria-controls")));
        assertThat(details.isDisplayed()).isTrue();
        return details;
    }

    /** An integer as the page shows it: en-US digit grouping. */
    private static String integer(JsonNode value) {
        return String.format(Locale.US, "%,d", value.asLong());
    }

    /**
     * An amount as the page shows it: the currency, then two decimals from 1 up, else three significant digits
     * rounded half up, without trailing zeros.
     */
    private static String money(JsonNode value, JsonNode currency) {
        if (value.isNull()) {
            return "price unknown";
        }
        double amount = value.asDouble();
        String number = amount == 0
                ? "0"
                : Math.abs(amount) >= 1
                        ? String.format(Locale.US, "%,.2f", amount)
                        : new BigDecimal(amount)
                                .round(new MathContext(3, RoundingMode.HALF_UP))
                                .stripTrailingZeros()
                                .toPlainString();
        return currency.isTextual() ? currency.asText() + " " + number : number;
    }
}
