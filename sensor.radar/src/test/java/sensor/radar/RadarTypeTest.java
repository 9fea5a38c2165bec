package sensor.radar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.env.ObjectSpec;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.LidarOutput;
import sensor.api.lidar.OutputField;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.env.Environment;
import sensor.radar.config.RadarConfig;
import sensor.raytrace.CpuBvhBackend;

/**
 * The radar against closed forms: range and Doppler of an approaching box, the summed cross-section of a wall by
 * Lambert's law, cell merging and separation, the radar-equation threshold and the noise's standard deviation.
 */
class RadarTypeTest {
    static RadarConfig config(double azimuthResolution, int raysPerCell, double rangeNoise, double minRcs,
            Map<String, Double> reflectivity) {
        return new RadarConfig(60, 10, 0.5, 100, azimuthResolution, 2, 0.5, 0.1, raysPerCell, rangeNoise, 0, 0, minRcs,
                reflectivity);
    }

    /** Frames of a radar at the world origin looking along +x, at 10 Hz for {@code seconds}. */
    static List<SensorFrame> run(RadarConfig c, double seconds, KinematicWorld.Motion target, ObjectSpec... objects) {
        Environment env = new Environment();
        RadarType type = new RadarType();
        type.setBackend(new CpuBvhBackend());
        env.bindSensorType(type);
        env.bindSurfaceMaterialType(new SurfaceMaterialType<Object>() { // a second material type, seen as Lambertian
            public String id() { return "metal"; }

            public Class<Object> configType() { return Object.class; }

            public Object defaultConfig() { return new Object(); }

            public SurfaceMaterial create(Object config) { return Lambertian.DEFAULT; }
        });
        KinematicWorld world = env.newKinematicWorld(0.01, Vec3.ZERO);
        if (target != null) {
            world.addBody("target", target);
        }
        env.setWorld(world);
        for (ObjectSpec o : objects) {
            env.addObject(o);
        }
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("radar", RadarType.ID, c, SensorMount.world(Pose.IDENTITY), 10, 0));
        env.advance(seconds);
        return out;
    }

    static LidarOutput detections(SensorFrame f) {
        return (LidarOutput) f.data();
    }

    static ObjectSpec box(String id, double x, double y, double z, double half) {
        return ObjectSpec.fixed(id, new Shape.Box(half, half, half), Pose.translation(x, y, z));
    }

    @Test
    void RAD_anApproachingBoxIsAtTwentyMetresClosingAtFiveMetresPerSecond() {
        // near face at x = 20 m at t = 0.1 s (the first frame), moving at −5 m/s
        var motion = new KinematicWorld.ConstantAngularVelocity(Pose.translation(20.25 + 0.5, 0, 0), new Vec3(-5, 0, 0), Vec3.ZERO);
        ObjectSpec b = new ObjectSpec("car", new Shape.Box(0.25, 0.25, 0.25), "target", Pose.IDENTITY, null);
        List<SensorFrame> frames = run(RadarConfig.DEFAULT, 0.1, motion, b);
        LidarOutput d = detections(frames.get(0));
        assertTrue(d.count() >= 1, "detected");
        for (int i = 0; i < d.count(); i++) {
            assertEquals(20, d.getFloat(i, OutputField.DISTANCE_F32, 0), 0.1, "range");
            assertEquals(-5, d.getFloat(i, OutputField.RADIAL_VELOCITY_F32, 0), 0.05, "radial velocity");
            double x = d.getFloat(i, OutputField.XYZ_VEC3_F32, 0);
            assertEquals(20, x, 0.1, "x");
        }
    }

    @Test
    void RAD_aWallsSummedCrossSectionFollowsLambertsLaw() {
        // σ = σ° Σ cos θ r² ΔΩ over the field of view; for a wall at x = d: σ° d² ∫ sec(az) d az · V = σ° d² 2 ln(sec(H/2) + tan(H/2)) V
        double d = 10, h = Math.toRadians(60) / 2, v = Math.toRadians(10);
        RadarConfig c = config(2, 4, 0, -100, Map.of(RadarConfig.DEFAULT_MATERIAL, 0.0));
        LidarOutput out = detections(run(c, 0.1, null, ObjectSpec.fixed("wall", new Shape.Box(0.1, 50, 50),
                Pose.translation(d + 0.1, 0, 0))).get(0));
        double sum = 0;
        for (int i = 0; i < out.count(); i++) {
            sum += Math.pow(10, out.getFloat(i, OutputField.RCS_F32, 0) / 10);
        }
        double expected = d * d * 2 * Math.log(1 / Math.cos(h) + Math.tan(h)) * v;
        assertEquals(expected, sum, 0.005 * expected);
        // a material type listed in reflectivity: 10 dB more
        RadarConfig brighter = config(2, 4, 0, -100, Map.of(RadarConfig.DEFAULT_MATERIAL, 0.0, "metal", 10.0));
        LidarOutput bright = detections(run(brighter, 0.1, null, ObjectSpec.fixed("wall", new Shape.Box(0.1, 50, 50),
                Pose.translation(d + 0.1, 0, 0)).withMaterial(sensor.api.env.MaterialSpec.of("metal"))).get(0));
        double brightSum = 0;
        for (int i = 0; i < bright.count(); i++) {
            brightSum += Math.pow(10, bright.getFloat(i, OutputField.RCS_F32, 0) / 10);
        }
        assertEquals(10 * expected, brightSum, 0.05 * expected);
    }

    @Test
    void RAD_targetsWithinOneCellMergeAndTargetsCellsApartSeparate() {
        // 2° cells, boundaries at even degrees: 0.75° and 1.25° share the cell [0°, 2°]; 1° and 7° do not
        RadarConfig c = config(2, 8, 0, -100, null);
        double r = 30;
        List<SensorFrame> merged = run(c, 0.1, null, box("a", r * Math.cos(Math.toRadians(0.75)), r * Math.sin(Math.toRadians(0.75)), 0, 0.12),
                box("b", r * Math.cos(Math.toRadians(1.25)), r * Math.sin(Math.toRadians(1.25)), 0, 0.12));
        LidarOutput m = detections(merged.get(0));
        assertEquals(1, m.count(), "one detection for two targets in one cell");
        double az = Math.toDegrees(m.getFloat(0, OutputField.AZIMUTH_F32, 0));
        assertTrue(az > 0.75 && az < 1.25, "the merged detection lies between them: " + az);
        List<SensorFrame> apart = run(c, 0.1, null, box("a", r * Math.cos(Math.toRadians(1)), r * Math.sin(Math.toRadians(1)), 0, 0.12),
                box("b", r * Math.cos(Math.toRadians(7)), r * Math.sin(Math.toRadians(7)), 0, 0.12));
        LidarOutput s = detections(apart.get(0));
        assertEquals(2, s.count(), "two detections for targets three cells apart");
        assertEquals(1, Math.toDegrees(s.getFloat(0, OutputField.AZIMUTH_F32, 0)), 0.5);
        assertEquals(7, Math.toDegrees(s.getFloat(1, OutputField.AZIMUTH_F32, 0)), 0.5);
    }

    @Test
    void RAD_theRadarEquationThresholdKeepsBrightOrNearTargets() {
        // a 0.8 × 0.8 m face at 50.1 m inside one cell (azimuth 1°): σ ≈ σ° · 0.64 m² ≈ −12 dBsm (−9…−15 as rays sample
        // it); the threshold at 50 m is min + 40 log10(0.5) = min − 12.04 dB
        ObjectSpec target = box("t", 50.5, 50.5 * Math.tan(Math.toRadians(1)), 0, 0.4);
        RadarConfig low = config(2, 8, 0, -5, null), high = config(2, 8, 0, 5, null);
        LidarOutput seen = detections(run(low, 0.1, null, target).get(0));
        assertEquals(1, seen.count(), "−12 dBsm ≥ −5 − 12.04");
        assertEquals(-12, seen.getFloat(0, OutputField.RCS_F32, 0), 3);
        assertEquals(0, detections(run(high, 0.1, null, target).get(0)).count(), "−12 dBsm < 5 − 12.04");
    }

    @Test
    void RAD_rangeNoiseHasTheConfiguredStandardDeviation() {
        RadarConfig c = config(2, 8, 0.2, -100, null);
        List<SensorFrame> frames = run(c, 30, null, box("t", 25.1, 0.44, 0, 0.1));
        double sum = 0, sum2 = 0;
        int n = 0;
        for (SensorFrame f : frames) {
            LidarOutput d = detections(f);
            assertEquals(1, d.count());
            double x = d.getFloat(0, OutputField.DISTANCE_F32, 0) - 25;
            sum += x;
            sum2 += x * x;
            n++;
        }
        double mean = sum / n, sd = Math.sqrt(sum2 / n - mean * mean);
        assertEquals(300, n);
        assertEquals(0.2, sd, 0.2 * 0.12, "σ of 300 draws within 12 % (about 3 standard errors)");
        assertEquals(0, mean, 0.04, "unbiased");
    }

    @Test
    void RAD_invalidConfigurationNamesTheField() {
        RadarType t = new RadarType();
        var e = assertThrows(IllegalArgumentException.class, () -> t.create(config(0, 4, 0, -10, null)));
        assertTrue(e.getMessage().contains("azimuthResolution"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.create(config(2, 0, 0, -10, null)));
        assertTrue(e.getMessage().contains("raysPerCell"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.create(config(2, 4, 0, -10, Map.of("lambertian", 0.0))));
        assertTrue(e.getMessage().contains("default"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    }
}
