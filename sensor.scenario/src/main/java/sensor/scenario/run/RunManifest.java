package sensor.scenario.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * {@code run-manifest.json}, written last into every output folder: the sensorsim version, the scenario file
 * and its SHA-256, the seed, each file written with its size and SHA-256, and the gaps of sensors or materials
 * whose plugin type was absent. {@code --overwrite} removes
 * exactly the files an earlier manifest lists.
 */
public final class RunManifest {
    static final String NAME = "run-manifest.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final String version;
    private final Path scenario;
    private final long seed;

    /** The version of the running release (this bundle's), or "dev" outside a framework. */
    public static String release() {
        org.osgi.framework.Bundle b = org.osgi.framework.FrameworkUtil.getBundle(RunManifest.class);
        return b == null ? "dev" : b.getVersion().toString();
    }

    /**
     * A property of the running distribution's launcher, or null outside a framework or where it is not set:
     * {@value #DISTRIBUTION} (the distribution's id) and {@value #LOCK} (the SHA-256 of an assembled one's lock).
     */
    public static String distribution(String property) {
        org.osgi.framework.Bundle b = org.osgi.framework.FrameworkUtil.getBundle(RunManifest.class);
        return b == null || b.getBundleContext() == null ? null : b.getBundleContext().getProperty(property);
    }

    /** The framework properties naming the distribution and the hash of its lock ({@code sensorsim assemble}). */
    public static final String DISTRIBUTION = "sensorsim.distribution", LOCK = "sensorsim.distribution.lock";

    public RunManifest(String version, Path scenario, long seed) {
        this.version = version;
        this.scenario = scenario;
        this.seed = seed;
    }

    /**
     * Gives the recorder one metadata entry {@value #GAP} per interruption (an MCAP Metadata record: kind, id,
     * missingType, from, to in simulated s to the ns; to is {@code end} when it lasted to the end).
     */
    public static void recordGaps(sensor.api.io.Recorder recorder, List<sensor.api.env.Simulation.Interruption> interruptions) {
        for (var i : interruptions) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("kind", i.kind());
            m.put("id", i.id());
            m.put("missingType", i.typeId());
            m.put("from", String.valueOf(Math.round(i.from() * 1e9) / 1e9));
            m.put("to", Double.isNaN(i.to()) ? "end" : String.valueOf(Math.round(i.to() * 1e9) / 1e9));
            recorder.metadata(GAP, m);
        }
    }

    /** The name of a gap's metadata entry. */
    static final String GAP = "sensorsim.interruption";

    /**
     * Writes the manifest of {@code files} and the run's interruptions (sensors or materials without their type,
     * with when), atomically: a temporary file moved into place.
     */
    void write(Path outDir, List<Path> files, List<sensor.api.env.Simulation.Interruption> interruptions) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", version);
        String distribution = distribution(DISTRIBUTION), lock = distribution(LOCK);
        if (distribution != null) {
            m.put("distribution", distribution);
        }
        if (lock != null) {
            m.put("distributionLockSha256", lock);
        }
        Path abs = scenario.toAbsolutePath().normalize(), root = outDir.toAbsolutePath().normalize();
        m.put("scenario", (abs.startsWith(root) ? root.relativize(abs) : abs).toString()); // relative when beside the files
        m.put("scenarioSha256", sha256(scenario));
        m.put("seed", seed);
        // the files hashed in parallel (the run's cores are free by now), listed in their order
        List<Map<String, Object>> list = files.parallelStream().map(f -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("path", root.relativize(f.toAbsolutePath().normalize()).toString());
            e.put("bytes", size(f));
            e.put("sha256", sha256(f));
            return e;
        }).toList();
        m.put("files", list);
        List<Map<String, Object>> gaps = new ArrayList<>();
        for (var i : interruptions) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put(i.kind(), i.id());
            g.put("missingType", i.typeId());
            g.put("from", i.from());
            g.put("to", Double.isNaN(i.to()) ? null : i.to());
            gaps.add(g);
        }
        m.put("interruptions", gaps);
        try {
            Path tmp = Files.createTempFile(outDir, ".run-manifest", ".tmp");
            JSON.writeValue(tmp.toFile(), m);
            Files.move(tmp, outDir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + outDir.resolve(NAME) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes {@code outDir} ready for a run: a missing or empty folder is fine; a folder with files is refused
     * unless {@code overwrite}, which removes the files an earlier run listed in its manifest (and nothing else).
     *
     * @return null when ready, else what is wrong (for a usage error)
     */
    public static String prepare(Path outDir, boolean overwrite) throws IOException {
        if (!Files.isDirectory(outDir) || isEmpty(outDir)) {
            return null;
        }
        if (!overwrite) {
            return "--out " + outDir + " is not empty; choose an empty or new folder, or pass --overwrite to replace "
                    + "the files of the earlier run listed in its " + NAME;
        }
        Path manifest = outDir.resolve(NAME);
        if (!Files.isRegularFile(manifest)) {
            return "--out " + outDir + " is not empty and holds no " + NAME + ": --overwrite only removes the files of "
                    + "an earlier sensorsim run; choose an empty or new folder";
        }
        Path root = outDir.toAbsolutePath().normalize();
        for (JsonNode f : JSON.readTree(manifest.toFile()).path("files")) {
            Path p = root.resolve(f.path("path").asText()).normalize();
            if (p.startsWith(root)) {
                Files.deleteIfExists(p);
            }
        }
        Files.delete(manifest);
        return null;
    }

    /** Removes {@code dir} and its empty sub-folders when no file is left in them. */
    static void removeIfEmpty(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> all = s.sorted(java.util.Comparator.reverseOrder()).toList();
            if (all.stream().allMatch(Files::isDirectory)) {
                for (Path p : all) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (NoSuchFileException e) {
            // nothing was created
        } catch (IOException e) {
            // leave it
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return -1;
        }
    }

    private static String sha256(Path f) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(f), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            return "";
        }
    }
}
