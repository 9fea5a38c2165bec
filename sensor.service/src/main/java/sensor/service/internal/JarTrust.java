package sensor.service.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Whether a plugin jar may run under {@code serve --trust KEYSTORE}, with {@code jarsigner -verify -strict} semantics:
 * every entry (signature files aside) is signed, matches its signature, and is signed by a signer whose certificate
 * chain reaches a certificate of the keystore, each link signed by the next, the signer's certificate valid at the
 * signing time (its timestamp, or now).
 */
final class JarTrust {
    private final List<X509Certificate> trusted;
    private final String keystoreName;

    private JarTrust(List<X509Certificate> trusted, String keystoreName) {
        this.trusted = trusted;
        this.keystoreName = keystoreName;
    }

    /**
     * The certificates of a keystore (JKS or PKCS12), its password read from {@code passwordFile} (its first line) or
     * none.
     *
     * @throws IllegalArgumentException naming the option and the reason when it cannot be read or holds no certificate
     */
    static JarTrust load(Path keystore, Path passwordFile) {
        char[] password = null;
        if (passwordFile != null) {
            try {
                password = Files.readAllLines(passwordFile).stream().findFirst().orElse("").toCharArray();
            } catch (IOException e) {
                throw new IllegalArgumentException("--trust-password-file: cannot read " + passwordFile + " (" + e.getMessage() + ")");
            }
        }
        if (!Files.isRegularFile(keystore)) {
            throw new IllegalArgumentException("--trust: cannot read keystore " + keystore + " (no such file)");
        }
        KeyStore store;
        try {
            store = KeyStore.getInstance(keystore.toFile(), password);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("--trust: cannot read keystore " + keystore + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + (passwordFile == null ? "; if it has a password, give it with --trust-password-file" : "") + ")");
        }
        List<X509Certificate> certs = new ArrayList<>();
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.getCertificate(alias) instanceof X509Certificate c) {
                    certs.add(c);
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("--trust: cannot read keystore " + keystore + " (" + e.getMessage() + ")");
        }
        if (certs.isEmpty()) {
            throw new IllegalArgumentException("--trust: keystore " + keystore + " holds no certificate"
                    + (passwordFile == null ? " that can be read without its password (give it with --trust-password-file)" : ""));
        }
        return new JarTrust(List.copyOf(certs), keystore.getFileName().toString());
    }

    /** The certificates trusted, by subject. */
    List<String> subjects() {
        return trusted.stream().map(c -> c.getSubjectX500Principal().getName()).toList();
    }

    /** A jar's verdict: the subject of its trusted signer, or why it may not run (in a user's words). */
    record Verdict(String signer, String refusal) {
        static Verdict refused(String why) {
            return new Verdict(null, why);
        }
    }

    /** Whether {@code jar} may run. */
    Verdict check(Path jar) {
        String signer = null;
        try (JarFile f = new JarFile(jar.toFile(), true)) {
            if (f.getManifest() == null) {
                return Verdict.refused("has no manifest, so it is not signed");
            }
            byte[] buffer = new byte[8192];
            for (JarEntry e : Collections.list(f.entries())) {
                if (e.isDirectory() || signatureFile(e.getName())) {
                    continue;
                }
                try (InputStream in = f.getInputStream(e)) {
                    while (in.read(buffer) >= 0) {
                        // reading to the end checks the entry against its digest in the signature
                    }
                } catch (SecurityException ex) {
                    return Verdict.refused("entry " + e.getName() + " does not match its signature: the jar was changed after it was signed");
                }
                CodeSigner[] signers = e.getCodeSigners();
                if (signers == null || signers.length == 0) {
                    // a signed jar's manifest has a digest section per entry; one without any was never signed
                    return Verdict.refused(f.getManifest().getEntries().isEmpty() ? "is not signed"
                            : "entry " + e.getName() + " is not signed");
                }
                String why = null;
                for (CodeSigner s : signers) {
                    why = untrusted(s);
                    if (why == null) {
                        signer = subject(s);
                        break;
                    }
                }
                if (why != null) {
                    return Verdict.refused(why);
                }
            }
        } catch (SecurityException e) {
            return Verdict.refused("does not verify: " + e.getMessage());
        } catch (IOException e) {
            return Verdict.refused("is not a readable jar: " + e.getMessage());
        }
        return signer == null ? Verdict.refused("has no entry to sign, so nothing of it is signed") : new Verdict(signer, null);
    }

    /** Null when the signer's chain reaches a trusted certificate and its certificate was valid when it signed. */
    private String untrusted(CodeSigner s) {
        List<? extends Certificate> chain = s.getSignerCertPath().getCertificates();
        X509Certificate leaf = (X509Certificate) chain.get(0);
        Date when = s.getTimestamp() != null ? s.getTimestamp().getTimestamp() : new Date();
        try {
            leaf.checkValidity(when);
        } catch (GeneralSecurityException e) {
            return "is signed by " + subject(s) + ", whose certificate is not valid on " + when.toInstant() + " (valid "
                    + leaf.getNotBefore().toInstant() + " to " + leaf.getNotAfter().toInstant() + ")";
        }
        for (int i = 0; i < chain.size(); i++) {
            X509Certificate c = (X509Certificate) chain.get(i);
            if (trusted.contains(c)) {
                return null;
            }
            X509Certificate issuer = i + 1 < chain.size() ? (X509Certificate) chain.get(i + 1) : trustedIssuer(c);
            if (issuer == null) {
                break;
            }
            try {
                c.verify(issuer.getPublicKey());
            } catch (GeneralSecurityException e) {
                break; // not issued by the certificate it names
            }
            if (trusted.contains(issuer)) {
                return null;
            }
        }
        return "is signed by " + subject(s) + ", which is not trusted: no certificate of its chain is in " + keystoreName;
    }

    /** The trusted certificate named as the issuer of {@code c}, or null. */
    private X509Certificate trustedIssuer(X509Certificate c) {
        return trusted.stream().filter(t -> t.getSubjectX500Principal().equals(c.getIssuerX500Principal())).findFirst().orElse(null);
    }

    private static String subject(CodeSigner s) {
        return ((X509Certificate) s.getSignerCertPath().getCertificates().get(0)).getSubjectX500Principal().getName();
    }

    /** The manifest and the signature files, which a signature does not cover (as {@code jarsigner} treats them). */
    static boolean signatureFile(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        return n.equals("META-INF/MANIFEST.MF") || n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)") || n.matches("META-INF/SIG-[^/]+");
    }
}
