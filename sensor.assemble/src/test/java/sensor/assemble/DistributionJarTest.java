package sensor.assemble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tailored copy of a distribution jar: which entries it keeps, its launcher properties, its bytes. */
class DistributionJarTest {
    /** The time of the source's entries (2020-01-01 12:00 UTC), kept by a copy. */
    private static final long SOURCE_TIME = 1_577_880_000_000L;

    @TempDir
    Path dir;

    /** A distribution jar starting jar/a.jar (level 1) and jar/b.jar (level 2), with a help text and the launcher. */
    private Path source() throws IOException {
        Path jar = dir.resolve("dist.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            put(z, "launcher.properties", "launch.bundles=jar/a.jar,jar/b.jar\n"
                    + "launch.runbundles.attrs=a;version\\=\"1.0.0\";startlevel\\=1,b;version\\=\"2.0.0\";startlevel\\=2\n"
                    + "felix.fileinstall.poll=500\n");
            put(z, "jar/a.jar", "A");
            put(z, "jar/b.jar", "B");
            put(z, "jar/org.apache.felix.framework-7.0.5.jar", "F");
            put(z, "help/sensorsim.txt", "full help");
            put(z, "help/serve.txt", "serve help");
            put(z, "help/version.txt", "sensorsim 1");
            put(z, "distributions/small.properties", "launch.bundles=jar/b.jar\n");
        }
        return jar;
    }

    private static void put(ZipOutputStream z, String name, String text) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(SOURCE_TIME);
        z.putNextEntry(e);
        z.write(text.getBytes(StandardCharsets.ISO_8859_1));
        z.closeEntry();
    }

    private static String read(ZipFile z, String name) throws IOException {
        return new String(z.getInputStream(z.getEntry(name)).readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    /** A jar whose repository index lists jar/b.jar and repository/g.jar with the SHA-256 given (null: their own). */
    private Path indexed(String shaOfB) throws Exception {
        Path jar = dir.resolve("indexed.jar");
        String b = "B", g = "G";
        StringBuilder index = new StringBuilder("<repository xmlns=\"http://www.osgi.org/xmlns/repository/v1.0.0\">");
        for (String[] r : new String[][] {{"b", "jar/b.jar", shaOfB != null ? shaOfB : Lock.sha256(b.getBytes())},
                {"g", "repository/g.jar", Lock.sha256(g.getBytes())}}) {
            index.append("<resource><capability namespace=\"osgi.identity\"><attribute name=\"osgi.identity\" value=\"")
                    .append(r[0]).append("\"/><attribute name=\"version\" type=\"Version\" value=\"1.0.0\"/></capability>")
                    .append("<capability namespace=\"osgi.content\"><attribute name=\"osgi.content\" value=\"").append(r[2])
                    .append("\"/><attribute name=\"url\" value=\"").append(r[1]).append("\"/></capability></resource>");
        }
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            put(z, "launcher.properties", "launch.bundles=jar/b.jar\n");
            put(z, "jar/b.jar", b);
            put(z, "repository/g.jar", g);
            put(z, "repository/index.xml", index.append("</repository>").toString());
        }
        return jar;
    }

    @Test
    void theBundlesOfAJarAreThoseItsIndexListsEachCheckedByItsSha256() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Map<String, Path> bundles = new DistributionJar(indexed(null)).bundles(out);
        assertEquals(List.of("jar/b.jar", "jar/g.jar"), List.copyOf(bundles.keySet()), "the started one and the repository's");
        assertEquals("G", Files.readString(bundles.get("jar/g.jar")));
        assertEquals(out.resolve("repository/g.jar"), bundles.get("jar/g.jar"));
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> new DistributionJar(indexed("0".repeat(64))).bundles(out));
        assertEquals("indexed.jar is damaged: its bundle jar/b.jar differs from its repository index (SHA-256); download the "
                + "distribution again", e.getMessage());
        Map<String, Path> unindexed = new DistributionJar(source()).bundles(Files.createDirectories(dir.resolve("plain")));
        assertEquals(List.of("jar/a.jar", "jar/b.jar"), List.copyOf(unindexed.keySet()), "without an index: the bundles it starts");
    }

    @Test
    void aCopyStartsExactlyTheBundlesGivenKeepsTheirStartLevelsAndIsReproducible() throws Exception {
        DistributionJar jar = new DistributionJar(source());
        assertEquals(List.of("jar/a.jar", "jar/b.jar"), jar.ownBundles());
        assertEquals(List.of("jar/b.jar"), DistributionJar.bundles(jar.shipped().get("small")));
        Path c = Files.writeString(dir.resolve("c.jar"), "C");
        Properties launcher = new Properties();
        launcher.load(new StringReader("launch.bundles=jar/a.jar,jar/b.jar\n"
                + "launch.runbundles.attrs=a;version\\=\"1.0.0\";startlevel\\=1,b;version\\=\"2.0.0\";startlevel\\=2\n"
                + "felix.fileinstall.poll=500\n"));
        Path one = dir.resolve("one.jar"), two = dir.resolve("two.jar");
        for (Path out : List.of(one, two)) {
            Map<String, String> attrs = new java.util.LinkedHashMap<>();
            attrs.put("jar/b.jar", "b;version=\"2.0.0\";startlevel=2");
            attrs.put("jar/c.jar", "c;version=\"3.0.0\";startlevel=1");
            jar.write(out, launcher, attrs, Map.of("jar/c.jar", c), Map.of("help/sensorsim.txt",
                    "tailored help".getBytes(StandardCharsets.UTF_8)));
        }
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two), "the same inputs, the same bytes");
        try (ZipFile z = new ZipFile(one.toFile())) {
            List<String> names = Collections.list(z.entries()).stream().map(ZipEntry::getName).toList();
            assertFalse(names.contains("jar/a.jar"), "a bundle left out is not carried: " + names);
            assertTrue(names.containsAll(List.of("jar/b.jar", "jar/c.jar", "jar/org.apache.felix.framework-7.0.5.jar",
                    "help/version.txt", "distributions/small.properties")), names.toString());
            assertEquals("C", read(z, "jar/c.jar"));
            assertEquals("tailored help", read(z, "help/sensorsim.txt"));
            assertFalse(names.contains("help/serve.txt"), "the other variant's help texts are left out");
            assertEquals(SOURCE_TIME, z.getEntry("jar/b.jar").getTime(), "a copied entry keeps its time");
            long fixed = z.getEntry("jar/c.jar").getTime();
            assertEquals(fixed, z.getEntry("launcher.properties").getTime(), "every new entry has the one fixed time");
            assertEquals(1980, java.time.Instant.ofEpochMilli(fixed).atZone(java.time.ZoneOffset.UTC).getYear());
            Properties written = new Properties();
            written.load(new StringReader(read(z, "launcher.properties")));
            assertEquals("jar/b.jar,jar/c.jar", written.getProperty("launch.bundles"));
            assertEquals("b;version=\"2.0.0\";startlevel=2,c;version=\"3.0.0\";startlevel=1",
                    written.getProperty("launch.runbundles.attrs"), "the attributes given, in order");
            assertEquals(Map.of("b", 2, "c", 1), DistributionJar.startLevels(written), "the start levels read back");
            assertEquals("500", written.getProperty("felix.fileinstall.poll"));
            assertFalse(read(z, "launcher.properties").startsWith("#"), "no date comment");
        }
        Path same = dir.resolve("same-help.jar");
        jar.write(same, launcher, Map.of("jar/b.jar", "b;version=\"2.0.0\";startlevel=2"), Map.of(),
                Map.of("distribution-lock.json", new byte[0]));
        try (ZipFile z = new ZipFile(same.toFile())) {
            assertEquals("serve help", read(z, "help/serve.txt"), "without new help texts the jar's own are kept");
        }
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }
}
