package dev.llmassert.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The guide's pages as the build wrote them ({@code target/guide}, before the tests run): a page per chapter, no
 * include left unresolved, and every relative link leads to a file and, where it names one, to an anchor there.
 * {@code GuideBrowserIT} (the browser profile) follows the same links in a real browser.
 */
class GuideTest {

    private static final Pattern HREF = Pattern.compile("(?:href|src)=\"([^\"]+)\"");
    private static final Pattern ID = Pattern.compile("\\sid=\"([^\"]+)\"");

    @Test
    void everyChapterIsAPageWithNoUnresolvedInclude() throws IOException {
        List<String> pages = new ArrayList<>(Guide.chapters());
        pages.add("index");

        assertThat(pages).allSatisfy(page -> {
            Path html = Guide.PAGES.resolve(page + ".html");
            assertThat(html).as("the built page of docs/guide/%s.adoc", page).exists();
            assertThat(Files.readString(html))
                    .doesNotContain("Unresolved directive")
                    .doesNotContain("include::")
                    .doesNotContain("tag::")
                    .doesNotContain("end::");
        });
        assertThat(Files.readString(Guide.PAGES.resolve("configuration.html")))
                .as("the configuration table, written from ConfigKeys")
                .contains("llmassert.judge.provider", "llmassert.report.prices");
        assertThat(Files.readString(Guide.PAGES.resolve("quick-start.html")))
                .as("the quick start's test, included from QuickStartTest")
                .contains("class QuickStartTest");
    }

    @Test
    void everyRelativeLinkOfThePagesLeadsToAFileAndItsAnchor() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        List<String> names = new ArrayList<>(Guide.chapters());
        names.add("index");
        // the pages of today's chapters: a page of a chapter since removed may linger in target/guide
        for (Path page :
                names.stream().map(name -> Guide.PAGES.resolve(name + ".html")).toList()) {
            {
                Matcher href = HREF.matcher(Files.readString(page));
                while (href.find()) {
                    links++;
                    String problem = problem(page, href.group(1));
                    if (problem != null) {
                        broken.add(page.getFileName() + ": " + href.group(1) + ": " + problem);
                    }
                }
            }
        }

        assertThat(links).isGreaterThan(100);
        assertThat(broken).as("broken links of the guide's pages").isEmpty();
    }

    /** What is wrong with the link {@code href} of {@code page}, or null when it leads where it says. */
    static String problem(Path page, String href) throws IOException {
        URI uri = URI.create(href.replace(" ", "%20"));
        if (uri.isAbsolute() || href.startsWith("//")) {
            return null; // outside this repository: not this test's to follow
        }
        String path = uri.getPath();
        String fragment = uri.getFragment();
        Path target = path == null || path.isEmpty()
                ? page
                : page.getParent().resolve(path).normalize();
        if (path != null && path.startsWith("../apidocs/")) {
            return javadocProblem(path.substring("../apidocs/".length()));
        }
        if (!Files.exists(target)) {
            return "no file " + target;
        }
        if (fragment == null || fragment.isEmpty() || Files.isDirectory(target)) {
            return null;
        }
        String text = Files.readString(target);
        if (target.toString().endsWith(".html")) {
            Matcher id = ID.matcher(text);
            while (id.find()) {
                if (id.group(1).equals(fragment)) {
                    return null;
                }
            }
            return "no id \"" + fragment + "\" in " + target;
        }
        if (target.toString().endsWith(".md")) {
            return Guide.markdownAnchors(text).contains(fragment)
                    ? null
                    : "no heading with the anchor \"" + fragment + "\" in " + target;
        }
        return null;
    }

    /**
     * The Javadoc pages come from the build of the published modules (beside the guide when it is published): a link
     * to one must name a public type whose source is in this repository.
     */
    private static String javadocProblem(String page) {
        if (page.equals("index.html")) {
            return null;
        }
        String source = page.replaceFirst("\\.html$", ".java");
        for (String module : List.of("llm-assert-core", "llm-assert-junit", "llm-assert-spring-ai")) {
            if (Files.exists(Guide.ROOT.resolve(module).resolve("src/main/java").resolve(source))) {
                return null;
            }
        }
        return "no public type's source for the Javadoc page " + page;
    }
}
