package dev.llmassert.core.text;

import opennlp.tools.sentdetect.SentenceDetectorME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.util.Span;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Splits text into sentences with OpenNLP's English sentence model (UD English-EWT), which ships inside the
 * {@code opennlp-models-sentdetect-en} jar: nothing is downloaded.
 *
 * <p>Blank lines, Markdown headings, list items ({@code -}, {@code *}, {@code 1.}) and table rows (lines that start
 * with {@code |}) always end a sentence, because LLM answers are often lists or tables without final punctuation: each
 * item and each row is a sentence, and a table's separator row ({@code |---|}), holding no word, is none.
 *
 * <p><b>Languages.</b> The model is English. Other languages that end sentences with {@code . ! ?} mostly split
 * right (German, French, Spanish; Arabic, whose full stop is {@code .}), except after their own abbreviations:
 * German "z. B." or "d. h." is cut into pieces. Scripts whose sentences end with other marks are split by rule after
 * {@code 。！？｡} (Chinese, Japanese), {@code ؟ ۔} (Arabic, Urdu) and {@code ।} (Hindi), a closing quote or
 * bracket staying with its sentence. There is no language detection and no model for other languages.
 *
 * <p>Thread-safe: the model is loaded once and shared; each call uses its own detector, since OpenNLP's detector
 * keeps per-call state.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SentenceSplitter {

    static final String MODEL_RESOURCE = "/opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin";

    /**
     * Abbreviations that OpenNLP's model often takes for a sentence end ("at 3 a.m. and then"), titles and initialisms
     * written in lower case ("mr. smith", "the u.s. surgeon general"), as lower-cased text has them. A split after one
     * of them is undone when the next piece starts in lower case or with a digit.
     */
    private static final Pattern ENDS_WITH_ABBREVIATION = Pattern.compile("(?i)(?:^|[\\s(])"
            + "(?:a\\.m|p\\.m|e\\.g|i\\.e|etc|vs|approx|incl|no|fig|cf"
            + "|mr|mrs|ms|dr|st|prof|gen|gov|sen|rep|jr|sr|\\p{L}(?:\\.\\p{L})+)\\.$");

    /**
     * A decimal written with a space after its point ("98. 7 per cent"), as tokenised text has it: the split after
     * "98." is undone when the next piece starts with a digit.
     */
    private static final Pattern ENDS_WITH_DIGIT_POINT = Pattern.compile("\\d\\.$");

    private static final Pattern HEADING = Pattern.compile("\\s*#{1,6}\\s");

    private static final Pattern TABLE_ROW = Pattern.compile("\\s*\\|");

    /** After a sentence-final mark of a script the English model does not know, and any closing quote or bracket. */
    private static final Pattern OTHER_SCRIPT_END =
            Pattern.compile("(?<=[。！？｡؟۔।][”’」』）)\\]\"']?)(?![”’」』）)\\]\"'])\\s*");

    private static final Pattern BLOCK_BREAK = Pattern.compile("\\R\\s*\\R|\\R(?=\\s*(?:[-*•]|\\d{1,3}[.)])\\s)");

    private final SentenceModel model;

    private SentenceSplitter(SentenceModel model) {
        this.model = model;
    }

    /**
     * The shared English splitter; the model is loaded on first use.
     *
     * @return the splitter
     */
    public static SentenceSplitter english() {
        return EnglishHolder.INSTANCE;
    }

    /**
     * The sentences of {@code text}, trimmed, in order; empty when the text holds no words.
     *
     * @param text the text to split
     * @return the sentences, unmodifiable
     * @throws IllegalArgumentException if {@code text} is null
     */
    public List<String> split(String text) {
        if (text == null) {
            throw new IllegalArgumentException("text to split must not be null");
        }
        SentenceDetectorME detector = new SentenceDetectorME(model);
        List<String> sentences = new ArrayList<>();
        for (String block : blocks(text)) {
            // A split is undone only inside a block: "2. Restart" after "1. Pack the cables etc." is a new item.
            int blockStart = sentences.size();
            for (Span span : detector.sentPosDetect(block)) {
                for (String piece : OTHER_SCRIPT_END.split(span.getCoveredText(block))) {
                    String sentence = piece.strip();
                    if (!hasWord(sentence)) {
                        continue;
                    }
                    int last = sentences.size() - 1;
                    if (last >= blockStart && continuesPrevious(sentences.get(last), sentence)) {
                        sentences.set(last, sentences.get(last) + " " + sentence);
                    } else {
                        sentences.add(sentence);
                    }
                }
            }
        }
        return List.copyOf(sentences);
    }

    /** Paragraphs, list items, Markdown headings and table rows: pieces that never share a sentence. */
    private static List<String> blocks(String text) {
        List<String> blocks = new ArrayList<>();
        for (String block : BLOCK_BREAK.split(text)) {
            StringBuilder current = new StringBuilder();
            for (String line : block.split("\\R")) {
                if (HEADING.matcher(line).lookingAt() || TABLE_ROW.matcher(line).lookingAt()) {
                    addIfNotBlank(blocks, current.toString());
                    addIfNotBlank(blocks, line);
                    current.setLength(0);
                } else {
                    current.append(line).append('\n');
                }
            }
            addIfNotBlank(blocks, current.toString());
        }
        return blocks;
    }

    private static void addIfNotBlank(List<String> blocks, String block) {
        if (!block.isBlank()) {
            blocks.add(block);
        }
    }

    private static boolean continuesPrevious(String previous, String next) {
        int first = next.codePointAt(0);
        if (Character.isDigit(first) && ENDS_WITH_DIGIT_POINT.matcher(previous).find()) {
            return true;
        }
        return (Character.isLowerCase(first) || Character.isDigit(first))
                && ENDS_WITH_ABBREVIATION.matcher(previous).find();
    }

    private static boolean hasWord(String s) {
        return s.codePoints().anyMatch(Character::isLetterOrDigit);
    }

    private static final class EnglishHolder {
        static final SentenceSplitter INSTANCE = new SentenceSplitter(load());

        private static SentenceModel load() {
            try (InputStream in = SentenceSplitter.class.getResourceAsStream(MODEL_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("The OpenNLP English sentence model " + MODEL_RESOURCE
                            + " is not on the classpath.\nAdd org.apache.opennlp:opennlp-models-sentdetect-en "
                            + "(llm-assert-core depends on it; check that it was not excluded).");
                }
                return new SentenceModel(in);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not read the OpenNLP sentence model " + MODEL_RESOURCE, e);
            }
        }
    }
}
