package dev.llmassert.junit.internal.resolver;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ParameterContext;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Names the method or constructor of a parameter in messages. */
@API(status = INTERNAL, since = "0.1")
public final class ParameterOwner {

    private ParameterOwner() {}

    /** {@code method com.example.BotTest.answers(...)}, or {@code constructor ...}. */
    public static String named(ParameterContext parameterContext) {
        Executable executable = parameterContext.getDeclaringExecutable();
        return (executable instanceof Constructor ? "constructor " : "method ")
                + executable.getDeclaringClass().getName() + "." + executable.getName() + "(...)";
    }
}
