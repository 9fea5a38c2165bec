package sensor.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.util.tracker.ServiceTracker;

import sensor.api.env.ScenarioLoader;
import sensor.api.env.SensorEnvironment;

/**
 * A real Apache Felix framework for a test: every OSGi bundle on the test class path is installed and started
 * (the kernel's environment, the CPU raytrace backend, the scenario loader, Declarative Services, and the bundle
 * under test, which Maven's failsafe plugin puts on the class path as its packaged jar), plus the jar named by
 * the system property {@value #BUNDLE_PROPERTY} if set. The kernel contract packages ({@code sensor.api.*}) are
 * shared with the test through the system bundle, so a test and the bundles see the same {@code SensorFrame},
 * {@code SensorType}... classes. Close it to stop the framework.
 */
public final class SensorsimFramework implements AutoCloseable {
    /** System property naming an extra bundle jar to install (e.g. the project's own jar). */
    public static final String BUNDLE_PROPERTY = "sensorsim.testkit.bundle";
    private static final long WAIT_MS = 10_000;
    /** Bundles on a test class path that are not installed: the framework itself, build-time APIs, JUnit. */
    private static final List<String> NOT_INSTALLED = List.of("org.apache.felix.framework", "osgi.core", "osgi.annotation",
            "osgi.cmpn", "org.osgi.service.component.annotations", "org.osgi.service.metatype.annotations");
    private static final List<String> NOT_INSTALLED_PREFIXES = List.of("org.osgi.annotation.", "org.junit", "junit-",
            "org.opentest4j", "org.apiguardian", "org.osgi.test.");

    private final Framework framework;
    private final Path storage;
    private final List<Bundle> installed = new ArrayList<>();

    private SensorsimFramework(Framework framework, Path storage) {
        this.framework = framework;
        this.storage = storage;
    }

    /** Boots the framework with the class path's bundles; waits (up to 10 s) for the environment and the scenario loader. */
    public static SensorsimFramework start() {
        try {
            Map<String, Path> bundles = classPathBundles();
            Path api = bundles.remove("sensor.api");
            String named = System.getProperty(BUNDLE_PROPERTY);
            if (named != null && !named.isBlank()) {
                Path p = Path.of(named).toAbsolutePath();
                bundles.put(symbolicName(p), p);
            }
            return boot(api, bundles.values());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Boots the framework with exactly these bundle jars (an assembled distribution, say); the kernel API still
     * comes from the class path. Waits (up to 10 s) for the environment and the scenario loader.
     */
    public static SensorsimFramework start(Collection<Path> bundleJars) {
        try {
            Path api = classPathBundles().get("sensor.api");
            List<Path> others = new ArrayList<>();
            for (Path p : bundleJars) {
                if (!symbolicName(p).equals("sensor.api")) {
                    others.add(p);
                }
            }
            return boot(api, others);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SensorsimFramework boot(Path api, Collection<Path> bundles) throws IOException {
        Path storage = Files.createTempDirectory("sensorsim-testkit");
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, exportsOf(api));
        // as the distributions: sensor.raytrace's Vector API kernel where the JVM has the module, else its scalar path
        config.put(Constants.FRAMEWORK_BOOTDELEGATION, "jdk.incubator.vector");
        config.put("felix.log.level", "1");
        Framework fw = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path")).newFramework(config);
        try {
            fw.start();
            SensorsimFramework kit = new SensorsimFramework(fw, storage);
            for (Path p : bundles) {
                kit.installed.add(fw.getBundleContext().installBundle("reference:" + p.toUri()));
            }
            List<Bundle> order = new ArrayList<>(kit.installed); // the log service first: others log to it from the start
            order.sort(java.util.Comparator.comparing(b -> !"org.apache.felix.log".equals(b.getSymbolicName())));
            for (Bundle b : order) {
                if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                    b.start();
                }
            }
            kit.service(SensorEnvironment.class);
            kit.service(ScenarioLoader.class);
            return kit;
        } catch (BundleException e) {
            throw new IllegalStateException("test framework did not start: " + e.getMessage(), e);
        }
    }

    /** The bundles installed besides the system bundle, in installation order. */
    public List<Bundle> bundles() {
        return List.copyOf(installed);
    }

    /** The system bundle's context. */
    public BundleContext context() {
        return framework.getBundleContext();
    }

    /** The installed bundle with this symbolic name. */
    public Bundle bundle(String symbolicName) {
        for (Bundle b : context().getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new IllegalArgumentException("no bundle '" + symbolicName + "' installed; installed: " + installed.stream()
                .map(Bundle::getSymbolicName).toList());
    }

    /** A service of {@code type}, waiting up to 10 s for it to appear. */
    public <T> T service(Class<T> type) {
        ServiceTracker<T, T> tracker = new ServiceTracker<>(context(), type, null);
        tracker.open();
        try {
            T s = tracker.waitForService(WAIT_MS);
            if (s == null) {
                throw new IllegalStateException("no " + type.getSimpleName() + " service within " + WAIT_MS + " ms");
            }
            return s;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            tracker.close();
        }
    }

    /** The environment the scenarios are built into. */
    public SensorEnvironment environment() {
        return service(SensorEnvironment.class);
    }

    /** Builds a scenario given as YAML text into the environment; returns its duration, s. */
    public double load(String yaml) {
        try {
            Path file = Files.createTempFile(storage, "scenario", ".yaml");
            Files.writeString(file, yaml);
            return load(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Builds a scenario file into the environment; returns its duration, s. */
    public double load(Path scenario) {
        return service(ScenarioLoader.class).load(scenario);
    }

    /** Starts collecting every frame the environment delivers, until the returned frames are closed. */
    public Frames record() {
        Frames frames = new Frames(environment());
        environment().addOutputSink(frames);
        return frames;
    }

    /** Loads a YAML scenario, runs it for its duration and returns the frames of every sensor. */
    public Frames run(String yaml) {
        double duration = load(yaml);
        try (Frames frames = record()) {
            environment().advance(duration);
            return frames;
        }
    }

    @Override
    public void close() {
        try {
            framework.stop();
            framework.waitForStop(TimeUnit.SECONDS.toMillis(10));
        } catch (BundleException | InterruptedException e) {
            throw new IllegalStateException("test framework did not stop: " + e.getMessage(), e);
        }
    }

    /** Every OSGi bundle on the class path by symbolic name (first wins), except the framework, JUnit and build APIs. */
    private static Map<String, Path> classPathBundles() throws IOException {
        Map<String, Path> found = new LinkedHashMap<>();
        ClassLoader loader = SensorsimFramework.class.getClassLoader();
        for (URL url : Collections.list(loader.getResources(JarFile.MANIFEST_NAME))) {
            Path root = rootOf(url);
            if (root == null) {
                continue;
            }
            try (InputStream in = url.openStream()) {
                Attributes a = new Manifest(in).getMainAttributes();
                String bsn = a.getValue(Constants.BUNDLE_SYMBOLICNAME);
                if (bsn == null) {
                    continue;
                }
                String name = bsn.split(";")[0].trim();
                if (!NOT_INSTALLED.contains(name) && NOT_INSTALLED_PREFIXES.stream().noneMatch(name::startsWith)) {
                    found.putIfAbsent(name, root);
                }
            }
        }
        if (!found.containsKey("sensor.api")) {
            throw new IllegalStateException("sensor.api is not on the test class path");
        }
        return found;
    }

    /** The jar file or class folder a manifest URL belongs to. */
    private static Path rootOf(URL manifest) {
        try {
            String s = manifest.toString();
            if (s.startsWith("jar:file:")) {
                return Path.of(new URL(s.substring(4, s.indexOf("!/"))).toURI());
            }
            if (s.startsWith("file:")) {
                return Path.of(manifest.toURI()).getParent().getParent();
            }
            return null;
        } catch (IOException | URISyntaxException e) {
            return null;
        }
    }

    private static String symbolicName(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            String bsn = f.getManifest() == null ? null : f.getManifest().getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
            if (bsn == null) {
                throw new IllegalArgumentException(BUNDLE_PROPERTY + ": " + jar + " is not an OSGi bundle");
            }
            return bsn.split(";")[0].trim();
        }
    }

    /** The Export-Package header of the kernel API, which the system bundle then exports. */
    private static String exportsOf(Path api) throws IOException {
        Manifest m;
        if (Files.isDirectory(api)) {
            try (InputStream in = Files.newInputStream(api.resolve(JarFile.MANIFEST_NAME))) {
                m = new Manifest(in);
            }
        } else {
            try (JarFile f = new JarFile(api.toFile())) {
                m = f.getManifest();
            }
        }
        return m.getMainAttributes().getValue(Constants.EXPORT_PACKAGE);
    }
}
