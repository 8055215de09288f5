package dev.llmassert.core.model.internal;

import dev.llmassert.core.model.JudgeProvider;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The provider clients that llm-assert's POM leaves optional, so that a project that judges with another provider
 * does not download them: today langchain4j's Ollama client. Their coordinates, at the versions llm-assert is built
 * with, are written into {@code optional-clients.properties} by the build (a filtered resource), so the message that
 * names a missing one names the version to add.
 */
@API(status = INTERNAL, since = "0.1")
public final class OptionalClients {

    static final String OLLAMA_CLASS = "dev.langchain4j.model.ollama.OllamaChatModel";
    private static final String COORDINATES = "optional-clients.properties";

    private OptionalClients() {}

    /**
     * Fails with a message that names the dependency to add when langchain4j's Ollama client is not on the class path.
     *
     * @param loader the class loader llm-assert's classes come from
     * @throws IllegalStateException naming {@code dev.langchain4j:langchain4j-ollama} and its version
     */
    public static void requireOllama(ClassLoader loader) {
        if (!present(OLLAMA_CLASS, loader)) {
            throw new IllegalStateException(JudgeMessages.missingClient(
                    JudgeProvider.OLLAMA, "langchain4j's Ollama client", coordinates("ollama")));
        }
    }

    static boolean present(String className, ClassLoader loader) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The Maven coordinates, with the version, of the optional client named {@code key}. */
    static String coordinates(String key) {
        Properties properties = new Properties();
        try (InputStream in = OptionalClients.class.getResourceAsStream(COORDINATES)) {
            if (in == null) {
                throw new IllegalStateException("llm-assert's jar lacks its resource " + COORDINATES);
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty(key);
    }
}
