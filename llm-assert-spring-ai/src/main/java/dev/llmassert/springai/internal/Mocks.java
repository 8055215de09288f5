package dev.llmassert.springai.internal;

import org.apiguardian.api.API;
import org.mockito.Mockito;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Whether a bean is a Mockito mock or spy, as {@code @MockitoBean} and {@code @MockitoSpyBean} make: such a bean is the
 * test's own stand-in, never recorded and never a judge. Mockito is asked only where it is on the class path.
 */
@API(status = INTERNAL, since = "0.1")
public final class Mocks {

    private static final boolean MOCKITO = present("org.mockito.Mockito");

    private Mocks() {}

    /** Whether {@code bean} is a Mockito mock or spy. */
    public static boolean isMock(Object bean) {
        return MOCKITO && bean != null && Mockito.mockingDetails(bean).isMock();
    }

    private static boolean present(String type) {
        try {
            Class.forName(type, false, Mocks.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
