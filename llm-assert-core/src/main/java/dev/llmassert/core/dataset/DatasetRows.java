package dev.llmassert.core.dataset;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a dataset file into rows of named values, each with its 1-based line, through Jackson's parsers: one
 * JSON object per line, a CSV file with a header, or a YAML list of maps. What the rows mean is {@link Dataset}'s.
 */
final class DatasetRows {

    /** The formats, with what one item is called in a fix. */
    enum Format {
        JSONL(
                "line",
                "a JSON object on each line, e.g. {\"id\": \"q1\", \"question\": \"How do I reset the router?\"}"),
        CSV(
                "row",
                "a header line naming the columns, then one row per item, e.g. the line \"id,question\" then "
                        + "\"q1,How do I reset the router?\""),
        YAML("item", "a list of maps, e.g. the line \"- id: q1\" then \"  question: How do I reset the router?\"");

        final String unit;
        final String example;

        Format(String unit, String example) {
            this.unit = unit;
            this.example = example;
        }

        /** The format a file name's extension says, or {@code null}. */
        static Format of(String fileName) {
            String name = fileName.toLowerCase(Locale.ROOT);
            if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
                return JSONL;
            }
            if (name.endsWith(".csv")) {
                return CSV;
            }
            if (name.endsWith(".yaml") || name.endsWith(".yml")) {
                return YAML;
            }
            return null;
        }
    }

    /** Opens the bytes of a source, or fails with a {@link DatasetException} naming it. */
    interface Opener {
        InputStream open() throws IOException;
    }

    /**
     * Where the rows come from.
     *
     * @param name     for messages: the path as given, or {@code classpath:} and the resource
     * @param fileName the last part of the name, for ids made from lines
     * @param format   how to read it
     * @param opener   opens it
     */
    record Source(String name, String fileName, Format format, Opener opener) {

        static Source file(Path path, Format format) {
            String name = path.toString();
            Path fileName = path.getFileName();
            return new Source(name, fileName == null ? name : fileName.toString(), format(name, format), () -> {
                if (Files.isDirectory(path)) {
                    throw new DatasetException(name, 0, null, DatasetMessages.aDirectory());
                }
                try {
                    return Files.newInputStream(path);
                } catch (NoSuchFileException e) {
                    throw new DatasetException(name, 0, null, DatasetMessages.noSuchFile(path, classpathHint(path)), e);
                }
            });
        }

        /** How to load a file under a resources folder from the classpath, which needs no working directory. */
        private static String classpathHint(Path path) {
            String slashed = path.toString().replace('\\', '/');
            for (String folder : List.of("src/test/resources/", "src/main/resources/")) {
                int at = slashed.indexOf(folder);
                if (at >= 0) {
                    return "The file is meant to be on the classpath, so it can be loaded with "
                            + "Dataset.fromClasspath(\"" + slashed.substring(at + folder.length()) + "\").";
                }
            }
            return "A file under src/test/resources can also be loaded with Dataset.fromClasspath(..), named by its "
                    + "path below that folder.";
        }

        static Source classpath(String resource) {
            String name = "classpath:" + resource;
            String fileName = resource.substring(resource.lastIndexOf('/') + 1);
            return new Source(name, fileName, format(name, null), () -> {
                ClassLoader context = Thread.currentThread().getContextClassLoader();
                InputStream in = context == null ? null : context.getResourceAsStream(resource);
                if (in == null) {
                    in = DatasetRows.class.getClassLoader().getResourceAsStream(resource);
                }
                if (in == null) {
                    throw new DatasetException(name, 0, null, DatasetMessages.noSuchResource(resource));
                }
                return in;
            });
        }

        private static Format format(String name, Format given) {
            if (given != null) {
                return given;
            }
            Format format = Format.of(name);
            if (format == null) {
                throw new DatasetException(name, 0, null, DatasetMessages.unknownFormat());
            }
            return format;
        }
    }

    /**
     * One item of the file before its fields are given meaning.
     *
     * @param line   1-based: the line of a JSON Lines item, the first line of a CSV record, where a YAML item starts
     * @param values the fields in the file's order; a CSV cell is a text, an empty one too
     */
    record Row(int line, Map<String, JsonNode> values) {}

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvParser.Feature.FAIL_ON_MISSING_COLUMNS)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .build();

    private final Source source;

    private DatasetRows(Source source) {
        this.source = source;
    }

    /** The rows of the source, in file order; none for an empty file. */
    static List<Row> read(Source source) {
        try (InputStream in = source.opener().open();
                Reader reader = utf8(in)) {
            DatasetRows rows = new DatasetRows(source);
            return switch (source.format()) {
                case JSONL -> rows.jsonl(new BufferedReader(reader));
                case CSV -> rows.csv(reader);
                case YAML -> rows.yaml(reader);
            };
        } catch (IOException e) {
            DatasetException notUtf8 = notUtf8(source, e);
            throw notUtf8 != null
                    ? notUtf8
                    : new DatasetException(source.name(), 0, null, DatasetMessages.unreadable(e), e);
        }
    }

    /** The error for bytes that are not UTF-8, if that is what {@code e} is or was caused by; else {@code null}. */
    private static DatasetException notUtf8(Source source, Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CharacterCodingException) {
                return new DatasetException(source.name(), 0, null, DatasetMessages.notUtf8(cause), e);
            }
        }
        return null;
    }

    /** UTF-8, failing on bytes that are not, without the byte order mark some editors write. */
    private static Reader utf8(InputStream in) throws IOException {
        PushbackReader reader = new PushbackReader(
                new InputStreamReader(
                        in,
                        StandardCharsets.UTF_8
                                .newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)),
                1);
        int first = reader.read();
        if (first != -1 && first != '\uFEFF') {
            reader.unread(first);
        }
        return reader;
    }

    private List<Row> jsonl(BufferedReader reader) throws IOException {
        List<Row> rows = new ArrayList<>();
        String text;
        int line = 0;
        while ((text = reader.readLine()) != null) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                throw malformed(line, "the line is not valid JSON (" + column(e) + e.getOriginalMessage() + ")", e);
            }
            if (!node.isObject()) {
                throw malformed(line, "the line is " + kind(node) + ", not a JSON object", null);
            }
            rows.add(new Row(line, fields(node)));
        }
        return rows;
    }

    private List<Row> csv(Reader reader) throws IOException {
        List<Row> rows = new ArrayList<>();
        int line = 0;
        try (CsvParser parser = (CsvParser) CSV.createParser(reader)) {
            parser.setSchema(CsvSchema.emptySchema().withHeader());
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.START_OBJECT) {
                if (rows.isEmpty()) {
                    checkHeader(parser.getSchema());
                }
                line = 0;
                Map<String, JsonNode> values = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    if (line == 0) {
                        line = parser.currentTokenLocation().getLineNr();
                    }
                    String field = parser.currentName();
                    parser.nextToken();
                    values.put(field, TextNode.valueOf(parser.getText()));
                }
                rows.add(new Row(line, Collections.unmodifiableMap(values)));
                line = 0;
            }
            if (token != null) {
                throw malformed(lineOf(parser.currentTokenLocation()), "the file is not a table of rows", null);
            }
        } catch (JsonProcessingException e) {
            int at = line != 0 ? line : lineOf(e.getLocation());
            throw new DatasetException(source.name(), at, null, DatasetMessages.rowLengthDiffers(e), e);
        }
        return rows;
    }

    private void checkHeader(CsvSchema schema) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < schema.size(); i++) {
            String column = schema.columnName(i);
            if (column.isBlank()) {
                throw new DatasetException(source.name(), 1, null, DatasetMessages.unnamedColumn(i));
            }
            if (!seen.add(column)) {
                throw new DatasetException(source.name(), 1, column, DatasetMessages.columnTwice());
            }
        }
    }

    private List<Row> yaml(Reader reader) throws IOException {
        List<Row> rows = new ArrayList<>();
        int line = 0;
        try (JsonParser parser = YAML.createParser(reader)) {
            JsonToken token = parser.nextToken();
            if (token == JsonToken.START_ARRAY) {
                items(parser, rows);
            } else if (token == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    line = lineOf(parser.currentTokenLocation());
                    if (!"items".equals(parser.currentName())) {
                        throw new DatasetException(
                                source.name(), line, parser.currentName(), DatasetMessages.otherTopLevelKey());
                    }
                    token = parser.nextToken();
                    if (token == JsonToken.START_ARRAY) {
                        items(parser, rows);
                    } else if (token != JsonToken.VALUE_NULL) {
                        throw new DatasetException(
                                source.name(),
                                line,
                                "items",
                                DatasetMessages.itemsNotAList(kind(YAML.readTree(parser))));
                    }
                }
            } else if (token != null) {
                throw malformed(
                        lineOf(parser.currentTokenLocation()),
                        "the file holds " + kind(YAML.readTree(parser)) + ", not a list of items",
                        null);
            }
            if (token != null && parser.nextToken() != null) {
                throw malformed(
                        lineOf(parser.currentTokenLocation()), "the file holds more than one YAML document", null);
            }
        } catch (JsonProcessingException e) {
            DatasetException notUtf8 = notUtf8(source, e);
            if (notUtf8 != null) {
                throw notUtf8;
            }
            int at = lineOf(e.getLocation());
            throw malformed(at, "the file is not valid YAML (" + column(e) + oneLine(e.getOriginalMessage()) + ")", e);
        }
        return rows;
    }

    private void items(JsonParser parser, List<Row> rows) throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
            int line = lineOf(parser.currentTokenLocation());
            JsonNode node = YAML.readTree(parser);
            if (token != JsonToken.START_OBJECT) {
                throw malformed(
                        line, "item " + (rows.size() + 1) + " is " + kind(node) + ", not a map of fields", null);
            }
            rows.add(new Row(line, fields(node)));
        }
    }

    private static Map<String, JsonNode> fields(JsonNode node) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        node.properties().forEach(entry -> values.put(entry.getKey(), entry.getValue()));
        return Collections.unmodifiableMap(values);
    }

    private DatasetException malformed(int line, String problem, Throwable cause) {
        return new DatasetException(source.name(), line, null, DatasetMessages.malformed(problem, source), cause);
    }

    /**
     * A YAML parser's message without the quoted snippets it spreads over several lines: "while parsing a flow
     * sequence; expected ',' or ']', but got ?".
     */
    static String oneLine(String message) {
        if (message == null) {
            return "no detail";
        }
        List<String> kept = new ArrayList<>();
        String[] lines = message.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("in '")) {
                if (i + 2 < lines.length && lines[i + 2].strip().equals("^")) {
                    i += 2;
                }
            } else if (!line.isEmpty()) {
                kept.add(line);
            }
        }
        return String.join("; ", kept);
    }

    private static String column(JsonProcessingException e) {
        JsonLocation location = e.getLocation();
        return location == null || location.getColumnNr() < 1 ? "" : "column " + location.getColumnNr() + ": ";
    }

    private static int lineOf(JsonLocation location) {
        return location == null ? 0 : Math.max(0, location.getLineNr());
    }

    /** What a value is, for messages: "a text", "a list", "an object", "a map". */
    String kind(JsonNode node) {
        return kind(node, source.format());
    }

    static String kind(JsonNode node, Format format) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return "nothing (null)";
        }
        if (node.isObject()) {
            return format == Format.YAML ? "a map" : "an object";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        return "a text";
    }
}
