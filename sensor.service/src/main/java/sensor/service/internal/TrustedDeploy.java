package sensor.service.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The deploy folder's bundles under {@code serve --trust}: polls the folder every 250 ms and copies a jar whose
 * signature {@link JarTrust verifies} into a private folder that FileInstall watches (installed when it appears,
 * updated when replaced, uninstalled when its jar leaves the deploy folder). A jar that does not verify gets one log
 * line naming it and why, and nothing of it runs; a version verified before stays installed. Configuration files
 * ({@code .cfg}, {@code .config}) pass only for the service's own PIDs ({@code sensorsim.*}): another PID could
 * configure FileInstall to install from a folder nobody checks. A file is judged once its time and size have held
 * still for one poll, so a copy in progress is not judged.
 */
final class TrustedDeploy extends FolderWatch {
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private final Path verified, staging;
    private final JarTrust trust;
    private final Map<Path, String> judged = new HashMap<>(), pending = new HashMap<>();

    /** {@code verified}: the private folder FileInstall watches (created, emptied). */
    TrustedDeploy(Path deploy, Path verified, JarTrust trust) throws IOException {
        super(deploy, "deploy folder");
        this.verified = Files.createDirectories(verified);
        this.staging = Files.createDirectories(verified.resolveSibling(verified.getFileName() + ".staging"));
        this.trust = trust;
        clear(verified);
        clear(staging);
    }

    /** One pass: judge jars that are new or changed and have held still since the last pass; drop those deleted. */
    @Override
    void scan() throws IOException {
        Map<Path, String> now = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> watched(f.getFileName().toString()) && Files.isRegularFile(f)).toList()) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                now.put(p.getFileName(), a.lastModifiedTime().toMillis() + "/" + a.size());
            }
        }
        for (var e : now.entrySet()) {
            Path name = e.getKey();
            if (e.getValue().equals(judged.get(name))) {
                continue;
            }
            if (!e.getValue().equals(pending.put(name, e.getValue()))) {
                continue; // changed since the last pass: wait until it holds still
            }
            pending.remove(name);
            judged.put(name, e.getValue());
            judge(dir.resolve(name));
        }
        for (Path name : Map.copyOf(judged).keySet()) {
            if (!now.containsKey(name)) {
                judged.remove(name);
                Files.deleteIfExists(verified.resolve(name));
            }
        }
        pending.keySet().retainAll(now.keySet());
    }

    private static boolean watched(String name) {
        return name.endsWith(".jar") || name.endsWith(".cfg") || name.endsWith(".config");
    }

    private void judge(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (!name.endsWith(".jar")) {
            if (name.startsWith("sensorsim.")) {
                copy(file);
            } else {
                LOG.log(Level.WARNING, "configuration {0} refused: with --trust only the service''s own configurations "
                        + "(sensorsim.sensor, sensorsim.object, sensorsim.material, sensorsim.controller) are read from the "
                        + "deploy folder", name);
            }
            return;
        }
        JarTrust.Verdict v = trust.check(file);
        if (v.refusal() != null) {
            LOG.log(Level.WARNING, "bundle {0} refused: it {1}; with --trust only jars signed by a certificate of the keystore "
                    + "run, and nothing of this one does{2}", name, v.refusal(), Files.exists(verified.resolve(name))
                    ? " (the version verified before stays installed)" : "");
        } else if (copy(file) != null) {
            LOG.log(Level.INFO, "bundle {0}: signature verified (signed by {1}); it is installed", name, v.signer());
        }
    }

    /**
     * Copies a judged file into the watched folder, atomically; a jar only when the copy is still what was verified.
     * Returns the copy, or null when the file changed meanwhile (it is judged again).
     */
    private Path copy(Path file) throws IOException {
        Path tmp = Files.createTempFile(staging, "", ".part"); // beside, not in, the folder FileInstall watches
        try {
            Files.copy(file, tmp, StandardCopyOption.REPLACE_EXISTING);
            if (file.toString().endsWith(".jar") && trust.check(tmp).refusal() != null) {
                LOG.log(Level.WARNING, "bundle {0} changed while it was verified; it is checked again", file.getFileName());
                judged.remove(file.getFileName());
                return null;
            }
            return Files.move(tmp, verified.resolve(file.getFileName()), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void clear(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The private folder FileInstall watches. */
    Path folder() {
        return verified;
    }

    /** Stops watching and removes the private folders (FileInstall then uninstalls what it installed from them). */
    @Override
    public void close() throws IOException {
        super.close();
        for (Path dir : new Path[] {verified, staging}) {
            clear(dir);
            Files.deleteIfExists(dir);
        }
    }
}
