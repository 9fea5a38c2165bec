package sensor.camera;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.frame.CameraImage;
import sensor.api.scene.Light;
import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.camera.config.CameraConfig;
import sensor.env.Environment;
import sensor.raytrace.CpuBvhBackend;

/**
 * The camera [CAM] against closed forms: projection of a box's corners by the pinhole formula, depth of a wall, the fov
 * lens's mapping (the paper's eqs. 1–2), shading under sun and sky with a shadow, a mirror, the variance of the noise
 * models (eqs. 3 and 4) and the length of motion blur.
 */
class CameraTest {
    static CameraConfig config(int w, int h, double hfov, String lens, int spp, double exposure, int slices, double sigma1,
            double sigma2, double gain, double read, double adc) {
        return new CameraConfig(w, h, hfov, lens, spp, exposure, slices, 2, true, 1000, 1000, sigma1, sigma2, gain, read, adc, 2);
    }

    static CameraConfig plain(int w, int h, double hfov) {
        return config(w, h, hfov, "pinhole", 1, 0, 1, 0, 0, 0, 0, 0);
    }

    /** The first frame of a camera at the origin looking along +x (10 Hz: t = 0.1 s), in clear air. */
    static CameraImage shoot(CameraConfig c, List<Light> lights, KinematicWorld.Motion target, ObjectSpec... objects) {
        return shoot(c, lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY, target, objects);
    }

    /** The first frame of a camera mounted at {@code mount} in the world, in the {@code ambient} medium. */
    static CameraImage shoot(CameraConfig c, List<Light> lights, AmbientMaterial ambient, Pose mount,
            KinematicWorld.Motion target, ObjectSpec... objects) {
        return shoot(null, c, lights, ambient, mount, target, objects);
    }

    /** The same, with the camera's work on {@code pool} (null: none, every block on the simulation's thread). */
    static CameraImage shoot(sensor.api.ComputePool pool, CameraConfig c, List<Light> lights, AmbientMaterial ambient,
            Pose mount, KinematicWorld.Motion target, ObjectSpec... objects) {
        List<SensorFrame> out = new ArrayList<>();
        environment(pool, c, lights, ambient, mount, target, out, objects).advance(0.1);
        return (CameraImage) out.get(0).data();
    }

    /** The environment of {@link #shoot}, its camera's frames going to {@code out}. */
    static Environment environment(sensor.api.ComputePool pool, CameraConfig c, List<Light> lights, AmbientMaterial ambient,
            Pose mount, KinematicWorld.Motion target, List<SensorFrame> out, ObjectSpec... objects) {
        Environment env = new Environment();
        CameraType type = new CameraType();
        type.setBackend(new CpuBvhBackend());
        type.pool = pool;
        env.bindSensorType(type);
        env.bindSurfaceMaterialType(new SurfaceMaterialType<Object>() {
            public String id() { return "paint"; }

            public Class<Object> configType() { return Object.class; }

            public Object defaultConfig() { return new Object(); }

            public SurfaceMaterial create(Object config) { return Lambertian.DEFAULT; }
        });
        env.bindSurfaceMaterialType(new SurfaceMaterialType<Object>() {
            public String id() { return "mirror"; }

            public Class<Object> configType() { return Object.class; }

            public Object defaultConfig() { return new Object(); }

            public SurfaceMaterial create(Object config) {
                return new SurfaceMaterial() {
                    public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0; }

                    public double specularReflectance(double cosTheta) { return cosTheta; } // a Fresnel-like test coat
                };
            }
        });
        KinematicWorld world = env.newKinematicWorld(0.005, Vec3.ZERO);
        if (target != null) {
            world.addBody("target", target);
        }
        env.setWorld(world);
        env.bindAmbientMaterialType(new sensor.api.material.AmbientMaterialType<Object>() {
            public String id() { return "haze"; }

            public Class<Object> configType() { return Object.class; }

            public Object defaultConfig() { return new Object(); }

            public AmbientMaterial create(Object config) { return AmbientMaterial.clear(1, 0.1); }
        });
        env.setAmbient(ambient);
        env.setLights(lights);
        for (ObjectSpec o : objects) {
            env.addObject(o);
        }
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("cam", CameraType.ID, c, SensorMount.world(mount), 10, 0));
        return env;
    }

    static ObjectSpec box(String id, double x, double y, double z, double hx, double hy, double hz, List<Double> color) {
        return new ObjectSpec(id, new Shape.Box(hx, hy, hz), null, Pose.translation(x, y, z),
                color == null ? null : new MaterialSpec("paint", null, color));
    }

    /** sRGB 8-bit back to linear intensity. */
    static double linear(byte b) {
        double v = (b & 0xff) / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    static final List<Light> WHITE_SKY = List.of(Light.sky(1000));

    @Test
    void theTileOrderHasEveryRayOnceATileAtATimeAndAPixelsSamplesInOrder() {
        int w = 21, h = 10, spp = 3; // edge tiles of 5 × 4 and 8 × 2 pixels
        int[] order = CameraSensor.tileOrder(w, h, spp);
        assertEquals(w * h * spp, order.length);
        boolean[] seen = new boolean[order.length];
        int tile = -1;
        java.util.Set<Integer> done = new java.util.HashSet<>();
        for (int k = 0; k < order.length; k++) {
            int r = order[k], p = r / spp, x = p % w, y = p / w;
            assertFalse(seen[r], "ray " + r + " twice");
            seen[r] = true;
            if (r % spp > 0) {
                assertEquals(r - 1, order[k - 1], "a pixel's samples one after another, in order");
            }
            int t = (y / CameraSensor.TILE_H) * 100 + x / CameraSensor.TILE_W;
            if (t != tile) {
                assertTrue(done.add(t), "tile " + t + " comes back at ray " + k);
                tile = t;
            }
        }
        assertEquals(((w + 7) / 8) * ((h + 3) / 4), done.size());
        assertEquals(32, CameraSensor.TILE_W * CameraSensor.TILE_H, "a tile of one-ray pixels is one packet of 32");
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, java.util.Arrays.copyOf(
                CameraSensor.tileOrder(16, 1, 1), 16), "one row of two tiles: the pixels in order");
        assertEquals(16, CameraSensor.tileOrder(16, 4, 1)[8], "the tile's second row after its first");
    }

    @Test
    void theEightBitEncodingIsTheRoundedSrgbCurve() {
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < 200_000; i++) {
            double x = i < 100_000 ? r.nextDouble() : r.nextDouble() * 0.01; // the linear toe too
            double v = x <= 0.0031308 ? 12.92 * x : 1.055 * Math.pow(x, 1 / 2.4) - 0.055; // IEC 61966-2-1
            assertEquals(Math.round(255 * v), CameraSensor.encode(x) & 0xff, "I = " + x);
        }
        assertEquals(0, CameraSensor.encode(-0.5));
        assertEquals(0, CameraSensor.encode(0));
        assertEquals((byte) 255, CameraSensor.encode(1));
        assertEquals((byte) 255, CameraSensor.encode(7));
    }

    @Test
    void CAM_boxCornersLandOnThePinholePixelsInTheLabelImage() {
        int w = 320, h = 240;
        double hfov = 60, f = (w / 2.0) / Math.tan(Math.toRadians(hfov / 2));
        // front face at x = 9.5: y in [0.2, 2.4], z in [-1.6, 0.2]
        CameraImage img = shoot(plain(w, h, hfov), WHITE_SKY, null, box("box", 10, 1.3, -0.7, 0.5, 1.1, 0.9, null));
        assertEquals(f, img.fx(), 1e-9);
        assertEquals(w / 2.0, img.cx());
        assertEquals(h / 2.0, img.cy());
        // the side face y = 0.2 faces the camera: the right edge is its far corner, x = 10.5
        double uLeft = w / 2.0 - f * 2.4 / 9.5, uRight = w / 2.0 - f * 0.2 / 10.5;
        double vTop = h / 2.0 - f * 0.2 / 9.5, vBottom = h / 2.0 + f * 1.6 / 9.5;
        int u0 = Integer.MAX_VALUE, u1 = -1, v0 = Integer.MAX_VALUE, v1 = -1;
        for (int p = 0; p < w * h; p++) {
            if (img.labels()[p] == 0) {
                u0 = Math.min(u0, p % w);
                u1 = Math.max(u1, p % w);
                v0 = Math.min(v0, p / w);
                v1 = Math.max(v1, p / w);
            }
        }
        // a pixel is labelled when its centre (i + 0.5) lies inside the projected face: within ±0.5 px of the corners
        assertEquals(Math.ceil(uLeft - 0.5), u0, "left edge at u = " + uLeft);
        assertEquals(Math.floor(uRight - 0.5), u1, "right edge at u = " + uRight);
        assertEquals(Math.ceil(vTop - 0.5), v0, "top edge at v = " + vTop);
        assertEquals(Math.floor(vBottom - 0.5), v1, "bottom edge at v = " + vBottom);
        assertEquals(List.of("box"), img.objectIds());
        assertEquals(-1, img.labels()[0], "sky: no label");
        assertTrue(Float.isNaN(img.depth()[0]), "sky: no depth");
    }

    @Test
    void CAM_aWallAtFiveMetresReadsFiveMetresOfDepthOnEveryPixel() {
        CameraImage img = shoot(plain(160, 120, 90), WHITE_SKY, null, box("wall", 5.05, 0, 0, 0.05, 50, 50, null));
        for (int p = 0; p < 160 * 120; p++) {
            assertEquals(5.0, img.depth()[p], 1e-5, "pixel " + p); // along the optical axis, not the ray
            assertEquals(0, img.labels()[p]);
        }
    }

    @Test
    void CAM_theFovLensKeepsTheHorizontalFieldOfViewAndMapsAsThePaperSays() {
        double hfov = 80.7, omega = Math.toRadians(hfov / 2), tan = Math.tan(omega), s = Math.tan(tan) / tan;
        Lens fov = new Lens(config(640, 480, hfov, "fov", 1, 0, 1, 0, 0, 0, 0, 0)), pin = new Lens(plain(640, 480, hfov));
        double[] d = new double[3];
        for (double x1 : new double[] {-1, -0.5, 0.25, 0.5, 0.9, 1}) {
            double u = 320 + x1 * 320;
            fov.direction(u, 240, d, 0);
            double r2 = Math.tan(Math.abs(x1) * tan) / tan, x2 = Math.signum(x1) * r2 / s; // eqs. 1 and 2 on the axis
            assertEquals(Math.atan(x2 * tan), Math.atan2(-d[1], d[0]), 1e-12, "fov lens at x1 = " + x1);
            pin.direction(u, 240, d, 0);
            assertEquals(Math.atan(x1 * tan), Math.atan2(-d[1], d[0]), 1e-12, "pinhole at x1 = " + x1);
        }
        fov.direction(640, 240, d, 0);
        assertEquals(omega, Math.atan2(-d[1], d[0]), 1e-12, "the image edge sees half the field of view");
        // off the axis, the radius maps by eq. 2 and the direction of (x1, y1) is kept
        fov.direction(320 + 0.6 * 320, 240 + 0.3 * 320, d, 0);
        double r1 = Math.hypot(0.6, 0.3), k = Math.tan(r1 * tan) / tan / (r1 * s);
        assertEquals(-0.6 * k * tan, d[1] / d[0], 1e-12);
        assertEquals(-0.3 * k * tan, d[2] / d[0], 1e-12);
        var e = assertThrows(IllegalArgumentException.class, () -> new CameraType().create(config(640, 480, 120, "fov", 1, 0, 1,
                0, 0, 0, 0, 0)));
        assertTrue(e.getMessage().startsWith("horizontalFov with lens fov must be below"), e.getMessage());
    }

    @Test
    void CAM_sunlitAndShadowedGroundHaveTheirClosedFormIntensities() {
        // camera looks along +x at a floor 2 m below; sun straight down at 600 W/m², white sky 300 W/m²; a slab above
        // the floor casts a shadow
        List<Light> lights = List.of(Light.sun(new Vec3(0, 0, -1), 600), Light.sky(300));
        CameraImage img = shoot(plain(200, 150, 90), lights, null,
                box("floor", 10, 0, -2.5, 20, 20, 0.5, List.of(0.4, 0.4, 0.4)),
                box("slab", 8, 0, 3, 2, 1, 0.1, List.of(0.9, 0.9, 0.9)));
        double sunlit = 0.4 * (600 + 300) / 1000, shadow = 0.4 * 300 / 1000;
        int lit = 0, dark = 0;
        for (int p = 0; p < 200 * 150; p++) {
            if (img.labels()[p] == 0) {
                double i = linear(img.rgb()[3 * p]);
                lit += Math.abs(i - sunlit) < 0.004 ? 1 : 0;
                dark += Math.abs(i - shadow) < 0.002 ? 1 : 0;
                assertTrue(Math.abs(i - sunlit) < 0.004 || Math.abs(i - shadow) < 0.002, "floor pixel " + p + ": " + i);
            }
        }
        assertTrue(lit > 1000 && dark > 100, lit + " sunlit, " + dark + " shadowed floor pixels");
    }

    /** A coat at 45° about z, 5 m ahead, reflecting R = cos θ (0.707 here) and blue underneath; a red box beside it. */
    static CameraImage mirrorShot(int traceDepth) {
        Pose turned = new Pose(new Vec3(5, 0, 0), sensor.api.geom.Quat.axisAngle(new Vec3(0, 0, 1), Math.toRadians(45)));
        ObjectSpec mirror = new ObjectSpec("mirror", new Shape.Box(0.01, 3, 3), null, turned,
                new MaterialSpec("mirror", null, List.of(0.0, 0.0, 1.0)));
        CameraConfig c = new CameraConfig(64, 48, 20, "pinhole", 1, 0, 1, traceDepth, true, 1000, 1000, 0, 0, 0, 0, 0, 1);
        return shoot(c, WHITE_SKY, null, mirror, box("red", 5, -8, 0, 0.3, 0.3, 0.3, List.of(1.0, 0.0, 0.0)));
    }

    @Test
    void CAM_aMirrorShowsTheVirtualImageOfWhatItFaces() {
        // the box's image in the mirror plane x + y = 5 is at (13, 0, 0): 0.6 m wide 13 m ahead (its near face
        // 12.7 m), centred on the axis
        CameraImage img = mirrorShot(2);
        double f = 32 / Math.tan(Math.toRadians(10)), r = Math.cos(Math.toRadians(45));
        int row = 24 * 64, red = 0, first = -1;
        for (int u = 0; u < 64; u++) {
            if (linear(img.rgb()[3 * (row + u)]) > 0.3 && linear(img.rgb()[3 * (row + u) + 1]) < 0.05) { // red, not the sky
                red++;
                first = first < 0 ? u : first;
            }
        }
        assertEquals(0.6 * f / 12.7, red, 1.0, "width of the reflected box");
        assertEquals(32 - 0.3 * f / 12.7, first, 1.0, "left edge of the reflected box");
        int p = row + 32;
        assertEquals(0, img.labels()[p], "the label is the mirror's");
        // red: R × the box's face (normal +y, sky term 1/2); blue: (1 − R) × the coat's own colour under the sky
        assertEquals(r * 0.5, linear(img.rgb()[3 * p]), 0.004);
        assertEquals(0, linear(img.rgb()[3 * p + 1]), 1e-9);
        assertEquals((1 - r) * 0.5, linear(img.rgb()[3 * p + 2]), 0.004);
        // no bounce allowed: the coat is only its own colour
        CameraImage flat = mirrorShot(0);
        assertEquals(0, linear(flat.rgb()[3 * p]), 1e-9);
        assertEquals(0.5, linear(flat.rgb()[3 * p + 2]), 0.004);
    }

    /**
     * The camera keeps its working arrays from frame to frame: after a frame with a mirror, a fog bank and sun shadows,
     * the same camera's frame of the scene without mirror and fog equals a fresh camera's, byte for byte.
     */
    @Test
    void CAM_workingArraysKeptFromFrameToFrameLeaveNothingOfTheLastFrame() {
        Pose turned = new Pose(new Vec3(5, 0, 0), sensor.api.geom.Quat.axisAngle(new Vec3(0, 0, 1), Math.toRadians(45)));
        ObjectSpec mirror = new ObjectSpec("mirror", new Shape.Box(0.01, 3, 3), null, turned,
                new MaterialSpec("mirror", null, List.of(0.0, 0.0, 1.0)));
        ObjectSpec fog = new ObjectSpec("fog", new Shape.Box(1, 30, 30), null, Pose.translation(3, 0, 0), MaterialSpec.of("haze"));
        ObjectSpec floor = box("floor", 10, 0, -1.6, 10, 10, 0.1, List.of(0.8, 0.8, 0.8)),
                red = box("red", 5, -8, 0, 0.3, 0.3, 0.3, List.of(1.0, 0.0, 0.0)),
                post = box("post", 8, 1, 0, 0.3, 0.3, 1.5, List.of(0.2, 0.9, 0.2));
        List<Light> lights = List.of(Light.sun(new Vec3(-0.5, -0.3, -0.8), 600), Light.sky(400));
        CameraConfig c = new CameraConfig(64, 48, 60, "pinhole", 1, 0, 1, 2, true, 1000, 1000, 0, 0, 0, 0, 0, 2);
        List<SensorFrame> kept = new ArrayList<>(), fresh = new ArrayList<>();
        Environment env = environment(null, c, lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY, null, kept, floor, red,
                post, mirror, fog);
        env.advance(0.1);
        CameraImage first = (CameraImage) kept.get(0).data();
        assertTrue(java.util.Arrays.stream(first.labels()).anyMatch(l -> l == 3), "the mirror is in view");
        env.removeObject("mirror");
        env.removeObject("fog");
        env.advance(0.1);
        environment(null, c, lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY, null, fresh, floor, red, post).advance(0.1);
        CameraImage again = (CameraImage) kept.get(1).data(), alone = (CameraImage) fresh.get(0).data();
        assertArrayEquals(alone.rgb(), again.rgb());
        assertArrayEquals(alone.depth(), again.depth());
        assertArrayEquals(alone.labels(), again.labels());
        assertFalse(java.util.Arrays.equals(first.rgb(), again.rgb()), "the mirror and the fog showed in the first frame");
    }

    @Test
    void CAM_skyAndSunColoursTintWhatTheyLight() {
        // the sun behind the camera, 30° up from the south (−y), 60° off the wall's normal: cos 60° = 1/2
        Vec3 sun = new Vec3(Math.cos(Math.toRadians(30)) * Math.cos(Math.toRadians(60)),
                Math.cos(Math.toRadians(30)) * Math.sin(Math.toRadians(60)), -Math.sin(Math.toRadians(30)));
        List<Light> lights = List.of(new Light(Light.Kind.SUN, sun, 400, List.of(1.0, 0.5, 0.0)),
                new Light(Light.Kind.SKY, null, 600, List.of(0.2, 0.5, 1.0)));
        // a white wall facing the camera: sun 400·cos θ·(1, .5, 0) + sky 600·(.2, .5, 1)/2
        CameraImage img = shoot(plain(32, 24, 40), lights, null, box("wall", 5.05, 0, 0, 0.05, 1, 1, List.of(1.0, 1.0, 1.0)));
        int centre = 12 * 32 + 16;
        double cos = Math.cos(Math.toRadians(30)) * Math.cos(Math.toRadians(60));
        double[] expected = {(400 * cos + 300 * 0.2) / 1000, (200 * cos + 300 * 0.5) / 1000, (0 + 300 * 1.0) / 1000};
        for (int ch = 0; ch < 3; ch++) {
            assertEquals(expected[ch], linear(img.rgb()[3 * centre + ch]), 0.004, "wall, channel " + ch);
            assertEquals(600 * List.of(0.2, 0.5, 1.0).get(ch) / 1000, linear(img.rgb()[ch]), 0.004, "sky, channel " + ch);
        }
    }

    @Test
    void CAM_fogAndAirAttenuateByBeerLambertAndAddAirlight() {
        // a white wall at 20 m behind a 4 m fog volume (α = 0.1 /m); sky 500, sun 600 straight down (airlight from
        // both: (500 + 600/2)/1000); the wall gets only sky (n_z = 0): 0.5·500/1000
        List<Light> lights = List.of(Light.sun(new Vec3(0, 0, -1), 600), Light.sky(500));
        ObjectSpec wall = box("wall", 20.05, 0, 0, 0.05, 30, 30, List.of(1.0, 1.0, 1.0));
        ObjectSpec fog = new ObjectSpec("fog", new Shape.Box(2, 30, 30), null, Pose.translation(10, 0, 0), MaterialSpec.of("haze"));
        double wallI = 0.5 * 500 / 1000, air = (500 + 300) / 1000.0, t = Math.exp(-0.1 * 4);
        CameraImage img = shoot(plain(16, 12, 30), lights, AmbientMaterial.clear(1, 0), Pose.IDENTITY, null, wall, fog);
        int centre = 6 * 16 + 8;
        assertEquals(t * wallI + (1 - t) * air, linear(img.rgb()[3 * centre]), 0.004, "through the fog bank");
        assertEquals(0, img.labels()[centre], "the wall behind the fog is labelled, not the fog");
        assertEquals(20.0, img.depth()[centre], 1e-4);
        // the same wall in a uniformly hazy ambient medium (α = 0.02 /m over 20 m)
        double ta = Math.exp(-0.02 * 20);
        img = shoot(plain(16, 12, 30), lights, AmbientMaterial.clear(1, 0.02), Pose.IDENTITY, null, wall);
        assertEquals(ta * wallI + (1 - ta) * air, linear(img.rgb()[3 * centre]), 0.004, "in haze");
    }

    @Test
    void CAM_aTurnedCameraMeasuresDepthAlongItsOwnAxis() {
        // mounted 1 m up and turned 90° about z: it looks along +y at a wall 5 m away; 4 rays per pixel
        Pose mount = new Pose(new Vec3(0, 0, 1), sensor.api.geom.Quat.axisAngle(new Vec3(0, 0, 1), Math.toRadians(90)));
        CameraConfig c = config(40, 30, 70, "pinhole", 4, 0, 1, 0, 0, 0, 0, 0);
        CameraImage img = shoot(c, WHITE_SKY, AmbientMaterial.clear(1, 0), mount, null, box("wall", 0, 5.05, 0, 50, 0.05, 50, null));
        for (int p = 0; p < 40 * 30; p++) {
            assertEquals(5.0, img.depth()[p], 1e-5, "pixel " + p);
            assertEquals(0.25, linear(img.rgb()[3 * p]), 0.004, "grey wall under a white sky, pixel " + p);
        }
        assertEquals(1.0, img.pose().position().z(), 1e-12);
    }

    @Test
    void CAM_sizeAndLensLimitsAreCheckedWithTheirRanges() {
        var e = assertThrows(IllegalArgumentException.class, () -> new CameraType().create(config(8192, 8192, 60, "pinhole", 1,
                0, 1, 0, 0, 0, 0, 0)));
        assertEquals("camera rays per frame (width × height × supersample) must be at most 50000000, got 67108864",
                e.getMessage());
        new CameraType().create(config(5000, 5000, 60, "pinhole", 2, 0, 1, 0, 0, 0, 0, 0)); // 50,000,000: allowed
        // fov lens: the corner r₁ = 1.25 of a 4:3 image must stay below the fold, r₁ tan ω < π/2 → hfov < 102.9°
        new CameraType().create(config(640, 480, 102.8, "fov", 1, 0, 1, 0, 0, 0, 0, 0));
        e = assertThrows(IllegalArgumentException.class, () -> new CameraType().create(config(640, 480, 103, "fov", 1, 0, 1,
                0, 0, 0, 0, 0)));
        assertEquals("horizontalFov with lens fov must be below 102.9 degrees for a 640x480 image (the lens model folds "
                + "beyond), got 103.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new CameraType().create(config(64, 48, 60, "fisheye", 1, 0, 1,
                0, 0, 0, 0, 0)));
        assertEquals("lens must be one of [pinhole, fov], got 'fisheye'", e.getMessage());
    }

    /** Mean and variance of the linear intensity of every channel of every pixel. */
    static double[] moments(CameraImage img) {
        double sum = 0, sum2 = 0;
        int n = img.rgb().length;
        for (byte b : img.rgb()) {
            double i = linear(b);
            sum += i;
            sum2 += i * i;
        }
        double mean = sum / n;
        return new double[] {mean, (sum2 - n * mean * mean) / (n - 1), n};
    }

    /**
     * A grey wall under a white sky of 1000 W/m² (normal −x: I = 0.5 · 1000 · (1 + 0)/2 / 1000 = 0.25 everywhere), with
     * noise. Over 57,600 values the sample variance has a relative standard error of √(2/N) = 0.59 %, so a 3 % band is
     * 5 standard errors: a σ 10 % off (variance ≥ 19 % off in each case below) fails it.
     */
    @Test
    void CAM_theNoiseOfAFlatGreyImageHasTheVarianceOfEquations3And4() {
        ObjectSpec wall = box("wall", 5.05, 0, 0, 0.05, 50, 50, null);
        double[][] cases = {{0.1, 0, 0, 0, 0}, {0, 0.05, 0, 0, 0}, {0, 0, 100, 2, 0.01}};
        for (double[] k : cases) {
            CameraImage img = shoot(config(160, 120, 60, "pinhole", 1, 0, 1, k[0], k[1], k[2], k[3], k[4]), WHITE_SKY, null, wall);
            double[] m = moments(img);
            double expected = k[2] > 0 ? 0.25 / k[2] + k[3] * k[3] / (k[2] * k[2]) + k[4] * k[4] : k[0] * k[0] * 0.25 + k[1] * k[1];
            assertEquals(0.25, m[0], 5 * Math.sqrt(expected / m[2]) + 2e-4, "mean intensity (closed form), case " + k[0] + "," + k[1]);
            assertEquals(expected, m[1], 0.03 * expected, "variance, case sigma1 " + k[0] + " sigma2 " + k[1] + " gain " + k[2]);
        }
        double[] quiet = moments(shoot(plain(160, 120, 60), WHITE_SKY, null, wall));
        assertEquals(0.25, quiet[0], 2e-3);
        assertTrue(quiet[1] < 1e-8, "no noise without parameters");
    }

    @Test
    void CAM_motionBlurSpansTheDistanceMovedDuringTheExposure() {
        // a 1 m wide white box 20 m ahead crossing at 10 m/s; exposure 50 ms: 0.5 m of travel
        int w = 320, h = 60;
        double hfov = 60, f = (w / 2.0) / Math.tan(Math.toRadians(hfov / 2)), travel = 0.5;
        var motion = new KinematicWorld.ConstantVelocity(Pose.translation(20.01, -1.0, 0), new Vec3(0, 10, 0));
        ObjectSpec target = new ObjectSpec("target", new Shape.Box(0.01, 0.5, 5), "target", Pose.IDENTITY,
                new MaterialSpec("paint", null, List.of(1.0, 1.0, 1.0)));
        CameraImage img = shoot(config(w, h, hfov, "pinhole", 48, 0.05, 48, 0, 0, 0, 0, 0), WHITE_SKY, motion, target);
        int row = h / 2 * w, touched = 0, covered = 0;
        double box = 0.5, sky = 1.0;
        StringBuilder trace = new StringBuilder();
        for (int u = 0; u < w; u++) {
            double i = linear(img.rgb()[3 * (row + u)]);
            trace.append(i < sky - 0.001 ? String.format(java.util.Locale.ROOT, " %d:%.3f", u, i) : "");
            touched += i < sky - 1e-6 ? 1 : 0; // any coverage: one 8-bit step below the sky
            covered += Math.abs(i - box) < 0.01 ? 1 : 0;
        }
        double width = 1.0 * f / 20, blur = travel * f / 20;
        assertEquals(width + blur, touched, 1.5, "pixels the box touched during the exposure:" + trace);
        assertEquals(width - blur, covered, 1.5, "pixels the box covered for the whole exposure");
        int labelled = 0;
        for (int u = 0; u < w; u++) {
            labelled += img.labels()[row + u] == 0 ? 1 : 0;
        }
        assertEquals(width, labelled, 1.0, "labels are sharp: the box at the frame time");
    }
}
