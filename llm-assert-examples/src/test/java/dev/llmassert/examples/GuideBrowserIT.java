package dev.llmassert.examples;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The built guide ({@code target/guide}) and the README's rendering, opened in headless Chromium: every page shows
 * its chapter with its included examples and no unresolved include, and every link of every page leads, in the
 * browser, to a file of the repository and to the anchor it names. The README is rendered as GitHub renders Markdown
 * (commonmark-java with GitHub's tables and heading anchors). Run by the browser profile:
 * {@code mvn -B -Pbrowser -pl llm-assert-core,llm-assert-junit,llm-assert-examples -am verify -Dtest=NONE
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class GuideBrowserIT {

    private static final String CHROMIUM = System.getProperty("browser.chromium", "/usr/bin/chromium");
    private static final String CHROMEDRIVER = System.getProperty("browser.chromedriver", "/usr/bin/chromedriver");

    private static ChromeDriver driver;

    @BeforeAll
    static void startBrowser() {
        for (String binary : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!new File(binary).canExecute()) {
                throw new IllegalStateException(binary + " is not an executable file: install Debian's chromium and"
                        + " chromium-driver (apt-get install chromium chromium-driver), or give their paths with"
                        + " -Dchromium.binary=... -Dchromedriver.binary=...");
            }
        }
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900");
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @Test
    void everyPageOfTheGuideShowsItsChapterAndEveryLinkLeadsWhereItSays() throws IOException {
        List<String> pages = new ArrayList<>(Guide.chapters());
        pages.add("index");
        List<String> broken = new ArrayList<>();
        int links = 0;

        for (String page : pages) {
            Path html = Guide.PAGES.resolve(page + ".html").toAbsolutePath().normalize();
            assertThat(html).as("the built page of docs/guide/%s.adoc", page).exists();
            driver.get(html.toUri().toString());
            String text = driver.findElement(By.tagName("body")).getText();
            assertThat(driver.getTitle()).as(page).isNotBlank();
            assertThat(text).as(page).doesNotContain("Unresolved directive").doesNotContain("include::");
            for (String href : hrefs()) {
                links++;
                String problem = problem(href);
                if (problem != null) {
                    broken.add(page + ".html: " + href + ": " + problem);
                }
            }
        }

        assertThat(links).as("links followed").isGreaterThan(100);
        assertThat(broken).as("broken links of the guide").isEmpty();
        driver.get(
                Guide.PAGES.resolve("quick-start.html").toAbsolutePath().toUri().toString());
        assertThat(driver.findElements(By.cssSelector("pre code")))
                .extracting(WebElement::getText)
                .anySatisfy(code -> assertThat(code).contains("class QuickStartTest", "isGroundedIn(MANUAL)"));
    }

    @Test
    void everyLinkOfTheReadmesRenderingLeadsWhereItSays() throws IOException {
        String markdown = Files.readString(Guide.ROOT.resolve("README.md"));
        var extensions = List.of(TablesExtension.create(), HeadingAnchorExtension.create());
        String body = HtmlRenderer.builder()
                .extensions(extensions)
                .build()
                .render(Parser.builder().extensions(extensions).build().parse(markdown));
        // in target/readme, with the repository's root as the base of its relative links, as on GitHub
        Path readme =
                Files.createDirectories(Guide.ROOT.resolve("target/readme")).resolve("README.html");
        Files.writeString(
                readme,
                "<!DOCTYPE html><html><head><meta charset=\"UTF-8\"><base href=\"../../\"><title>README</title>"
                        + "</head><body>" + body + "</body></html>",
                StandardCharsets.UTF_8);

        driver.get(readme.toAbsolutePath().normalize().toUri().toString());
        List<String> hrefs = hrefs();
        List<String> broken = new ArrayList<>();
        for (String href : hrefs) {
            String problem = problem(href);
            if (problem != null) {
                broken.add(href + ": " + problem);
            }
        }

        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("llm-assert");
        assertThat(hrefs)
                .as("the README links to every chapter of the guide")
                .allSatisfy(href -> assertThat(href).doesNotContain("/target/"));
        assertThat(Guide.chapters())
                .allSatisfy(chapter -> assertThat(hrefs)
                        .anySatisfy(href -> assertThat(href).endsWith("/docs/guide/" + chapter + ".adoc")));
        assertThat(broken).as("broken links of the README").isEmpty();
    }

    /** The links and image sources of the page open in the browser, as the browser resolved them. */
    private static List<String> hrefs() {
        List<String> hrefs = new ArrayList<>();
        for (WebElement link : driver.findElements(By.cssSelector("a[href]"))) {
            hrefs.add(link.getDomProperty("href"));
        }
        for (WebElement image : driver.findElements(By.cssSelector("img[src]"))) {
            hrefs.add(image.getDomProperty("src"));
        }
        return hrefs;
    }

    /**
     * What is wrong with a link the browser resolved, or null when it leads to a file of the repository and to the
     * anchor it names: an element's id in a page, a heading of a Markdown file (GitHub's anchors), a section id of an
     * AsciiDoc chapter. Links out of the repository (http) are not this test's to follow; a Javadoc link names a type
     * whose source is here ({@link GuideTest#problem}).
     */
    private static String problem(String href) throws IOException {
        URI uri = URI.create(href);
        if (!"file".equals(uri.getScheme())) {
            return null;
        }
        Path target = Path.of(uri.getPath());
        String fragment = uri.getFragment();
        if (target.toString().contains("/apidocs/")) {
            Path page = Guide.PAGES.resolve("index.html").toAbsolutePath().normalize();
            return GuideTest.problem(
                    page, page.getParent().relativize(target).toString().replace(File.separator, "/"));
        }
        if (!Files.exists(target)) {
            return "no file " + target;
        }
        if (fragment == null || fragment.isEmpty() || Files.isDirectory(target)) {
            return null;
        }
        String name = target.getFileName().toString();
        if (name.endsWith(".html")) {
            String current = driver.getCurrentUrl();
            driver.get(uri.toString());
            boolean found = !driver.findElements(By.id(fragment)).isEmpty();
            driver.get(current);
            return found ? null : "no element with the id \"" + fragment + "\"";
        }
        String text = Files.readString(target);
        if (name.endsWith(".md")) {
            return Guide.markdownAnchors(text).contains(fragment) ? null : "no heading anchor \"" + fragment + "\"";
        }
        if (name.endsWith(".adoc")) {
            return text.contains("[#" + fragment + "]") ? null : "no section id \"" + fragment + "\"";
        }
        return null;
    }
}
