package dev.llmassert.junit.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apiguardian.api.API;

import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One judged check as it is reported: the JUnit report entry (flat texts, as Surefire's XML and IDEs show them) and
 * the structured detail the run report keeps (per-sentence evidence, tokens, latency).
 *
 * @param fields the report entry's key-value pairs
 * @param detail the run report's record of the check
 */
@API(status = INTERNAL, since = "0.1")
public record CheckEntry(Map<String, String> fields, ObjectNode detail) {
}
