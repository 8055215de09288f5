package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.LabelledSets.Item;
import dev.llmassert.core.groundedness.LabelledSets.LabelledSet;
import dev.llmassert.core.groundedness.internal.Departures;
import dev.llmassert.core.groundedness.internal.Scoring;
import dev.llmassert.core.groundedness.internal.Support;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes what the judge measured of every labelled sentence as a table, for exploring the confidence model. */
final class ConfidenceDump {

    private ConfidenceDump() {}

    static void write(Path file, Iterable<LabelledSet> sets, Scoring scoring) throws IOException {
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
            out.println("set\titem\tlabel\tsentences\tk\tscore\tsupport\tentail\tevidence\tsemantic\tcoverage"
                    + "\tevcov\tbigrams\twords\tinvented\tmisattached\tnegword\tnegmismatch\topposite\trecombined"
                    + "\trecombcontent\tenglish\tconfirms\totherwise\thasevidence\thasrunner\tpremiselen\tevlen"
                    + "\tscorenonli\tscorelex");
            for (LabelledSet set : sets) {
                int id = 0;
                for (Item item : set.items()) {
                    int k = 0;
                    for (Support s : item.supports()) {
                        Departures d = s.departures();
                        out.println(String.join(
                                "\t",
                                set.name(),
                                String.valueOf(id),
                                item.grounded() ? "1" : "0",
                                String.valueOf(item.supports().size()),
                                String.valueOf(k++),
                                num(scoring.score(s)),
                                num(scoring.support(s)),
                                num(s.entailment()),
                                num(Scoring.evidence(s)),
                                num(s.semantic()),
                                num(s.coverage()),
                                num(s.evidenceCoverage()),
                                num(s.bigrams()),
                                String.valueOf(s.contentWords()),
                                String.valueOf(s.inventedFacts().size()),
                                d.misattached() == null ? "0" : "1",
                                d.negatedWord() == null ? "0" : "1",
                                s.negationMismatch() ? "1" : "0",
                                d.opposite() == null ? "0" : "1",
                                num(d.recombined()),
                                num(d.recombinedContent()),
                                s.english() ? "1" : "0",
                                scoring.confirms(s) ? "1" : "0",
                                scoring.saysOtherwise(s) ? "1" : "0",
                                s.evidence() == null ? "0" : "1",
                                s.runnerUp() == null ? "0" : "1",
                                String.valueOf(
                                        s.premise() == null ? 0 : s.premise().length()),
                                String.valueOf(
                                        s.evidence() == null
                                                ? 0
                                                : s.evidence().text().length()),
                                num(Scoring.WITH_EMBEDDINGS.score(s.withEntailment(Double.NaN, null))),
                                num(Scoring.LEXICAL.score(lexical(s)))));
                    }
                    id++;
                }
            }
        }
    }

    /** The measurements as the lexical judge would take them: no similarity, no entailment. */
    private static Support lexical(Support s) {
        return new Support(
                Double.NaN,
                s.coverage(),
                s.evidenceCoverage(),
                s.bigrams(),
                s.contentWords(),
                s.inventedFacts(),
                s.negationMismatch(),
                s.negationShared(),
                s.evidence(),
                s.runnerUp(),
                s.departures(),
                s.english(),
                Double.NaN,
                null,
                s.inventedQuantities(),
                s.conflict());
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "nan" : String.format(Locale.ROOT, "%.5f", v);
    }
}
