package dev.llmassert.core.model;

import dev.llmassert.core.config.ConfigKeys;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * langchain4j's Ollama client is an optional dependency of core: a project that judges with Ollama adds it. Without it
 * on the class path, the Ollama provider fails with a message that names the dependency and its version, never with a
 * {@link NoClassDefFoundError}. The test loads llm-assert and langchain4j in a class loader of their own that does not
 * find the Ollama client's classes, as a user's project without the dependency would not.
 */
class OptionalOllamaClientTest {

    private static final Function<String, String> OLLAMA_SETTINGS =
            Map.of(ConfigKeys.JUDGE_PROVIDER, "ollama", ConfigKeys.JUDGE_BASE_URL, "http://127.0.0.1:9")::get;

    @Test
    void withoutTheOllamaClientTheProviderNamesTheDependencyToAdd() throws Exception {
        try (URLClassLoader withoutOllama = new HidingClassLoader("dev.langchain4j.model.ollama.")) {
            Throwable thrown = chatModel(withoutOllama);

            assertThat(thrown.getClass().getName()).isEqualTo(IllegalStateException.class.getName());
            assertThat(thrown.getMessage())
                    .startsWith("llmassert.judge.provider=ollama needs langchain4j's Ollama client, which is not on"
                            + " the class path")
                    .contains("Fix: add the test dependency dev.langchain4j:langchain4j-ollama:1.")
                    .doesNotContain("${");
        }
    }

    @Test
    void withTheOllamaClientTheProviderBuildsItsModel() throws Exception {
        try (URLClassLoader withOllama = new HidingClassLoader("no.such.package.")) {
            assertThat(chatModel(withOllama)).isNull();
        }
    }

    /** Builds the Ollama judge model in {@code loader}: what it threw, or {@code null} when it was built. */
    private static Throwable chatModel(ClassLoader loader) throws Exception {
        Class<?> settings = Class.forName(JudgeSettings.class.getName(), true, loader);
        Class<?> models = Class.forName(JudgeModels.class.getName(), true, loader);
        assertThat(models.getClassLoader()).isSameAs(loader);
        Object ollama = settings.getMethod("from", Function.class).invoke(null, OLLAMA_SETTINGS);
        try {
            models.getMethod("chatModel", settings).invoke(null, ollama);
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        }
    }

    /** The test's class path, child first, less the classes whose names start with a prefix. */
    private static final class HidingClassLoader extends URLClassLoader {

        private final String hidden;

        HidingClassLoader(String hidden) throws MalformedURLException {
            super(classPath(), ClassLoader.getPlatformClassLoader());
            this.hidden = hidden;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith(hidden)) {
                throw new ClassNotFoundException(name);
            }
            return super.loadClass(name, resolve);
        }

        private static URL[] classPath() throws MalformedURLException {
            List<URL> urls = new ArrayList<>();
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                urls.add(Path.of(entry).toUri().toURL());
            }
            return urls.toArray(URL[]::new);
        }
    }
}
