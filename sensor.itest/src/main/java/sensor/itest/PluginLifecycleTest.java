package sensor.itest;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

import sensor.api.env.SensorEnvironment;
import sensor.api.env.SensorEnvironment.SensorInfo.State;
import sensor.api.geom.Pose;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;

/**
 * A plugin bundle (the ground-truth sensor) leaves and returns while a simulation runs, and arrives by
 * hot deploy through FileInstall's watched folder.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class PluginLifecycleTest {
    private static final String TYPE = "ground-truth";

    @InjectBundleContext
    BundleContext context;

    @InjectService
    SensorEnvironment env;

    private Path plugin() {
        Path p = Path.of(context.getProperty("sensor.itest.plugins"), "sensor.groundtruth.jar");
        assertTrue(Files.isRegularFile(p), "plugin jar " + p);
        return p;
    }

    @Test
    void pluginStoppedAndRestartedInTheMiddleOfARunningSimulation() throws Exception {
        Bundle b = context.installBundle(plugin().toUri().toString());
        try (Rig rig = new Rig(env)) {
            b.start();
            assertTrue(env.sensorTypes().contains(TYPE), "DS bound the plugin's sensor type: " + env.sensorTypes());
            env.addSensor(SensorSpec.of("gt", TYPE, null, SensorMount.on("car", Pose.IDENTITY), 10));
            env.advance(0.5);
            assertEquals(5, rig.frames.size());

            b.stop();
            assertFalse(env.sensorTypes().contains(TYPE));
            assertEquals(State.DETACHED, env.sensors().get(0).state());
            env.advance(0.5);
            assertEquals(1.0, env.time(), 1e-9, "the simulation goes on without the plugin");
            assertEquals(5, rig.frames.size());

            b.start();
            assertEquals(State.ACTIVE, env.sensors().get(0).state());
            env.advance(0.5);
            assertEquals(10, rig.frames.size());
            assertEquals(1.1, rig.frames.get(5).time(), 1e-9, "sampling resumes on schedule after the return");
        } finally {
            b.uninstall();
        }
        assertFalse(env.sensorTypes().contains(TYPE));
    }

    @Test
    void bundleDroppedIntoTheWatchedFolderIsHotDeployed() throws Exception {
        Path watched = Path.of(context.getProperty("felix.fileinstall.dir"));
        Files.createDirectories(watched);
        Path dropped = watched.resolve("sensor.groundtruth.jar");
        Path tmp = watched.resolve("sensor.groundtruth.jar.tmp");
        try (Rig rig = new Rig(env)) {
            Files.copy(plugin(), tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, dropped, StandardCopyOption.ATOMIC_MOVE);
            Await.until("FileInstall to deploy the plugin", 30_000, () -> env.sensorTypes().contains(TYPE));
            env.addSensor(SensorSpec.of("gt", TYPE, null, SensorMount.on("car", Pose.IDENTITY), 20));
            env.advance(0.5);
            assertEquals(10, rig.frames.size());

            Files.delete(dropped);
            Await.until("FileInstall to remove the plugin", 30_000, () -> !env.sensorTypes().contains(TYPE));
            assertEquals(State.DETACHED, env.sensors().get(0).state());
            env.advance(0.5);
            assertEquals(10, rig.frames.size());
        } finally {
            Files.deleteIfExists(dropped);
        }
    }
}
