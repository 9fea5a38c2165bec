package sensor.camera;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.camera.CameraImage;
import sensor.api.env.Light;
import sensor.api.env.MaterialSpec;
import sensor.api.env.ObjectSpec;
import sensor.api.env.Shape;
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
        Environment env = new Environment();
        CameraType type = new CameraType();
        type.setBackend(new CpuBvhBackend());
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

                    public double specularReflectance(double cosTheta) { return 1; }
                };
            }
        });
        KinematicWorld world = env.newKinematicWorld(0.005, Vec3.ZERO);
        if (target != null) {
            world.addBody("target", target);
        }
        env.setWorld(world);
        env.setAmbient(AmbientMaterial.clear(1, 0));
        env.setLights(lights);
        for (ObjectSpec o : objects) {
            env.addObject(o);
        }
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("cam", CameraType.ID, c, SensorMount.world(Pose.IDENTITY), 10, 0));
        env.advance(0.1);
        return (CameraImage) out.get(0).data();
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

    @Test
    void CAM_aMirrorShowsWhatItFaces() {
        // a mirror at x = 5 turned 45° about z sends the view along −y, where a red wall stands
        Pose turned = new Pose(new Vec3(5, 0, 0), sensor.api.geom.Quat.axisAngle(new Vec3(0, 0, 1), Math.toRadians(45)));
        ObjectSpec mirror = new ObjectSpec("mirror", new Shape.Box(0.01, 3, 3), null, turned, new MaterialSpec("mirror", null));
        CameraImage img = shoot(plain(64, 48, 20), WHITE_SKY, null, mirror,
                box("red", 5, -8, 0, 10, 0.1, 10, List.of(1.0, 0.0, 0.0)));
        int p = 24 * 64 + 32; // the centre pixel sees the mirror, and in it the red wall (normal +y: sky term 1/2)
        assertEquals(0, img.labels()[p]);
        assertEquals(0.5, linear(img.rgb()[3 * p]), 0.004);
        assertEquals(0, linear(img.rgb()[3 * p + 1]), 1e-9);
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
