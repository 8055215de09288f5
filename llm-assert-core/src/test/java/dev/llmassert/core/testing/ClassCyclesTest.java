package dev.llmassert.core.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.llmassert.core.testing.cycles.left.Left;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rule of {@link ClassCycles} fails on a cycle across two packages, naming it, and passes on one package. */
class ClassCyclesTest {

    @Test
    void aCycleOfTwoClassesOfTwoPackagesFailsTheRuleNamingEachStep() {
        JavaClasses fixture = new ClassFileImporter().importPackages("dev.llmassert.core.testing.cycles");

        assertThatThrownBy(() -> ClassCycles.noCycleAcrossPackages("dev.llmassert.core.testing.cycles")
                        .check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Classes of 2 packages depend on each other in a circle of 2 classes"
                        + " [dev.llmassert.core.testing.cycles.left.Left,"
                        + " dev.llmassert.core.testing.cycles.right.Right]; one cycle:")
                .hasMessageContaining("dev.llmassert.core.testing.cycles.left.Left ->"
                        + " dev.llmassert.core.testing.cycles.right.Right: ")
                .hasMessageContaining("dev.llmassert.core.testing.cycles.right.Right ->"
                        + " dev.llmassert.core.testing.cycles.left.Left: ");
    }

    @Test
    void classesOfOnePackageMayDependOnEachOther() {
        JavaClasses onePackage = new ClassFileImporter().importPackages("dev.llmassert.core.testing.cycles.left");

        ClassCycles.noCycleAcrossPackages("dev.llmassert.core.testing.cycles").check(onePackage);

        assertThat(Left.name()).isEqualTo("left of Right");
    }
}
