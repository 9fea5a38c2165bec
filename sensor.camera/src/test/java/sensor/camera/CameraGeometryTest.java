package sensor.camera;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.camera.CameraTest.box;
import static sensor.camera.CameraTest.linear;
import static sensor.camera.CameraTest.shoot;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.frame.CameraImage;
import sensor.api.scene.Light;
import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.camera.config.CameraConfig;
import sensor.env.Environment;
import sensor.raytrace.CpuBvhBackend;

/**
 * The camera [CAM] in general position, against closed forms written out here: depth along the optical axis of a
 * yawed, pitched and rolled camera; the Lambert cosine of an oblique sun on an oblique panel; the mirror direction
 * d − 2(d·n)n off an oblique mirror and its weight R = cos θ; bounces between two facing mirrors; where the motion blur
 * lies in the exposure window; supersampled edge pixels as covered areas; shadows of an occluder; fog around a surface;
 * noise independent of the keyframe draw; the tracer's cap of four fog volumes; the camera's limits and its trace scene's
 * life cycle.
 */
class CameraGeometryTest {
    static final List<Light> WHITE_SKY = CameraTest.WHITE_SKY;

    /** A camera config with every field named by the tests here; white at 1000 W/m², no noise, 2 threads. */
    static CameraConfig cam(int w, int h, double hfov, int spp, double exposure, int slices, int traceDepth,
            boolean shadows, double maxRange) {
        return new CameraConfig(w, h, hfov, "pinhole", spp, exposure, slices, traceDepth, shadows, maxRange, 1000, 0, 0, 0,
                0, 0, 2);
    }

    /** The pinhole focal length in pixels, (w/2)/tan(hfov/2). */
    static double focal(int w, double hfov) {
        return (w / 2.0) / Math.tan(Math.toRadians(hfov / 2));
    }

    /** The rotation taking +x onto the unit vector {@code to} (about x × to). */
    static Quat xOnto(double[] to) {
        Vec3 axis = new Vec3(0, -to[2], to[1]); // x × to
        double angle = Math.acos(Math.max(-1, Math.min(1, to[0])));
        return axis.norm() < 1e-12 ? Quat.IDENTITY : Quat.axisAngle(axis, angle);
    }

    static double[] unit(double x, double y, double z) {
        double n = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / n, y / n, z / n};
    }

    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    @Test
    void CAM_depthAlongAYawedPitchedAndRolledCameraAxis() {
        // camera 2 m above a floor (top at z = 0), roll 10°, pitch 30° down, yaw 25°: R = Rz(ψ)·Ry(θ)·Rx(φ). The pixel
        // ray is R·(1, −(u − cx)/f, −(v − cy)/f); its depth along the axis R·x is the scale s that puts it on the
        // floor: s·(R d)_z = −2, with (R d)_z = −sin θ + cos θ·(sin φ·d_y + cos φ·d_z) (Rz keeps z).
        double roll = Math.toRadians(10), pitch = Math.toRadians(30), yaw = Math.toRadians(25), height = 2;
        int w = 40, h = 30;
        double hfov = 50, f = focal(w, hfov);
        Pose mount = new Pose(new Vec3(0, 0, height), Quat.rollPitchYaw(roll, pitch, yaw));
        CameraImage img = shoot(cam(w, h, hfov, 1, 0, 1, 2, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0), mount, null,
                box("floor", 0, 0, -0.5, 200, 200, 0.5, null));
        for (int p = 0; p < w * h; p++) {
            double dy = -(p % w + 0.5 - w / 2.0) / f, dz = -(p / w + 0.5 - h / 2.0) / f;
            double down = -Math.sin(pitch) + Math.cos(pitch) * (Math.sin(roll) * dy + Math.cos(roll) * dz);
            assertTrue(down < -0.1, "every pixel sees the floor"); // the geometry of the test
            double depth = height / -down;
            assertEquals(depth, img.depth()[p], 1e-5 * depth, "pixel " + p);
            assertEquals(0, img.labels()[p]);
        }
    }

    @Test
    void CAM_lambertCosineOfAnObliqueSunOnAnObliquePanel() {
        // a white-ish panel 5 m ahead, turned by yaw 15° and pitched back 20°: its face towards the camera (−x of the
        // panel) has the normal n = −(cos ψ cos θ, sin ψ cos θ, −sin θ); the sun shines along −l with l (towards the
        // sun) having non-zero x, y and z. I = ρ·(E_sun·max(0, n·l) + E_sky·(1 + n_z)/2)/whiteLevel.
        double yaw = Math.toRadians(15), pitch = Math.toRadians(20), rho = 0.8;
        double[] n = {-Math.cos(yaw) * Math.cos(pitch), -Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch)};
        double[] l = unit(-0.5, -0.4, 0.77);
        List<Light> lights = List.of(Light.sun(new Vec3(-l[0], -l[1], -l[2]), 700), Light.sky(300));
        ObjectSpec panel = new ObjectSpec("panel", new Shape.Box(0.01, 2, 2), null,
                new Pose(new Vec3(5, 0, 0), Quat.rollPitchYaw(0, pitch, yaw)),
                new MaterialSpec("paint", null, List.of(rho, rho, rho)));
        CameraImage img = shoot(cam(21, 21, 10, 1, 0, 1, 2, true, 1000), lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                null, panel);
        double cos = dot(n, l);
        assertTrue(cos > 0.3 && n[2] > 0.3, "an oblique sun on a panel facing up and to the side");
        double expected = rho * (700 * cos + 300 * (1 + n[2]) / 2) / 1000;
        for (int p = 0; p < 21 * 21; p++) {
            assertEquals(0, img.labels()[p]);
            for (int ch = 0; ch < 3; ch++) {
                assertEquals(expected, linear(img.rgb()[3 * p + ch]), 0.004, "pixel " + p + ", channel " + ch);
            }
        }
    }

    @Test
    void CAM_anObliqueMirrorReflectsAlongDMinusTwoDnN() {
        // pixel (20, 14) of a 65 × 49 camera looks along d = (1, −(u − cx)/f, −(v − cy)/f)/|…|; an oblique mirror
        // (unit normal n, all components non-zero) passes through 5·d. The mirror ray r = d − 2(d·n)n hits a small red
        // plate (0.2 m square) facing back along −r, 3 m on. The pixel is R·red·(1 + (−r)_z)/2 in red and
        // (1 − R)·(1 + n_z)/2 in blue (the coat is blue), with the test coat's R = cos θ = −d·n; white sky of 1000 W/m².
        // A mirror ray off by a sign in one term of d·n misses the plate and sees the white sky (green > 0).
        int w = 65, h = 49, iu = 20, iv = 14;
        double hfov = 40, f = focal(w, hfov);
        double[] d = unit(1, -(iu + 0.5 - w / 2.0) / f, -(iv + 0.5 - h / 2.0) / f);
        double[] n = unit(-0.8, 0.45, -0.4);
        double dn = dot(d, n), r0 = -dn;
        double[] r = {d[0] - 2 * dn * n[0], d[1] - 2 * dn * n[1], d[2] - 2 * dn * n[2]};
        double[] m = {5 * d[0], 5 * d[1], 5 * d[2]};
        ObjectSpec mirror = new ObjectSpec("mirror", new Shape.Box(0.001, 1, 1), null,
                // its −x face, of normal n, passes through m
                new Pose(new Vec3(m[0] - 0.001 * n[0], m[1] - 0.001 * n[1], m[2] - 0.001 * n[2]),
                        xOnto(new double[] {-n[0], -n[1], -n[2]})),
                new MaterialSpec("mirror", null, List.of(0.0, 0.0, 1.0)));
        ObjectSpec plate = new ObjectSpec("plate", new Shape.Box(0.001, 0.1, 0.1), null,
                new Pose(new Vec3(m[0] + 3 * r[0], m[1] + 3 * r[1], m[2] + 3 * r[2]), xOnto(r)), // its −x face is −r
                new MaterialSpec("paint", null, List.of(1.0, 0.0, 0.0)));
        CameraConfig c = new CameraConfig(w, h, hfov, "pinhole", 1, 0, 1, 2, true, 1000, 1000, 0, 0, 0, 0, 0, 1);
        CameraImage img = shoot(c, WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY, null, mirror, plate);
        int p = iv * w + iu;
        assertEquals(0, img.labels()[p], "the pixel sees the mirror");
        assertEquals(5.0 * d[0], img.depth()[p], 1e-5, "depth of the mirror point along the axis");
        assertEquals(r0 * (1 - r[2]) / 2, linear(img.rgb()[3 * p]), 0.005, "red: R × the plate seen along r");
        assertEquals(0, linear(img.rgb()[3 * p + 1]), 1e-9, "green: neither the plate nor the coat (nor the sky) is seen");
        assertEquals((1 - r0) * (1 + n[2]) / 2, linear(img.rgb()[3 * p + 2]), 0.005, "blue: (1 − R) × the coat");
    }

    @Test
    void CAM_twoFacingMirrorsStopAfterTraceDepthBounces() {
        // a blue mirror 5 m ahead, a red one 5 m behind, both facing the camera's axis; the centre pixel of an odd
        // image looks along +x and meets them head on (cos θ = 1: R = 1). After traceDepth bounces the last mirror
        // shows only its own colour under the sky: 1000·(1 + 0)/2 / 1000 = 0.5. Even depth: blue, odd: red.
        ObjectSpec ahead = new ObjectSpec("ahead", new Shape.Box(0.005, 2, 2), null, Pose.translation(5.005, 0, 0),
                new MaterialSpec("mirror", null, List.of(0.0, 0.0, 1.0)));
        ObjectSpec behind = new ObjectSpec("behind", new Shape.Box(0.005, 2, 2), null, Pose.translation(-5.005, 0, 0),
                new MaterialSpec("mirror", null, List.of(1.0, 0.0, 0.0)));
        int centre = 16 * 33 + 16;
        for (int depth = 0; depth <= 3; depth++) {
            CameraImage img = shoot(cam(33, 33, 20, 1, 0, 1, depth, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0),
                    Pose.IDENTITY, null, ahead, behind);
            boolean blue = depth % 2 == 0;
            assertEquals(blue ? 0 : 0.5, linear(img.rgb()[3 * centre]), 0.004, "red, trace depth " + depth);
            assertEquals(0, linear(img.rgb()[3 * centre + 1]), 1e-9, "green, trace depth " + depth);
            assertEquals(blue ? 0.5 : 0, linear(img.rgb()[3 * centre + 2]), 0.004, "blue, trace depth " + depth);
            assertEquals(5.0, img.depth()[centre], 1e-6);
        }
    }

    /** The motion-blur scene: a 1 m white plate 20 m ahead crossing the view at {@code speed} m/s, centred at t = 0.1 s. */
    static CameraImage crossing(int w, int h, double hfov, int spp, double exposure, int slices, double speed) {
        var motion = new KinematicWorld.ConstantVelocity(Pose.translation(20.01, -0.1 * speed, 0), new Vec3(0, speed, 0));
        ObjectSpec target = new ObjectSpec("target", new Shape.Box(0.01, 0.5, 0.5), "target", Pose.IDENTITY,
                new MaterialSpec("paint", null, List.of(1.0, 1.0, 1.0)));
        return shoot(cam(w, h, hfov, spp, exposure, slices, 2, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0),
                Pose.IDENTITY, motion, target);
    }

    /** Labels and depth are those of the pixel-centre rays at the frame time t: the plate at y = 0, |y|, |z| < 0.5. */
    static void assertSharpAtFrameTime(CameraImage img, int w, int h, double f) {
        int labelled = 0;
        for (int p = 0; p < w * h; p++) {
            double y = -(p % w + 0.5 - w / 2.0) / f * 20, z = -(p / w + 0.5 - h / 2.0) / f * 20;
            double margin = Math.min(Math.abs(Math.abs(y) - 0.5), Math.abs(Math.abs(z) - 0.5)) * f / 20;
            if (margin < 0.05) {
                continue; // a pixel centre within 0.05 px of the plate's edge
            }
            boolean inside = Math.abs(y) < 0.5 && Math.abs(z) < 0.5;
            labelled += inside ? 1 : 0;
            assertEquals(inside ? 0 : -1, img.labels()[p], "label of pixel (" + p % w + ", " + p / w + ")");
            if (inside) {
                assertEquals(20.0, img.depth()[p], 1e-4);
            } else {
                assertTrue(Float.isNaN(img.depth()[p]));
            }
        }
        assertTrue(labelled > 80, labelled + " labelled pixels");
    }

    @Test
    void CAM_motionBlurLiesHalfAnExposureBeforeTheFrameAndLabelsAreAtTheFrameTime() {
        // 2 keyframes at t − 3e/4 and t − e/4 (the middles of the halves of [t − e, t]): the mean position of the
        // plate over the exposure is y(t − e/2) = −v·e/2, whose pinhole image is u = cx − f·y/20. The darkening of a row
        // (sky 1, plate 0.5) has its centroid there.
        int w = 320, h = 80;
        double hfov = 60, f = focal(w, hfov), e = 0.05, v = 20;
        CameraImage img = crossing(w, h, hfov, 16, e, 2, v);
        double expected = w / 2.0 - f * (-v * e / 2) / 20, rowsTo = f * 0.5 / 20 - 1;
        int rows = 0;
        double sum = 0, moment = 0;
        for (int j = 0; j < h; j++) {
            if (Math.abs(j + 0.5 - h / 2.0) > rowsTo) {
                continue; // rows the plate covers from top to bottom
            }
            for (int u = 0; u < w; u++) {
                double dark = 1 - linear(img.rgb()[3 * (j * w + u)]);
                sum += dark;
                moment += dark * (u + 0.5);
            }
            rows++;
        }
        assertTrue(rows >= 8);
        // 16 rays per pixel draw their keyframe at random: over these rows the centroid is good to about 0.1 px
        assertEquals(expected, moment / sum, 0.5, "centroid of the blur");
        assertSharpAtFrameTime(img, w, h, f);
    }

    @Test
    void CAM_withOneRayPerPixelLabelsAreStillTakenAtTheFrameTime() {
        int w = 160, h = 80;
        double hfov = 40;
        assertSharpAtFrameTime(crossing(w, h, hfov, 1, 0.05, 2, 20), w, h, focal(w, hfov));
    }

    @Test
    void CAM_supersampledEdgePixelsShowTheCoveredAreaAndCentreRaysLabelThem() {
        // a white plate 10 m ahead whose pinhole image is the rectangle [20.6, 40.3] × [15.7, 30.2] (pixels): a pixel's
        // intensity is 1 − 0.5·(the area of the pixel inside it) (sky 1, plate 0.5); the label is the centre's.
        int w = 64, h = 48;
        double hfov = 60, f = focal(w, hfov), u0 = 20.6, u1 = 40.3, v0 = 15.7, v1 = 30.2;
        double yL = -(u0 - w / 2.0) / f * 10, yR = -(u1 - w / 2.0) / f * 10, zT = -(v0 - h / 2.0) / f * 10,
                zB = -(v1 - h / 2.0) / f * 10;
        ObjectSpec plate = new ObjectSpec("plate", new Shape.Box(0.001, (yL - yR) / 2, (zT - zB) / 2), null,
                Pose.translation(10.001, (yL + yR) / 2, (zT + zB) / 2), new MaterialSpec("paint", null, List.of(1.0, 1.0, 1.0)));
        CameraImage img = shoot(cam(w, h, hfov, 64, 0, 1, 2, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                null, plate);
        for (int p = 0; p < w * h; p++) {
            double cu = p % w + 0.5, cv = p / w + 0.5;
            boolean inside = cu > u0 && cu < u1 && cv > v0 && cv < v1;
            assertEquals(inside ? 0 : -1, img.labels()[p], "label of pixel (" + p % w + ", " + p / w + ")");
        }
        // the mean over each edge's pixels (64 jittered rays each: the mean is good to about 0.01)
        double[][] edges = { // column or row, first and last pixel along it, covered fraction
            {20, 16, 29, 0.4}, {40, 16, 29, 0.3}, {15, 21, 39, 0.3}, {30, 21, 39, 0.2}};
        for (int e = 0; e < 4; e++) {
            double sum = 0;
            int n = 0;
            for (int k = (int) edges[e][1]; k <= (int) edges[e][2]; k++) {
                int p = e < 2 ? k * w + (int) edges[e][0] : (int) edges[e][0] * w + k;
                sum += linear(img.rgb()[3 * p]);
                n++;
            }
            assertEquals(1 - 0.5 * edges[e][3], sum / n, 0.03,
                    "edge " + e + " (" + (e < 2 ? "column " : "row ") + edges[e][0] + ")");
        }
        // and fully covered pixels are the plate's
        assertEquals(0.5, linear(img.rgb()[3 * (22 * w + 30)]), 0.004);
    }

    /**
     * A floor 2 m below the camera, a slab above it casting a shadow under a sun straight down (600 W/m², sky 300), and
     * {@code more} objects that must not change the floor's light.
     */
    static void assertShadowOfTheSlab(boolean shadows, ObjectSpec... more) {
        int w = 120, h = 90;
        double hfov = 90, f = focal(w, hfov);
        List<Light> lights = List.of(Light.sun(new Vec3(0, 0, -1), 600), Light.sky(300));
        // the slab is object 0: x in [6, 10], y in [−2, 2], above the camera (z 2.9 … 3.1); the floor's top is z = −2
        List<ObjectSpec> objects = new java.util.ArrayList<>(List.of(box("slab", 8, 0, 3, 2, 2, 0.1, List.of(0.9, 0.9, 0.9)),
                box("floor", 10, 0, -2.5, 40, 40, 0.5, List.of(0.4, 0.4, 0.4))));
        objects.addAll(List.of(more));
        CameraImage img = shoot(cam(w, h, hfov, 1, 0, 1, 2, shadows, 1000), lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                null, objects.toArray(ObjectSpec[]::new));
        double sunlit = 0.4 * (600 + 300) / 1000, shadow = 0.4 * 300 / 1000;
        int dark = 0, lit = 0;
        for (int p = 0; p < w * h; p++) {
            double dy = -(p % w + 0.5 - w / 2.0) / f, dz = -(p / w + 0.5 - h / 2.0) / f;
            if (dz > -0.05) {
                continue; // the floor is seen by the rays going down
            }
            double s = -2 / dz, x = s, y = s * dy; // where the pixel ray meets the floor
            double margin = Math.min(Math.abs(Math.abs(x - 8) - 2), Math.abs(Math.abs(y) - 2));
            if (margin < 0.03 || Math.abs(x - 10) > 39 || Math.abs(y) > 39) {
                continue;
            }
            boolean shaded = shadows && Math.abs(x - 8) < 2 && Math.abs(y) < 2; // the slab straight above
            assertEquals(1, img.labels()[p]);
            assertEquals(shaded ? shadow : sunlit, linear(img.rgb()[3 * p]), 0.004, "floor at (" + x + ", " + y + ")");
            dark += shaded ? 1 : 0;
            lit += shaded ? 0 : 1;
        }
        assertTrue(lit > 1000 && (dark > 200 || !shadows), lit + " sunlit, " + dark + " shadowed");
    }

    @Test
    void CAM_theFirstObjectCastsAShadowStraightBelowItUnderAVerticalSun() {
        assertShadowOfTheSlab(true);
    }

    @Test
    void CAM_withoutShadowsTheSunLightsEverySurfaceFacingIt() {
        assertShadowOfTheSlab(false);
    }

    /**
     * Shadow rays look through fog (an occlusion query that skips volumes) but not past it: a fog layer between the
     * floor and the slab (z 1.5 … 2.5, above the camera, so no pixel ray crosses it) leaves the slab's shadow as it was.
     */
    @Test
    void CAM_aSlabBehindAFogLayerStillCastsItsShadow() {
        assertShadowOfTheSlab(true, new ObjectSpec("fog", new Shape.Box(3, 3, 0.5), null, Pose.translation(8, 0, 2),
                MaterialSpec.of("haze")));
    }

    /** Blocks of rays and pixels on a pool of several threads: the same frame, byte for byte, as one after another. */
    @Test
    void CAM_aFrameIsTheSameOnAPoolOfThreads() {
        sensor.api.ComputePool threads = new sensor.api.ComputePool() {
            public int parallelism() {
                return 4;
            }

            public void run(int n, int maxParallel, java.util.function.IntConsumer task) {
                java.util.stream.IntStream.range(0, n).parallel().forEach(task);
            }
        };
        List<Light> lights = List.of(Light.sun(new Vec3(-0.3, 0.2, -0.9), 600), Light.sky(300));
        CameraConfig c = new CameraConfig(96, 72, 80, "pinhole", 2, 0.02, 3, 2, true, 1000, 1000, 0.02, 0.004, 0, 0, 0, 4);
        ObjectSpec[] objects = {new ObjectSpec("slab", new Shape.Box(2, 2, 0.1), "target", Pose.translation(8, 0, 3),
                new MaterialSpec("paint", null, List.of(0.9, 0.9, 0.9))),
            new ObjectSpec("fog", new Shape.Box(1, 3, 3), null, Pose.translation(12, 2, 0), MaterialSpec.of("haze")),
            new ObjectSpec("mirror", new Shape.Box(0.1, 3, 2), null, new Pose(new Vec3(14, -3, 0),
                    Quat.axisAngle(new Vec3(0, 0, 1), 0.5)), MaterialSpec.of("mirror")),
            box("floor", 10, 0, -2.5, 40, 40, 0.5, List.of(0.4, 0.4, 0.4))};
        KinematicWorld.Motion moving = new KinematicWorld.ConstantVelocity(Pose.translation(0, -0.5, 0), new Vec3(0, 5, 0));
        CameraImage one = shoot(null, c, lights, AmbientMaterial.clear(2, 0.5), Pose.IDENTITY, moving, objects);
        CameraImage many = shoot(threads, c, lights, AmbientMaterial.clear(2, 0.5), Pose.IDENTITY, moving, objects);
        assertArrayEquals(one.rgb(), many.rgb());
        assertArrayEquals(one.depth(), many.depth());
        assertArrayEquals(one.labels(), many.labels());
        int codes = (int) java.util.stream.IntStream.range(0, one.rgb().length).map(i -> one.rgb()[i] & 0xff).distinct().count();
        long seen = java.util.Arrays.stream(one.labels()).distinct().count();
        assertTrue(codes > 20 && seen == 4, "a frame with something in it: " + codes + " codes, " + seen + " labels");
    }

    @Test
    void CAM_aFogBankThatIsTheFirstObjectAttenuatesOnlyBetweenItsFaces() {
        // fog (α = 0.1 /m) from x = 8 to 12 is object 0. Sky 500, sun 600 straight down: airlight (500 + 300)/1000, the
        // wall (normal −x) 0.5·500/1000. A wall at 20 m: T = exp(−0.1·4); a wall at 10 m, inside the fog:
        // T = exp(−0.1·2).
        List<Light> lights = List.of(Light.sun(new Vec3(0, 0, -1), 600), Light.sky(500));
        ObjectSpec fog = new ObjectSpec("fog", new Shape.Box(2, 30, 30), null, Pose.translation(10, 0, 0),
                MaterialSpec.of("haze"));
        double wallI = 0.5 * 500 / 1000, air = (500 + 300) / 1000.0;
        int centre = 6 * 15 + 7;
        for (double at : new double[] {20, 10}) {
            ObjectSpec wall = box("wall", at + 0.05, 0, 0, 0.05, 30, 30, List.of(1.0, 1.0, 1.0));
            CameraImage img = shoot(cam(15, 13, 30, 1, 0, 1, 2, true, 1000), lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                    null, fog, wall);
            double t = Math.exp(-0.1 * (Math.min(at, 12) - 8));
            assertEquals(t * wallI + (1 - t) * air, linear(img.rgb()[3 * centre]), 0.004, "wall at " + at + " m");
            assertEquals(1, img.labels()[centre], "the wall is labelled, not the fog");
            assertEquals(at, img.depth()[centre], 1e-4);
        }
    }

    @Test
    void CAM_noiseIsIndependentOfTheKeyframeARayWasDrawnAt() {
        // one ray per pixel, 2 keyframes (t − 3e/4, t − e/4): the 1 m plate 20 m ahead at 20 m/s sits at y = −0.75 and
        // y = −0.25. Where only one keyframe covers a pixel centre, the pixel shows the plate (0.25: white at 2000 W/m²
        // under a 1000 W/m² sky, n_z = 0) or the sky (0.5), which tells its keyframe. Noise σ = 0.02 (eq. 4, σ₂ only):
        // in the green channel its variance must be σ² whichever keyframe the pixel was drawn at.
        int w = 320, h = 120;
        double hfov = 60, f = focal(w, hfov), v = 20, e = 0.05, sigma = 0.02;
        var motion = new KinematicWorld.ConstantVelocity(Pose.translation(20.01, -0.1 * v, 0), new Vec3(0, v, 0));
        ObjectSpec target = new ObjectSpec("target", new Shape.Box(0.01, 0.5, 10), "target", Pose.IDENTITY,
                new MaterialSpec("paint", null, List.of(1.0, 1.0, 1.0)));
        CameraConfig c = new CameraConfig(w, h, hfov, "pinhole", 1, e, 2, 2, true, 1000, 2000, 0, sigma, 0, 0, 0, 2);
        CameraImage img = shoot(c, WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY, motion, target);
        double[] key = {-v * 3 * e / 4, -v * e / 4};
        double[] sum2 = new double[2];
        int[] count = new int[2];
        for (int p = 0; p < w * h; p++) {
            double y = -(p % w + 0.5 - w / 2.0) / f * 20;
            boolean[] covers = {Math.abs(y - key[0]) < 0.5, Math.abs(y - key[1]) < 0.5};
            double margin = Math.min(Math.abs(Math.abs(y - key[0]) - 0.5), Math.abs(Math.abs(y - key[1]) - 0.5)) * f / 20;
            if (covers[0] == covers[1] || margin < 0.05) {
                continue;
            }
            boolean plate = linear(img.rgb()[3 * p]) < 0.375;
            int slice = plate == covers[0] ? 0 : 1;
            double g = linear(img.rgb()[3 * p + 1]) - (plate ? 0.25 : 0.5);
            sum2[slice] += g * g;
            count[slice]++;
        }
        for (int k = 0; k < 2; k++) {
            assertTrue(count[k] > 500, count[k] + " pixels drawn at keyframe " + k);
            // relative standard error of a variance over N > 500 values: √(2/N) < 6.3 %
            assertEquals(sigma * sigma, sum2[k] / count[k], 0.25 * sigma * sigma, "noise variance at keyframe " + k);
        }
    }

    @Test
    void CAM_aRayCrossesAtMostFourFogVolumesAndStopsAtTheFifth() {
        // the documented cap of the tracer (8 volume boundaries): five 1 m fog banks in line, their near faces at
        // 4, 6, 8, 10 and 12 m, a wall at 20 m. The ray crosses four banks; the fifth bank's near face ends it there.
        List<ObjectSpec> objects = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            objects.add(new ObjectSpec("fog" + i, new Shape.Box(0.5, 30, 30), null, Pose.translation(4.5 + 2 * i, 0, 0),
                    MaterialSpec.of("haze")));
        }
        objects.add(box("wall", 20.05, 0, 0, 0.05, 30, 30, null));
        CameraImage img = shoot(cam(15, 13, 30, 1, 0, 1, 2, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                null, objects.toArray(new ObjectSpec[0]));
        int centre = 6 * 15 + 7;
        assertEquals(12.0, img.depth()[centre], 1e-4);
        assertEquals(4, img.labels()[centre]);
        // four banks fewer: the wall, through one bank of α = 0.1 /m
        img = shoot(cam(15, 13, 30, 1, 0, 1, 2, true, 1000), WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY, null,
                objects.get(0), objects.get(5));
        assertEquals(20.0, img.depth()[centre], 1e-4);
        assertEquals(1, img.labels()[centre]);
    }

    @Test
    void CAM_aSurfaceAtExactlyMaxRangeIsSeenAndOneBeyondIsSky() {
        // maxRange 5 m: "farther surfaces are sky"; the centre ray of an odd image is exactly +x
        for (double face : new double[] {5, 5.001}) {
            CameraImage img = shoot(cam(3, 3, 10, 1, 0, 1, 2, true, 5), WHITE_SKY, AmbientMaterial.clear(1, 0), Pose.IDENTITY,
                    null, box("wall", face + 0.5, 0, 0, 0.5, 10, 10, null));
            if (face == 5) {
                assertEquals(0, img.labels()[4]);
                assertEquals(5.0, img.depth()[4], 1e-9);
                assertEquals(0.25, linear(img.rgb()[12]), 0.004, "grey wall under a white sky");
            } else {
                assertEquals(-1, img.labels()[4]);
                assertTrue(Float.isNaN(img.depth()[4]));
                assertEquals(1.0, linear(img.rgb()[12]), 1e-9, "the sky");
            }
        }
    }

    @Test
    void CAM_theCentreOfAnOddFovImageLooksAlongTheAxis() {
        // r₁ = 0: the fov lens maps the centre to itself (the limit of tan(r₁ tan ω)/(r₁ s tan ω) is 1/s, finite)
        Lens fov = new Lens(new CameraConfig(33, 25, 80, "fov", 1, 0, 1, 2, true, 1000, 1000, 0, 0, 0, 0, 0, 1));
        double[] d = new double[3];
        fov.direction(16.5, 12.5, d, 0);
        assertEquals(1.0, d[0], 0);
        assertEquals(0.0, d[1], 0);
        assertEquals(0.0, d[2], 0);
    }

    @Test
    void CAM_anIntensityExactlyAtAHalfCodeRoundsUp() {
        // code k starts at the linear intensity whose sRGB value is (k − 0.5)/255 (IEC 61966-2-1 inverse), rounding half up
        for (int k = 1; k <= 255; k++) {
            double v = (k - 0.5) / 255, x = v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
            assertEquals(k, CameraSensor.encode(x) & 0xff, "at the step of code " + k);
            assertEquals(k - 1, CameraSensor.encode(Math.nextDown(x)) & 0xff, "just below the step of code " + k);
        }
    }

    @Test
    void CAM_theRayBudgetCountsWidthTimesHeightTimesSupersample() {
        var e = assertThrows(IllegalArgumentException.class, () -> new CameraType().create(cam(5000, 5000, 60, 3, 0, 1, 2, true,
                1000)));
        assertEquals("camera rays per frame (width × height × supersample) must be at most 50000000, got 75000000",
                e.getMessage());
    }

    @Test
    void CAM_theTypeDefaultsToTheDataSheetCameraAndSaysWhatItRenders() {
        CameraType type = new CameraType();
        assertSame(CameraConfig.DEFAULT, type.defaultConfig());
        assertEquals(640, type.defaultConfig().width());
        assertTrue(type.description().startsWith("raytraced camera"), type.description());
        assertNotNull(type.create(type.defaultConfig()));
    }

    /** A backend whose trace scenes say when they are closed. */
    static final class Recording implements RaytraceBackend {
        final RaytraceBackend inner = new CpuBvhBackend();
        final List<boolean[]> closed = new ArrayList<>();

        public String id() { return "recording"; }

        public TraceScene createScene(SceneView view, int threads) {
            TraceScene s = inner.createScene(view, threads);
            boolean[] flag = new boolean[1];
            closed.add(flag);
            return new TraceScene() {
                public void update(SceneView scene, double t) { s.update(scene, t); }

                public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
                    s.closestHit(o, d, count, max, out);
                }

                public void close() {
                    flag[0] = true;
                    s.close();
                }
            };
        }
    }

    @Test
    void CAM_aNewBackendGetsANewSceneAndTheOldOneIsClosed() {
        Environment env = new Environment();
        CameraType type = new CameraType();
        Recording first = new Recording(), second = new Recording();
        type.setBackend(first);
        env.bindSensorType(type);
        env.setWorld(env.newKinematicWorld(0.005, Vec3.ZERO));
        env.setLights(WHITE_SKY);
        env.addObject(box("wall", 5.05, 0, 0, 0.05, 50, 50, null));
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("cam", CameraType.ID, cam(16, 12, 60, 1, 0, 1, 2, true, 1000),
                SensorMount.world(Pose.IDENTITY), 10, 0));
        env.advance(0.1);
        assertEquals(1, first.closed.size());
        assertFalse(first.closed.get(0)[0]);
        type.setBackend(second);
        env.advance(0.1);
        assertEquals(2, out.size());
        assertTrue(first.closed.get(0)[0], "the first backend's scene is closed");
        assertEquals(1, second.closed.size());
        assertFalse(second.closed.get(0)[0]);
        for (SensorFrame frame : out) { // both frames: the wall 5 m ahead
            CameraImage img = (CameraImage) frame.data();
            for (float depth : img.depth()) {
                assertEquals(5.0, depth, 1e-5);
            }
        }
        env.removeSensor("cam");
        assertTrue(second.closed.get(0)[0], "removing the camera closes its scene");
    }
}
