package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Prices per model name, in US dollars per million tokens in and out, from {@code llmassert.report.prices} (a
 * classpath resource or a file: JSON as {@value #DEFAULT}, or properties {@code gpt-4o-mini.input=0.15}) or the
 * default table. A model that is not in the table has no price: the report says "price unknown", never a guess.
 */
@API(status = INTERNAL, since = "0.1")
public final class Prices {

    /** The default table, on the classpath. */
    public static final String DEFAULT = "dev/llmassert/junit/report/prices.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;
    private final String asOf;
    private final Map<String, double[]> perMillion;

    private Prices(String source, String asOf, Map<String, double[]> perMillion) {
        this.source = source;
        this.asOf = asOf;
        this.perMillion = perMillion;
    }

    /**
     * The table named by {@code location} ({@code null} for the default).
     *
     * @throws IllegalArgumentException naming the key, the location and what is wrong, for a table that cannot be
     *                                  read
     */
    public static Prices load(String location) {
        String where = location == null || location.isBlank() ? DEFAULT : location.strip();
        String text = read(where);
        try {
            if (where.endsWith(".properties")) {
                Properties properties = new Properties();
                properties.load(new StringReader(text));
                Map<String, double[]> prices = new TreeMap<>();
                for (String key : properties.stringPropertyNames()) {
                    int dot = key.lastIndexOf('.');
                    String side = dot < 0 ? "" : key.substring(dot + 1);
                    if (!side.equals("input") && !side.equals("output")) {
                        throw new IllegalArgumentException(
                                "the key '" + key + "' is not <model>.input or " + "<model>.output");
                    }
                    double[] price = prices.computeIfAbsent(
                            key.substring(0, dot).toLowerCase(Locale.ROOT), k -> new double[] {Double.NaN, Double.NaN});
                    price[side.equals("input") ? 0 : 1] = price(properties.getProperty(key), key);
                }
                prices.forEach((model, price) -> {
                    if (Double.isNaN(price[0]) || Double.isNaN(price[1])) {
                        throw new IllegalArgumentException(
                                "the model '" + model + "' needs both " + model + ".input and " + model + ".output");
                    }
                });
                return new Prices(where, properties.getProperty("asOf", "not given"), prices);
            }
            JsonNode root = JSON.readTree(text);
            Map<String, double[]> prices = new TreeMap<>();
            JsonNode models = root.path("models");
            if (!models.isObject()) {
                throw new IllegalArgumentException("it has no \"models\" object");
            }
            models.fields()
                    .forEachRemaining(e -> prices.put(e.getKey().toLowerCase(Locale.ROOT), new double[] {
                        price(e.getValue().path("input").asText(null), e.getKey() + ".input"),
                        price(e.getValue().path("output").asText(null), e.getKey() + ".output")
                    }));
            return new Prices(
                    root.path("source").asText(where), root.path("asOf").asText("not given"), prices);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(Messages.unusablePrices(where, e), e);
        }
    }

    public String source() {
        return source;
    }

    public String asOf() {
        return asOf;
    }

    /** The cost of the tokens for {@code model}, or empty when the table has no price for it. */
    public Optional<Double> cost(String model, long inputTokens, long outputTokens) {
        double[] price = model == null ? null : perMillion.get(model.toLowerCase(Locale.ROOT));
        if (price == null) {
            return Optional.empty();
        }
        return Optional.of((inputTokens * price[0] + outputTokens * price[1]) / 1_000_000.0);
    }

    private static double price(String text, String key) {
        if (text == null) {
            throw new IllegalArgumentException("'" + key + "' is missing");
        }
        try {
            double value = Double.parseDouble(text.strip());
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + key + "' is '" + text + "', not a price of 0 or more");
        }
    }

    private static String read(String where) {
        try (InputStream in = Thread.currentThread().getContextClassLoader() == null
                ? null
                : Thread.currentThread().getContextClassLoader().getResourceAsStream(where.replaceFirst("^/", ""))) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("The price table " + where + " cannot be read: " + e.getMessage(), e);
        }
        InputStream own = Prices.class.getClassLoader().getResourceAsStream(where.replaceFirst("^/", ""));
        if (own != null) {
            try (own) {
                return new String(own.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "The price table " + where + " cannot be read: " + e.getMessage(), e);
            }
        }
        Path file = Path.of(where);
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(Messages.noPriceTable(where, file), e);
        }
    }
}
