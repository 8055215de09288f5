package dev.llmassert.core.testing;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The house rule on cycles: no two classes of different packages depend on each other, directly or through other
 * classes. Classes of one package may (a record and its messages, an interface and its implementations); a cycle
 * that leaves the package is a part that cannot be understood, tested or moved without the other.
 *
 * <p>ArchUnit's slice rule ({@code slices().should().beFreeOfCycles()}) checks cycles between slices: whole packages
 * would forbid every internal package from using its public one's types, and one slice per class every cycle inside a
 * package. Neither says "a cycle of classes that crosses a package", so the rule finds the strongly connected parts of
 * the class graph (Tarjan's algorithm) and fails on each that holds classes of two packages, naming one of its cycles
 * edge by edge. A nested class counts as its top-level class.
 */
public final class ClassCycles {

    private ClassCycles() {}

    /** The main code of the modules of {@code anchors}, one class of each: their folders or jars, no tests. */
    public static JavaClasses mainOf(Class<?>... anchors) {
        List<Location> locations = new ArrayList<>();
        for (Class<?> anchor : anchors) {
            try {
                locations.add(Location.of(anchor.getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI()));
            } catch (URISyntaxException e) {
                throw new IllegalStateException("No location of " + anchor, e);
            }
        }
        return new ClassFileImporter().importLocations(locations);
    }

    /** No cycle of classes under {@code rootPackage} holds classes of two or more packages. */
    public static ArchRule noCycleAcrossPackages(String rootPackage) {
        return classes()
                .that()
                .resideInAPackage(rootPackage + "..")
                .should(new AcrossPackages(rootPackage))
                .because("a cycle of classes that leaves its package ties the packages together: neither can be read,"
                        + " tested or moved without the other");
    }

    private static final class AcrossPackages extends ArchCondition<JavaClass> {

        private final String rootPackage;
        /** Top-level class to the top-level classes it depends on, with the first dependency that shows it. */
        private final Map<String, Map<String, String>> edges = new TreeMap<>();
        /** The parts that cross a package, by each of their classes. */
        private final Map<String, List<String>> crossing = new HashMap<>();

        AcrossPackages(String rootPackage) {
            super("be in no cycle of classes of two or more packages");
            this.rootPackage = rootPackage;
        }

        @Override
        public void init(Collection<JavaClass> all) {
            for (JavaClass type : all) {
                String from = topLevel(type.getName());
                edges.computeIfAbsent(from, k -> new TreeMap<>());
                for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                    String target = dependency.getTargetClass().getName();
                    if (!target.startsWith(rootPackage + ".")) {
                        continue;
                    }
                    String to = topLevel(target);
                    if (!to.equals(from)) {
                        edges.get(from).putIfAbsent(to, dependency.getDescription());
                    }
                }
            }
            for (List<String> part : new Tarjan(edges).parts()) {
                if (part.stream().map(ClassCycles::packageOf).distinct().count() > 1) {
                    part.forEach(type -> crossing.put(type, part));
                }
            }
        }

        @Override
        public void check(JavaClass item, ConditionEvents events) {
            List<String> part = crossing.get(item.getName());
            // once per part, on its first class
            if (part != null && part.get(0).equals(item.getName())) {
                events.add(SimpleConditionEvent.violated(item, describe(part)));
            }
        }

        private String describe(List<String> part) {
            List<String> cycle = shortestCycleAcrossPackages(part);
            StringBuilder text = new StringBuilder("Classes of ")
                    .append(part.stream().map(ClassCycles::packageOf).distinct().count())
                    .append(" packages depend on each other in a circle of ")
                    .append(part.size())
                    .append(" classes ")
                    .append(part.stream().sorted().collect(Collectors.joining(", ", "[", "]")))
                    .append("; one cycle:");
            for (int i = 0; i < cycle.size(); i++) {
                String from = cycle.get(i);
                String to = cycle.get((i + 1) % cycle.size());
                text.append(System.lineSeparator())
                        .append("    ")
                        .append(from)
                        .append(" -> ")
                        .append(to)
                        .append(": ")
                        .append(edges.get(from).get(to));
            }
            return text.toString();
        }

        /** The shortest cycle of {@code part} that takes an edge from one package to another. */
        private List<String> shortestCycleAcrossPackages(List<String> part) {
            Set<String> members = new TreeSet<>(part);
            List<String> best = null;
            for (String from : members) {
                for (String to : edges.get(from).keySet()) {
                    if (!members.contains(to) || packageOf(from).equals(packageOf(to))) {
                        continue;
                    }
                    List<String> back = shortestPath(to, from, members);
                    if (back != null && (best == null || back.size() < best.size())) {
                        best = new ArrayList<>(List.of(from));
                        best.addAll(back.subList(0, back.size() - 1));
                    }
                }
            }
            return best;
        }

        /** The shortest path from {@code start} to {@code end} within {@code members}, both included. */
        private List<String> shortestPath(String start, String end, Set<String> members) {
            Map<String, String> previous = new LinkedHashMap<>();
            Deque<String> queue = new ArrayDeque<>(List.of(start));
            previous.put(start, null);
            while (!queue.isEmpty()) {
                String at = queue.removeFirst();
                if (at.equals(end)) {
                    List<String> path = new ArrayList<>();
                    for (String step = end; step != null; step = previous.get(step)) {
                        path.add(0, step);
                    }
                    return path;
                }
                for (String next : edges.get(at).keySet()) {
                    if (members.contains(next) && !previous.containsKey(next)) {
                        previous.put(next, at);
                        queue.addLast(next);
                    }
                }
            }
            return null;
        }
    }

    /** Tarjan's strongly connected components, each with its classes sorted. */
    private static final class Tarjan {
        private final Map<String, Map<String, String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<List<String>> parts = new ArrayList<>();
        private int next;

        Tarjan(Map<String, Map<String, String>> edges) {
            this.edges = edges;
        }

        List<List<String>> parts() {
            for (String node : edges.keySet()) {
                if (!index.containsKey(node)) {
                    visit(node);
                }
            }
            return parts;
        }

        private void visit(String node) {
            index.put(node, next);
            low.put(node, next);
            next++;
            stack.push(node);
            onStack.add(node);
            for (String to : edges.getOrDefault(node, Map.of()).keySet()) {
                if (!edges.containsKey(to)) {
                    continue; // a class outside the imported code
                }
                if (!index.containsKey(to)) {
                    visit(to);
                    low.put(node, Math.min(low.get(node), low.get(to)));
                } else if (onStack.contains(to)) {
                    low.put(node, Math.min(low.get(node), index.get(to)));
                }
            }
            if (low.get(node).equals(index.get(node))) {
                List<String> part = new ArrayList<>();
                String member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    part.add(member);
                } while (!member.equals(node));
                if (part.size() > 1) {
                    part.sort(null);
                    parts.add(part);
                }
            }
        }
    }

    private static String topLevel(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }
}
