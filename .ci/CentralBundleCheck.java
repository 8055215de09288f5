import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a Central bundle (the zip that {@code mvn -B -Prelease verify} writes to target/central-bundle.zip) against
 * the rules Maven Central's Publisher Portal applies to a deployment, and against what this project promises of each
 * published artifact. The published modules are found in the project itself: every module of the root POM, at any
 * depth, whose POM does not set {@code maven.deploy.skip} to true.
 *
 * <pre>
 * java .ci/CentralBundleCheck.java target/central-bundle.zip [--public-key key.asc] [--project .]
 * </pre>
 *
 * Central's rules: coordinates in the repository layout, a release version (no SNAPSHOT), a POM with name,
 * description, URL, licence, developer and SCM (inherited from a parent in the bundle counts, as Maven reads it), a
 * sources and a Javadoc jar beside every jar, an MD5 and a SHA-1 checksum of every file that match it, and a signature
 * (.asc) of every file; with --public-key each signature is verified by gpg against that key. This project's own: the
 * POM's issue management, an SBOM (-cyclonedx.json) naming its artifact, a Javadoc page of every type that shows its
 * {@code @API} status, a BOM without a parent that pins every other published artifact at the bundle's version, and
 * nothing in the bundle that is not published.
 */
public class CentralBundleCheck {

    private static final Pattern PATH =
            Pattern.compile("(?<group>.+)/(?<artifact>[^/]+)/(?<version>[^/]+)/(?<file>[^/]+)");
    private static final List<String> CHECKSUMS = List.of(".md5", ".sha1", ".sha256", ".sha512");
    private static final Pattern TYPE_PAGE = Pattern.compile(
            "<h1 title=\"(Class|Interface|Record Class|Record|Enum Class|Enum|Annotation Interface|Annotation Type) ");
    /** The type's declaration on its page (javadoc's type-signature block) shows {@code @API(status=...)}. */
    private static final Pattern API_STATUS = Pattern.compile(
            "class=\"type-signature\">(?:(?!</div>).)*@API\\(status=(STABLE|MAINTAINED|EXPERIMENTAL|DEPRECATED|INTERNAL)",
            Pattern.DOTALL);

    /** The type's description (its Javadoc comment) follows its declaration on its page. */
    private static final Pattern DESCRIPTION =
            Pattern.compile("class=\"type-signature\">(?:(?!</div>).)*</div>\\s*<div class=\"block\">", Pattern.DOTALL);

    private final List<String> problems = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Path bundle = null;
        Path publicKey = null;
        Path project = Path.of(".");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--public-key" -> publicKey = Path.of(args[++i]);
                case "--project" -> project = Path.of(args[++i]);
                default -> bundle = Path.of(args[i]);
            }
        }
        if (bundle == null) {
            System.err.println("usage: java .ci/CentralBundleCheck.java <bundle.zip> [--public-key key.asc] "
                    + "[--project dir]");
            System.exit(2);
        }
        if (!Files.isRegularFile(bundle)) {
            System.err.println("FAILED: no bundle at " + bundle + ": build it with mvn -B -Prelease verify");
            System.exit(1);
        }
        CentralBundleCheck check = new CentralBundleCheck();
        int files = check.check(bundle, publicKey, project);
        if (check.problems.isEmpty()) {
            System.out.println("Central bundle " + bundle + ": " + files + " files, every rule passes");
        } else {
            check.problems.forEach(p -> System.out.println("  ✗ " + p));
            System.out.println("FAILED: " + check.problems.size() + " problem(s) in the Central bundle " + bundle);
            System.exit(1);
        }
    }

    private int check(Path bundle, Path publicKey, Path project) throws Exception {
        Map<String, Module> published = new TreeMap<>();
        Set<String> notPublished = new TreeSet<>();
        modules(project.resolve("pom.xml"), published, notPublished);

        Map<String, byte[]> entries = read(bundle);
        Map<String, Map<String, byte[]>> byArtifact = new TreeMap<>();   // groupId:artifactId:version -> file -> bytes
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            Matcher m = PATH.matcher(e.getKey());
            if (!m.matches()) {
                problems.add(e.getKey() + " is not in Maven's repository layout (group/artifact/version/file)");
                continue;
            }
            String coordinates = m.group("group").replace('/', '.') + ":" + m.group("artifact") + ":" + m.group("version");
            byArtifact.computeIfAbsent(coordinates, c -> new TreeMap<>()).put(m.group("file"), e.getValue());
        }

        Map<String, Document> poms = new LinkedHashMap<>();   // groupId:artifactId -> POM
        Set<String> versions = new TreeSet<>();
        for (Map.Entry<String, Map<String, byte[]>> a : byArtifact.entrySet()) {
            String[] c = a.getKey().split(":");
            String pomName = c[1] + "-" + c[2] + ".pom";
            versions.add(c[2]);
            if (a.getValue().containsKey(pomName)) {
                poms.put(c[0] + ":" + c[1], parse(a.getValue().get(pomName)));
            }
        }
        if (versions.size() > 1) {
            problems.add("the bundle holds more than one version " + versions + ": one release per bundle");
        }
        String version = versions.isEmpty() ? "?" : versions.iterator().next();
        if (version.endsWith("-SNAPSHOT")) {
            problems.add("version " + version + " is a SNAPSHOT: Central takes releases only; set the release's version"
                    + " (mvn versions:set -DnewVersion=" + version.replace("-SNAPSHOT", "") + ") before mvn -Prelease"
                    + " verify");
        }

        for (Module module : published.values()) {
            String coordinates = module.groupId + ":" + module.artifactId + ":" + version;
            if (!byArtifact.containsKey(coordinates)) {
                problems.add(module.groupId + ":" + module.artifactId + " (" + module.folder + ") is published but not"
                        + " in the bundle: a module the bundle module (llm-assert-bundle) does not depend on is built"
                        + " after it; add it to llm-assert-bundle/pom.xml's dependencies");
            }
        }
        for (String coordinates : byArtifact.keySet()) {
            String[] c = coordinates.split(":");
            if (notPublished.contains(c[0] + ":" + c[1])) {
                problems.add(coordinates + " is in the bundle but its module sets maven.deploy.skip: it must not be"
                        + " published");
            } else if (!published.containsKey(c[0] + ":" + c[1])) {
                problems.add(coordinates + " is in the bundle but is no module of this project");
            }
        }

        Path verifyDir = publicKey == null ? null : Files.createTempDirectory("central-check");
        Path gnupg = null;
        if (verifyDir != null) {
            gnupg = Files.createDirectory(verifyDir.resolve("gnupg"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            run(gnupg, "gpg", "--batch", "--quiet", "--import", publicKey.toAbsolutePath().toString());
        }
        int files = 0;
        boolean anySignature = entries.keySet().stream().anyMatch(n -> n.endsWith(".asc"));
        if (!anySignature) {
            problems.add("no file is signed: Central needs a signature (.asc) of every file; build with"
                    + " mvn -B -Prelease verify -Dgpg.keyname=<your key's id>");
        }
        for (Map.Entry<String, Map<String, byte[]>> a : byArtifact.entrySet()) {
            String[] c = a.getKey().split(":");
            Module module = published.get(c[0] + ":" + c[1]);
            if (module == null) {
                continue;
            }
            Map<String, byte[]> artifactFiles = a.getValue();
            String base = c[1] + "-" + c[2];
            List<String> required = new ArrayList<>(List.of(base + ".pom", base + "-cyclonedx.json"));
            if (module.packaging.equals("jar")) {
                required.addAll(List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar"));
            }
            for (String name : required) {
                if (!artifactFiles.containsKey(name)) {
                    problems.add(a.getKey() + ": no " + name + " (Central needs a POM, and a sources and a Javadoc jar"
                            + " beside a jar; this project an SBOM of each artifact)");
                }
            }
            for (Map.Entry<String, byte[]> f : artifactFiles.entrySet()) {
                String name = f.getKey();
                if (name.endsWith(".asc") || CHECKSUMS.stream().anyMatch(name::endsWith)) {
                    continue;
                }
                files++;
                checksums(a.getKey(), name, f.getValue(), artifactFiles);
                if (!artifactFiles.containsKey(name + ".asc")) {
                    if (anySignature) {
                        problems.add(a.getKey() + ": " + name + " has no signature (" + name + ".asc)");
                    }
                } else if (gnupg != null) {
                    verify(gnupg, verifyDir, a.getKey(), name, f.getValue(), artifactFiles.get(name + ".asc"));
                }
            }
            byte[] jar = artifactFiles.get(base + ".jar");
            if (jar != null && !zipHas(jar, n -> n.endsWith(".class"))) {
                problems.add(a.getKey() + ": " + base + ".jar has no class");
            }
            byte[] sources = artifactFiles.get(base + "-sources.jar");
            if (sources != null && !zipHas(sources, n -> n.endsWith(".java"))) {
                problems.add(a.getKey() + ": " + base + "-sources.jar has no Java source");
            }
            byte[] javadoc = artifactFiles.get(base + "-javadoc.jar");
            if (javadoc != null) {
                javadoc(a.getKey(), javadoc);
            }
            byte[] sbom = artifactFiles.get(base + "-cyclonedx.json");
            String purl = "pkg:maven/" + c[0] + "/" + c[1] + "@" + c[2] + "?type=" + module.packaging;
            if (sbom != null && !new String(sbom, StandardCharsets.UTF_8).contains("\"" + purl + "\"")) {
                problems.add(a.getKey() + ": its SBOM names no component " + purl);
            }
            long signed = artifactFiles.keySet().stream().filter(n -> n.endsWith(".asc")).count();
            System.out.println(a.getKey() + ": " + String.join(", ", artifactFiles.keySet().stream()
                    .filter(n -> !n.endsWith(".asc") && CHECKSUMS.stream().noneMatch(n::endsWith))
                    .map(n -> n.substring(base.length()))
                    .toList()) + "; " + signed + " signatures" + (gnupg == null ? "" : " checked against the key")
                    + ", checksums checked");
            Document pom = poms.get(c[0] + ":" + c[1]);
            if (pom != null) {
                pom(a.getKey(), pom, poms);
                if (c[1].endsWith("-bom")) {
                    bom(a.getKey(), pom, published, version);
                }
            }
        }
        if (published.values().stream().noneMatch(m -> m.artifactId.endsWith("-bom"))) {
            problems.add("the project has no published BOM (a module whose artifactId ends with -bom)");
        }
        return files;
    }

    /** Every module under the root POM, at any depth: published unless its POM sets maven.deploy.skip to true. */
    private void modules(Path pomFile, Map<String, Module> published, Set<String> notPublished) throws Exception {
        Document pom = parse(Files.readAllBytes(pomFile));
        Element project = pom.getDocumentElement();
        String artifactId = text(project, "artifactId").orElseThrow();
        String groupId = text(project, "groupId").or(() -> text(child(project, "parent"), "groupId")).orElseThrow();
        String packaging = text(project, "packaging").orElse("jar");
        boolean skip = text(child(project, "properties"), "maven.deploy.skip").map("true"::equals).orElse(false);
        Module module = new Module(groupId, artifactId, packaging, pomFile.getParent().toString());
        if (skip) {
            notPublished.add(groupId + ":" + artifactId);
        } else {
            published.put(groupId + ":" + artifactId, module);
        }
        Element modules = child(project, "modules");
        if (modules != null) {
            for (Element m : children(modules, "module")) {
                modules(pomFile.getParent().resolve(m.getTextContent().trim()).resolve("pom.xml"), published,
                        notPublished);
            }
        }
    }

    private void checksums(String artifact, String name, byte[] content, Map<String, byte[]> files)
            throws NoSuchAlgorithmException {
        for (String extension : CHECKSUMS) {
            byte[] sum = files.get(name + extension);
            boolean required = extension.equals(".md5") || extension.equals(".sha1");
            if (sum == null) {
                if (required) {
                    problems.add(artifact + ": " + name + " has no " + extension.substring(1).toUpperCase()
                            + " checksum (" + name + extension + ")");
                }
                continue;
            }
            String algorithm = switch (extension) {
                case ".md5" -> "MD5";
                case ".sha1" -> "SHA-1";
                case ".sha256" -> "SHA-256";
                default -> "SHA-512";
            };
            String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
            String written = new String(sum, StandardCharsets.US_ASCII).trim().split("\\s+")[0];
            if (!expected.equalsIgnoreCase(written)) {
                problems.add(artifact + ": " + name + extension + " says " + written + " but the file's " + algorithm
                        + " is " + expected);
            }
        }
    }

    private void verify(Path gnupg, Path dir, String artifact, String name, byte[] content, byte[] signature)
            throws IOException, InterruptedException {
        Path file = dir.resolve(name);
        Path asc = dir.resolve(name + ".asc");
        Files.write(file, content);
        Files.write(asc, signature);
        int exit = run(gnupg, "gpg", "--batch", "--quiet", "--verify", asc.toString(), file.toString());
        if (exit != 0) {
            problems.add(artifact + ": " + name + ".asc is not a good signature of " + name + " by the given key");
        }
        Files.delete(file);
        Files.delete(asc);
    }

    private void javadoc(String artifact, byte[] jar) throws IOException {
        int types = 0;
        List<String> withoutStatus = new ArrayList<>();
        List<String> withoutDescription = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (!e.getName().endsWith(".html")) {
                    continue;
                }
                String html = new String(zip.readAllBytes(), StandardCharsets.UTF_8);
                if (TYPE_PAGE.matcher(html).find()) {
                    types++;
                    if (!API_STATUS.matcher(html).find()) {
                        withoutStatus.add(e.getName());
                    }
                    if (!DESCRIPTION.matcher(html).find()) {
                        withoutDescription.add(e.getName());
                    }
                }
            }
        }
        if (types == 0) {
            problems.add(artifact + ": its Javadoc jar has no page of a type");
        }
        if (!withoutDescription.isEmpty()) {
            problems.add(artifact + ": " + withoutDescription.size() + " Javadoc page(s) of a type have no description"
                    + " (the type has no Javadoc comment): " + withoutDescription);
        }
        if (!withoutStatus.isEmpty()) {
            problems.add(artifact + ": " + withoutStatus.size() + " Javadoc page(s) show no @API status (the type lacks"
                    + " @API(status = ..., since = ...)): " + withoutStatus);
        }
    }

    private void pom(String artifact, Document pom, Map<String, Document> poms) {
        Element project = pom.getDocumentElement();
        for (String element : List.of("name", "description", "url")) {
            if (inherited(project, poms, p -> text(p, element)).filter(s -> !s.isBlank()).isEmpty()) {
                problems.add(artifact + ": its POM has no <" + element + "> (Central needs it)");
            }
        }
        if (inherited(project, poms, p -> text(child(child(p, "licenses"), "license"), "name")).isEmpty()
                || inherited(project, poms, p -> text(child(child(p, "licenses"), "license"), "url")).isEmpty()) {
            problems.add(artifact + ": its POM has no <licenses><license> with a name and a URL (Central needs one)");
        }
        if (inherited(project, poms, p -> text(child(child(p, "developers"), "developer"), "name")).isEmpty()) {
            problems.add(artifact + ": its POM has no <developers><developer> with a name (Central needs one)");
        }
        if (inherited(project, poms, p -> text(child(p, "scm"), "url")).isEmpty()
                || inherited(project, poms, p -> text(child(p, "scm"), "connection")).isEmpty()) {
            problems.add(artifact + ": its POM has no <scm> with a url and a connection (Central needs them)");
        }
        if (inherited(project, poms, p -> text(child(p, "issueManagement"), "url")).isEmpty()) {
            problems.add(artifact + ": its POM has no <issueManagement> with a url");
        }
        for (String coordinate : List.of("groupId", "artifactId", "version")) {
            Optional<String> value = text(project, coordinate).or(() -> text(child(project, "parent"), coordinate));
            if (value.isEmpty() || value.get().contains("${")) {
                problems.add(artifact + ": its POM's " + coordinate + " is " + value.orElse("missing")
                        + ": Central needs it written out");
            }
        }
    }

    /** A BOM pins every other published jar of the project at this version, and has no parent to import. */
    private void bom(String artifact, Document pom, Map<String, Module> published, String version) {
        Element project = pom.getDocumentElement();
        if (child(project, "parent") != null) {
            problems.add(artifact + ": the BOM has a <parent>: importing it would import the parent's"
                    + " dependencyManagement too (flatten it: flatten-maven-plugin, flattenMode bom)");
        }
        Map<String, String> pinned = new TreeMap<>();
        Element management = child(child(project, "dependencyManagement"), "dependencies");
        if (management != null) {
            for (Element d : children(management, "dependency")) {
                String v = text(d, "version").orElse("").replace("${project.version}", version);
                pinned.put(text(d, "groupId").orElse("") + ":" + text(d, "artifactId").orElse(""), v);
            }
        }
        for (Module module : published.values()) {
            if (!module.packaging.equals("jar")) {
                continue;
            }
            String key = module.groupId + ":" + module.artifactId;
            if (!pinned.containsKey(key)) {
                problems.add(artifact + ": the BOM does not pin " + key + "; add it to the BOM module's"
                        + " dependencyManagement");
            } else if (!pinned.get(key).equals(version)) {
                problems.add(artifact + ": the BOM pins " + key + " at " + pinned.get(key) + ", not " + version);
            }
        }
        for (String key : pinned.keySet()) {
            if (!published.containsKey(key)) {
                problems.add(artifact + ": the BOM pins " + key + ", which this project does not publish");
            }
        }
    }

    private static Optional<String> inherited(
            Element project, Map<String, Document> poms, java.util.function.Function<Element, Optional<String>> get) {
        for (Element p = project; p != null; ) {
            Optional<String> value = get.apply(p);
            if (value.isPresent()) {
                return value;
            }
            Element parent = child(p, "parent");
            if (parent == null) {
                return Optional.empty();
            }
            Document parentPom = poms.get(text(parent, "groupId").orElse("") + ":" + text(parent, "artifactId")
                    .orElse(""));
            p = parentPom == null ? null : parentPom.getDocumentElement();
        }
        return Optional.empty();
    }

    private static boolean zipHas(byte[] jar, java.util.function.Predicate<String> name) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (name.test(e.getName())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Map<String, byte[]> read(Path bundle) throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        try (InputStream in = Files.newInputStream(bundle);
                ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (!e.isDirectory()) {
                    entries.put(e.getName(), zip.readAllBytes());
                }
            }
        }
        return entries;
    }

    private static int run(Path gnupg, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("GNUPGHOME", gnupg.toString());
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish in 60 s");
        }
        if (process.exitValue() != 0) {
            System.out.print(new String(output, StandardCharsets.UTF_8));
        }
        return process.exitValue();
    }

    private static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static Optional<String> text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? Optional.empty() : Optional.of(e.getTextContent().trim());
    }

    private record Module(String groupId, String artifactId, String packaging, String folder) {}
}
