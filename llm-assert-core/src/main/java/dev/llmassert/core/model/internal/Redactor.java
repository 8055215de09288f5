package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Masks credentials in every text that leaves a judge: messages, log lines, and the messages of an exception's whole
 * cause chain. A provider's error body may echo the request's headers ({@code Authorization: Bearer sk-...}), and
 * langchain4j puts that body into its exception messages.
 *
 * <p>Two kinds of secret are masked: the value of each API-key variable the judge knows (whatever its format, e.g. a
 * 32-character Azure key), and anything shaped like a credential ({@code sk-...}, {@code sk-proj-...},
 * {@code Bearer ...}, {@code Basic ...}, {@code api-key: ...}, {@code "api_key": "..."}, {@code AIza...}).
 *
 * <p>Immutable and thread-safe. It holds the key values it masks, so it never prints itself.
 */
@API(status = INTERNAL, since = "0.1")
public final class Redactor {

    /** What a masked secret is replaced with. */
    public static final String MASK = "***";

    /** Shorter values are not masked as text: masking "x" everywhere would garble messages and hide nothing. */
    private static final int MIN_LITERAL = 8;

    private static final Pattern AUTH_SCHEME = Pattern.compile("(?i)\\b(bearer|basic)(\\s+)[^\\s\"',;}\\]]+");
    private static final Pattern SK_KEY = Pattern.compile("\\bsk-[A-Za-z0-9_\\-*.]{4,}");
    private static final Pattern GOOGLE_KEY = Pattern.compile("\\bAIza[0-9A-Za-z_\\-]{20,}");
    private static final Pattern KEY_FIELD = Pattern.compile(
            "(?i)((?:x-)?(?:api[_-]?key|authorization|access[_-]?token|token|secret)[\"']?\\s*[:=]\\s*[\"']?)"
                    + "(?!bearer\\s|basic\\s)[^\\s\"',;}\\]]+");

    private static final Redactor PATTERNS_ONLY = new Redactor(List.of());

    private final List<String> values;

    private Redactor(List<String> values) {
        this.values = values;
    }

    /** Masks credential-shaped text only. */
    public static Redactor patternsOnly() {
        return PATTERNS_ONLY;
    }

    /**
     * Masks credential-shaped text and the values of {@code variables}, read through {@code environment} now (a name
     * that is not set, or not a variable name, adds nothing).
     */
    public static Redactor forVariables(Function<String, String> environment, String... variables) {
        List<String> values = new ArrayList<>();
        for (String variable : variables) {
            if (variable == null || variable.isBlank()) {
                continue;
            }
            String value;
            try {
                value = environment.apply(variable.strip());
            } catch (RuntimeException e) {
                value = null;
            }
            if (value != null && value.strip().length() >= MIN_LITERAL && !values.contains(value.strip())) {
                values.add(value.strip());
            }
        }
        // the longest first, so that a key containing another is masked whole
        values.sort((a, b) -> Integer.compare(b.length(), a.length()));
        return values.isEmpty() ? PATTERNS_ONLY : new Redactor(List.copyOf(values));
    }

    /** {@code text} with every secret masked; {@code null} stays {@code null}. */
    public String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = text;
        for (String value : values) {
            masked = masked.replace(value, MASK);
        }
        masked = AUTH_SCHEME.matcher(masked).replaceAll("$1$2" + Matcher.quoteReplacement(MASK));
        masked = SK_KEY.matcher(masked).replaceAll(Matcher.quoteReplacement("sk-" + MASK));
        masked = GOOGLE_KEY.matcher(masked).replaceAll(Matcher.quoteReplacement(MASK));
        masked = KEY_FIELD.matcher(masked).replaceAll("$1" + Matcher.quoteReplacement(MASK));
        return masked;
    }

    /** Whether {@code text} holds anything {@link #redact} would mask. */
    public boolean containsSecret(String text) {
        return text != null && !text.equals(redact(text));
    }

    /**
     * {@code error} itself when no message in its cause chain (or among their suppressed exceptions) holds a secret;
     * else a copy of the whole chain in which every throwable is a {@link RedactedException} carrying the original's
     * class name, masked message and stack trace.
     */
    public Throwable redact(Throwable error) {
        if (error == null || !chainHoldsSecret(error, Collections.newSetFromMap(new IdentityHashMap<>()))) {
            return error;
        }
        return copy(error, new IdentityHashMap<>());
    }

    private boolean chainHoldsSecret(Throwable error, Set<Throwable> seen) {
        if (error == null || !seen.add(error)) {
            return false;
        }
        if (containsSecret(error.getMessage()) || containsSecret(error.getLocalizedMessage())) {
            return true;
        }
        for (Throwable suppressed : error.getSuppressed()) {
            if (chainHoldsSecret(suppressed, seen)) {
                return true;
            }
        }
        return chainHoldsSecret(error.getCause(), seen);
    }

    private RedactedException copy(Throwable error, Map<Throwable, RedactedException> copies) {
        RedactedException done = copies.get(error);
        if (done != null) {
            return done;
        }
        RedactedException copy = new RedactedException(error.getClass().getName(), redact(error.getMessage()));
        copies.put(error, copy);
        copy.setStackTrace(error.getStackTrace());
        if (error.getCause() != null && error.getCause() != error) {
            copy.initCause(copy(error.getCause(), copies));
        }
        for (Throwable suppressed : error.getSuppressed()) {
            copy.addSuppressed(copy(suppressed, copies));
        }
        return copy;
    }

    /** Never the values it masks. */
    @Override
    public String toString() {
        return "Redactor[" + values.size() + " key value" + (values.size() == 1 ? "" : "s")
                + " and credential patterns]";
    }

    /**
     * A throwable of a cause chain whose message held a credential, with the credential masked. It keeps the
     * original's class name (in {@link #originalClassName()} and in {@link #toString()}, so stack traces still say
     * what was thrown) and its stack trace.
     */
    @API(status = INTERNAL, since = "0.1")
    public static final class RedactedException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final String originalClassName;

        RedactedException(String originalClassName, String message) {
            super(message);
            this.originalClassName = Objects.requireNonNull(originalClassName);
        }

        /** The class of the throwable this is a masked copy of. */
        public String originalClassName() {
            return originalClassName;
        }

        @Override
        public String toString() {
            String message = getLocalizedMessage();
            return originalClassName + " (credentials masked by llm-assert)" + (message == null ? "" : ": " + message);
        }
    }
}
