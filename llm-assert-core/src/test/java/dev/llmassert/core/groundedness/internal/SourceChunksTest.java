package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.SourceChunks.Chunk;
import dev.llmassert.core.groundedness.internal.SourceChunks.Span;
import dev.llmassert.core.text.SentenceSplitter;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SourceChunksTest {

    private static final SentenceSplitter SPLITTER = SentenceSplitter.english();

    @Test
    void sourcesThatFitShareOneChunkSeparatedByABlankLine() {
        SourceChunks chunks = SourceChunks.of(
                List.of("  The router has four ports.\n", "The warranty is two years."), SPLITTER, 1_000);

        assertThat(chunks.chunks()).singleElement().satisfies(chunk -> {
            assertThat(chunk.text()).isEqualTo("The router has four ports.\n\nThe warranty is two years.");
            assertThat(chunk.spans()).containsExactly(new Span(0, 2, 28), new Span(1, 0, 26));
            assertThat(chunk.where(2)).isEqualTo("sources 1-2");
        });
    }

    @Test
    void aSourceLongerThanTheSizeIsCutBetweenSentencesKeepingTheTextBetweenThem() {
        String source = "First sentence is here.\nSecond sentence is here.   Third sentence is here. Fourth one.";
        SourceChunks chunks = SourceChunks.of(List.of(source), SPLITTER, 50);

        assertThat(chunks.chunks())
                .extracting(Chunk::text)
                .containsExactly(
                        "First sentence is here.\nSecond sentence is here.", "Third sentence is here. Fourth one.");
        assertThat(chunks.chunks().get(1).where(1)).isEqualTo("chars 52-86");
        assertThat(source.substring(51, 86)).isEqualTo("Third sentence is here. Fourth one.");
    }

    @Test
    void aSentenceLongerThanTheSizeIsAChunkOfItsOwn() {
        String longSentence = "This sentence alone is longer than the chunk size allows by far.";
        SourceChunks chunks = SourceChunks.of(List.of("Short one. " + longSentence + " Short two."), SPLITTER, 20);

        assertThat(chunks.chunks()).extracting(Chunk::text).containsExactly("Short one.", longSentence, "Short two.");
    }

    @Test
    void aSourceThatFitsAChunkAloneIsNotCutToFillTheChunkBeforeIt() {
        SourceChunks chunks = SourceChunks.of(List.of("Alpha is one.", "Beta is two. Gamma is three."), SPLITTER, 30);

        assertThat(chunks.chunks())
                .extracting(Chunk::text)
                .containsExactly("Alpha is one.", "Beta is two. Gamma is three.");
        assertThat(chunks.chunks())
                .extracting(c -> c.where(2))
                .containsExactly("source 1 chars 1-13", "source 2 chars 1-28");
    }

    @Test
    void aSentenceIsLocatedWhateverTheSplitterDidToItsWhiteSpace() {
        SourceChunks chunks = SourceChunks.of(List.of("Intro.\n\nThe X200   has\nfour ports."), SPLITTER, 1_000);

        assertThat(chunks.locate(0, "The X200 has four ports.")).isEqualTo(new Span(0, 8, 34));
        assertThat(chunks.locate(0, "Five ports.")).isNull();
        assertThat(chunks.chunks().get(0).covers(new Span(0, 8, 34))).isTrue();
    }
}
