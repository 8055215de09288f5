package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatNullPointerException;

/** The run report's page: one self-contained document, the report embedded once as JSON that no text can escape. */
class ReportHtmlTest {

    private static final String DATA_OPEN = "<script type=\"application/json\" id=\"llm-assert-report\">";

    private final ObjectNode report = ReportFixture.report();
    private final String html = ReportHtml.render(report);

    @Test
    void isOneCompleteHtml5Document() {
        assertThat(html)
                .startsWith("<!DOCTYPE html>\n<html lang=\"en\">")
                .endsWith("</html>\n")
                .contains(
                        "<meta charset=\"utf-8\">",
                        "<title>llm-assert run report</title>",
                        "<main id=\"report\">",
                        "<noscript>");
        assertThat(count(html, DATA_OPEN)).isOne();
        // the data and the page's own script: no other script element, however the responses read
        assertThat(count(html, "<script")).isEqualTo(2);
        assertThat(count(html, "</script>")).isEqualTo(2);
    }

    @Test
    void loadsNothingFromAnywhereElse() {
        assertThat(html)
                .doesNotContainPattern("(?i)(src|href|action|poster|data)\\s*=\\s*[\"']?\\s*(https?:)?//")
                .doesNotContainPattern("(?i)<(link|iframe|object|embed|img|base)\\b")
                .doesNotContainPattern("(?i)<script[^>]*\\bsrc\\s*=")
                .doesNotContainPattern("(?i)@import|url\\(");
        assertThat(html).contains("default-src 'none'");
    }

    @Test
    void modelTextNeverAppearsAsMarkup() {
        assertThat(html)
                .doesNotContain(
                        ReportFixture.SCRIPT_RESPONSE,
                        "<img src=x",
                        "alert(1)</script>",
                        "<b>Fine</b>",
                        "\u2028",
                        "\u2029");
        String json = embeddedJson();
        assertThat(json)
                .doesNotContain("<", ">", "&")
                .contains("\\u003C/script\\u003E\\u003Cscript\\u003Ealert(1)\\u003C/script\\u003E")
                .contains("\\u003Cimg src=x onerror=\\\"window.__xss=1\\\"\\u003E "
                        + "\\u003C!-- and \\u0026 and \\u2028 end");
    }

    @Test
    void embeddedJsonParsesBackToTheSameReport() throws IOException {
        JsonNode parsed = ReportFixture.MAPPER.readTree(embeddedJson());

        assertThat(parsed).isEqualTo(report);
        assertThat(parsed.at("/checks/1/response").asText()).isEqualTo(ReportFixture.SCRIPT_RESPONSE);
        assertThat(parsed.at("/checks/2/response").asText()).isEqualTo(ReportFixture.IMAGE_RESPONSE);
    }

    @Test
    void contentSecurityPolicyAllowsExactlyThePagesOwnStyleAndScript() throws Exception {
        Matcher policy = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\">")
                .matcher(html);
        assertThat(policy.find()).isTrue();

        assertThat(policy.group(1))
                .isEqualTo("default-src 'none'; style-src '" + sha256(between("<style>", "</style>"))
                        + "'; script-src '" + sha256(between("<script>", "</script>"))
                        + "'; base-uri 'none'; form-action 'none'");
    }

    @Test
    void pageScriptBuildsTheDomWithoutParsingMarkup() throws IOException {
        String script;
        try (InputStream in = ReportHtml.class.getResourceAsStream("report.js")) {
            assertThat(in).isNotNull();
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(html).contains(script);
        assertThat(script)
                .contains("textContent", "createElement(", "createTextNode(")
                .doesNotContain(
                        "innerHTML",
                        "outerHTML",
                        "insertAdjacentHTML",
                        "document.write",
                        "eval(",
                        "new Function",
                        "DOMParser",
                        "createContextualFragment",
                        "srcdoc")
                // inside a script element these would end it or confuse the HTML parser
                .doesNotContainIgnoringCase("</script", "<!--");
    }

    @Test
    void anyReportTextIsEmbeddedAsItIs() throws IOException {
        ObjectNode odd = ReportFixture.MAPPER.createObjectNode();
        odd.put("format", 1);
        odd.putArray("checks")
                .addObject()
                .put("displayName", "<!--<script>\u2029</script>-->\"'`${x}\u00e9\ud83d\ude00");

        String page = ReportHtml.render(odd);
        String json = between(page, DATA_OPEN, "</script>");

        assertThat(ReportFixture.MAPPER.readTree(json)).isEqualTo(odd);
        assertThat(json).doesNotContain("<", ">", "&", "\u2029");
    }

    @Test
    void aMissingReportIsRefused() {
        assertThatNullPointerException()
                .isThrownBy(() -> ReportHtml.render(null))
                .withMessage("report");
    }

    private String embeddedJson() {
        return between(DATA_OPEN, "</script>");
    }

    private String between(String open, String close) {
        return between(html, open, close);
    }

    private static String between(String text, String open, String close) {
        int start = text.indexOf(open);
        assertThat(start).as("%s in the page", open).isNotNegative();
        start += open.length();
        int end = text.indexOf(close, start);
        assertThat(end).as("%s after %s", close, open).isGreaterThan(start);
        return text.substring(start, end);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    private static String sha256(String text) throws Exception {
        return "sha256-"
                + Base64.getEncoder()
                        .encodeToString(
                                MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
