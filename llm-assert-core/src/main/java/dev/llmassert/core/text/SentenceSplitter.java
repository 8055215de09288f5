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
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Splits text into sentences with OpenNLP's English sentence model (UD English-EWT), which ships inside the
 * {@code opennlp-models-sentdetect-en} jar: nothing is downloaded.
 *
 * <p>Email and web addresses, domain names, version numbers, decimal figures, times, initials and common
 * abbreviations never end a sentence: "You can email help@shop.example Monday to Friday" is one sentence, and so is
 * "Dr. J. Smith answers at 9 a.m. Monday to Friday".
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
     * Abbreviations that never end a sentence: titles before a name ("Dr. Smith"), a name's initials ("J. K. Rowling"),
     * and the abbreviations that always introduce more ("e.g.", "i.e.", "vs.", "approx.", "no. 5"). A split after one
     * is always undone.
     */
    private static final Pattern ENDS_WITH_TITLE_OR_INITIAL = Pattern.compile("(?:^|[\\s(])"
            + "(?:(?i:e\\.g|i\\.e|vs|approx|incl|cf|viz|esp|fig|ca)"
            + "|Mr|Mrs|Ms|Dr|Prof|St|Gen|Gov|Sen|Rep|Jr|Sr|Capt|Lt|Col|Sgt|Mt|Ft|No|Nr|\\p{Lu})\\.$");

    /**
     * Abbreviations that OpenNLP's model often takes for a sentence end ("at 3 a.m. and then"), titles and initialisms
     * written in lower case ("mr. smith", "the u.s. surgeon general"), as lower-cased text has them. A split after one
     * of them is undone when the next piece starts in lower case or with a digit, or with a capitalised word that
     * does not open a sentence ("9 a.m. Monday to Friday"); a pronoun or an article after it opens a new sentence
     * ("We open at 9 a.m. The shop ...").
     */
    private static final Pattern ENDS_WITH_ABBREVIATION = Pattern.compile("(?i)(?:^|[\\s(])"
            + "(?:a\\.m|p\\.m|e\\.g|i\\.e|etc|vs|approx|incl|no|fig|cf"
            + "|mr|mrs|ms|dr|st|prof|gen|gov|sen|rep|jr|sr|\\p{L}(?:\\.\\p{L})+)\\.$");

    /**
     * Words that open a sentence after an abbreviation that can end one ("... at 5 p.m. The shop opens ..."): pronouns,
     * articles, and the words that commonly start a statement or an instruction.
     */
    private static final Set<String> OPENERS = Set.of(
            "the", "a", "an", "it", "its", "we", "our", "you", "your", "they", "their", "he", "she", "his", "her", "i",
            "this", "that", "these", "those", "there", "here", "please", "if", "when", "after", "before", "then",
            "also", "but", "and", "so", "for", "in", "on", "at", "to", "all", "each", "every", "no", "yes", "some");

    /** How a sentence ends: a final mark, perhaps followed by closing quotes or brackets. */
    private static final Pattern SENTENCE_END =
            Pattern.compile("[.!?\u2026\u203c\u2049:;。！？｡؟۔।][\"'\u201d\u2019)\\]」』）]*$");

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

    /**
     * Whether {@code next} continues {@code previous}: the model cut inside a word that holds a point (an email or web
     * address, a domain name, a version number: "help@shop.example Monday"), after an abbreviation that does not end a
     * sentence, or inside a decimal written with a space ("98. 7").
     */
    private static boolean continuesPrevious(String previous, String next) {
        if (!SENTENCE_END.matcher(previous).find()) {
            // OpenNLP ends a sentence at the end of the word that holds its point: ending in a letter or a digit, the
            // piece was cut inside such a word.
            return true;
        }
        int first = next.codePointAt(0);
        if (Character.isDigit(first) && ENDS_WITH_DIGIT_POINT.matcher(previous).find()) {
            return true;
        }
        if (ENDS_WITH_TITLE_OR_INITIAL.matcher(previous).find()) {
            return true;
        }
        if (!ENDS_WITH_ABBREVIATION.matcher(previous).find()) {
            return false;
        }
        return Character.isLowerCase(first) || Character.isDigit(first) || !opensSentence(next);
    }

    /** Whether {@code text} starts with a word that opens a sentence, or with something that is not a word. */
    private static boolean opensSentence(String text) {
        int end = 0;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        return end == 0 || OPENERS.contains(text.substring(0, end).toLowerCase(Locale.ROOT));
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
