package distro.exam;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.frameworkStartLevel;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.systemPackage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.inject.Inject;

import org.junit.Test;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.component.runtime.dto.UnsatisfiedReferenceDTO;
import org.osgi.util.tracker.ServiceTracker;

/**
 * A distribution (each of the four shipped ones, and one assembled from a feature: one subclass each, one container
 * each) booted in Felix by Pax Exam from its own
 * bundle list (the launcher's {@code launch.bundles}, with their start levels and the framework properties it
 * launches with): every bundle is active and every Declarative Services component is satisfied. The one reference
 * left open is the command line's, to the service bnd's launcher registers with the arguments
 * ({@code launcher.arguments}), which a container has no command line for.
 */
public abstract class DistributionComponents {
    private static final Path DISTRO = Path.of("..", "distro", "target").toAbsolutePath().normalize();
    private final String distribution;

    @Inject
    private BundleContext context;

    /** {@code distribution}: a shipped distribution's name, or {@value #TAILORED}. */
    protected DistributionComponents(String distribution) {
        this.distribution = distribution;
    }

    /** The distribution assembled from a feature of type ids. */
    protected static final String TAILORED = "vlp-imu";

    /** The container: the distribution's bundles from its jar (the tailored one assembled here first from a feature). */
    @Configuration
    public Option[] config() throws Exception {
        Path jar = distribution.equals(TAILORED) ? tailored() : DISTRO.resolve(distribution + ".jar");
        Path dir = Files.createDirectories(Path.of("target", "exam", distribution).toAbsolutePath());
        Properties launcher = new Properties();
        List<Option> options = new ArrayList<>(List.of(cleanCaches(), junitBundles(), systemPackage("sun.misc"),
                frameworkStartLevel(20)));
        try (JarFile j = new JarFile(jar.toFile())) {
            try (InputStream in = j.getInputStream(j.getEntry("launcher.properties"))) {
                launcher.load(in);
            }
            String[] entries = launcher.getProperty("launch.bundles").split(",");
            Matcher level = Pattern.compile(";startlevel=(\\d+)").matcher(launcher.getProperty("launch.runbundles.attrs"));
            for (String entry : entries) {
                assertTrue(level.find());
                Path file = dir.resolve(entry.substring(entry.lastIndexOf('/') + 1));
                try (InputStream in = j.getInputStream(j.getEntry(entry))) {
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
                options.add(bundle(file.toUri().toString()).startLevel(Integer.parseInt(level.group(1))).start());
            }
        }
        for (String key : launcher.stringPropertyNames()) {
            if (!key.startsWith("launch.") && !key.startsWith("org.osgi.framework.startlevel")) {
                options.add(frameworkProperty(key).value(launcher.getProperty(key)));
            }
        }
        return options.toArray(new Option[0]);
    }

    /** A distribution assembled from a feature of type ids (a Velodyne lidar and the IMU), as a user writes one. */
    private static Path tailored() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of("target", "exam").toAbsolutePath()), jar = dir.resolve("vlp-imu.jar");
        Files.writeString(dir.resolve("vlp-imu.feature.json"), """
                {
                  "id": "org.example:vlp-imu:1.0.0",
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON",
                    "json": {"requires": ["lidar-model/VLP-16", "sensor/imu", "output-format/mcap"]}}}
                }
                """);
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                DISTRO.resolve("sensorsim.jar").toString(), "assemble", "vlp-imu.feature.json", "--out", jar.toString())
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(out, p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0);
        return jar;
    }

    @Test
    public void everyBundleIsActiveAndEveryComponentSatisfied() throws Exception {
        ServiceTracker<ServiceComponentRuntime, ServiceComponentRuntime> t = new ServiceTracker<>(context,
                ServiceComponentRuntime.class, null);
        t.open();
        ServiceComponentRuntime scr = t.waitForService(30_000);
        assertTrue("Declarative Services runs", scr != null);
        List<String> problems = new ArrayList<>();
        long end = System.nanoTime() + 30_000_000_000L;
        int components;
        do { // the last bundles start and their components activate asynchronously
            Thread.sleep(200);
            problems.clear();
            components = 0;
            for (Bundle b : context.getBundles()) {
                if (b.getState() != Bundle.ACTIVE && b.getHeaders().get("Fragment-Host") == null) {
                    problems.add(b.getSymbolicName() + " is not active (state " + b.getState() + ")");
                }
            }
            for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
                if (!d.bundle.symbolicName.startsWith("org.ops4j") && !d.bundle.symbolicName.startsWith("PAXEXAM")) {
                    components++;
                    problems.addAll(check(scr, d));
                }
            }
        } while (!problems.isEmpty() && System.nanoTime() < end);
        String booted = context.getProperty("sensorsim.distribution"); // this container's, whichever class runs in it
        assertTrue("the distribution's id reaches the framework", booted != null);
        assertEquals(booted + ": " + components + " components", List.of(), problems);
        assertTrue(booted + " has " + components + " components", components >= 10);
        System.out.printf("%s: %d bundles active, %d components satisfied%n", booted, context.getBundles().length, components);
    }

    /** What keeps a component from working: a failed activation, a missing configuration or an open reference. */
    private static List<String> check(ServiceComponentRuntime scr, ComponentDescriptionDTO d) {
        List<String> out = new ArrayList<>();
        String name = d.bundle.symbolicName + "/" + d.name;
        if (!scr.isComponentEnabled(d)) {
            out.add(name + " is disabled");
        }
        for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
            switch (c.state) {
                case ComponentConfigurationDTO.FAILED_ACTIVATION -> out.add(name + " failed to activate: " + c.failure);
                case ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION -> out.add(name + " lacks its configuration");
                case ComponentConfigurationDTO.UNSATISFIED_REFERENCE -> {
                    for (UnsatisfiedReferenceDTO r : c.unsatisfiedReferences) {
                        if (r.target == null || !r.target.contains("launcher.arguments")) {
                            out.add(name + " lacks its reference " + r.name + " " + (r.target == null ? "" : r.target));
                        }
                    }
                }
                default -> { } // satisfied or active
            }
        }
        return out;
    }
}
