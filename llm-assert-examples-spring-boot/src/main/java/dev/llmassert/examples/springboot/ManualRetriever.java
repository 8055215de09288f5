package dev.llmassert.examples.springboot;

import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds the sections of the Nimbus R2 manual that share the most words with the question: at most two, each a
 * document with a fixed id, in the same order for the same question, so a recorded request is the one a replay sends.
 */
@Component
public class ManualRetriever implements DocumentRetriever {

    /** The manual's sections, by id. */
    public static final Map<String, String> SECTIONS = Map.of(
            "reset",
            "To restore the factory settings, hold the recessed reset button on the back for 15 seconds with a"
                    + " paperclip, until the status light turns amber. A factory reset erases your network name,"
                    + " password and parental controls.",
            "lights",
            "A blinking red status light means there is no internet connection: check the cable to your modem, then"
                    + " restart the modem and the router. The light blinks white while the router starts, which"
                    + " takes about two minutes.",
            "warranty",
            "The Nimbus R2 router has a two-year warranty from the date of purchase. The warranty does not cover"
                    + " damage from power surges. Support is available by chat in the Nimbus app, every day from"
                    + " 8 am to 8 pm.");

    private static final Set<String> SMALL_WORDS =
            Set.of("what", "when", "where", "which", "does", "with", "your", "this", "that", "have", "there", "from");

    @Override
    public List<Document> retrieve(Query query) {
        Set<String> asked = words(query.text());
        return SECTIONS.entrySet().stream()
                .map(section -> Map.entry(section, overlap(asked, words(section.getValue()))))
                .filter(scored -> scored.getValue() > 0)
                .sorted(Comparator.comparing((Map.Entry<Map.Entry<String, String>, Long> scored) -> -scored.getValue())
                        .thenComparing(scored -> scored.getKey().getKey()))
                .limit(2)
                .map(scored -> new Document(
                        scored.getKey().getKey(),
                        scored.getKey().getValue(),
                        Map.of("section", scored.getKey().getKey())))
                .toList();
    }

    private static long overlap(Set<String> asked, Set<String> section) {
        return asked.stream().filter(section::contains).count();
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^a-z0-9-]+"))
                .filter(word -> word.length() > 3 && !SMALL_WORDS.contains(word))
                .map(word -> word.endsWith("s") ? word.substring(0, word.length() - 1) : word)
                .collect(Collectors.toSet());
    }
}
