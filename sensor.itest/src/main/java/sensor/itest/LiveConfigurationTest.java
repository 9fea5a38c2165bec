package sensor.itest;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Hashtable;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.service.ServiceExtension;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.geom.Pose;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.material.Lambertian;
import sensor.api.sensor.SensorFrame;

/**
 * Configuration as data in the real framework: a sensor added to a live simulation by a Configuration Admin
 * factory configuration, and a material's reflectivity updated the same way, taking effect from the next frame
 * on: the wall's Lambertian intensities scale with the reflectivity, 0.8 to 0.2.
 */
@ExtendWith(ServiceExtension.class)
class LiveConfigurationTest {
    @InjectService
    SimulationFactory simulations;

    @InjectService
    ConfigurationAdmin configAdmin;

    @Test
    void configurationAdminAddsASensorAndUpdatesAMaterialFromTheNextFrameOn() throws Exception {
        Configuration sensor = null, material = null;
        try (Simulation sim = simulations.create("configured"); Rig rig = new Rig(sim)) {
            sim.addObject(ObjectSpec.fixed("wall", new Shape.Box(0.5, 30, 30), Pose.translation(10, 0, 0))
                    .withMaterial(MaterialSpec.of("lambertian")));
            sensor = configAdmin.createFactoryConfiguration("sensorsim.sensor", "?");
            sensor.update(props("simulation", "configured", "id", "lidar", "type", "lidar", "frequency", 10.0,
                    "config", "{model: OS1-32, mode: 512x10, fields: [XYZ_VEC3_F32, INTENSITY_F32]}"));
            await(() -> sim.sensors().stream().anyMatch(s -> s.spec().id().equals("lidar")), "the configured lidar");
            sim.advance(0.3);
            double before = meanIntensity(rig.frames);
            assertTrue(before > 0, "wall points before");

            material = configAdmin.createFactoryConfiguration("sensorsim.material", "?");
            material.update(props("simulation", "configured", "objects", new String[] {"wall"}, "type", "lambertian",
                    "config", "{reflectivity: 0.2}"));
            await(() -> sim.scene().material(0) instanceof Lambertian l && l.reflectivity() == 0.2, "the new reflectivity");
            rig.frames.clear();
            sim.advance(0.3);
            assertEquals(3, rig.frames.size());
            assertEquals(0.2 / Lambertian.DEFAULT.reflectivity(), meanIntensity(rig.frames) / before, 1e-6,
                    "intensity scales with the Lambertian reflectivity [L-4]");
        } finally {
            for (Configuration c : new Configuration[] {sensor, material}) {
                if (c != null) {
                    c.delete();
                }
            }
        }
    }

    private static double meanIntensity(List<SensorFrame> frames) {
        double sum = 0;
        long n = 0;
        for (SensorFrame f : frames) {
            PointCloud o = (PointCloud) f.data();
            for (int i = 0; i < o.count(); i++) {
                sum += o.getFloat(i, OutputField.INTENSITY_F32, 0);
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    private static Hashtable<String, Object> props(Object... kv) {
        Hashtable<String, Object> t = new Hashtable<>();
        for (int i = 0; i < kv.length; i += 2) {
            t.put((String) kv[i], kv[i + 1]);
        }
        return t;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.currentTimeMillis() + 5000;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < end, what + " within 5 s");
            Thread.sleep(10);
        }
    }
}
