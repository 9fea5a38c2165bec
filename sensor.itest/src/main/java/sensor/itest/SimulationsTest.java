package sensor.itest;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.geom.Pose;
import sensor.api.frame.PointCloud;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.lidar.api.LidarConfig;
import sensor.api.lidar.LidarModelType;

/**
 * Simulations of the SimulationFactory service in the real framework: side by side with separate outputs; a
 * plugin bundle removed mid-run leaves the other sensors' output byte-identical to a run without it; a plugin
 * bundle installed, started, stopped and uninstalled 200 times during a run leaks no thread and no heap.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class SimulationsTest {
    @InjectBundleContext
    BundleContext context;

    @InjectService
    SimulationFactory simulations;

    /** The Ouster bundle's OS1-32, found by id as a scenario's {@code model: OS1-32} finds it. */
    @InjectService(filter = "(" + LidarModelType.ID_PROPERTY + "=OS1-32)")
    LidarModelType os1_32;

    private Path groundTruthJar() {
        Path p = Path.of(context.getProperty("sensor.itest.plugins"), "sensor.groundtruth.jar");
        assertTrue(Files.isRegularFile(p), "plugin jar " + p);
        return p;
    }

    /** A lidar over a ground plane on the rig's car, seed 7. */
    private void lidarScene(Simulation sim) {
        sim.setSeed(7);
        sim.addObject(ObjectSpec.fixed("ground", new Shape.Plane(), Pose.translation(0, 0, -1.8)));
        sim.addObject(ObjectSpec.fixed("wall", new Shape.Box(0.5, 20, 5), Pose.translation(15, 0, 0)));
        sim.addSensor(SensorSpec.of("lidar", "lidar", LidarConfig.of(os1_32, os1_32.mode("512x10")).setThreads(2), SensorMount.on("car", Pose.IDENTITY), 10));
    }

    @Test
    void twoSimulationsSideBySideKeepSeparateOutputs() {
        try (Simulation a = simulations.create("side-a"); Simulation b = simulations.create("side-b");
                Rig ra = new Rig(a); Rig rb = new Rig(b)) {
            lidarScene(a);
            b.addSensor(SensorSpec.of("imu", "imu", null, SensorMount.on("car", Pose.IDENTITY), 100));
            a.advance(0.3);
            b.advance(0.5);
            assertEquals(List.of("lidar"), ra.frames.stream().map(SensorFrame::sensorId).distinct().toList());
            assertEquals(3, ra.frames.size());
            assertEquals(List.of("imu"), rb.frames.stream().map(SensorFrame::sensorId).distinct().toList());
            assertEquals(50, rb.frames.size());
            assertEquals(0.3, a.time(), 1e-9);
            assertEquals(0.5, b.time(), 1e-9);
        }
    }

    @Test
    void removingAPluginMidRunLeavesTheOtherSensorsByteIdentical() throws Exception {
        List<SensorFrame> reference;
        try (Simulation sim = simulations.create("without"); Rig rig = new Rig(sim)) {
            lidarScene(sim);
            sim.advance(1.0);
            reference = List.copyOf(rig.frames);
        }
        Bundle gt = context.installBundle(groundTruthJar().toUri().toString());
        try (Simulation sim = simulations.create("with"); Rig rig = new Rig(sim)) {
            gt.start();
            lidarScene(sim);
            sim.addSensor(SensorSpec.of("truth", "ground-truth", null, SensorMount.on("car", Pose.IDENTITY), 50));
            sim.advance(0.5);
            gt.uninstall();
            sim.advance(0.5);
            List<SensorFrame> lidar = rig.frames.stream().filter(f -> f.sensorId().equals("lidar")).toList();
            assertEquals(reference.size(), lidar.size());
            for (int i = 0; i < lidar.size(); i++) {
                assertEquals(((PointCloud) reference.get(i).data()).data(), ((PointCloud) lidar.get(i).data()).data(),
                        "lidar frame " + i + " bytes");
            }
            assertEquals(25, rig.frames.stream().filter(f -> f.sensorId().equals("truth")).count(), "truth until t = 0.5 s");
            Simulation.Interruption gap = sim.interruptions().get(0);
            assertEquals("truth", gap.id());
            assertEquals(0.5, gap.from(), 1e-9);
        } finally {
            if (gt.getState() != Bundle.UNINSTALLED) {
                gt.uninstall();
            }
        }
    }

    @Test
    void churningAPluginBundle200TimesDuringARunLeaksNothing() throws Exception {
        try (Simulation sim = simulations.create("churn"); Rig rig = new Rig(sim)) {
            sim.addSensor(SensorSpec.of("truth", "ground-truth", null, SensorMount.on("car", Pose.IDENTITY), 100));
            cycles(sim, 20); // warm up class loading and DS
            long threads = ManagementFactory.getThreadMXBean().getThreadCount();
            long heap = usedHeapAfterGc();
            int frames = rig.frames.size();
            cycles(sim, 200);
            assertTrue(rig.frames.size() > frames, "the sensor produced while its bundle was there");
            assertTrue(ManagementFactory.getThreadMXBean().getThreadCount() <= threads + 2,
                    "threads: " + threads + " before, " + ManagementFactory.getThreadMXBean().getThreadCount() + " after");
            long grown = usedHeapAfterGc() - heap;
            assertTrue(grown < 32L << 20, "heap grew by " + (grown >> 20) + " MiB over 200 cycles");
        }
    }

    /** Install, start, step, stop, step, uninstall the ground-truth bundle {@code n} times. */
    private void cycles(Simulation sim, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            Bundle b = context.installBundle(groundTruthJar().toUri().toString());
            b.start();
            sim.advance(0.02);
            b.stop();
            sim.advance(0.01);
            b.uninstall();
        }
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
