package sensor.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToIntFunction;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The distribution's OSGi runtime inside this JVM, booted once and reused: the bundles and properties of the
 * {@code sensorsim.jar} embedded in this jar (its bnd launcher's {@code launcher.properties}) installed into an
 * Apache Felix framework, with the command line reached through the {@code sensorsim.command=cli} service. Each
 * Spark executor JVM boots one; the bundles see only the JDK and the OSGi packages, not Spark's classes.
 */
final class EmbeddedRuntime {
    private static EmbeddedRuntime instance;

    private final ToIntFunction<String[]> command;
    private final double bootSeconds;

    private EmbeddedRuntime(ToIntFunction<String[]> command, double bootSeconds) {
        this.command = command;
        this.bootSeconds = bootSeconds;
    }

    /** This JVM's runtime, booted on first use. */
    static synchronized EmbeddedRuntime get() throws Exception {
        if (instance == null) {
            instance = boot();
        }
        return instance;
    }

    /** Seconds the boot took (framework, bundles, services). */
    double bootSeconds() {
        return bootSeconds;
    }

    /** Runs the sensorsim command line; returns its exit code. */
    int command(String... args) {
        return command.applyAsInt(args);
    }

    @SuppressWarnings("unchecked")
    private static EmbeddedRuntime boot() throws Exception {
        long t0 = System.nanoTime();
        Path home = Files.createTempDirectory("sensorsim-runtime");
        Path distribution = home.resolve("sensorsim.jar");
        try (InputStream in = EmbeddedRuntime.class.getResourceAsStream("/sensorsim.jar")) {
            if (in == null) {
                throw new IllegalStateException("sensorsim.jar is not embedded in this jar; build it with mvn install");
            }
            Files.copy(in, distribution, StandardCopyOption.REPLACE_EXISTING);
        }
        Framework framework;
        try (ZipFile zip = new ZipFile(distribution.toFile())) {
            Properties launch = new Properties();
            try (InputStream in = zip.getInputStream(zip.getEntry("launcher.properties"))) {
                launch.load(in);
            }
            Map<String, String> config = new HashMap<>();
            launch.stringPropertyNames().stream().filter(k -> !k.startsWith("launch."))
                    .forEach(k -> config.put(k, launch.getProperty(k)));
            config.put(Constants.FRAMEWORK_STORAGE, home.resolve("cache").toString());
            config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
            config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "sun.misc");
            config.put("felix.fileinstall.dir", Files.createDirectories(home.resolve("deploy")).toString());
            config.put("felix.service.urlhandlers", "false"); // leave the JVM's URL handlers to Spark and Hadoop
            framework = new org.apache.felix.framework.FrameworkFactory().newFramework(config);
            framework.init();
            BundleContext context = framework.getBundleContext();
            Map<String, Integer> levels = startLevels(launch.getProperty("launch.runbundles.attrs", ""));
            for (String entry : launch.getProperty("launch.bundles", "").split(",")) {
                ZipEntry e = zip.getEntry(entry.strip());
                try (InputStream in = zip.getInputStream(e)) {
                    Bundle b = context.installBundle("sensorsim:" + e.getName(), in);
                    b.adapt(BundleStartLevel.class).setStartLevel(levels.getOrDefault(b.getSymbolicName(), 1));
                    if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                        b.start();
                    }
                }
            }
            int target = Integer.parseInt(launch.getProperty(Constants.FRAMEWORK_BEGINNING_STARTLEVEL, "1"));
            framework.start();
            FrameworkStartLevel fsl = framework.adapt(FrameworkStartLevel.class);
            fsl.setStartLevel(target);
            long end = System.nanoTime() + 30_000_000_000L;
            while (fsl.getStartLevel() < target && System.nanoTime() < end) {
                Thread.sleep(5);
            }
        }
        BundleContext context = framework.getBundleContext();
        ServiceTracker<Object, Object> tracker = new ServiceTracker<>(context, FrameworkUtil.createFilter(
                "(&(objectClass=java.util.function.ToIntFunction)(sensorsim.command=cli))"), null);
        tracker.open(true);
        Object service = tracker.waitForService(30_000);
        if (service == null) {
            throw new IllegalStateException("the sensorsim command service did not start within 30 s");
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                framework.stop();
                framework.waitForStop(10_000);
            } catch (Exception e) {
                // the JVM ends anyway
            }
        }, "sensorsim-runtime-stop"));
        double seconds = (System.nanoTime() - t0) * 1e-9;
        System.err.printf(java.util.Locale.ROOT, "sensorsim-spark: OSGi runtime booted in %.2f s in JVM %s%n", seconds,
                java.lang.management.ManagementFactory.getRuntimeMXBean().getName());
        return new EmbeddedRuntime((ToIntFunction<String[]>) service, seconds);
    }

    /** Bundle symbolic name → start level, from bnd's {@code launch.runbundles.attrs}. */
    static Map<String, Integer> startLevels(String attrs) {
        Map<String, Integer> levels = new HashMap<>();
        var m = java.util.regex.Pattern.compile("(?:^|,)([^;,]+);[^,]*?startlevel\\\\?=(\\d+)").matcher(attrs);
        while (m.find()) {
            levels.put(m.group(1).strip(), Integer.parseInt(m.group(2)));
        }
        return levels;
    }

    /** Removes a folder tree (quietly; a temporary folder). */
    static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: left to the system
        }
    }
}
