package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;

/** Placeholder until the HTML renderer lands: a page that only says where the JSON is. */
final class ReportHtml {
    private ReportHtml() {
    }

    static String render(JsonNode report) {
        return "<!DOCTYPE html><title>llm-assert report</title><p>See report.json.</p>";
    }
}
