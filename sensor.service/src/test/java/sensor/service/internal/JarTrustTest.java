package sensor.service.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.security.jarsigner.JarSigner;

/**
 * {@code serve --trust}'s check against jars signed by the JDK's own signer ({@code jdk.security.jarsigner}, what
 * {@code jarsigner} uses) with keys made by {@code keytool}: a jar signed by a trusted key, by a key the trust store's
 * CA issued, unsigned, changed after signing, with an entry added after signing, and signed by a stranger.
 */
class JarTrustTest {
    @TempDir
    static Path dir;
    static Path keys, trust, password;

    static void keytool(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + "\n" + out);
    }

    @BeforeAll
    static void keys() throws Exception {
        keys = dir.resolve("keys.p12");
        trust = dir.resolve("trust.p12");
        password = Files.writeString(dir.resolve("password.txt"), "secret123\n");
        for (String alias : List.of("acme", "stranger", "ca", "team")) {
            keytool("-genkeypair", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", alias, "-keyalg", "EC",
                    "-dname", "CN=" + alias + ", O=Test", "-validity", "30", "-storetype", "PKCS12");
        }
        Path csr = dir.resolve("team.csr"), cert = dir.resolve("team.cer"), acme = dir.resolve("acme.cer"), ca = dir.resolve("ca.cer");
        keytool("-certreq", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "team", "-file", csr.toString());
        keytool("-gencert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "ca", "-infile", csr.toString(),
                "-outfile", cert.toString(), "-validity", "30");
        keytool("-exportcert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "ca", "-file", ca.toString());
        keytool("-importcert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "team", "-file", cert.toString(),
                "-noprompt");
        keytool("-exportcert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "acme", "-file", acme.toString());
        // expired: valid for one day, ten days ago
        keytool("-genkeypair", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "old", "-keyalg", "EC",
                "-dname", "CN=old, O=Test", "-startdate", "-10d", "-validity", "1", "-storetype", "PKCS12");
        Path old = dir.resolve("old.cer");
        keytool("-exportcert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "old", "-file", old.toString());
        // a forger's CA with the trusted CA's name, issuing mallory's certificate
        keytool("-genkeypair", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "fakeca", "-keyalg", "EC",
                "-dname", "CN=ca, O=Test", "-validity", "30", "-storetype", "PKCS12");
        keytool("-genkeypair", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "mallory", "-keyalg", "EC",
                "-dname", "CN=mallory, O=Test", "-validity", "30", "-storetype", "PKCS12");
        Path mcsr = dir.resolve("mallory.csr"), mcert = dir.resolve("mallory.cer");
        keytool("-certreq", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "mallory", "-file", mcsr.toString());
        keytool("-gencert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "fakeca", "-infile", mcsr.toString(),
                "-outfile", mcert.toString(), "-validity", "30");
        keytool("-importcert", "-keystore", keys.toString(), "-storepass", "secret123", "-alias", "mallory", "-file", mcert.toString(),
                "-noprompt");
        for (Path c : List.of(acme, ca, old)) {
            keytool("-importcert", "-keystore", trust.toString(), "-storepass", "secret123", "-alias", c.getFileName().toString(),
                    "-file", c.toString(), "-noprompt", "-storetype", "PKCS12");
        }
    }

    static Path plainJar(String name, Map<String, String> entries) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-SymbolicName", "acme.plugin");
        Path jar = dir.resolve(name);
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), m)) {
            for (var e : entries.entrySet()) {
                j.putNextEntry(new JarEntry(e.getKey()));
                j.write(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        return jar;
    }

    static Path signed(String name, String alias) throws Exception {
        Path plain = plainJar("plain-" + name, Map.of("org/acme/A.class", "class A", "OSGI-INF/a.xml", "<component/>",
                "org/acme/big.bin", "b".repeat(50_000))); // beyond one read buffer: checked when read to its end
        KeyStore ks = KeyStore.getInstance(keys.toFile(), "secret123".toCharArray());
        var entry = (KeyStore.PrivateKeyEntry) ks.getEntry(alias, new KeyStore.PasswordProtection("secret123".toCharArray()));
        Path jar = dir.resolve(name);
        try (ZipFile in = new ZipFile(plain.toFile()); OutputStream out = Files.newOutputStream(jar)) {
            new JarSigner.Builder(entry).build().sign(in, out);
        }
        return jar;
    }

    /** A copy of {@code jar} with {@code change} applied to each entry's bytes (by name), and {@code extra} entries added. */
    static Path rewritten(Path jar, String name, java.util.function.BiFunction<String, byte[], byte[]> change,
            Map<String, String> extra) throws IOException {
        Path out = dir.resolve(name);
        try (ZipFile in = new ZipFile(jar.toFile()); ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                z.putNextEntry(new ZipEntry(e.getName()));
                z.write(change.apply(e.getName(), in.getInputStream(e).readAllBytes()));
            }
            for (var e : extra.entrySet()) {
                z.putNextEntry(new ZipEntry(e.getKey()));
                z.write(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    @Test
    void jarsSignedByATrustedKeyOrOneItsCaIssuedRunOthersAreRefusedWithTheReason() throws Exception {
        JarTrust t = JarTrust.load(trust, password);
        assertEquals(List.of("CN=acme,O=Test", "CN=ca,O=Test", "CN=old,O=Test"), t.subjects().stream().sorted().toList());
        Path good = signed("good.jar", "acme");
        assertEquals(new JarTrust.Verdict("CN=acme,O=Test", null), t.check(good));
        assertEquals(new JarTrust.Verdict("CN=team,O=Test", null), t.check(signed("team.jar", "team")), "issued by the trusted CA");

        assertEquals("is not signed", t.check(plainJar("unsigned.jar", Map.of("org/acme/A.class", "class A"))).refusal());
        assertEquals("entry org/acme/A.class does not match its signature: the jar was changed after it was signed",
                t.check(rewritten(good, "tampered.jar", (n, b) -> n.equals("org/acme/A.class") ? "class B".getBytes() : b,
                        Map.of())).refusal());
        assertEquals("entry org/acme/big.bin does not match its signature: the jar was changed after it was signed",
                t.check(rewritten(good, "tampered-big.jar", (n, b) -> {
                    if (n.equals("org/acme/big.bin")) {
                        b[b.length - 1] = 'c';
                    }
                    return b;
                }, Map.of())).refusal());
        assertTrue(t.check(signed("old.jar", "old")).refusal().startsWith("is signed by CN=old,O=Test, whose certificate is not "
                + "valid on "), "expired");
        assertEquals("is signed by CN=mallory,O=Test, which is not trusted: no certificate of its chain is in trust.p12",
                t.check(signed("mallory.jar", "mallory")).refusal(), "a CA that only takes the trusted CA's name");
        assertEquals("entry org/acme/Evil.class is not signed", t.check(rewritten(good, "added.jar", (n, b) -> b,
                Map.of("org/acme/Evil.class", "evil"))).refusal());
        assertEquals("is signed by CN=stranger,O=Test, which is not trusted: no certificate of its chain is in trust.p12",
                t.check(signed("stranger.jar", "stranger")).refusal());
        assertTrue(t.check(Files.writeString(dir.resolve("text.jar"), "not a zip")).refusal().startsWith("is not a readable jar"));
        Path zip = dir.resolve("zip.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("org/acme/A.class"));
            z.write(1);
        }
        assertEquals("has no manifest, so it is not signed", t.check(zip).refusal());

        // a chain that stops below the trusted CA: the CA is found in the keystore by the name its certificate gives
        KeyStore ks = KeyStore.getInstance(keys.toFile(), "secret123".toCharArray());
        var team = (KeyStore.PrivateKeyEntry) ks.getEntry("team", new KeyStore.PasswordProtection("secret123".toCharArray()));
        var leafOnly = java.security.cert.CertificateFactory.getInstance("X.509").generateCertPath(List.of(team.getCertificate()));
        Path plain = plainJar("plain-short.jar", Map.of("org/acme/A.class", "class A"));
        Path shortChain = dir.resolve("short.jar");
        try (ZipFile in = new ZipFile(plain.toFile()); OutputStream out = Files.newOutputStream(shortChain)) {
            new JarSigner.Builder(team.getPrivateKey(), leafOnly).build().sign(in, out);
        }
        assertEquals(new JarTrust.Verdict("CN=team,O=Test", null), t.check(shortChain));
    }

    @Test
    void aKeystoreThatCannotBeReadIsNamedWithTheReason() throws Exception {
        var e = assertThrows(IllegalArgumentException.class, () -> JarTrust.load(dir.resolve("absent.p12"), null));
        assertTrue(e.getMessage().startsWith("--trust: cannot read keystore " + dir.resolve("absent.p12")), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JarTrust.load(trust, null));
        assertTrue(e.getMessage().contains("give it with --trust-password-file"), e.getMessage());
        Path wrong = Files.writeString(dir.resolve("wrong.txt"), "nope");
        e = assertThrows(IllegalArgumentException.class, () -> JarTrust.load(trust, wrong));
        assertEquals("--trust: cannot read keystore " + trust + " (keystore password was incorrect)", e.getMessage());
    }

    @Test
    void signatureFilesAreThoseJarsignerLeavesUnsigned() {
        for (String n : List.of("META-INF/MANIFEST.MF", "META-INF/ACME.SF", "META-INF/acme.rsa", "META-INF/A.EC", "META-INF/SIG-X")) {
            assertTrue(JarTrust.signatureFile(n), n);
        }
        for (String n : List.of("META-INF/maven/pom.xml", "META-INF/x/A.SF", "org/A.SF", "OSGI-INF/a.xml")) {
            assertTrue(!JarTrust.signatureFile(n), n);
        }
    }
}
