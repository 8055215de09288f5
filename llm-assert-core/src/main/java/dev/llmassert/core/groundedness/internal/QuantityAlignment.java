package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Writes a response sentence's quantities as the sources write the same values, before the judge reads it: "The
 * sale starts on March 1, 2026." against a source that says "2026-03-01" is read as "The sale starts on 2026-03-01.",
 * "1,500 ml" as "1.5 litres", "a week" as "7 days", "9:00" as "9 a.m.". The search, the word rules and the entailment
 * model then compare the same words. A bound that a source's value lies within is read as that source states it
 * ("under 2 minutes" as "about 90 seconds"). A quantity whose value no source states is left as written, and judged
 * as such.
 */
@API(status = INTERNAL, since = "0.1")
public final class QuantityAlignment {

    private QuantityAlignment() {}

    /** {@code sentence} with each quantity whose value the sources state written as they write it. */
    public static String align(String sentence, SourceIndex index) {
        if (index.quantities().isEmpty()) {
            return sentence;
        }
        List<Quantity> own = QuantityReader.read(sentence);
        if (own.isEmpty()) {
            return sentence;
        }
        Set<String> stems = new HashSet<>(Stems.contentStems(sentence));
        StringBuilder out = new StringBuilder(sentence.length() + 16);
        int last = 0;
        for (Quantity q : own) {
            if (q.start() < last) {
                continue;
            }
            SourceIndex.Placed same = closest(q, stems, index, true);
            if (same != null) {
                if (!same.quantity().value().equalsIgnoreCase(q.value())) {
                    out.append(sentence, last, q.valueStart())
                            .append(same.quantity().value());
                    last = q.valueStart() + q.value().length();
                }
                continue;
            }
            // A bound the source's value lies within ("under 2 minutes" for "about 90 seconds") is read as the
            // source states it: what entails the source's statement entails the weaker one.
            SourceIndex.Placed within = closest(q, stems, index, false);
            if (within != null) {
                out.append(sentence, last, q.start()).append(within.quantity().stated());
                last = q.end();
            }
        }
        return last == 0 ? sentence : out.append(sentence.substring(last)).toString();
    }

    /**
     * The source quantity with the same value (or, not {@code same}, one whose value {@code q} bounds) whose sentence
     * shares the most content words with the response's.
     */
    private static SourceIndex.Placed closest(Quantity q, Set<String> stems, SourceIndex index, boolean same) {
        SourceIndex.Placed best = null;
        long bestShared = same ? -1 : 0;
        for (SourceIndex.Placed p : index.quantities()) {
            if (same ? !q.sameAs(p.quantity()) : !q.within(p.quantity())) {
                continue;
            }
            long shared = p.sentence().stems().stream().filter(stems::contains).count();
            if (shared > bestShared) {
                best = p;
                bestShared = shared;
            }
        }
        return best;
    }
}
