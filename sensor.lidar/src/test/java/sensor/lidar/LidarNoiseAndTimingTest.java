package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.api.frame.OutputField.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.sensor.SensorMount;
import sensor.api.world.KinematicWorld;
import sensor.lidar.api.LidarConfig;
import sensor.api.frame.PointCloud;
import sensor.lidar.api.NoiseConfigs;
import sensor.lidar.api.RayPatterns;
import sensor.lidar.api.ReturnMode;
import sensor.lidar.api.StageSpec;
import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.impl.AtmosphereType;

class LidarNoiseAndTimingTest {
    /** {@code n} rays spread over the +x hemisphere in a fixed spiral. */
    private static List<Pose> fan(int n, double maxElevation) {
        Vec3[] d = new Vec3[n];
        for (int i = 0; i < n; i++) {
            double az = -1.2 + 2.4 * ((i * 0.6180339887) % 1), el = maxElevation * (2.0 * i / n - 1);
            d[i] = new Vec3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
        }
        return LidarRig.rays(d);
    }

    private static LidarConfig generic(List<Pose> rays) {
        return new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, rays.size()))))
                .setRange(0.1, 300).setFields(List.of(XYZ_VEC3_F32, DISTANCE_F32, INTENSITY_F32));
    }

    @Test
    @DisplayName("[L-DN] distance noise has the configured mean and a sigma growing with distance")
    void distanceNoiseLDN_hasTheConfiguredMeanAndSigmaGrowingWithDistance() {
        for (double wall : new double[] {10, 60}) {
            LidarRig rig = new LidarRig();
            rig.wallAtX("wall", wall, null);
            List<Pose> rays = LidarRig.rays(new Vec3[] {Vec3.X});
            List<Pose> many = new ArrayList<>();
            for (int i = 0; i < 20000; i++) {
                many.add(rays.get(0)); // the same beam 20000 times: only the noise differs
            }
            PointCloud out = rig.run(generic(many).setNoises(List.of(new StageSpec("distance-gaussian",
                    new NoiseConfigs.DistanceNoise(0.02, 0.01, 0.001)))));
            double sum = 0, sum2 = 0;
            for (int i = 0; i < out.count(); i++) {
                double e = out.getFloat(i, DISTANCE_F32, 0) - wall;
                sum += e;
                sum2 += e * e;
                assertEquals(out.getFloat(i, DISTANCE_F32, 0), out.getFloat(i, XYZ_VEC3_F32, 0), 1e-4, "moved along the ray");
            }
            double mean = sum / out.count(), sigma = Math.sqrt(sum2 / out.count() - mean * mean);
            double expectedSigma = 0.01 + 0.001 * wall;
            assertEquals(0.02, mean, 4 * expectedSigma / Math.sqrt(out.count()));
            assertEquals(expectedSigma, sigma, 0.03 * expectedSigma);
        }
    }

    @Test
    @DisplayName("[N-1] [N-2] ray angular noise keeps points on surfaces, hitpoint noise moves them off")
    void rayAngleNoiseN1_keepsPointsOnSurfacesWhileHitpointNoiseN2_movesThemOff() {
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 20, null);
        var angular = new NoiseConfigs.AngularNoise(NoiseConfigs.Axis.Z, 0, 0.01);
        PointCloud ray = rig.run(generic(fan(2000, 0.3)).setDistortions(List.of(new StageSpec("ray-angle-gaussian", angular))));
        assertEquals(2000, ray.count());
        double sum = 0, sumSq = 0;
        for (int i = 0; i < ray.count(); i++) {
            assertEquals(20f, ray.getFloat(i, XYZ_VEC3_F32, 0), 2e-4f, "on the wall");
            // the angle the sensor added about z: the point's azimuth less ray i's (the fan's formula)
            double added = Math.atan2(ray.getFloat(i, XYZ_VEC3_F32, 1), ray.getFloat(i, XYZ_VEC3_F32, 0))
                    - (-1.2 + 2.4 * ((i * 0.6180339887) % 1));
            sum += added;
            sumSq += added * added;
        }
        // N(0, 0.01²) through the sensor: mean within 4σ/√N, σ within 4 standard errors (σ/√(2N))
        double mean = sum / 2000, sigma = Math.sqrt(sumSq / 2000 - mean * mean);
        assertEquals(0, mean, 4 * 0.01 / Math.sqrt(2000), "mean added angle");
        assertEquals(0.01, sigma, 4 * 0.01 / Math.sqrt(4000), "σ of the added angle");
        rig.env.removeSensor("lidar");
        PointCloud hit = rig.run(generic(fan(2000, 0.3)).setNoises(List.of(new StageSpec("hitpoint-angle-gaussian", angular))));
        double sum2 = 0;
        for (int i = 0; i < hit.count(); i++) {
            double x = hit.getFloat(i, XYZ_VEC3_F32, 0), y = hit.getFloat(i, XYZ_VEC3_F32, 1);
            // rotation about z keeps the radius in the xy plane and changes the angle by N(0, σ²)
            sum2 += Math.pow(x - 20, 2);
        }
        assertTrue(Math.sqrt(sum2 / hit.count()) > 0.01, "points leave the wall");
    }

    @Test
    @DisplayName("[L-P] [L-14] fog returns follow the gamma law (Kolmogorov-Smirnov)")
    void fogReturnsLP_L14_followTheGammaLaw() {
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        double k = 9.5, theta = 0.52;
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().setReturnProbabilityScaling(1.0)
                .setAttenuationCoefficient(0.001));
        PointCloud out = rig.run(generic(fan(20000, 1.2)).setRange(0.01, 100));
        assertTrue(out.count() > 19_000, "almost every ray returns from the fog: " + out.count());
        double[] x = new double[out.count()];
        for (int i = 0; i < x.length; i++) {
            x[i] = out.getFloat(i, DISTANCE_F32, 0);
        }
        Arrays.sort(x);
        // gamma CDF by Simpson integration of the pdf, Γ(9.5) = √π · Π_{j=0}^{8} (j + 1/2)
        double gamma = Math.sqrt(Math.PI);
        for (int j = 0; j < 9; j++) {
            gamma *= j + 0.5;
        }
        double d = 0;
        double cdf = 0, prev = 0;
        int idx = 0;
        int steps = 200_000;
        double h = 20.0 / steps;
        for (int s = 1; s <= steps && idx < x.length; s++) {
            double a = (s - 1) * h, b = s * h, m = 0.5 * (a + b);
            cdf += h / 6 * (pdf(a, k, theta, gamma) + 4 * pdf(m, k, theta, gamma) + pdf(b, k, theta, gamma));
            while (idx < x.length && x[idx] <= b) {
                double f = prev + (cdf - prev) * (x[idx] - a) / h;
                d = Math.max(d, Math.max(Math.abs((idx + 1.0) / x.length - f), Math.abs((double) idx / x.length - f)));
                idx++;
            }
            prev = cdf;
        }
        assertTrue(d < 1.95 / Math.sqrt(x.length), "KS statistic " + d + " (critical " + 1.95 / Math.sqrt(x.length) + ")");
    }

    @Test
    @DisplayName("[L-P] [L-13] [L-14] a fog bank volume returns from inside itself and attenuates what lies behind it")
    void fogBankVolumeReturnsFromInsideAndAttenuatesBehind() {
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        double alpha = 0.05;
        // a fog bank 10 m deep, from x = 20 to x = 30, with a wall behind it at x = 50; clear air outside
        rig.env.addObject(sensor.api.scene.ObjectSpec.fixed("fog", new Shape.Box(5, 20, 20), Pose.translation(25, 0, 0))
                .withMaterial(new sensor.api.scene.MaterialSpec("atmosphere", new AtmosphereMaterial()
                        .setRefractiveIndex(1.0).setAttenuationCoefficient(alpha).setReturnProbabilityScaling(0.5))));
        rig.wallAtX("wall", 50, null);
        PointCloud out = rig.run(generic(fan(20000, 0.2)).setHeapDepth(1).setReturnMode(ReturnMode.FIRST)
                .setDivergenceHalfAngle(0).setOptics(0, 0.005, 0));
        int fog = 0, wall = 0;
        for (int i = 0; i < out.count(); i++) {
            double x = out.getFloat(i, XYZ_VEC3_F32, 0);
            if (x > 20 - 1e-3 && x < 30 + 1e-3) {
                fog++;
                // gamma(9.5, 0.52) from the entry: mean 4.94 m, almost surely within 10 m
                assertTrue(x > 20.5, "fog return at x = " + x);
            } else {
                assertEquals(50, x, 1e-3, "a point outside the fog is on the wall");
                wall++;
                double r = out.getFloat(i, DISTANCE_F32, 0);
                double ux = out.getFloat(i, XYZ_VEC3_F32, 0) / r, uy = out.getFloat(i, XYZ_VEC3_F32, 1) / r,
                        uz = out.getFloat(i, XYZ_VEC3_F32, 2) / r;
                double cos = ux; // incidence on the wall, normal −x
                double inFog = slab(ux, 20, 30) > 0 ? overlap(ux, uy, uz) : 0; // path length inside the bank
                double pdet = 1 / (1 - Math.exp(-2)); // point emitter, no divergence
                assertEquals(0.8 / Math.PI * cos * Math.exp(-alpha * inFog) * pdet, out.getFloat(i, INTENSITY_F32, 0),
                        1e-5, "wall behind the fog, attenuated over the path inside it only");
            }
        }
        assertTrue(fog > 5000 && wall > 5000, "fog " + fog + ", wall " + wall);
    }

    /** Length of the ray from the origin along (ux, uy, uz) inside the box [20, 30] × [−20, 20] × [−20, 20]. */
    private static double overlap(double ux, double uy, double uz) {
        double t0 = 0, t1 = Double.MAX_VALUE;
        double[][] slabs = {{ux, 20, 30}, {uy, -20, 20}, {uz, -20, 20}};
        for (double[] sl : slabs) {
            if (sl[0] == 0) {
                if (sl[1] > 0 || sl[2] < 0) {
                    return 0;
                }
                continue;
            }
            double a = sl[1] / sl[0], b = sl[2] / sl[0];
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        return Math.max(0, t1 - t0);
    }

    private static double slab(double u, double lo, double hi) {
        return u > 0 ? hi / u - lo / u : 0;
    }

    private static double pdf(double x, double k, double theta, double gamma) {
        return x <= 0 ? 0 : Math.pow(x, k - 1) * Math.exp(-x / theta) / (gamma * Math.pow(theta, k));
    }

    private static PointCloud ouster(int threads) {
        return ouster(threads, null);
    }

    /** The Ouster scene with {@code threads} lidar workers on {@code pool} (null: the default pool). */
    private static PointCloud ouster(int threads, sensor.api.ComputePool pool) {
        LidarRig rig = new LidarRig();
        rig.type.pool = pool;
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().configureAsFog(0.2, 865).setReturnProbabilityScaling(0.3));
        rig.add("ground", new Shape.Plane(), Pose.translation(0, 0, -1.5), null);
        rig.add("ball", new Shape.Sphere(3), Pose.translation(8, 4, 0), null);
        rig.wallAtX("wall", 25, null);
        LidarConfig c = TestModels.os1_32("512x10").setThreads(threads).setBeamSamples(3).setReturnMode(ReturnMode.DUAL)
                .setHeapDepth(3)
                .setDistortions(List.of(new StageSpec("ray-angle-gaussian", null)))
                .setNoises(List.of(new StageSpec("distance-gaussian", null), new StageSpec("hitpoint-angle-gaussian", null)));
        return rig.run(c);
    }

    @Test
    @DisplayName("[L-P] output is byte-identical for 1 and 4 threads")
    void outputIsByteIdenticalForOneAndManyThreads() {
        PointCloud one = ouster(1), four = ouster(4);
        assertTrue(one.count() > 10_000, "points: " + one.count());
        assertEquals(one.count(), four.count());
        assertEquals(one.data(), four.data());
    }

    @Test
    @DisplayName("[L-P] output is byte-identical whatever the size of the runtime's worker pool")
    void outputIsByteIdenticalForAnyPoolSize() {
        var one = new java.util.concurrent.ForkJoinPool(1);
        var three = new java.util.concurrent.ForkJoinPool(3);
        try {
            PointCloud a = ouster(4, new sensor.env.ForkJoinComputePool(one)), b = ouster(4, new sensor.env.ForkJoinComputePool(three));
            assertEquals(a.count(), b.count());
            assertEquals(a.data(), b.data());
            assertEquals(ouster(1).data(), a.data());
        } finally {
            one.shutdown();
            three.shutdown();
        }
    }

    @Test
    @DisplayName("[L-P] a plugin's pattern is asked for its firing times from one thread, a pattern of this bundle from the pool")
    void aPluginsPatternIsCalledFromOneThread() {
        var threads = java.util.concurrent.ConcurrentHashMap.<Thread>newKeySet();
        Vec3[] dirs = new Vec3[4000];
        for (int i = 0; i < dirs.length; i++) {
            dirs[i] = new Vec3(1, 0.4 * i / dirs.length - 0.2, 0);
        }
        List<sensor.api.geom.Pose> rays = LidarRig.rays(dirs);
        sensor.api.lidar.RayPatternGenerator plugin = new sensor.api.lidar.RayPatternGenerator() {
            @Override public List<sensor.api.geom.Pose> rays() { return rays; }
            @Override public sensor.api.lidar.RayInterval interval(double start, double end) {
                return new sensor.api.lidar.RayInterval(0, rays.size());
            }
            @Override public double firingTime(int index, sensor.api.lidar.RayInterval interval, double start, double end) {
                threads.add(Thread.currentThread());
                return start + (end - start) * index / rays.size();
            }
        };
        var pool = new java.util.concurrent.ForkJoinPool(3);
        try {
            LidarRig rig = new LidarRig();
            rig.type.pool = new sensor.env.ForkJoinComputePool(pool);
            rig.wallAtX("wall", 10, null);
            PointCloud out = rig.run(new LidarConfig().setPattern(plugin).setThreads(3));
            assertEquals(4000, out.count());
            assertEquals(java.util.Set.of(Thread.currentThread()), threads, "the sampling thread alone");
        } finally {
            pool.shutdown();
        }
    }

    @Test
    @DisplayName("[L-T] a moving lidar smears a static wall by velocity times firing time")
    void motionDistortionLT_aMovingLidarSmearsAStaticWallByVelocityTimesFiringTime() {
        LidarRig rig = new LidarRig();
        double v = 20;
        rig.world.addBody("fast", new KinematicWorld.ConstantVelocity(Pose.IDENTITY, new Vec3(v, 0, 0)));
        rig.wallAtX("wall", 30, null);
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.horizontalSweep(1000, 10, 0.0))
                .setFields(List.of(XYZ_VEC3_F32, TIME_STAMP_F64)).setRange(0.1, 200);
        PointCloud out = rig.run(c, 10, SensorMount.on("fast", Pose.IDENTITY), 0.2);
        double minX = Double.MAX_VALUE, maxX = -Double.MAX_VALUE;
        for (int i = 0; i < out.count(); i++) {
            double t = out.getDouble(i, TIME_STAMP_F64), x = out.getFloat(i, XYZ_VEC3_F32, 0);
            // the lidar is at v·t when the ray fires: the wall is 30 − v·t ahead in its frame
            assertEquals(30 - v * t, x, 2e-4, "point " + i + " fired at " + t);
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
        }
        assertTrue(maxX - minX > 0.5 * v * 0.05, "the frame is smeared: " + (maxX - minX) + " m");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} sub-ray(s) per beam")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 5})
    @DisplayName("[L-T] [L-MS] a moving wall is seen where it was, within one time slice, with any number of sub-rays")
    void motionDistortionLT_aMovingWallIsSeenWhereItWasWithinOneTimeSlice(int subRays) {
        LidarRig rig = new LidarRig();
        double v = -15;
        rig.world.addBody("truck", new KinematicWorld.ConstantVelocity(Pose.translation(40, 0, 0), new Vec3(v, 0, 0)));
        rig.env.addObject(new sensor.api.scene.ObjectSpec("truck-back", new Shape.Box(0.5, 50, 5), "truck", Pose.IDENTITY, null));
        int slices = 50;
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.horizontalSweep(1000, 10, 0.0)).setTimeSlices(slices)
                .setFields(List.of(XYZ_VEC3_F32, TIME_STAMP_F64)).setRange(0.1, 200).setBeamSamples(subRays)
                .setDivergenceHalfAngle(1e-4);
        PointCloud out = rig.run(c, 10, SensorMount.world(Pose.IDENTITY), 0.2);
        double sliceError = Math.abs(v) * 0.1 / slices;
        int onTruck = 0;
        for (int i = 0; i < out.count(); i++) {
            double t = out.getDouble(i, TIME_STAMP_F64), x = out.getFloat(i, XYZ_VEC3_F32, 0);
            if (x > 0 && Math.abs(out.getFloat(i, XYZ_VEC3_F32, 1)) < 20) {
                assertEquals(40 + v * t - 0.5, x, sliceError + 1e-3, "face of the truck at firing time " + t);
                onTruck++;
            }
        }
        assertTrue(onTruck > 100, "points on the truck: " + onTruck);
    }
}
