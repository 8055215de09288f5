package dev.llmassert.core.testing;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The rules of the public API, for any module of the project: every public type says how far users can rely on it
 * (apiguardian's {@code @API}), and nothing public outside an {@code internal} package shows an internal type.
 *
 * <pre>{@code
 * JavaClasses main = ApiRules.mainClasses("dev.llmassert.junit");
 * ApiRules.everyPublicTypeIsAnnotatedWithApi("dev.llmassert.junit").check(main);
 * ApiRules.noPublicSignatureExposesAnInternalType("dev.llmassert.junit").check(main);
 * }</pre>
 *
 * <p>A type is public when it and every type enclosing it are public: a public class nested in a package-private one
 * cannot be reached. A package is internal when one of its segments is {@code internal}.
 *
 * <p>To list a module's public types with their status:
 * <pre>
 * mvn -B -q -pl llm-assert-core test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.core.testing.ApiRules -Dexec.args=dev.llmassert.core
 * </pre>
 */
public final class ApiRules {

    private ApiRules() {}

    /** The classes of {@code rootPackage} and its subpackages from the main code: no tests, no jars. */
    public static JavaClasses mainClasses(String rootPackage) {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(rootPackage);
    }

    /** Every public top-level or nested type in {@code rootPackage} or below is annotated with {@link API}. */
    public static ArchRule everyPublicTypeIsAnnotatedWithApi(String rootPackage) {
        return classes()
                .that()
                .resideInAPackage(rootPackage + "..")
                .and(arePublicTypes())
                .should()
                .beAnnotatedWith(API.class)
                .because("every public type says how far users can rely on it, as JUnit's do");
    }

    /**
     * No public type outside an internal package shows an internal type: not as a supertype (or one of its type
     * arguments), nor in a public or protected field, constructor or method (parameter, return and thrown types,
     * their type arguments, and the bounds of type parameters).
     */
    public static ArchRule noPublicSignatureExposesAnInternalType(String rootPackage) {
        return classes()
                .that()
                .resideInAPackage(rootPackage + "..")
                .and()
                .resideOutsideOfPackage("..internal..")
                .and(arePublicTypes())
                .should(exposeNoInternalType())
                .because("types in internal packages may change at any time, so users must never need them");
    }

    /**
     * No cycle between the parts of a module: each part is what the one capture group of {@code slicePattern} names,
     * e.g. {@code dev.llmassert.core.(*)..} makes one part of {@code criteria} with its {@code internal} package.
     */
    public static ArchRule noCyclesBetween(String slicePattern) {
        return slices().matching(slicePattern)
                .should()
                .beFreeOfCycles()
                .because("a part that leans on another must not be leaned on by it: each can then be read, tested "
                        + "and changed from the bottom up");
    }

    /** The public types of {@code rootPackage} and below, sorted by name (nested types as {@code Outer.Inner}). */
    public static List<String> publicTypes(String rootPackage) {
        return List.copyOf(apiStatuses(rootPackage).keySet());
    }

    /** Each public type of {@code rootPackage} and below, sorted by name, with its {@code @API} status or "none". */
    public static Map<String, String> apiStatuses(String rootPackage) {
        Map<String, String> statuses = new TreeMap<>();
        for (JavaClass type : mainClasses(rootPackage)) {
            if (isPublicType(type)) {
                statuses.put(
                        readableName(type),
                        type.tryGetAnnotationOfType(API.class)
                                .map(api -> api.status().name())
                                .orElse("none"));
            }
        }
        return statuses;
    }

    /** Prints the public types of the root package given as the argument, with their status and the counts. */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("Usage: " + ApiRules.class.getName() + " <root package>");
            System.exit(2);
        }
        Map<String, String> statuses = apiStatuses(args[0]);
        statuses.forEach((type, status) -> System.out.println(status + "\t" + type));
        Map<String, Long> counts =
                statuses.values().stream().collect(Collectors.groupingBy(s -> s, TreeMap::new, Collectors.counting()));
        System.out.println(statuses.size() + " public types in " + args[0] + ": " + counts);
    }

    private static DescribedPredicate<JavaClass> arePublicTypes() {
        return DescribedPredicate.describe("are public (top-level or nested in public types)", ApiRules::isPublicType);
    }

    private static boolean isPublicType(JavaClass type) {
        if (type.isAnonymousClass()
                || type.isLocalClass()
                || !type.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
        }
        return type.getEnclosingClass().map(ApiRules::isPublicType).orElse(true);
    }

    private static ArchCondition<JavaClass> exposeNoInternalType() {
        return new ArchCondition<>("expose no type of an internal package in their public signatures") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                type.getSuperclass().ifPresent(t -> report(type, "extends", t, type, events));
                type.getInterfaces().forEach(t -> report(type, "implements", t, type, events));
                for (JavaTypeVariable<JavaClass> parameter : type.getTypeParameters()) {
                    parameter
                            .getUpperBounds()
                            .forEach(t -> report(type, "has a type parameter bounded by", t, type, events));
                }
                for (JavaMember member : type.getMembers()) {
                    if (!isVisibleToUsers(member)) {
                        continue;
                    }
                    if (member instanceof JavaField field) {
                        report(field, "is of", field.getType(), type, events);
                    } else if (member instanceof JavaCodeUnit code) {
                        if (code.isMethod()) {
                            report(code, "returns", code.getReturnType(), type, events);
                        }
                        code.getParameterTypes().forEach(t -> report(code, "takes", t, type, events));
                        code.getThrowsClause().getTypes().forEach(t -> report(code, "throws", t, type, events));
                        for (JavaTypeVariable<? extends JavaCodeUnit> parameter : code.getTypeParameters()) {
                            parameter
                                    .getUpperBounds()
                                    .forEach(t -> report(code, "has a type parameter bounded by", t, type, events));
                        }
                    }
                }
            }
        };
    }

    private static boolean isVisibleToUsers(JavaMember member) {
        Set<JavaModifier> modifiers = member.getModifiers();
        return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
    }

    /** One violation per internal type that {@code javaType} involves, including type arguments and arrays. */
    private static void report(
            Object owner, String relation, JavaType javaType, JavaClass type, ConditionEvents events) {
        Collection<JavaClass> internal = new TreeSet<>((a, b) -> a.getName().compareTo(b.getName()));
        for (JavaClass involved : involvedTypes(javaType)) {
            if (isInternal(involved.getPackageName())) {
                internal.add(involved);
            }
        }
        for (JavaClass exposed : internal) {
            String subject =
                    owner instanceof JavaMember member ? member.getDescription() : "Class <" + type.getName() + ">";
            String where = owner instanceof JavaMember member
                    ? member.getSourceCodeLocation().toString()
                    : type.getSourceCodeLocation().toString();
            String via = javaType.getName().equals(exposed.getName()) ? "" : " (in " + javaType.getName() + ")";
            events.add(SimpleConditionEvent.violated(
                    owner,
                    subject + " " + relation + " internal type <" + exposed.getName() + ">" + via + " in " + where));
        }
    }

    private static List<JavaClass> involvedTypes(JavaType javaType) {
        List<JavaClass> types = new ArrayList<>(javaType.getAllInvolvedRawTypes());
        types.add(javaType.toErasure());
        return types;
    }

    private static boolean isInternal(String packageName) {
        return ("." + packageName + ".").contains(".internal.");
    }

    private static String readableName(JavaClass type) {
        return type.getName().replace('$', '.');
    }
}
