package dev.llmassert.core.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The {@link ApiRules} as tests, for a module's {@code PublicApiTest} to inherit: it names its root package, and may
 * add its own checks of what is public.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PublicApiContract {

    private JavaClasses main;

    /** The module's root package, e.g. {@code dev.llmassert.core}. */
    protected abstract String rootPackage();

    /**
     * The parts of the module that must not depend on each other in a circle, as an ArchUnit slice pattern; by
     * default each package right under the root, with its subpackages.
     */
    protected String slicePattern() {
        return rootPackage() + ".(*)..";
    }

    @BeforeAll
    void importMainClasses() {
        main = ApiRules.mainClasses(rootPackage());
    }

    @Test
    void everyPublicTypeIsAnnotatedWithApi() {
        ApiRules.everyPublicTypeIsAnnotatedWithApi(rootPackage()).check(main);
    }

    @Test
    void noPublicSignatureExposesAnInternalType() {
        ApiRules.noPublicSignatureExposesAnInternalType(rootPackage()).check(main);
    }

    @Test
    void noCyclesBetweenTheModulesParts() {
        ApiRules.noCyclesBetween(slicePattern()).check(main);
    }
}
