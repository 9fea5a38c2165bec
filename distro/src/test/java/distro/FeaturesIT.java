package distro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.osgi.resource.Capability;
import org.osgi.resource.Resource;

import aQute.bnd.osgi.repository.XMLResourceParser;
import aQute.bnd.osgi.resource.ResourceBuilder;

/**
 * Distributions as feature files ({@code assemble FEATURE.json}) on the exported jars: each shipped feature gives
 * exactly the bundles, start levels and types of the jar the build exports; each jar's repository index is one that
 * bnd reads, with the capabilities bnd finds in the same bundles; {@code --for} gives the smallest distribution that
 * runs a scenario, writing the same files; features with mistakes are refused at their line and column.
 */
class FeaturesIT {
    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sensorsim", "sensorsim-shell", "sensorsim-lidar", "sensorsim-proprio"})
    void eachShippedFeatureAssemblesToTheBundlesAndTypesOfItsJar(String name) throws Exception {
        Path feature = work.resolve(name + ".feature.json");
        try (JarFile j = new JarFile(Path.of("target", "sensorsim.jar").toFile())) {
            Files.write(feature, j.getInputStream(j.getEntry("distributions/" + name + ".feature.json")).readAllBytes());
        }
        assertEquals(Files.readString(Path.of("src/main/features", name + ".feature.json")), Files.readString(feature),
                "the jar carries the repository's feature file");
        Path out = work.resolve("again.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", feature.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.output());
        Properties shipped = launcher(Path.of("target", name + ".jar")), again = launcher(out);
        for (String key : List.of("launch.bundles", "launch.runbundles.attrs", "launch.startlevel.default",
                "org.osgi.framework.startlevel.beginning", "sensorsim.distribution")) {
            assertEquals(shipped.getProperty(key), again.getProperty(key), key + " of " + name + " and of its feature's jar");
        }
        Sensorsim.Run types = Sensorsim.run(work, fromTarget(out), "types");
        assertEquals(Sensorsim.run(work, name + ".jar", "types").output(), types.output(), "types, line for line");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sensorsim.jar", "sensorsim-lidar.jar"})
    void eachJarsRepositoryIndexIsReadByBndWithTheCapabilitiesBndFinds(String jar) throws Exception {
        Path file = Path.of("target", jar);
        List<Resource> resources;
        try (JarFile j = new JarFile(file.toFile())) {
            resources = XMLResourceParser.getResources(j.getInputStream(j.getEntry("repository/index.xml")),
                    URI.create("jar:" + file.toUri() + "!/"));
            List<String> started = List.of(launcher(file).getProperty("launch.bundles").split(","));
            assertEquals(started.size() + (jar.equals("sensorsim.jar") ? 3 : 0), resources.size(),
                    "every bundle it starts, and the Gogo shell's three in sensorsim.jar");
            for (Resource res : resources) {
                Capability content = res.getCapabilities("osgi.content").get(0);
                String url = (String) content.getAttributes().get("url");
                byte[] bytes = j.getInputStream(j.getEntry(url)).readAllBytes();
                assertEquals(sha256(bytes), content.getAttributes().get("osgi.content"), url);
                Path bundle = Files.write(work.resolve(url.substring(url.lastIndexOf('/') + 1)), bytes);
                ResourceBuilder builder = new ResourceBuilder();
                builder.addFile(bundle.toFile(), bundle.toUri());
                Resource bnd = builder.build();
                for (String ns : List.of("osgi.identity", "osgi.wiring.package", "osgi.service", "osgi.extender")) {
                    assertEquals(names(bnd.getCapabilities(ns), ns), names(res.getCapabilities(ns), ns), url + " " + ns);
                }
                assertEquals(bnd.getRequirements("osgi.wiring.package").size(),
                        res.getRequirements("osgi.wiring.package").size(), url + ": its package imports");
            }
        }
    }

    private static Set<String> names(List<Capability> caps, String ns) {
        Set<String> out = new TreeSet<>();
        for (Capability c : caps) {
            Object v = c.getAttributes().get(ns.equals("osgi.service") ? "objectClass" : ns);
            out.add(String.valueOf(v) + (ns.equals("osgi.service") ? "" : " " + c.getAttributes().get("version")));
        }
        return out;
    }

    @Test
    void theSmallestDistributionForAScenarioRunsItWritingTheSameFiles() throws Exception {
        Path scenario = Path.of("scenarios", "pendulum.yaml").toAbsolutePath(), out = work.resolve("pendulum.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--for", scenario.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("+ sensor.encoder 0.2.0.SNAPSHOT provides the type sensor/encoder"), r.output());
        assertTrue(r.output().contains("+ sensor.dynamics 0.2.0.SNAPSHOT provides the type dynamics-engine/ode4j"), r.output());
        String bundles = launcher(out).getProperty("launch.bundles");
        assertFalse(bundles.contains("sensor.lidar") || bundles.contains("sensor.raytrace") || bundles.contains("sensor.service"),
                "no lidar, raytrace or live service: " + bundles);
        assertTrue(Files.size(out) < Files.size(Path.of("target", "sensorsim-proprio.jar")), "smaller than the proprio jar");
        assertEquals(0, Sensorsim.run(work, fromTarget(out), "run", scenario.toString(), "--out", "small").code());
        assertEquals(0, Sensorsim.run(work, "sensorsim.jar", "run", scenario.toString(), "--out", "full").code());
        List<String> files;
        try (Stream<Path> s = Files.list(work.resolve("full"))) {
            files = s.map(p -> p.getFileName().toString()).filter(f -> !f.equals("run-manifest.json")).sorted().toList();
        }
        assertEquals(List.of("bob-truth.csv", "metadata.yaml", "pivot-angle.csv", "run.mcap"), files);
        for (String f : files) {
            assertArrayEquals(Files.readAllBytes(work.resolve("full").resolve(f)), Files.readAllBytes(work.resolve("small").resolve(f)), f);
        }
    }

    @Test
    void theJlinkImageRunsTheDemoWithItsOwnJavaWritingTheJarsFiles() throws Exception {
        Path image = work.resolve("image"), jar = work.resolve("full.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "--from", "sensorsim", "--out", jar.toString(),
                "--jlink", image.toString());
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().matches("(?s).*assemble: linked " + java.util.regex.Pattern.quote(image.toString())
                + ": a Java runtime of \\d+ modules \\[java.base, .*jdk.incubator.vector.*] and the jar, [0-9.]+ MB.*"), r.output());
        try (Stream<String> modules = Files.lines(image.resolve("release"))) {
            String line = modules.filter(l -> l.startsWith("MODULES=")).findFirst().orElseThrow();
            assertFalse(line.contains("java.compiler") || line.contains("jdk.jshell") || line.contains("java.net.http"),
                    "only the modules the bundles use: " + line);
        }
        assertArrayEquals(Files.readAllBytes(jar), Files.readAllBytes(image.resolve("lib/sensorsim/full.jar")));
        Path scenario = Path.of("scenarios", "demo.yaml").toAbsolutePath();
        Process p = new ProcessBuilder(image.resolve("bin/sensorsim").toString(), "run", scenario.toString(), "--duration", "1",
                "--out", "linked").directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("raytrace: cpu-bvh: vector (jdk.incubator.vector"), "the image relaunches with the Vector API: " + out);
        assertEquals(0, Sensorsim.run(work, "sensorsim.jar", "run", scenario.toString(), "--duration", "1", "--out", "jar").code());
        List<Path> files;
        try (Stream<Path> s = Files.walk(work.resolve("jar"))) {
            files = s.filter(Files::isRegularFile).filter(f -> !f.endsWith("run-manifest.json")).sorted().toList();
        }
        assertTrue(files.size() > 20, files.toString());
        for (Path f : files) {
            Path linked = work.resolve("linked").resolve(work.resolve("jar").relativize(f));
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(linked), "the image's " + linked);
        }
    }

    @Test
    void withoutAJdkJlinkIsRefusedInOneLine() throws Exception {
        Path jre = work.resolve("jre");
        Process link = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jlink").toString(), "--add-modules",
                "java.base,java.logging,java.xml,java.naming,java.management,java.sql,java.desktop,java.instrument,jdk.unsupported,"
                        + "jdk.incubator.vector,jdk.crypto.ec,jdk.zipfs", "--output", jre.toString()).redirectErrorStream(true).start();
        String made = new String(link.getInputStream().readAllBytes());
        assertEquals(0, link.waitFor(), made);
        Process p = new ProcessBuilder(jre.resolve("bin/java").toString(), "-jar", Path.of("target", "sensorsim-lidar.jar")
                .toAbsolutePath().toString(), "assemble", "--from", "sensorsim-lidar", "--out", "x.jar", "--jlink", "img")
                .directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(3, p.waitFor(), out);
        assertEquals("sensorsim: assemble: refused, nothing written: --jlink needs a JDK's jlink, and this Java (" + jre
                + ") has none; run assemble with a JDK's java", out.strip());
        assertFalse(Files.exists(work.resolve("x.jar")) || Files.exists(work.resolve("img")), "nothing written");
    }

    @Test
    void aFeatureOfTypeIdsAssemblesReproduciblyWithItsLock() throws Exception {
        Path feature = Files.writeString(work.resolve("vlp.feature.json"), """
                {
                  "id": "org.example:vlp-only:1.0.0",
                  "variables": {"who": null},
                  "framework-launching-properties": {"org.example.owner": "${who}"},
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON",
                    "json": {"requires": ["sensor/lidar", "lidar-model/VLP-16", "output-format/pcd"]}}}
                }
                """);
        Path a = Files.createDirectories(work.resolve("a")).resolve("vlp.jar"), b = Files.createDirectories(work.resolve("b")).resolve("vlp.jar");
        for (Path out : List.of(a, b)) {
            Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", feature.toString(), "--var", "who=tester",
                    "--out", out.toString());
            assertEquals(0, r.code(), r.output());
            assertTrue(r.output().contains("+ sensor.lidar.velodyne 0.2.0.SNAPSHOT provides the type lidar-model/VLP-16"), r.output());
            assertTrue(r.output().contains("+ sensor.raytrace 0.2.0.SNAPSHOT provides the type raytrace-backend/cpu-bvh, which "
                    + "sensor.lidar 0.2.0.SNAPSHOT traces its rays with"), r.output());
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "two assemblies of one feature");
        Properties launcher = launcher(a);
        assertEquals("tester", launcher.getProperty("org.example.owner"), "the framework property with its variable");
        assertEquals("vlp-only", launcher.getProperty("sensorsim.distribution"), "the id: the feature's artifact");
        Sensorsim.Run types = Sensorsim.run(work, fromTarget(a), "types");
        assertTrue(types.output().startsWith("distribution: vlp-only\n"), types.output());
        assertTrue(types.output().contains("lidar model types: [HDL-32E, "), "the Velodyne bundle's models: " + types.output());
        assertFalse(types.output().contains("OS1-64"), "no Ouster bundle: " + types.output());
        assertFalse(types.output().contains("accelerometer"), "no IMU: " + types.output());
        Files.writeString(work.resolve("imu.yaml"), "version: 1\nsensors:\n  - {id: imu, type: imu}\n");
        Sensorsim.Run refused = Sensorsim.run(work, fromTarget(a), "run", "imu.yaml", "--out", "never");
        assertEquals(3, refused.code(), refused.output());
        assertTrue(refused.output().contains("imu.yaml:3:5: sensors 'imu': sensor type 'imu' is not installed; installed sensor "
                + "types: [lidar]; the distribution vlp-only lacks it; it ships in the distributions sensorsim, sensorsim-proprio"),
                "a missing type names the assembled distribution: " + refused.output());
        try (JarFile j = new JarFile(a.toFile())) {
            String lock = new String(j.getInputStream(j.getEntry("distribution-lock.json")).readAllBytes());
            assertTrue(lock.contains("\"complete\": true"), lock);
            assertEquals(sha256(lock.getBytes(java.nio.charset.StandardCharsets.UTF_8)), launcher.getProperty("sensorsim.distribution.lock"));
            for (String entry : launcher.getProperty("launch.bundles").split(",")) {
                String sha = sha256(j.getInputStream(j.getEntry(entry)).readAllBytes());
                assertTrue(lock.contains("\"sensorsim.sha256\": \"" + sha + "\""), entry + " in the lock");
            }
            assertTrue(lock.contains("{\"id\": \"sensorsim:sensor.lidar.velodyne:0.2.0-SNAPSHOT\", \"start-order\": 1, "
                    + "\"sensorsim.symbolic-name\": \"sensor.lidar.velodyne\""), lock);
        }
    }

    @Test
    void aFeaturesBundlesComeFromAMavenRepositoryByTheirCoordinates() throws Exception {
        Path local = Path.of(System.getProperty("maven.repo.local", Path.of(System.getProperty("user.home"), ".m2", "repository")
                .toString())), m2 = work.resolve("m2");
        for (String path : List.of("sensorsim/sensor.dynamics/0.2.0-SNAPSHOT/sensor.dynamics-0.2.0-SNAPSHOT.jar",
                "org/ode4j/core/0.5.3/core-0.5.3.jar", "org/slf4j/slf4j-api/2.0.7/slf4j-api-2.0.7.jar")) {
            Files.createDirectories(m2.resolve(path).getParent());
            Files.copy(local.resolve(path), m2.resolve(path));
        }
        Path feature = Files.writeString(work.resolve("dyn.feature.json"), """
                {
                  "id": "org.example:lidar-dynamics:1.0.0",
                  "bundles": ["sensorsim:sensor.dynamics:0.2.0-SNAPSHOT", "org.ode4j:core:0.5.3"],
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {"from": "sensorsim-lidar"}}}
                }
                """), out = work.resolve("dyn.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim-lidar.jar", "assemble", feature.toString(), "--maven-repo",
                m2.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.output());
        assertFalse(r.output().contains("slf4j.api 2.0.7 provides"), "the lidar jar has slf4j; the Maven repository offers "
                + "only what the feature names: " + r.output());
        Sensorsim.Run types = Sensorsim.run(work, fromTarget(out), "types");
        assertTrue(types.output().contains("dynamics engine types: [ode4j]"), types.output());
        Files.writeString(feature, Files.readString(feature).replace("core:0.5.3", "core:0.5.2"));
        r = Sensorsim.run(work, "sensorsim-lidar.jar", "assemble", feature.toString(), "--maven-repo", m2.toString(), "--out",
                work.resolve("never.jar").toString());
        assertEquals(3, r.code(), r.output());
        String line3 = Files.readAllLines(feature).get(2);
        assertTrue(r.output().contains("dyn.feature.json:3:" + (line3.indexOf("\"org.ode4j") + 1) + ": bundles: "
                + "org.ode4j:core:0.5.2 is in no repository: not in this jar nor in [" + m2 + "]"), r.output());
    }

    @Test
    void featuresWithMistakesAreRefusedAtTheirLineAndColumnWritingNothing() throws Exception {
        Path old = work.resolve("repo").resolve("acme-old-1.0.0.jar");
        Files.createDirectories(old.getParent());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
        m.getMainAttributes().putValue("Bundle-SymbolicName", "acme.old");
        m.getMainAttributes().putValue("Bundle-Version", "1.0.0");
        m.getMainAttributes().putValue("Import-Package", "sensor.api;version=\"[1.0,2)\"");
        try (JarOutputStream z = new JarOutputStream(Files.newOutputStream(old), m)) {
            z.flush();
        }
        refused("""
                {
                  "id": "com.acme:bad:1.0.0",
                  "bundles": ["com.acme:acme-old:1.0.0", "com.acme:nothere:1.0.0"],
                  "variables": {"token": null},
                  "configurations": {"sensorsim.sensor~a": {"id": "${token}"}},
                  "extensions": {
                    "sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {"from": "sensorsim-lidar",
                        "requires": ["lidar-model/VLP16"]}},
                    "org.example.signing": {"kind": "mandatory", "type": "TEXT", "text": "x"}
                  }
                }
                """, "bad.json:4:26: variables: 'token' has no default (null) and was not given: add --var token=VALUE",
                "bad.json:9:28: extensions: 'org.example.signing' is mandatory and unknown here");
        refused("""
                {
                  "id": "com.acme:bad:1.0.0",
                  "bundles": ["com.acme:acme-old:1.0.0", "com.acme:nothere:1.0.0"],
                  "extensions": {
                    "sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {"from": "sensorsim-lidar",
                        "requires": ["lidar-model/VLP16"]}}
                  }
                }
                """, "bad.json:3:42: bundles: com.acme:nothere:1.0.0 is in no repository",
                "bad.json:6:22: requires: no bundle of this jar or of [" + work.resolve("repo") + "] provides the type "
                        + "lidar-model/VLP16; did you mean lidar-model/VLP-16, ");
        refused("""
                {
                  "id": "com.acme:bad:1.0.0",
                  "bundles": ["acme.old:acme-old:1.0.0"],
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {"from": "sensorsim-lidar"}}}
                }
                """, "bad.json:3:15: acme.old 1.0.0 was built for another kernel: it imports package sensor.api 1.0.0 up to (not "
                + "including) 2.0.0 and this kernel exports 2.0.0; rebuild it against this release's sensorsim-bom");
        refused("""
                {
                  "id": "com.acme:bad:1.0.0",
                  "configurations": {"a": {"x": 1}, "a": {"x": 2}},
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON", "json": {}}}
                }
                """, "bad.json:3:37: 'a' is given twice in one object (first at 3:27)");
        refused("""
                {
                  "id": "com.acme:bad:1.0.0"
                  "bundles": []
                }
                """, "bad.json:3:3: expected '}' but found '\"'");
        refused("""
                {"id": "com.acme:bad:1.0.0", "bundles": []}
                """, "bad.json:1:1: extensions: a sensorsim feature carries \"sensorsim.distribution\"");
    }

    private void refused(String feature, String... lines) throws Exception {
        Path f = Files.writeString(work.resolve("bad.json"), feature), out = work.resolve("never.jar");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "assemble", "bad.json", "--repo", work.resolve("repo").toString(),
                "--out", out.toString());
        assertEquals(3, r.code(), r.output());
        for (String line : lines) {
            assertTrue(r.output().contains("  " + line), line + "\nin\n" + r.output());
        }
        assertFalse(r.output().contains("Exception") || r.output().contains("\tat "), r.output());
        assertFalse(Files.exists(out), "nothing written");
        Files.delete(f);
    }

    static Properties launcher(Path jar) throws IOException {
        Properties p = new Properties();
        try (JarFile j = new JarFile(jar.toFile()); InputStream in = j.getInputStream(j.getEntry("launcher.properties"))) {
            p.load(new StringReader(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1)));
        }
        return p;
    }

    static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    /** A jar's path as {@link Sensorsim#run} takes it: relative to {@code target}. */
    static String fromTarget(Path jar) {
        return Path.of("target").toAbsolutePath().relativize(jar.toAbsolutePath()).toString();
    }
}
