package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the guide's configuration table ({@code docs/guide/configuration.adoc} includes it) from the one list of keys
 * in code: a row per key of {@link ConfigKeys#supported()}, in its order, with the Javadoc of the constant that
 * declares it, read from {@code ConfigKeys.java}. The build runs it before Asciidoctor (exec-maven-plugin, phase
 * {@code process-test-classes}), so the table cannot drift from the keys this version reads:
 * {@code java GuideConfigurationTable <ConfigKeys.java> <table.adoc>}.
 */
public final class GuideConfigurationTable {

    private static final Pattern CONSTANT =
            Pattern.compile("/\\*\\*(.*?)\\*/\\s*public static final String (\\w+) = \"([^\"]+)\";", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("\\{@(?:code|link|linkplain|literal) ([^{}]*)}");

    private GuideConfigurationTable() {}

    /**
     * Reads {@code args[0]} (ConfigKeys.java) and writes the table to {@code args[1]}.
     *
     * @param args the source of {@link ConfigKeys} and the table's file
     * @throws IOException when either file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException(
                    "Usage: GuideConfigurationTable <path of ConfigKeys.java> <path of the table to write>, given "
                            + args.length + " arguments");
        }
        Path table = Path.of(args[1]);
        Files.createDirectories(table.toAbsolutePath().getParent());
        Files.writeString(
                table, table(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        System.out.println(
                "Guide: the configuration table of " + ConfigKeys.supported().size() + " keys -> " + table);
    }

    /** The AsciiDoc table of every supported key, from the source of {@link ConfigKeys}. */
    static String table(String source) {
        Map<String, String> meanings = new LinkedHashMap<>();
        Matcher constant = CONSTANT.matcher(source);
        while (constant.find()) {
            meanings.put(constant.group(3), meaning(constant.group(1), constant.group(3)));
        }
        StringBuilder rows = new StringBuilder("[cols=\"2,5\",options=\"header\"]\n|===\n|key |meaning and default\n");
        for (String key : ConfigKeys.supported()) {
            String meaning = meanings.get(key);
            if (meaning == null || meaning.isBlank()) {
                throw new IllegalStateException("ConfigKeys.supported() lists " + key + ", but ConfigKeys.java has no"
                        + " public constant with that value and a Javadoc comment. Fix: declare the key as a"
                        + " documented constant of ConfigKeys.");
            }
            rows.append("\n|`").append(key).append("`\n|").append(meaning).append('\n');
        }
        return rows.append("|===\n").toString();
    }

    /** A constant's Javadoc as one AsciiDoc line: its key for {@code {@value}}, code for {@code {@code ...}}. */
    private static String meaning(String javadoc, String key) {
        String text = javadoc.replaceAll("(?m)^\\s*\\*\\s?", " ")
                .replaceAll("\\s+", " ")
                .strip()
                .replace("{@value}: ", "")
                .replace("{@value}", "`" + key + "`");
        text = TAG.matcher(text)
                .replaceAll(tag -> Matcher.quoteReplacement("`" + tag.group(1).strip() + "`"));
        text = text.replace("|", "\\|");
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
