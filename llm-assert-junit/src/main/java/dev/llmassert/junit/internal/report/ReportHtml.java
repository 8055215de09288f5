package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report as one self-contained HTML page: the report JSON embedded once, drawn in the browser by an inline
 * script, with no server and nothing loaded from anywhere else (it opens from the file system).
 *
 * <p>No text of the report is written into the HTML as markup: the script builds the page from the embedded JSON
 * with {@code textContent} and {@code createElement}, so model output, test names and file names always show as
 * text. The JSON itself is written with {@code <}, {@code >}, {@code &}, U+2028 and U+2029 as JSON's six-character
 * escapes (a backslash, {@code u} and four hex digits), so no string in it can end its script element or open a
 * comment there. A Content Security Policy lets
 * only the page's own style and script run, by their SHA-256 hashes, and loads nothing.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportHtml {

    /** The id of the script element that holds the report JSON. */
    public static final String DATA_ELEMENT_ID = "llm-assert-report";

    private static final String STYLE = resource("report.css");
    private static final String SCRIPT = resource("report.js");
    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src '" + sha256(STYLE)
            + "'; script-src '" + sha256(SCRIPT) + "'; base-uri 'none'; form-action 'none'";

    private static final ObjectWriter JSON =
            JsonMapper.builder().build().writer().with(new ScriptElementEscapes());

    private ReportHtml() {}

    /**
     * The report as a complete HTML5 document.
     *
     * @param report the run report (format 1), as written to {@code report.json}
     * @return the page, to be written as UTF-8
     */
    public static String render(JsonNode report) {
        Objects.requireNonNull(report, "report");
        String json;
        try {
            json = JSON.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("The report could not be written as JSON", e);
        }
        return new StringBuilder(json.length() + STYLE.length() + SCRIPT.length() + 1024)
                .append("<!DOCTYPE html>\n")
                .append("<html lang=\"en\">\n")
                .append("<head>\n")
                .append("<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
                .append(CONTENT_SECURITY_POLICY)
                .append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"llm-assert\">\n")
                .append("<title>llm-assert run report</title>\n")
                .append("<style>")
                .append(STYLE)
                .append("</style>\n")
                .append("</head>\n")
                .append("<body>\n")
                .append("<header class=\"page-header\">\n")
                .append("<h1>llm-assert run report</h1>\n")
                .append("<p class=\"generated\" id=\"generated\"></p>\n")
                .append("</header>\n")
                .append("<noscript><p class=\"noscript\">This page draws the report with JavaScript, from the data"
                        + " embedded in it, and JavaScript is turned off. The same data is in the run's"
                        + " report.json.</p></noscript>\n")
                .append("<main id=\"report\"></main>\n")
                .append("<script type=\"application/json\" id=\"")
                .append(DATA_ELEMENT_ID)
                .append("\">")
                .append(json)
                .append("</script>\n")
                .append("<script>")
                .append(SCRIPT)
                .append("</script>\n")
                .append("</body>\n")
                .append("</html>\n")
                .toString();
    }

    private static String resource(String name) {
        try (InputStream in = ReportHtml.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + name + " next to " + ReportHtml.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read resource " + name, e);
        }
    }

    /** A CSP hash source's value for an inline element's text: {@code sha256-} and the Base64 of its digest. */
    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    /**
     * JSON that is safe as the text of an HTML script element: {@code <}, {@code >} and {@code &} are written as
     * JSON's six-character escapes (a backslash, {@code u} and four hex digits), so no string can close the element
     * ({@code </script>}) or open a comment ({@code <!--}); U+2028 and U+2029 too, since older JavaScript parsers
     * take them as line ends. Jackson's own escaping mechanism does this, so every string goes
     * through the same generator code that writes valid JSON, rather than a hand-written pass over its output.
     */
    private static final class ScriptElementEscapes extends CharacterEscapes {

        private static final long serialVersionUID = 1L;

        private static final SerializableString LINE_SEPARATOR = new SerializedString("\\u2028");
        private static final SerializableString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");

        private final int[] asciiEscapes;

        ScriptElementEscapes() {
            asciiEscapes = standardAsciiEscapesForJSON();
            asciiEscapes['<'] = ESCAPE_STANDARD;
            asciiEscapes['>'] = ESCAPE_STANDARD;
            asciiEscapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return asciiEscapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return switch (ch) {
                case '\u2028' -> LINE_SEPARATOR;
                case '\u2029' -> PARAGRAPH_SEPARATOR;
                default -> null;
            };
        }
    }
}
