package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.api.frame.OutputField.*;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.lidar.api.LidarConfig;
import sensor.api.frame.PointCloud;
import sensor.lidar.api.RayPatterns;
import sensor.lidar.api.ReturnMode;

class LidarPipelineTest {
    private static final List<sensor.api.frame.OutputField> ALL =
            List.of(XYZ_VEC3_F32, DISTANCE_F32, INTENSITY_F32, ENTITY_ID_I32, RETURN_TYPE_U8, NORMAL_VEC3_F32);

    /** A perfect mirror: no diffuse return, reflects 90 % of the power. */
    static final SurfaceMaterial MIRROR = new SurfaceMaterial() {
        @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0; }
        @Override public double specularReflectance(double cos) { return 0.9; }
    };

    /** A glass pane: a weak diffuse return and 60 % transmission. */
    static final SurfaceMaterial PANE = new SurfaceMaterial() {
        @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0.05 / Math.PI; }
        @Override public double transmittance(double cos) { return 0.6; }
    };

    private static LidarConfig generic(List<Pose> rays) {
        return new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, rays.size()))))
                .setRange(0.1, 200).setOptics(0, 0.005, 0).setDivergenceHalfAngle(0).setFields(ALL).setThreads(1);
    }

    @Test
    @DisplayName("[L-P] ranges to analytic shapes are exact to float precision")
    void rangesToAnalyticShapesAreExactToFloatPrecision() {
        LidarRig rig = new LidarRig();
        rig.add("ball", new Shape.Sphere(2), Pose.translation(10, 0, 0), null);
        rig.add("box", new Shape.Box(1, 1, 1), Pose.translation(0, 7, 0), null);
        rig.add("ground", new Shape.Plane(), Pose.translation(0, 0, -3), null);
        Vec3 down = new Vec3(1, 0, -1).normalized();
        PointCloud out = rig.run(generic(LidarRig.rays(Vec3.X, Vec3.Y, new Vec3(0, -1, -1), down)));
        assertEquals(4, out.count());
        assertEquals(8f, out.getFloat(0, DISTANCE_F32, 0), 1e-5f); // sphere surface at x = 8
        assertEquals(6f, out.getFloat(1, DISTANCE_F32, 0), 1e-5f); // box face at y = 6
        assertEquals((float) (3 * Math.sqrt(2)), out.getFloat(2, DISTANCE_F32, 0), 2e-5f); // plane z = −3 at 45°
        assertEquals(3f, out.getFloat(3, XYZ_VEC3_F32, 0), 1e-5f);
        assertEquals(-3f, out.getFloat(3, XYZ_VEC3_F32, 2), 1e-5f);
        assertEquals(0, out.getInt(0, ENTITY_ID_I32));
        assertEquals(1, out.getInt(1, ENTITY_ID_I32));
        assertEquals(-1f, out.getFloat(0, NORMAL_VEC3_F32, 0), 1e-6f); // sphere normal faces the lidar
    }

    @Test
    @DisplayName("[L-OPL] the optical path length scales the distance by the refractive index")
    void opticalPathLengthLOPL_scalesTheDistanceByTheRefractiveIndex() {
        LidarRig rig = new LidarRig();
        rig.env.setAmbient(AmbientMaterial.clear(1.000273, 0));
        rig.wallAtX("wall", 50, null);
        PointCloud out = rig.run(generic(LidarRig.rays(Vec3.X)));
        assertEquals(50 * 1.000273, out.getFloat(0, DISTANCE_F32, 0), 1e-4);
    }

    @Test
    @DisplayName("[L-P] a mirror produces a ghost point behind the mirror")
    void mirrorProducesAGhostPointBehindTheMirrorLP() {
        LidarRig rig = new LidarRig();
        rig.material("mirror", MIRROR);
        // mirror plane through (5, 0, 0) with normal (−1, 1, 0)/√2: reflects +x into +y
        Quat q = SweepPattern.zTo(new Vec3(-1, 1, 0).normalized());
        rig.add("mirror", new Shape.Plane(), new Pose(new Vec3(5, 0, 0), q), "mirror");
        rig.add("wall", new Shape.Plane(), new Pose(new Vec3(0, 3, 0), SweepPattern.zTo(new Vec3(0, -1, 0))), null);
        PointCloud out = rig.run(generic(LidarRig.rays(Vec3.X)).setHeapDepth(2));
        assertEquals(1, out.count());
        // the wall is 5 + 3 = 8 m along the optical path: the point lies on the emission ray, behind the mirror
        assertEquals(8f, out.getFloat(0, XYZ_VEC3_F32, 0), 1e-4f);
        assertEquals(0f, out.getFloat(0, XYZ_VEC3_F32, 1), 1e-5f);
        assertEquals(1, out.getInt(0, ENTITY_ID_I32));
        // the wall's return carries the mirror's reflectance: 0.9 · C_D/π · cos 0 (no attenuation, no divergence)
        double pdet = 1 / (1 - Math.exp(-2)); // point emitter, no divergence: the whole beam on the detector [L-21]
        assertEquals(0.9 * 0.8 / Math.PI * pdet, out.getFloat(0, INTENSITY_F32, 0), 1e-6);
        rig.env.removeSensor("lidar");
        assertEquals(0, rig.run(generic(LidarRig.rays(Vec3.X)).setHeapDepth(1)).count(), "depth 1: no child, no point");
    }

    @Test
    @DisplayName("[L-3] [L-4] [L-13] [L-16] [L-21] Lambertian intensity follows the attenuation chain in closed form")
    void lambertianIntensityFollowsTheAttenuationChainInClosedFormL3L4L13L21() {
        LidarRig rig = new LidarRig();
        double alpha = 0.01, theta = 0.002, e = 0.004, r = 0.006, rd = 0.001;
        rig.env.setAmbient(AmbientMaterial.clear(1.0, alpha));
        rig.add("ground", new Shape.Plane(), Pose.translation(0, 0, -2), null);
        double[] angles = {10, 25, 45, 60, 75};
        Vec3[] dirs = new Vec3[angles.length];
        for (int i = 0; i < angles.length; i++) {
            double a = Math.toRadians(angles[i]); // angle below the horizon
            dirs[i] = new Vec3(Math.cos(a), 0, -Math.sin(a));
        }
        PointCloud out = rig.run(generic(LidarRig.rays(dirs)).setDivergenceHalfAngle(theta).setOptics(e, r, rd));
        assertEquals(angles.length, out.count());
        for (int i = 0; i < angles.length; i++) {
            double a = Math.toRadians(angles[i]);
            double x = 2 / Math.sin(a), cos = Math.sin(a); // incidence cosine on the ground = sin(depression)
            double w = x * Math.tan(theta) + e;
            double pdet = (1 - Math.exp(-2 * r * r / (w * w))) * Math.exp(-2 * rd * rd / (w * w)) / (1 - Math.exp(-2));
            double expected = 0.8 / Math.PI * cos * Math.exp(-alpha * x) * pdet;
            assertEquals(expected, out.getFloat(i, INTENSITY_F32, 0), 1e-6 * expected + 1e-9, "angle " + angles[i]);
        }
    }

    @Test
    @DisplayName("[L-P] return modes pick first, last, strongest and dual")
    void returnModesPickFirstLastStrongestAndDual() {
        LidarRig rig = new LidarRig();
        rig.material("pane", PANE);
        rig.wallAtX("pane", 4, "pane");
        rig.wallAtX("wall", 10, null);
        LidarConfig c = generic(LidarRig.rays(Vec3.X)).setHeapDepth(2);
        assertEquals(4f, rig.run(c.setReturnMode(ReturnMode.FIRST)).getFloat(0, DISTANCE_F32, 0), 1e-5f);
        rig.env.removeSensor("lidar");
        assertEquals(10f, rig.run(c.setReturnMode(ReturnMode.LAST)).getFloat(0, DISTANCE_F32, 0), 1e-5f);
        rig.env.removeSensor("lidar");
        // wall: 0.6 · 0.8/π  >  pane: 0.05/π
        assertEquals(10f, rig.run(c.setReturnMode(ReturnMode.STRONGEST)).getFloat(0, DISTANCE_F32, 0), 1e-5f);
        rig.env.removeSensor("lidar");
        rig.material("dark", new Lambertian(0.01));
        PointCloud dual = rig.run(c.setReturnMode(ReturnMode.DUAL));
        assertEquals(1, dual.count(), "strongest and last coincide on the wall");
        rig.env.removeSensor("lidar");
        rig.env.removeObject("wall");
        rig.wallAtX("wall", 10, "dark"); // now the pane is the strongest and the wall the last
        dual = rig.run(c.setReturnMode(ReturnMode.DUAL));
        assertEquals(2, dual.count());
        assertEquals(4f, dual.getFloat(0, DISTANCE_F32, 0), 1e-5f);
        assertEquals(0, dual.getUnsignedByte(0, RETURN_TYPE_U8));
        assertEquals(10f, dual.getFloat(1, DISTANCE_F32, 0), 1e-5f);
        assertEquals(1, dual.getUnsignedByte(1, RETURN_TYPE_U8));
    }

    @Test
    @DisplayName("[L-MS] beam multi-sampling: a beam grazing an edge returns both objects")
    void beamMultiSamplingLMS_grazingAnEdgeReturnsBothObjects() {
        LidarRig rig = new LidarRig();
        // a box whose edge lies exactly on the beam axis, a wall behind it
        rig.add("box", new Shape.Box(1, 1, 1), Pose.translation(5, 1, 0), null);
        rig.wallAtX("wall", 20, null);
        LidarConfig c = generic(LidarRig.rays(Vec3.X)).setDivergenceHalfAngle(0.01).setBeamSamples(9)
                .setReturnMode(ReturnMode.DUAL);
        PointCloud out = rig.run(c);
        assertEquals(2, out.count());
        float a = out.getFloat(0, DISTANCE_F32, 0), b = out.getFloat(1, DISTANCE_F32, 0);
        assertEquals(4f, Math.min(a, b), 1e-3f);
        assertEquals(20f, Math.max(a, b), 0.01f);
    }

    @Test
    @DisplayName("[L-21] the detected power ratio is 1 for a matched detector at the emitter, never NaN")
    void beamDivergenceL21_isOneForAMatchedDetectorAtTheEmitterAndNeverNaN() {
        assertEquals(1.0, new BeamDivergence(0.001, 0.005, 0.005, 0).detectedRatio(0), 1e-12);
        assertEquals(1 / (1 - Math.exp(-2)), new BeamDivergence(0.001, 0, 0.005, 0).detectedRatio(0), 1e-12);
        assertEquals(0.0, new BeamDivergence(0.001, 0, 0.005, 0.001).detectedRatio(0), 0);
        // a beam so narrow that w² underflows (x = 1e-160 m from a point emitter) is the point's limit, not NaN
        for (double x : new double[] {1e-160, 1e-200, Double.MIN_VALUE}) {
            assertEquals(1 / (1 - Math.exp(-2)), new BeamDivergence(0.001, 0, 0.005, 0).detectedRatio(x), 1e-12);
            assertEquals(0.0, new BeamDivergence(0.001, 0, 0.005, 0.001).detectedRatio(x), 0);
            assertEquals(1.0, new BeamDivergence(0.001, 0, 0.005, 0).mirrorReturn(x, 1), 0, "a mirror head-on");
        }
        assertEquals(1 / (1 - Math.exp(-2)) * -Math.expm1(-2 * 0.005 * 0.005 / 1e-280), new BeamDivergence(0.001, 0,
                0.005, 0).detectedRatio(1e-140 / Math.tan(0.001)), 1e-12, "just above the cut, the law itself");
        // far field, w = x tan θ: (1 − e^(−2R²/w²)) / (1 − e^(−2)), close to 2R²/w² / (1 − e^(−2))
        double x = 1000, w = x * Math.tan(0.001);
        double ratio = new BeamDivergence(0.001, 0, 0.005, 0).detectedRatio(x);
        assertEquals((1 - Math.exp(-2 * 0.005 * 0.005 / (w * w))) / (1 - Math.exp(-2)), ratio, 1e-15);
        assertEquals(2 * 0.005 * 0.005 / (w * w) / (1 - Math.exp(-2)), ratio, 1e-3 * ratio);
    }
}
