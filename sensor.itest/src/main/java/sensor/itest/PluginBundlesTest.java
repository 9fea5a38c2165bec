package sensor.itest;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.env.SensorEnvironment;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.material.Lambertian;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.lidar.api.LidarConfig;
import sensor.api.frame.PointCloud;
import sensor.api.lidar.LidarModelType;
import sensor.materials.api.GgxAndOrenNayarMaterial;

/** The shipped plugin bundles contribute their types through DS, and the materials bundle may come and go. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class PluginBundlesTest {
    @InjectBundleContext
    BundleContext context;

    /** The Ouster bundle's OS1-32, found by id as a scenario's {@code model: OS1-32} finds it. */
    @InjectService(filter = "(" + LidarModelType.ID_PROPERTY + "=OS1-32)")
    LidarModelType os1_32;

    @InjectService
    SensorEnvironment env;

    private Bundle bundle(String bsn) {
        return Arrays.stream(context.getBundles()).filter(b -> bsn.equals(b.getSymbolicName())).findFirst()
                .orElseThrow(() -> new AssertionError(bsn + " is not installed"));
    }

    @Test
    void everyPluginTypeIsDiscoveredThroughDs() {
        assertTrue(env.sensorTypes().containsAll(List.of("lidar", "imu", "accelerometer", "gyroscope", "magnetometer",
                "encoder", "odometer")), env.sensorTypes().toString());
        assertTrue(env.surfaceMaterialTypes().containsAll(List.of("lambertian", "ggx-oren-nayar", "explicit-brdf")),
                env.surfaceMaterialTypes().toString());
        assertEquals(List.of("atmosphere"), List.copyOf(env.ambientMaterialTypes()));
        // the GPU bundle is installed and active; it registers its backend (first, ranked higher) only where CUDA works
        assertEquals(Bundle.ACTIVE, bundle("sensor.lidar.gpu").getState());
        List<String> backends = env.raytraceBackends();
        assertTrue(backends.equals(List.of("cpu-bvh")) || backends.equals(List.of("cuda-bvh", "cpu-bvh")), backends.toString());
    }

    @Test
    void lidarTracesThroughTheDsWiredBackendAndNoiseStages() {
        try (Rig rig = new Rig(env)) {
            env.addObject(ObjectSpec.fixed("ground", new Shape.Plane(), Pose.translation(0, 0, -1.8)));
            env.addSensor(SensorSpec.of("lidar", "lidar", LidarConfig.of(os1_32, os1_32.mode("512x10")).setNoises(List.of(
                    new sensor.lidar.api.StageSpec("distance-gaussian", null))), SensorMount.on("car", Pose.IDENTITY), 10));
            env.advance(0.1);
            assertEquals(1, rig.frames.size());
            PointCloud out = (PointCloud) rig.frames.get(0).data();
            assertTrue(out.count() > 5000, "points on the ground: " + out.count());
        } finally {
            env.objects().forEach(o -> env.removeObject(o.id()));
        }
    }

    /**
     * The materials bundle stops mid-simulation: objects fall back to the default material (one warning
     * in the log) and the simulation goes on; when it starts again they get their material back.
     */
    @Test
    void materialsBundleStoppedMidSimulationFallsBackAndRecovers() throws Exception {
        Bundle materials = bundle("sensor.materials");
        try (Rig rig = new Rig(env)) {
            GgxAndOrenNayarMaterial coat = new GgxAndOrenNayarMaterial().setDiffuseReflectivity(0.4);
            env.addObject(ObjectSpec.fixed("car-body", new Shape.Box(2, 1, 0.7), Pose.translation(5, 0, 0))
                    .withMaterial(new MaterialSpec("ggx-oren-nayar", coat)));
            int index = env.objects().size() - 1;
            var before = env.scene().material(index);
            assertNotEquals(Lambertian.DEFAULT, before);
            env.advance(0.1);

            materials.stop();
            assertEquals(Lambertian.DEFAULT, env.scene().material(index));
            env.advance(0.1);
            assertEquals(0.2, env.time(), 1e-9);

            materials.start();
            var after = env.scene().material(index);
            assertNotEquals(Lambertian.DEFAULT, after);
            assertEquals(before.brdf(0, 0, 1, 0, 0, 1), after.brdf(0, 0, 1, 0, 0, 1), 1e-12);
        } finally {
            if (materials.getState() != Bundle.ACTIVE) {
                materials.start();
            }
            env.objects().forEach(o -> env.removeObject(o.id()));
        }
    }
}
