package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;
import static sensor.api.frame.OutputField.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayInterval;
import sensor.api.material.SurfaceMaterial;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;
import sensor.lidar.api.ReturnMode;
import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.impl.AtmosphereType;

/**
 * The return pipeline [L-P] point by point against closed forms written out here: the local frame a material is
 * evaluated in [L-3], atmospheric returns' intensity [L-13] [L-14] [L-21] in the open, behind a mirror and inside a
 * fog bank, exact optical paths through oblique mirrors, panes and volume boundaries, and the merging of sub-rays
 * [L-MS].
 */
class ReturnPipelinePhysicsTest {
    private static final List<OutputField> FIELDS = List.of(XYZ_VEC3_F32, DISTANCE_F32, INTENSITY_F32, ENTITY_ID_I32,
            NORMAL_VEC3_F32);
    /** Detected power ratio of a point emitter with no divergence and a detector on the axis [L-21]. */
    private static final double NORM = 1 / (1 - Math.exp(-2));

    private static LidarConfig config(Vec3... dirs) {
        List<Pose> rays = LidarRig.rays(dirs);
        return new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, rays.size()))))
                .setRange(0.1, 200).setOptics(0, 0.005, 0).setDivergenceHalfAngle(0).setFields(FIELDS).setThreads(1);
    }

    /** A plane through {@code at} whose normal is {@code normal}. */
    private static void plane(LidarRig rig, String id, Vec3 at, Vec3 normal, String material) {
        rig.add(id, new Shape.Plane(), new Pose(at, SweepPattern.zTo(normal.normalized())), material);
    }

    /**
     * An isotropic-in-nothing probe: its value depends on both tangential components of the light direction in the
     * material's local frame, and it records that the view direction equals the light direction (a monostatic
     * lidar).
     */
    private static final class Probe implements SurfaceMaterial {
        final List<double[]> calls = new ArrayList<>();

        @Override
        public synchronized double brdf(double lx, double ly, double lz, double vx, double vy, double vz) {
            calls.add(new double[] {lx, ly, lz, vx, vy, vz});
            return (1 + 0.3 * lx + 0.2 * ly) / Math.PI;
        }
    }

    /**
     * [L-3] A material is evaluated in the surface's local frame: z the normal, x the tangent n × z normalised (n × x
     * where the normal is within 26° of z), y = n × x; light and view are the direction back to the emitter.
     */
    @Test
    @DisplayName("[L-3] a material sees light and view in the surface's local frame")
    void localFrameL3_ofAMaterialFollowsTheNormalAndTheDocumentedTangent() {
        Vec3[] normals = {new Vec3(-1, 0.4, 0.3), new Vec3(0.2, -0.15, 1)};
        Vec3[] points = {new Vec3(6, 0, 0), new Vec3(0, 0, -2)};
        Vec3[][] dirs = {{new Vec3(1, 0, 0), new Vec3(1, 0.2, -0.1), new Vec3(1, -0.3, 0.25)},
            {new Vec3(1, 0.3, -0.8), new Vec3(-0.4, 0.5, -1), new Vec3(0.2, -0.6, -0.9)}};
        for (int s = 0; s < 2; s++) {
            LidarRig rig = new LidarRig();
            Probe probe = new Probe();
            rig.material("probe", probe);
            plane(rig, "surface", points[s], normals[s], "probe");
            PointCloud out = rig.run(config(dirs[s]));
            assertEquals(3, out.count());
            Vec3 n = normals[s].normalized();
            Vec3 t = (Math.abs(n.z()) < 0.9 ? n.cross(Vec3.Z) : n.cross(Vec3.X)).normalized(), b = n.cross(t);
            for (int i = 0; i < 3; i++) {
                Vec3 d = dirs[s][i].normalized();
                double cos = -d.dot(n), lx = -d.dot(t), ly = -d.dot(b);
                double range = points[s].minus(Vec3.ZERO).dot(n) / d.dot(n);
                assertEquals(range, out.getFloat(i, DISTANCE_F32, 0), 1e-5, "surface " + s + " ray " + i);
                double expected = (1 + 0.3 * lx + 0.2 * ly) / Math.PI * cos * NORM;
                assertEquals(expected, out.getFloat(i, INTENSITY_F32, 0), 1e-6 * expected, "surface " + s + " ray " + i);
            }
            for (double[] c : probe.calls) {
                assertEquals(1, c[0] * c[0] + c[1] * c[1] + c[2] * c[2], 1e-12, "a unit light direction");
                assertArrayEquals(new double[] {c[0], c[1], c[2]}, new double[] {c[3], c[4], c[5]}, 0, "view = light");
            }
        }
    }

    /** Many rays from the origin spread over a cone of half-angle 0.3 rad about {@code axis} (x or −x). */
    private static Vec3[] fan(int n, double sign) {
        Vec3[] d = new Vec3[n];
        for (int i = 0; i < n; i++) {
            double az = 0.3 * (2 * ((i * 0.6180339887) % 1) - 1), el = 0.3 * (2.0 * i / n - 1);
            d[i] = new Vec3(sign * Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
        }
        return d;
    }

    private static double ratio(double x, double theta) {
        double w = x * Math.tan(theta);
        return w > 0 ? NORM * (1 - Math.exp(-2 * 0.005 * 0.005 / (w * w))) : NORM;
    }

    /**
     * [L-14] [L-13] [L-21] An atmospheric return at OPL x is an isotropic scatterer seen through the medium:
     * {@code e^(−αx)/π · P_det(x)}, its normal the direction back to the emitter; behind a mirror of reflectance ρ at
     * OPL m the same with the factor ρ, x counted along the folded path.
     */
    @Test
    @DisplayName("[L-14] [L-13] [L-21] atmospheric returns carry the attenuation and detection of their own range")
    void atmosphericReturnsL14_L13_L21_haveTheClosedFormIntensityOfTheirRange() {
        double alpha = 0.004, theta = 0.002;
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0).setAttenuationCoefficient(alpha)
                .setReturnProbabilityScaling(0.3));
        rig.material("mirror", LidarPipelineTest.MIRROR);
        // a mirror facing the −x half of the fan at x = −5, turning it towards +y: a second segment after the mirror
        plane(rig, "mirror", new Vec3(-5, 0, 0), new Vec3(1, 1, 0), "mirror");
        List<Vec3> dirs = new ArrayList<>(List.of(fan(3000, 1)));
        dirs.addAll(List.of(fan(3000, -1)));
        PointCloud out = rig.run(config(dirs.toArray(Vec3[]::new)).setDivergenceHalfAngle(theta).setHeapDepth(2)
                .setReturnMode(ReturnMode.FIRST));
        int open = 0, folded = 0;
        for (int i = 0; i < out.count(); i++) {
            assertEquals(-1, out.getInt(i, ENTITY_ID_I32), "only the atmosphere returns");
            double x = out.getFloat(i, DISTANCE_F32, 0), ux = out.getFloat(i, XYZ_VEC3_F32, 0) / x,
                    uy = out.getFloat(i, XYZ_VEC3_F32, 1) / x;
            double uz = out.getFloat(i, XYZ_VEC3_F32, 2) / x;
            double[] back = {-ux, -uy, -uz}; // the direction back along the segment the return lies on
            double rho = 1;
            if (ux < 0) {
                double m = -5 / (ux + uy); // OPL at the mirror x + y = −5 along this ray
                if (x > m) {
                    rho = 0.9;
                    folded++;
                    back = new double[] {uy, ux, -uz}; // mirrored in x + y = −5: u → (−uy, −ux, uz)
                } else {
                    open++;
                }
            } else {
                open++;
            }
            double expected = rho * Math.exp(-alpha * x) / Math.PI * ratio(x, theta);
            assertEquals(expected, out.getFloat(i, INTENSITY_F32, 0), 2e-6 * expected, "point " + i + " at " + x);
            for (int c = 0; c < 3; c++) {
                assertEquals(back[c], out.getFloat(i, NORMAL_VEC3_F32, c), 1e-5,
                        "an atmospheric return faces the emitter");
            }
        }
        assertTrue(open > 300 && folded > 300, "open " + open + ", folded " + folded);
    }

    /**
     * [L-14] [L-13] A fog bank 3 m deep (shorter than its returns' mean depth): its returns lie inside it, at intensity
     * {@code e^(−α(x − entry))/π · P_det}; a wall behind it keeps its exact optical path through both boundaries.
     */
    @Test
    @DisplayName("[L-14] [L-13] a fog bank's returns lie inside it with the intensity of their depth")
    void fogBankReturnsL14_L13_lieInsideItWithTheIntensityOfTheirDepth() {
        double alpha = 0.08;
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.addObject(ObjectSpec.fixed("fog", new Shape.Box(1.5, 20, 20), Pose.translation(21.5, 0, 0))
                .withMaterial(new MaterialSpec("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0)
                        .setAttenuationCoefficient(alpha).setReturnProbabilityScaling(0.8))));
        rig.wallAtX("wall", 40, null);
        Vec3[] dirs = fan(20000, 1);
        PointCloud out = rig.run(config(dirs).setReturnMode(ReturnMode.DUAL));
        int fog = 0, wall = 0;
        for (int i = 0; i < out.count(); i++) {
            double x = out.getFloat(i, DISTANCE_F32, 0), px = out.getFloat(i, XYZ_VEC3_F32, 0), ux = px / x;
            double entry = 20 / ux, exit = 23 / ux;
            if (out.getInt(i, ENTITY_ID_I32) == -1) {
                fog++;
                assertTrue(x >= entry - 1e-4 && x <= exit + 1e-4, "fog return at " + x + " in [" + entry + ", " + exit + "]");
                double expected = Math.exp(-alpha * (x - entry)) / Math.PI * NORM;
                // 2e-5: the node goes on 0.1 mm past the boundary, where the attenuation starts counting
                assertEquals(expected, out.getFloat(i, INTENSITY_F32, 0), 2e-5 * expected, "fog return at " + x);
            } else {
                wall++;
                assertEquals(40 / ux, x, 2e-5, "the wall's optical path through both boundaries");
                double expected = 0.8 / Math.PI * ux * Math.exp(-alpha * (exit - entry)) * NORM;
                assertEquals(expected, out.getFloat(i, INTENSITY_F32, 0), 1e-5 * expected);
            }
        }
        assertTrue(fog > 1000 && wall > 1000, "fog " + fog + ", wall " + wall);
    }

    /**
     * [L-P] The trace keeps its waves from frame to frame: in a still scene with volume crossings and mirror children
     * (and no random draws: no atmospheric returns, no noise), every frame equals the first byte for byte; after the
     * fog and the mirror are removed, a frame equals a fresh lidar's frame of the scene without them (no node of theirs
     * is left over in a reused wave).
     */
    @Test
    void reusedWavesLP_startEveryFrameClean() {
        LidarRig rig = fogAndMirror(true);
        rig.env.advance(0.45);
        assertTrue(rig.frames.size() >= 4, "frames: " + rig.frames.size());
        PointCloud first = null;
        int compared = 0;
        for (var f : rig.frames) {
            PointCloud c = (PointCloud) f.data();
            if (first == null && c.count() == 0) {
                continue; // the frame at t = 0: an empty window
            }
            if (first == null) {
                first = c;
                int viaMirror = 0;
                for (int i = 0; i < c.count(); i++) {
                    viaMirror += c.getFloat(i, DISTANCE_F32, 0) > 90 ? 1 : 0; // the mirror's child to the back wall
                }
                assertTrue(viaMirror > 500 && c.count() - viaMirror > 500, c.count() + " points, " + viaMirror
                        + " of them by the mirror");
            } else {
                assertEquals(first.data(), c.data(), "frame " + f.index());
                compared++;
            }
        }
        assertTrue(compared >= 2, "frames compared: " + compared);
        rig.env.removeObject("fog");
        rig.env.removeObject("mirror");
        rig.env.advance(0.1);
        LidarRig fresh = fogAndMirror(false);
        fresh.env.advance(0.15);
        PointCloud without = (PointCloud) fresh.frames.get(fresh.frames.size() - 1).data();
        assertEquals(3000, without.count(), "one return per beam without fog and mirror");
        assertEquals(without.data(), ((PointCloud) rig.frames.get(rig.frames.size() - 1).data()).data());
    }

    /**
     * Walls in front and behind, and with {@code both} a fog bank and a mirror across half the fan (its rays go back
     * through the fog to the wall behind).
     */
    private static LidarRig fogAndMirror(boolean both) {
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.material("mirror", LidarPipelineTest.MIRROR);
        rig.wallAtX("wall", 60, null);
        plane(rig, "back", new Vec3(-30, 0, 0), new Vec3(1, 0, 0), null);
        if (both) {
            rig.env.addObject(ObjectSpec.fixed("fog", new Shape.Box(1.5, 20, 20), Pose.translation(21.5, 0, 0))
                    .withMaterial(new MaterialSpec("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0)
                            .setAttenuationCoefficient(0.08).setReturnProbabilityScaling(0))));
            rig.add("mirror", new Shape.Box(0.2, 12, 40), new Pose(new Vec3(40, 6, 0),
                    sensor.api.geom.Quat.axisAngle(Vec3.Z, 0.3)), "mirror");
        }
        rig.frames.clear();
        rig.env.addSensor(sensor.api.sensor.SensorSpec.of("lidar", "lidar", config(fan(3000, 1)).setReturnMode(
                ReturnMode.DUAL).setHeapDepth(2), sensor.api.sensor.SensorMount.world(Pose.IDENTITY), 10));
        return rig;
    }

    /**
     * [L-P] An oblique mirror (30° incidence) and a pane (26.6°): the child rays start where the parent hit, the
     * mirror's in the mirrored direction d − 2(d·n)n, and their points keep the exact optical path.
     */
    @Test
    @DisplayName("[L-P] oblique mirrors and panes: children leave from the hit point, optical paths stay exact")
    void obliqueMirrorAndPaneLP_keepExactOpticalPaths() {
        LidarRig rig = new LidarRig();
        rig.material("mirror", LidarPipelineTest.MIRROR);
        double c30 = Math.cos(Math.toRadians(30)), s30 = 0.5;
        Vec3 n = new Vec3(-c30, s30, 0), hit = new Vec3(5, 0, 0);
        plane(rig, "mirror", hit, n, "mirror");
        Vec3 r = new Vec3(1 - 2 * c30 * c30, 2 * c30 * s30, 0); // d − 2(d·n)n for d = +x
        plane(rig, "wall", hit.plus(r.times(4)), r.times(-1), null);
        PointCloud out = rig.run(config(Vec3.X).setHeapDepth(2));
        assertEquals(1, out.count());
        assertEquals(9, out.getFloat(0, DISTANCE_F32, 0), 2e-5, "5 m to the mirror, 4 m on to the wall");
        assertEquals(9, out.getFloat(0, XYZ_VEC3_F32, 0), 2e-5, "the ghost lies on the emission ray");
        assertEquals(0.9 * 0.8 / Math.PI * NORM, out.getFloat(0, INTENSITY_F32, 0), 1e-6);

        LidarRig pane = new LidarRig();
        pane.material("pane", LidarPipelineTest.PANE);
        plane(pane, "pane", new Vec3(4, 0, 0), new Vec3(-1, 0.5, 0), "pane");
        pane.wallAtX("wall", 10, null);
        out = pane.run(config(Vec3.X, new Vec3(1, 0.1, 0.05)).setHeapDepth(2).setReturnMode(ReturnMode.LAST));
        assertEquals(2, out.count());
        for (int i = 0; i < 2; i++) {
            double ux = out.getFloat(i, XYZ_VEC3_F32, 0) / out.getFloat(i, DISTANCE_F32, 0);
            assertEquals(10 / ux, out.getFloat(i, DISTANCE_F32, 0), 2e-5, "through the pane, undeviated");
            assertEquals(0.6 * 0.8 / Math.PI * ux * NORM, out.getFloat(i, INTENSITY_F32, 0), 1e-6);
        }
    }

    /**
     * [L-P] The same exact optical paths with every direction and normal oblique in x, y and z, and the last wall
     * steep to the child ray (cosine 0.2), so that a child starting anywhere but 0.1 mm along its own direction from
     * the parent's hit point (a sign wrong in one coordinate moves it 0.2 mm) reads a range off by 0.1 mm or more:
     * a mirror's child, a pane's child and the children at both boundaries of a fog volume.
     */
    @Test
    @DisplayName("[L-P] children of mirrors, panes and volume boundaries start on their own ray in all three coordinates")
    void obliqueInEveryCoordinateLP_childrenStartOnTheirOwnRay() {
        Vec3 d = new Vec3(1, 0.3, 0.2).normalized(), n = new Vec3(-1, 0.5, -0.4).normalized();
        Vec3 r = d.minus(n.times(2 * d.dot(n)));
        LidarRig rig = new LidarRig();
        rig.material("mirror", LidarPipelineTest.MIRROR);
        plane(rig, "mirror", d.times(5), n, "mirror");
        // a finite wall (a thin box whose face passes through the point 4 m along r): an infinite plane this steep
        // would cross the emission ray before the mirror
        Vec3 m = new Vec3(0.69, -0.23, -0.69).normalized();
        rig.add("wall", new Shape.Box(0.5, 0.5, 0.005), new Pose(d.times(5).plus(r.times(4)).minus(m.times(0.005)),
                SweepPattern.zTo(m)), null);
        PointCloud out = rig.run(config(d).setHeapDepth(2));
        assertEquals(1, out.count());
        assertEquals(9, out.getFloat(0, DISTANCE_F32, 0), 2e-5, "5 m to the mirror, 4 m on to the steep wall");
        for (int k = 0; k < 3; k++) {
            assertEquals(9 * new double[] {d.x(), d.y(), d.z()}[k], out.getFloat(0, XYZ_VEC3_F32, k), 2e-5, "ghost, axis " + k);
        }

        Vec3 e = new Vec3(1, 0.35, -0.25).normalized(), steep = new Vec3(-0.22, -0.57, -0.79);
        LidarRig pane = new LidarRig();
        pane.material("pane", LidarPipelineTest.PANE);
        plane(pane, "pane", e.times(4), new Vec3(-1, 0.3, 0.4), "pane");
        plane(pane, "wall", e.times(10), steep, null);
        out = pane.run(config(e).setHeapDepth(2).setReturnMode(ReturnMode.LAST));
        assertEquals(1, out.count());
        // 5 µm: a start 0.1 mm along the wrong one of x (EPS/dx instead of EPS·dx) reads 19 µm off
        assertEquals(10, out.getFloat(0, DISTANCE_F32, 0), 5e-6, "through the oblique pane, undeviated, to the steep wall");

        LidarRig fog = new LidarRig();
        fog.env.bindAmbientMaterialType(new AtmosphereType());
        fog.env.addObject(ObjectSpec.fixed("fog", new Shape.Box(1.5, 20, 20), Pose.translation(21.5, 0, 0))
                .withMaterial(new MaterialSpec("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0)
                        .setAttenuationCoefficient(0.01).setReturnProbabilityScaling(0.8))));
        plane(fog, "wall", e.times(40), steep, null);
        out = fog.run(config(e).setReturnMode(ReturnMode.LAST));
        assertEquals(1, out.count());
        assertEquals(40, out.getFloat(0, DISTANCE_F32, 0), 1e-5, "through both boundaries of the fog to the steep wall");
    }

    /**
     * [L-P] The heap bounds transmission as it bounds reflection: a pane seen in a mirror passes the ray on to the wall
     * behind it with three heap levels, not with two (its node would be the fifth of three).
     */
    @Test
    @DisplayName("[L-P] the heap depth bounds transmission too")
    void heapDepthLP_boundsTransmissionToo() {
        for (int depth : new int[] {2, 3}) {
            LidarRig rig = new LidarRig();
            rig.material("mirror", LidarPipelineTest.MIRROR);
            rig.material("pane", LidarPipelineTest.PANE);
            plane(rig, "mirror", new Vec3(5, 0, 0), new Vec3(-1, 1, 0), "mirror"); // +x turned to +y
            plane(rig, "pane", new Vec3(5, 3, 0), new Vec3(0, -1, 0), "pane");
            plane(rig, "wall", new Vec3(5, 6, 0), new Vec3(0, -1, 0), null);
            PointCloud out = rig.run(config(Vec3.X, Vec3.X).setHeapDepth(depth).setReturnMode(ReturnMode.LAST));
            assertEquals(2, out.count());
            for (int i = 0; i < 2; i++) {
                assertEquals(depth == 2 ? 8 : 11, out.getFloat(i, DISTANCE_F32, 0), 2e-5, "heap depth " + depth + ", ray " + i);
            }
        }
    }

    /**
     * [L-P] One object hit twice along a beam (a mesh of two panes, 4 m apart, both facing the lidar) gives two
     * returns with one sample per beam: only sub-rays of one beam are merged, never two hits of one path.
     */
    @Test
    @DisplayName("[L-P] two hits of one object along one path stay two returns")
    void oneObjectHitTwiceLP_staysTwoReturns() {
        LidarRig rig = new LidarRig();
        rig.material("pane", LidarPipelineTest.PANE);
        float[] v = {4, -1, -1, 4, 1, -1, 4, 1, 1, 4, -1, 1, 8, -1, -1, 8, 1, -1, 8, 1, 1, 8, -1, 1};
        int[] quads = {0, 2, 1, 0, 3, 2, 4, 6, 5, 4, 7, 6}; // both facing −x
        rig.add("panes", new Shape.TriangleMesh(v, quads), Pose.IDENTITY, "pane");
        PointCloud out = rig.run(config(new Vec3(1, 0.01, 0.02).normalized()).setHeapDepth(2).setReturnMode(ReturnMode.DUAL));
        assertEquals(2, out.count());
        double ux = new Vec3(1, 0.01, 0.02).normalized().x();
        double[] ranges = {out.getFloat(0, DISTANCE_F32, 0), out.getFloat(1, DISTANCE_F32, 0)};
        java.util.Arrays.sort(ranges);
        assertEquals(4 / ux, ranges[0], 2e-5);
        assertEquals(8 / ux, ranges[1], 2e-5);
    }

    /**
     * [L-MS] [L-14] With several sub-rays per beam, atmospheric returns seen in a mirror stay atmospheric: sub-rays
     * merge per heap node, and a node's atmospheric group never joins an object's (the mirror is object 0 and returns
     * nothing itself).
     */
    @Test
    @DisplayName("[L-MS] [L-14] atmospheric returns in a mirror stay atmospheric with several sub-rays per beam")
    void atmosphericReturnsInAMirrorLMS_stayAtmosphericWithSubRays() {
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0).setAttenuationCoefficient(0.004)
                .setReturnProbabilityScaling(0.3));
        rig.material("mirror", LidarPipelineTest.MIRROR);
        plane(rig, "mirror", new Vec3(-5, 0, 0), new Vec3(1, 1, 0), "mirror");
        PointCloud out = rig.run(config(fan(3000, -1)).setDivergenceHalfAngle(0.002).setBeamSamples(4).setHeapDepth(2)
                .setReturnMode(ReturnMode.DUAL));
        int folded = 0;
        for (int i = 0; i < out.count(); i++) {
            assertEquals(-1, out.getInt(i, ENTITY_ID_I32), "point " + i + ": only the atmosphere returns");
            double x = out.getFloat(i, DISTANCE_F32, 0), ux = out.getFloat(i, XYZ_VEC3_F32, 0) / x,
                    uy = out.getFloat(i, XYZ_VEC3_F32, 1) / x;
            folded += x > -5 / (ux + uy) ? 1 : 0;
        }
        assertTrue(folded > 100, "returns beyond the mirror: " + folded);
    }

    /**
     * [L-P] A path follows at most 8 volume boundaries: through four thin fog boxes (8 boundaries) the wall beyond is
     * seen at its exact optical path; a wall inside a fifth box (a 9th boundary before it) is not.
     */
    @Test
    @DisplayName("[L-P] a path follows at most 8 volume boundaries")
    void volumeCrossingsLP_stopAfterEight() {
        for (boolean fifth : new boolean[] {false, true}) {
            LidarRig rig = new LidarRig();
            rig.env.bindAmbientMaterialType(new AtmosphereType());
            MaterialSpec fog = new MaterialSpec("atmosphere", new AtmosphereMaterial().setRefractiveIndex(1.0)
                    .setAttenuationCoefficient(0.001).setReturnProbabilityScaling(0.01));
            for (int b = 0; b < (fifth ? 5 : 4); b++) {
                rig.env.addObject(ObjectSpec.fixed("fog-" + b, new Shape.Box(b < 4 ? 0.25 : 1, 5, 5),
                        Pose.translation(b < 4 ? 5 + 2 * b : 14, 0, 0)).withMaterial(fog));
            }
            rig.wallAtX("wall", 14, null);
            PointCloud out = rig.run(config(Vec3.X).setReturnMode(ReturnMode.DUAL));
            int wall = 0;
            for (int i = 0; i < out.count(); i++) {
                if (out.getInt(i, ENTITY_ID_I32) >= 0) {
                    wall++;
                    assertEquals(14, out.getFloat(i, DISTANCE_F32, 0), 2e-5, "the wall through eight boundaries");
                }
            }
            assertEquals(fifth ? 0 : 1, wall, fifth ? "a ninth boundary ends the path" : "eight boundaries are followed");
        }
    }

    /** [L-P] With two heap levels a second mirror ends the path: nothing beyond it is traced, nothing overflows. */
    @Test
    @DisplayName("[L-P] the heap depth bounds the reflections followed")
    void heapDepthLP_boundsTheReflectionsFollowed() {
        LidarRig rig = new LidarRig();
        rig.material("mirror", LidarPipelineTest.MIRROR);
        plane(rig, "m1", new Vec3(5, 0, 0), new Vec3(-1, 1, 0), "mirror"); // +x → +y
        plane(rig, "m2", new Vec3(5, 5, 0), new Vec3(-1, -1, 0), "mirror"); // +y → −x
        plane(rig, "wall", new Vec3(-5, 5, 0), new Vec3(1, 0, 0), null);
        assertEquals(0, rig.run(config(Vec3.X).setHeapDepth(2)).count(), "depth 2: the wall after two mirrors is not seen");
        rig.env.removeSensor("lidar");
        PointCloud out = rig.run(config(Vec3.X).setHeapDepth(3));
        assertEquals(1, out.count());
        assertEquals(20, out.getFloat(0, DISTANCE_F32, 0), 2e-5);
        assertEquals(0.81 * 0.8 / Math.PI * NORM, out.getFloat(0, INTENSITY_F32, 0), 1e-6);
    }

    /**
     * [L-MS] A beam of S sub-rays on a perpendicular wall: the axis at D, the S − 1 others on the ring at
     * φ = atan(tan(θ/2)), at D/cos φ with incidence cos φ; the point is their intensity-weighted OPL and summed
     * intensity, each sub-ray carrying 1/S of the power.
     */
    @Test
    @DisplayName("[L-MS] sub-rays of a beam merge into the intensity-weighted range and summed intensity")
    void subRaysLMS_mergeIntoTheWeightedRangeAndSummedIntensity() {
        double theta = 0.1, d = 10;
        int s = 7;
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", d, null);
        PointCloud out = rig.run(config(Vec3.X).setDivergenceHalfAngle(theta).setBeamSamples(s));
        assertEquals(1, out.count());
        double cos = Math.cos(Math.atan(Math.tan(theta / 2))), x1 = d / cos;
        double w0 = 0.8 / Math.PI * ratio(d, theta) / s, w1 = 0.8 / Math.PI * cos * ratio(x1, theta) / s;
        double intensity = w0 + (s - 1) * w1, range = (w0 * d + (s - 1) * w1 * x1) / intensity;
        assertEquals(range, out.getFloat(0, DISTANCE_F32, 0), 1e-5);
        assertEquals(intensity, out.getFloat(0, INTENSITY_F32, 0), 1e-6 * intensity);
    }

    /** Fresnel reflectance at normal incidence from vacuum, ((n − 1)² + k²) / ((n + 1)² + k²) [L-6]. */
    private static double fresnelHeadOn(double n, double k) {
        return ((n - 1) * (n - 1) + k * k) / ((n + 1) * (n + 1) + k * k);
    }

    /** The intensity of the one return of a ray at {@code angle} (rad) off a plane's normal, the plane d m away. */
    private static PointCloud mirrorShot(SurfaceMaterial m, double d, double angle, double theta, double detectorOffset) {
        return mirrorShot(m, d, angle, theta, 0.004, detectorOffset);
    }

    private static PointCloud mirrorShot(SurfaceMaterial m, double d, double angle, double theta, double emitter,
            double detectorOffset) {
        LidarRig rig = new LidarRig();
        rig.material("coat", m);
        rig.wallAtX("wall", d, "coat");
        return rig.run(config(new Vec3(Math.cos(angle), Math.sin(angle), 0)).setDivergenceHalfAngle(theta)
                .setOptics(emitter, 0.005, detectorOffset).setHeapDepth(2));
    }

    /**
     * [L-SPEC] A mirror coat returns its Fresnel reflectance times the share of the reflected beam the detector
     * catches: back after 2d, radius {@code w = 2d tan θ + E}, its axis {@code d tan 2α} off the emitter at incidence
     * α, the detector r_D off the emitter: {@code R (1 − e^(−2R_d²/w²)) e^(−2 s²/w²)}, {@code s² = (d tan 2α)² + r_D²}.
     * The same for a perfect mirror (σ_B = 0) and every coat up to the mirror roughness, head-on and 0.05° off;
     * nothing at 10° (the reflection misses the lidar). Before this law the σ_B = 0.001 coat returned about 54.
     */
    @Test
    @DisplayName("[L-SPEC] a mirror returns its reflectance times the detector's share of the reflected beam")
    void mirrorReturnLSPEC_isTheReflectanceTimesTheDetectorsShareOfTheReflectedBeam() {
        double theta = 0.0015, e = 0.004, rd = 0.005;
        double n = 0.037, k = 5.57, r = fresnelHeadOn(n, k);
        for (double sigma : new double[] {0, 0.001, 0.005, 0.01}) {
            for (double offset : new double[] {0, 0.003}) {
                // (range, incidence): head-on far, just off far, and 0.3° off near, where tan 2α's denominator shows
                for (double[] at : new double[][] {{10, 0}, {10, Math.toRadians(0.05)}, {0.5, Math.toRadians(0.3)}}) {
                    double d = at[0], angle = at[1];
                    PointCloud out = mirrorShot(new sensor.materials.impl.GgxOrenNayarBrdf(n, k, sigma, 0, 0), d,
                            angle, theta, offset);
                    double x = d / Math.cos(angle), w = 2 * x * Math.tan(theta) + e, shift = x * Math.tan(2 * angle);
                    double share = (1 - Math.exp(-2 * rd * rd / (w * w)))
                            * Math.exp(-2 * (shift * shift + offset * offset) / (w * w));
                    double rf = angle == 0 ? r : fresnel(n, k, Math.cos(angle));
                    String where = "σ_B " + sigma + ", offset " + offset + ", at " + d + " m, angle " + angle;
                    assertEquals(1, out.count(), where);
                    assertEquals(rf * share, out.getFloat(0, INTENSITY_F32, 0), 1e-6 * rf * share, where);
                    assertTrue(out.getFloat(0, INTENSITY_F32, 0) <= rf, where);
                }
            }
            PointCloud aside = mirrorShot(new sensor.materials.impl.GgxOrenNayarBrdf(n, k, sigma, 0, 0), 10,
                    Math.toRadians(10), theta, 0);
            assertTrue(aside.count() == 0 || aside.getFloat(0, INTENSITY_F32, 0) < 1e-30, "σ_B " + sigma + " at 10°");
        }
        // no divergence and a point emitter: the whole beam comes back onto the detector, R exactly
        PointCloud pencil = mirrorShot(new sensor.materials.impl.GgxOrenNayarBrdf(n, k, 0, 0, 0), 10, 0, 0, 0, 0);
        assertEquals(r, pencil.getFloat(0, INTENSITY_F32, 0), 1e-6 * r);
    }

    /** Fresnel reflectance of a conductor at incidence cos θ from vacuum, unpolarised (Born and Wolf) [L-5]. */
    private static double fresnel(double n, double k, double cos) {
        java.util.function.BiFunction<double[], double[], double[]> mul = (a, b) -> new double[] {a[0] * b[0] - a[1] * b[1],
            a[0] * b[1] + a[1] * b[0]};
        double sin2 = 1 - cos * cos;
        // cos θ_t · N = sqrt(N² − sin² θ), N = n + ik
        double re = n * n - k * k - sin2, im = 2 * n * k, mod = Math.hypot(re, im);
        double[] nc = {Math.sqrt((mod + re) / 2), Math.copySign(Math.sqrt((mod - re) / 2), im)};
        double[] nn = mul.apply(new double[] {n, k}, new double[] {n, k});
        double[] rsNum = {cos - nc[0], -nc[1]}, rsDen = {cos + nc[0], nc[1]};
        double[] pA = {nn[0] * cos, nn[1] * cos};
        double[] rpNum = {pA[0] - nc[0], pA[1] - nc[1]}, rpDen = {pA[0] + nc[0], pA[1] + nc[1]};
        double rs = (rsNum[0] * rsNum[0] + rsNum[1] * rsNum[1]) / (rsDen[0] * rsDen[0] + rsDen[1] * rsDen[1]);
        double rp = (rpNum[0] * rpNum[0] + rpNum[1] * rpNum[1]) / (rpDen[0] * rpDen[0] + rpDen[1] * rpDen[1]);
        return (rs + rp) / 2;
    }

    /**
     * [L-SPEC] No return exceeds the power that reached its surface: the two-layer coat from a mirror to matte
     * (σ_B 0 … 1, metal and dielectric, diffuse 0 … 0.97), Lambertian targets and a material whose BRDF is 10⁶ sr⁻¹,
     * at incidences 0 … 85° and ranges 0.5 … 40 m, with a wide and a narrow beam.
     */
    @Test
    @DisplayName("[L-SPEC] no surface returns more than reached it, over materials, angles and ranges")
    void energyBoundLSPEC_holdsOverMaterialsAnglesAndRanges() {
        List<SurfaceMaterial> materials = new ArrayList<>();
        for (double sigma : new double[] {0, 0.001, 0.005, 0.01, 0.011, 0.02, 0.05, 0.1, 0.3, 1}) {
            for (double[] nk : new double[][] {{0.037, 5.57}, {1.5, 0}}) {
                for (double cd : new double[] {0, 0.5, 0.97}) {
                    materials.add(new sensor.materials.impl.GgxOrenNayarBrdf(nk[0], nk[1], sigma, 0.3, cd));
                }
            }
        }
        for (double rho : new double[] {0.1, 1}) {
            materials.add(new SurfaceMaterial() {
                @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return rho / Math.PI; }
            });
        }
        materials.add(new SurfaceMaterial() {
            @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 1e6; }
        });
        double max = 0;
        int points = 0;
        for (SurfaceMaterial m : materials) {
            for (double d : new double[] {0.5, 3, 40}) {
                for (double theta : new double[] {0.0002, 0.003}) {
                    for (double deg : new double[] {0, 0.01, 1, 20, 45, 85}) {
                        PointCloud out = mirrorShot(m, d, Math.toRadians(deg), theta, 0);
                        for (int i = 0; i < out.count(); i++) {
                            double v = out.getFloat(i, INTENSITY_F32, 0);
                            assertTrue(v <= 1, m + " at " + d + " m, " + deg + "°: " + v);
                            max = Math.max(max, v);
                            points++;
                        }
                    }
                }
            }
        }
        assertTrue(points > 500, "points " + points);
        assertEquals(1, max, 1e-6, "the 10⁶ sr⁻¹ material returns exactly what reached it");
    }

    /**
     * [L-MS] On a tilted wall every sub-ray has its own range: the merged range is the intensity-weighted mean over the
     * axis and a ring of S − 1 directions evenly spread at tan(θ/2) about it, each weighted by its own cosine and
     * detection ratio, computed here from the geometry.
     */
    @Test
    @DisplayName("[L-MS] on a tilted wall the sub-rays' ranges merge over an evenly spread ring")
    void subRaysLMS_onATiltedWallMergeOverAnEvenRing() {
        double theta = 0.1, t = Math.tan(theta / 2);
        int s = 7;
        Vec3 n = new Vec3(-1, 0.5, 0.3).normalized(), at = new Vec3(10, 0, 0);
        LidarRig rig = new LidarRig();
        plane(rig, "wall", at, n, null);
        PointCloud out = rig.run(config(Vec3.X).setDivergenceHalfAngle(theta).setBeamSamples(s));
        assertEquals(1, out.count());
        Vec3 u = new Vec3(0, -1, 0), v = new Vec3(0, 0, -1); // x × z and x × u
        double sw = 0, swx = 0;
        for (int k = 0; k < s; k++) {
            double psi = k == 0 ? 0 : 2 * Math.PI * (k - 1) / (s - 1);
            Vec3 dir = k == 0 ? Vec3.X : Vec3.X.plus(u.times(t * Math.cos(psi))).plus(v.times(t * Math.sin(psi))).normalized();
            double x = at.dot(n) / dir.dot(n), w = 0.8 / Math.PI * -dir.dot(n) * ratio(x, theta) / s;
            sw += w;
            swx += w * x;
        }
        assertEquals(swx / sw, out.getFloat(0, DISTANCE_F32, 0), 1e-5);
        assertEquals(sw, out.getFloat(0, INTENSITY_F32, 0), 1e-6 * sw);
    }

    /** [L-P] In dual-return mode each of the two returns carries its own surface's normal. */
    @Test
    @DisplayName("[L-P] dual returns carry their own normals")
    void dualReturnsLP_carryTheirOwnNormals() {
        LidarRig rig = new LidarRig();
        rig.material("pane", new SurfaceMaterial() { // brighter than the wall behind: dual mode keeps both
            @Override public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0.9 / Math.PI; }
            @Override public double transmittance(double cos) { return 0.6; }
        });
        Vec3 paneNormal = new Vec3(-1, 0.5, 0.2).normalized();
        plane(rig, "pane", new Vec3(4, 0, 0), paneNormal, "pane");
        rig.wallAtX("wall", 10, null);
        PointCloud out = rig.run(config(Vec3.X, new Vec3(1, 0.1, -0.05).normalized()).setHeapDepth(2)
                .setReturnMode(ReturnMode.DUAL));
        assertEquals(4, out.count());
        for (int i = 0; i < 4; i++) {
            boolean pane = out.getFloat(i, DISTANCE_F32, 0) < 7;
            Vec3 want = pane ? paneNormal : new Vec3(-1, 0, 0);
            for (int c = 0; c < 3; c++) {
                assertEquals(new double[] {want.x(), want.y(), want.z()}[c], out.getFloat(i, NORMAL_VEC3_F32, c), 1e-6,
                        (pane ? "pane" : "wall") + " return " + i + ", axis " + c);
            }
        }
    }

    /** [L-P] The range and intensity bounds are inclusive: a return exactly at either is kept. */
    @Test
    @DisplayName("[L-P] a return exactly at the minimum range or intensity is kept")
    void boundsLP_areInclusive() {
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 7, null);
        PointCloud out = rig.run(config(Vec3.X));
        float x = out.getFloat(0, DISTANCE_F32, 0), in = out.getFloat(0, INTENSITY_F32, 0);
        rig.env.removeSensor("lidar");
        assertEquals(1, rig.run(config(Vec3.X).setMinIntensity(in)).count(), "at the intensity threshold");
        rig.env.removeSensor("lidar");
        assertEquals(0, rig.run(config(Vec3.X).setMinIntensity(Math.nextUp(in))).count(), "just above it");
        rig.env.removeSensor("lidar");
        assertEquals(1, rig.run(config(Vec3.X).setRange(x, 200)).count(), "at the minimum range");
        rig.env.removeSensor("lidar");
        assertEquals(0, rig.run(config(Vec3.X).setRange(Math.nextUp(x), 200)).count(), "just beyond it");
    }
}
