package dev.llmassert.core.record.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One recorded request and the replies it got, in order.
 *
 * @param key       the SHA-256 of the canonical request
 * @param model     who produced the replies: the model name the provider reported, or e.g. {@code hand-written-example}
 * @param request   the canonical request; never modified after construction
 * @param responses the replies, in the order they were given; never empty
 */
@API(status = INTERNAL, since = "0.1")
public record Entry(String key, String model, ObjectNode request, List<RecordedResponse> responses) {

    public Entry {
        responses = List.copyOf(responses);
    }
}
