package dev.llmassert.core.mutation.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A change of a text: one or more stretches replaced, and what the change is in a few words.
 *
 * @param parts  the stretches, not overlapping
 * @param change e.g. {@code '15 seconds' → '30 seconds'}
 */
@API(status = INTERNAL, since = "0.1")
public record Edit(List<Part> parts, String change) {

    public Edit {
        parts = parts.stream().sorted(Comparator.comparingInt(Part::start)).toList();
    }

    /** One stretch replaced. */
    public static Edit of(int start, int end, String replacement, String change) {
        return new Edit(List.of(new Part(start, end, replacement)), change);
    }

    /** {@code text} with the change made. */
    public String apply(String text) {
        StringBuilder out = new StringBuilder(text.length() + 32);
        int at = 0;
        for (Part part : parts) {
            out.append(text, at, part.start()).append(part.replacement());
            at = part.end();
        }
        return out.append(text, at, text.length()).toString();
    }

    /** The removed stretches' text, joined by a space. */
    public String removed(String text) {
        List<String> removed = new ArrayList<>();
        for (Part part : parts) {
            removed.add(text.substring(part.start(), part.end()));
        }
        return String.join(" ", removed);
    }

    /** The text between {@code start} and {@code end} is replaced by {@code replacement}. */
    @API(status = INTERNAL, since = "0.1")
    public record Part(int start, int end, String replacement) {}
}
