import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The model of the README's Spring Boot project while it records: the core's loopback server, which speaks OpenAI's
 * chat completions as the user's OpenAI key would, serving one hand-written reply ("model": "hand-written-example")
 * to every request. It writes its base URL to the given file, and stops when that file is deleted. Run with the JDK's
 * source launcher, the core's test classes and their dependencies on the class path:
 * java -cp ... .ci/ReadmeModel.java <url file>
 */
public class ReadmeModel {

    static final String REPLY = "Hold the recessed reset button on the back for 15 seconds with a paperclip, until"
            + " the status light turns amber.";

    public static void main(String[] args) throws Exception {
        Path urlFile = Path.of(args[0]);
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content(REPLY).byModel("hand-written-example"));
            Files.writeString(urlFile, server.baseUrl());
            while (Files.exists(urlFile)) {
                Thread.sleep(200);
            }
            System.out.println("README model: " + server.requestCount() + " requests served");
        }
    }
}
