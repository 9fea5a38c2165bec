package sensor.radar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
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

    static PointCloud detections(SensorFrame f) {
        return (PointCloud) f.data();
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
        PointCloud d = detections(frames.get(0));
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
        PointCloud out = detections(run(c, 0.1, null, ObjectSpec.fixed("wall", new Shape.Box(0.1, 50, 50),
                Pose.translation(d + 0.1, 0, 0))).get(0));
        double sum = 0;
        for (int i = 0; i < out.count(); i++) {
            sum += Math.pow(10, out.getFloat(i, OutputField.RCS_F32, 0) / 10);
        }
        double expected = d * d * 2 * Math.log(1 / Math.cos(h) + Math.tan(h)) * v;
        assertEquals(expected, sum, 0.005 * expected);
        // a material type listed in reflectivity: 10 dB more
        RadarConfig brighter = config(2, 4, 0, -100, Map.of(RadarConfig.DEFAULT_MATERIAL, 0.0, "metal", 10.0));
        PointCloud bright = detections(run(brighter, 0.1, null, ObjectSpec.fixed("wall", new Shape.Box(0.1, 50, 50),
                Pose.translation(d + 0.1, 0, 0)).withMaterial(sensor.api.scene.MaterialSpec.of("metal"))).get(0));
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
        PointCloud m = detections(merged.get(0));
        assertEquals(1, m.count(), "one detection for two targets in one cell");
        double az = Math.toDegrees(m.getFloat(0, OutputField.AZIMUTH_F32, 0));
        assertTrue(az > 0.75 && az < 1.25, "the merged detection lies between them: " + az);
        List<SensorFrame> apart = run(c, 0.1, null, box("a", r * Math.cos(Math.toRadians(1)), r * Math.sin(Math.toRadians(1)), 0, 0.12),
                box("b", r * Math.cos(Math.toRadians(7)), r * Math.sin(Math.toRadians(7)), 0, 0.12));
        PointCloud s = detections(apart.get(0));
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
        PointCloud seen = detections(run(low, 0.1, null, target).get(0));
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
            PointCloud d = detections(f);
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

    /** A sphere of radius 0.1 m at range r, azimuth az, elevation el (degrees), fixed or on the body "target". */
    static ObjectSpec ball(String id, double r, double azDeg, double elDeg, String body) {
        double az = Math.toRadians(azDeg), el = Math.toRadians(elDeg);
        Pose p = Pose.translation(r * Math.cos(el) * Math.cos(az), r * Math.cos(el) * Math.sin(az), r * Math.sin(el));
        return new ObjectSpec(id, new Shape.Sphere(0.1), body, body == null ? p : Pose.IDENTITY, null);
    }

    @Test
    void RAD_aTargetUpAndToTheLeftIsWhereItIs() {
        // azimuth 13°, elevation 2° (cell centres of 2° cells): position, angles and range of the one detection
        PointCloud d = detections(run(config(2, 8, 0, -100, null), 0.1, null, ball("b", 30, 13, 2, null)).get(0));
        assertEquals(1, d.count());
        double az = Math.toRadians(13), el = Math.toRadians(2), r = d.getFloat(0, OutputField.DISTANCE_F32, 0);
        assertTrue(r >= 29.9 && r <= 30, "range between the near side and the centre: " + r);
        assertEquals(az, d.getFloat(0, OutputField.AZIMUTH_F32, 0), Math.toRadians(0.1));
        assertEquals(el, d.getFloat(0, OutputField.ELEVATION_F32, 0), Math.toRadians(0.1));
        double dAz = d.getFloat(0, OutputField.AZIMUTH_F32, 0), dEl = d.getFloat(0, OutputField.ELEVATION_F32, 0);
        assertEquals(r * Math.cos(dEl) * Math.cos(dAz), d.getFloat(0, OutputField.XYZ_VEC3_F32, 0), 1e-4, "x from range and angles");
        assertEquals(r * Math.cos(dEl) * Math.sin(dAz), d.getFloat(0, OutputField.XYZ_VEC3_F32, 1), 1e-4, "y");
        assertEquals(r * Math.sin(dEl), d.getFloat(0, OutputField.XYZ_VEC3_F32, 2), 1e-4, "z");
    }

    @Test
    void RAD_theFieldOfViewEndsWhereConfigured() {
        // 60° × 10°: a target 0.15° inside an edge is seen, one 0.15° outside is not (the rays reach to within half a
        // ray spacing, 0.125°, of the edge)
        RadarConfig c = config(2, 8, 0, -100, null);
        for (double[] inside : new double[][] {{29.85, 0}, {-29.85, 0}, {1, 4.85}, {1, -4.85}}) {
            ObjectSpec b = new ObjectSpec("b", new Shape.Sphere(0.04), null, edgePose(inside), null);
            assertEquals(1, detections(run(c, 0.1, null, b).get(0)).count(), "seen at " + java.util.Arrays.toString(inside));
        }
        for (double[] outside : new double[][] {{30.15, 0}, {-30.15, 0}, {1, 5.15}, {1, -5.15}}) {
            ObjectSpec b = new ObjectSpec("b", new Shape.Sphere(0.04), null, edgePose(outside), null);
            assertEquals(0, detections(run(c, 0.1, null, b).get(0)).count(), "not seen at " + java.util.Arrays.toString(outside));
        }
    }

    private static Pose edgePose(double[] azEl) {
        double az = Math.toRadians(azEl[0]), el = Math.toRadians(azEl[1]), r = 10;
        return Pose.translation(r * Math.cos(el) * Math.cos(az), r * Math.cos(el) * Math.sin(az), r * Math.sin(el));
    }

    @Test
    void RAD_aTiltedPlanesCrossSectionIsTheIntegralOfSecTheta() {
        // σ = σ° d² ∫ dΩ / |u·n| over the field of view: the test integrates it on its own grid of 600 × 100 directions
        Vec3 n = new Vec3(-0.8, 0.36, 0.48); // unit normal facing the sensor
        double d = 12;
        var rotation = sensor.api.geom.Quat.axisAngle(Vec3.Z.cross(n).normalized(), Math.acos(Vec3.Z.dot(n)));
        ObjectSpec plane = ObjectSpec.fixed("plane", new Shape.Plane(), new Pose(n.times(-d), rotation));
        RadarConfig c = new RadarConfig(60, 10, 0.5, 100, 2, 2, 0.5, 0.1, 4, 0, 0, 0, -100,
                Map.of(RadarConfig.DEFAULT_MATERIAL, 0.0));
        PointCloud out = detections(run(c, 0.1, null, plane).get(0));
        double sum = 0;
        for (int i = 0; i < out.count(); i++) {
            sum += Math.pow(10, out.getFloat(i, OutputField.RCS_F32, 0) / 10);
        }
        double expected = 0, h = Math.toRadians(30), v = Math.toRadians(5);
        int na = 600, ne = 100;
        for (int i = 0; i < na; i++) {
            for (int j = 0; j < ne; j++) {
                double az = -h + (i + 0.5) * 2 * h / na, el = -v + (j + 0.5) * 2 * v / ne;
                Vec3 u = new Vec3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
                expected += d * d * (2 * h / na) * (2 * v / ne) * Math.cos(el) / Math.abs(u.dot(n));
            }
        }
        assertEquals(expected, sum, 1e-3 * expected);
    }

    @Test
    void RAD_rangeAndVelocityBinsSplitACell() {
        RadarConfig c = config(2, 8, 0, -100, null);
        // same angular cell, ranges 20.0 and 20.4 m: bins round(r / 0.5) = 40 and 41
        assertEquals(2, detections(run(c, 0.1, null, ball("a", 20.1, 0.6, 0, null), ball("b", 20.5, 1.4, 0, null)).get(0)).count());
        assertEquals(1, detections(run(c, 0.1, null, ball("a", 20.1, 0.6, 0, null), ball("b", 20.2, 1.4, 0, null)).get(0)).count());
        // same cell and range bin, radial velocities 0 and −0.3 m/s: velocity bins 0 and −3 of 0.1 m/s
        var closing = new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, new Vec3(-0.3, 0, 0), Vec3.ZERO);
        ObjectSpec moving = ball("b", 20.1, 1.4, 0, null);
        moving = new ObjectSpec("b", moving.shape(), "target", moving.localPose(), null);
        PointCloud split = detections(run(c, 0.1, closing, ball("a", 20.1, 0.6, 0, null), moving).get(0));
        assertEquals(2, split.count(), "told apart by Doppler");
        double v0 = split.getFloat(0, OutputField.RADIAL_VELOCITY_F32, 0), v1 = split.getFloat(1, OutputField.RADIAL_VELOCITY_F32, 0);
        assertEquals(-0.3, Math.min(v0, v1), 0.01);
        assertEquals(0, Math.max(v0, v1), 1e-6);
    }

    @Test
    void RAD_angleAndVelocityNoiseHaveTheConfiguredStandardDeviations() {
        RadarConfig c = new RadarConfig(60, 10, 0.5, 100, 2, 2, 0.5, 0.1, 8, 0, 0.5, 0.3, -100,
                Map.of(RadarConfig.DEFAULT_MATERIAL, -10.0));
        List<SensorFrame> frames = run(c, 30, null, ball("b", 25, 1, 0, null));
        double[] az = new double[frames.size()], el = new double[frames.size()], v = new double[frames.size()];
        for (int i = 0; i < frames.size(); i++) {
            PointCloud d = detections(frames.get(i));
            assertEquals(1, d.count());
            az[i] = d.getFloat(0, OutputField.AZIMUTH_F32, 0);
            el[i] = d.getFloat(0, OutputField.ELEVATION_F32, 0);
            v[i] = d.getFloat(0, OutputField.RADIAL_VELOCITY_F32, 0);
        }
        assertEquals(Math.toRadians(0.5), sd(az), 0.12 * Math.toRadians(0.5), "azimuth σ");
        assertEquals(Math.toRadians(0.5), sd(el), 0.12 * Math.toRadians(0.5), "elevation σ");
        assertEquals(0.3, sd(v), 0.12 * 0.3, "velocity σ");
        assertTrue(Math.abs(correlation(az, el)) < 0.2 && Math.abs(correlation(az, v)) < 0.2, "independent draws");
    }

    private static double sd(double[] x) {
        double m = java.util.Arrays.stream(x).average().orElseThrow();
        return Math.sqrt(java.util.Arrays.stream(x).map(a -> (a - m) * (a - m)).sum() / x.length);
    }

    private static double correlation(double[] x, double[] y) {
        double mx = java.util.Arrays.stream(x).average().orElseThrow(), my = java.util.Arrays.stream(y).average().orElseThrow();
        double sxy = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
        }
        return sxy / x.length / (sd(x) * sd(y));
    }

    @Test
    void RAD_tooManyRaysAreRefusedNamingTheFix() {
        RadarConfig c = new RadarConfig(360, 170, 0.5, 100, 0.1, 0.1, 0.5, 0.1, 2, 0, 0, 0, -10, null);
        var e = assertThrows(IllegalArgumentException.class, () -> new RadarType().create(c));
        assertTrue(e.getMessage().contains("at most 4000000, got 24480000"), e.getMessage());
        RadarConfig fine = new RadarConfig(360, 170, 0.5, 100, 0.36, 0.17, 0.5, 0.1, 2, 0, 0, 0, -10, null);
        new RadarType().create(fine); // 1000 × 1000 cells, 2 × 2 rays each: 4000000, allowed
    }
}
