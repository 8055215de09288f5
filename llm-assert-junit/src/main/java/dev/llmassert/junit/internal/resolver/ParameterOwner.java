package dev.llmassert.junit.internal.resolver;

import org.junit.jupiter.api.extension.ParameterContext;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;

/** Names the method or constructor of a parameter in messages. */
final class ParameterOwner {

    private ParameterOwner() {}

    static String named(ParameterContext parameterContext) {
        Executable executable = parameterContext.getDeclaringExecutable();
        return (executable instanceof Constructor ? "constructor " : "method ")
                + executable.getDeclaringClass().getName() + "." + executable.getName() + "(...)";
    }
}
