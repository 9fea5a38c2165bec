package sensor.assemble;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.osgi.framework.Version;

/**
 * The bundles an assembly may use, each with its symbolic name, version and Maven coordinates: the bundles of the
 * running jar, those it carries only to be assembled ({@code repository/}, e.g. the Gogo shell), and every jar in
 * the {@code --repo} folders (flat or in Maven's layout). A feature's bundle is found by its coordinates: those in
 * the jar's {@code META-INF/maven/.../pom.properties}, or for a jar without one its file name
 * {@code artifact-version.jar} with its symbolic name as the group.
 */
final class Repository {
    /** One bundle: its entry in a distribution jar ({@code jar/<file name>}), file and identity. */
    record Candidate(String entry, Path file, String symbolicName, String version, String coordinates) {
        String name() {
            return symbolicName + " " + version;
        }
    }

    private final Map<String, Candidate> byEntry = new LinkedHashMap<>();
    final List<Path> folders = new ArrayList<>();
    /** Maven local repositories: a bundle a feature names is looked up by its path there, nothing else is offered. */
    final List<Path> mavenRepositories = new ArrayList<>();

    /** Adds a bundle under {@code entry} unless that entry is taken; returns it, or null when it is no bundle. */
    Candidate add(String entry, Path file) throws IOException {
        Candidate known = byEntry.get(entry);
        if (known != null) {
            return known;
        }
        Candidate c = describe(entry, file);
        if (c != null) {
            byEntry.put(entry, c);
        }
        return c;
    }

    /** Adds every jar under {@code folder} (any depth) as {@code jar/<file name>}. */
    void addFolder(Path folder) throws IOException {
        folders.add(folder);
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".jar") && Files.isRegularFile(f)).sorted().toList()) {
                add("jar/" + p.getFileName(), p);
            }
        }
    }

    List<Candidate> all() {
        return List.copyOf(byEntry.values());
    }

    Candidate entry(String entry) {
        return byEntry.get(entry);
    }

    /**
     * The bundle with these coordinates, or null: one already known, else the one at the coordinates' path in a Maven
     * repository ({@code group/as/folders/artifact/version/artifact-version[-classifier].jar}).
     */
    Candidate find(Feature.BundleRef ref) throws IOException {
        String wanted = ref.group() + ":" + ref.artifact() + ":" + ref.version();
        String file = ref.artifact() + "-" + ref.version() + (ref.classifier() == null ? "" : "-" + ref.classifier()) + ".jar";
        Candidate known = byEntry.values().stream().filter(c -> wanted.equals(c.coordinates()) && c.entry().endsWith("/" + file))
                .findFirst().orElse(byEntry.values().stream().filter(c -> wanted.equals(c.coordinates())).findFirst()
                        .orElse(null));
        for (Path m : mavenRepositories) {
            Path jar = m.resolve(ref.group().replace('.', '/')).resolve(ref.artifact()).resolve(ref.version()).resolve(file);
            if (known == null && Files.isRegularFile(jar)) {
                known = add("jar/" + file, jar);
            }
        }
        return known;
    }

    /** The newest bundle with this symbolic name, or null. */
    Candidate named(String symbolicName) {
        return byEntry.values().stream().filter(c -> c.symbolicName().equals(symbolicName))
                .max(Comparator.comparing(c -> Version.parseVersion(c.version()))).orElse(null);
    }

    /** A bundle's identity, or null when the file is no bundle (no Bundle-SymbolicName). */
    static Candidate describe(String entry, Path file) throws IOException {
        try (JarFile j = new JarFile(file.toFile())) {
            Manifest m = j.getManifest();
            String bsn = m == null ? null : m.getMainAttributes().getValue("Bundle-SymbolicName");
            if (bsn == null) {
                return null;
            }
            bsn = bsn.split(";")[0].strip();
            String version = Version.parseVersion(m.getMainAttributes().getValue("Bundle-Version")).toString();
            String fileName = file.getFileName().toString();
            String coordinates = null;
            for (JarEntry e : java.util.Collections.list(j.entries())) {
                String n = e.getName();
                if (n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties")) {
                    Properties p = new Properties();
                    try (InputStream in = j.getInputStream(e)) {
                        p.load(in);
                    }
                    String c = p.getProperty("groupId") + ":" + p.getProperty("artifactId") + ":" + p.getProperty("version");
                    if (coordinates == null || fileName.startsWith(p.getProperty("artifactId") + "-" + p.getProperty("version"))) {
                        coordinates = c;
                    }
                }
            }
            if (coordinates == null) {
                java.util.regex.Matcher n = java.util.regex.Pattern.compile("(.+?)-(\\d[^-]*(?:-.+)?)\\.jar").matcher(fileName);
                coordinates = n.matches() ? bsn + ":" + n.group(1) + ":" + n.group(2) : bsn + ":" + bsn + ":" + version;
            }
            return new Candidate(entry, file, bsn, version, coordinates);
        } catch (IllegalArgumentException e) {
            throw new IOException(file.getFileName() + ": its Bundle-Version is not an OSGi version (" + e.getMessage() + ")");
        }
    }
}
