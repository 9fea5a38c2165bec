package sensor.cone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.cone.config.ConeConfig;
import sensor.cone.Primitives.Primitive;
import sensor.env.Environment;

/**
 * The cone sensor [C] against closed forms (a plate on the axis, a tilted plane inside and beyond the cone's edge, a
 * sphere, a closing body's range rate) and against an independent dense sampling of random triangles, spheres and
 * cylinders: the exact search must never be farther than the best sampled point inside the cone, and never closer
 * than the sampling's resolution allows.
 */
class ConeTypeTest {
    /** Runs one cone on a body moving at {@code v} from the origin among {@code objects}; returns its frames. */
    static List<SensorFrame> run(ConeConfig c, Vec3 v, double seconds, ObjectSpec... objects) {
        Environment env = new Environment();
        env.bindSensorType(new ConeType());
        env.setWorld(env.newKinematicWorld(0.01, Vec3.ZERO).addBody("car",
                new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, v, Vec3.ZERO)));
        for (ObjectSpec o : objects) {
            env.addObject(o);
        }
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("cone", ConeType.ID, c, SensorMount.on("car", Pose.IDENTITY), 10, 0));
        env.advance(seconds);
        return out;
    }

    static double[] values(SensorFrame f) {
        return ((Channels) f.data()).values();
    }

    @Test
    void C_thesisTable2PlateOnTheAxisIsAtOneMetreToANanometre() {
        // the thesis's case: a 1 × 1 × 1e-5 m plate centred on the axis, its near face 1 m from the apex
        ObjectSpec plate = ObjectSpec.fixed("plate", new Shape.Box(0.5, 0.5, 0.5e-5), Pose.translation(0, 0, 1 + 0.5e-5));
        List<SensorFrame> frames = run(new ConeConfig(30, 30, 10), Vec3.ZERO, 0.3, plate);
        assertEquals(3, frames.size());
        for (SensorFrame f : frames) {
            double[] v = values(f);
            assertEquals(1.0, v[0], 1e-9, "range");
            assertEquals(0, v[1], 1e-9, "azimuth");
            assertEquals(0, v[2], 1e-9, "elevation");
            assertEquals(0, v[4], "object index");
        }
        assertEquals(0, values(frames.get(2))[3], 1e-9, "a still plate has no range rate");
    }

    @Test
    void C_rangeRateOfAClosingBodyOverSimulatedTime() {
        ObjectSpec wall = ObjectSpec.fixed("wall", new Shape.Box(2, 2, 0.1), Pose.translation(0, 0, 8.1));
        List<SensorFrame> frames = run(new ConeConfig(20, 20, 10), new Vec3(0, 0, 3), 1, wall);
        assertTrue(Double.isNaN(values(frames.get(0))[3]), "no speed before a second reading");
        for (SensorFrame f : frames.subList(1, frames.size())) {
            double[] v = values(f);
            assertEquals(8 - 3 * f.time(), v[0], 1e-9, "range at t = " + f.time());
            assertEquals(-3, v[3], 1e-9, "range rate");
        }
    }

    @Test
    void C_nothingInsideOrBeyondRangeIsEmpty() {
        ObjectSpec far = ObjectSpec.fixed("far", new Shape.Sphere(1), Pose.translation(0, 0, 20));
        ObjectSpec aside = ObjectSpec.fixed("aside", new Shape.Sphere(1), Pose.translation(5, 0, 2));
        for (double x : values(run(new ConeConfig(30, 30, 10), Vec3.ZERO, 0.1, far, aside).get(0))) {
            assertTrue(Double.isNaN(x));
        }
    }

    @Test
    void C_aTiltedPlaneIsMetAtItsFootInsideAndAtTheConesEdgeBeyond() {
        // plane through (0, 0, d) with normal (0, sin β, cos β): foot at distance d cos β, elevation β; beyond the
        // vertical half-angle h the nearest point is on the generator at elevation h: d cos β / cos(β − h)
        double d = 4, h = Math.toRadians(15);
        EllipticCone cone = new EllipticCone(Math.toRadians(60), 2 * h, 100);
        for (double deg : new double[] {0, 5, 14.9, 15.1, 20, 40, 70}) {
            double beta = Math.toRadians(deg);
            Primitive plane = new Primitives.Plane(0, new double[] {0, 0, d}, new double[] {0, Math.sin(beta), Math.cos(beta)});
            EllipticCone.Nearest n = cone.nearest(List.of(plane));
            double expected = beta <= h ? d * Math.cos(beta) : d * Math.cos(beta) / Math.cos(beta - h);
            assertEquals(expected, n.distance(), 1e-9, "range at tilt " + deg + "°");
            assertEquals(Math.min(beta, h), Math.atan2(n.y(), n.z()), 1e-9, "elevation at tilt " + deg + "°");
            assertEquals(0, n.x(), 1e-9);
        }
    }

    @Test
    void C_aTiltedPlaneBeyondACircularConesEdgeAtAnAngleOffTheGrid() {
        // circular cone of half-angle h: the plane's normal tilted β > h from the axis towards azimuth ψ = 0.3 rad (not a
        // grid angle) is met on the generator at ψ, at d cos β / cos(β − h)
        double d = 5, h = Math.toRadians(20), psi = 0.3;
        EllipticCone cone = new EllipticCone(2 * h, 2 * h, 100);
        for (double deg : new double[] {25, 35, 60}) {
            double beta = Math.toRadians(deg);
            double[] n = {Math.sin(beta) * Math.cos(psi), Math.sin(beta) * Math.sin(psi), Math.cos(beta)};
            EllipticCone.Nearest got = cone.nearest(List.of(new Primitives.Plane(0, new double[] {0, 0, d}, n)));
            double foot = d * Math.cos(beta); // the plane through (0, 0, d): n·x = d cos β
            assertEquals(foot / Math.cos(beta - h), got.distance(), 1e-9, "tilt " + deg + "°");
            assertEquals(psi, Math.atan2(got.y(), got.x()), 1e-9, "on the generator at ψ");
        }
    }

    @Test
    void C_aSphereOnTheAxisAndOneAcrossTheEdge() {
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(20), 50);
        assertEquals(7, cone.nearest(List.of(new Primitives.Sphere(3, new double[] {0, 0, 9}, 2))).distance(), 1e-12);
        // centre in the x–z plane at angle ψ beyond the horizontal half-angle h: nearest on the generator at h,
        // the ray's first hit: b − sqrt(b² − |c|² + r²) with b = |c| cos(ψ − h)
        double psi = Math.toRadians(28), hh = Math.toRadians(20), dist = 10, r = 2;
        double[] c = {dist * Math.sin(psi), 0, dist * Math.cos(psi)};
        double b = dist * Math.cos(psi - hh);
        EllipticCone.Nearest n = cone.nearest(List.of(new Primitives.Sphere(3, c, r)));
        assertEquals(b - Math.sqrt(b * b - dist * dist + r * r), n.distance(), 1e-9);
        assertEquals(hh, Math.atan2(n.x(), n.z()), 1e-9, "azimuth on the cone's edge");
        assertEquals(3, n.owner());
    }

    @Test
    void C_randomPiecesAgreeWithDenseIndependentSampling() {
        Random rnd = new Random(7);
        EllipticCone cone = new EllipticCone(Math.toRadians(50), Math.toRadians(30), 30);
        int hits = 0;
        for (int trial = 0; trial < 60; trial++) {
            double[] a = point(rnd), b = point(rnd), c = point(rnd);
            Primitive tri = new Primitives.Triangle(1, a, b, c);
            double sampled = Double.POSITIVE_INFINITY;
            int n = 400;
            for (int i = 0; i <= n; i++) {
                for (int j = 0; i + j <= n; j++) {
                    double u = i / (double) n, w = j / (double) n;
                    double[] p = {a[0] + u * (b[0] - a[0]) + w * (c[0] - a[0]), a[1] + u * (b[1] - a[1]) + w * (c[1] - a[1]),
                        a[2] + u * (b[2] - a[2]) + w * (c[2] - a[2])};
                    if (strictlyInside(cone, p)) {
                        sampled = Math.min(sampled, Primitives.norm(p));
                    }
                }
            }
            EllipticCone.Nearest exact = cone.nearest(List.of(tri));
            if (Double.isInfinite(sampled)) {
                continue; // the sampling saw nothing: the exact search may still find a sliver
            }
            hits++;
            double spacing = Math.max(Primitives.norm(Primitives.sub(b, a)), Primitives.norm(Primitives.sub(c, a))) / n;
            assertTrue(exact != null, "trial " + trial + ": sampled " + sampled + " but nothing found");
            assertTrue(exact.distance() <= sampled + 1e-9, "trial " + trial + ": exact " + exact.distance()
                    + " farther than a sampled point at " + sampled);
            assertTrue(exact.distance() >= sampled - 2 * spacing, "trial " + trial + ": exact " + exact.distance()
                    + " much closer than the sampling's " + sampled);
            double[] q = {exact.x(), exact.y(), exact.z()};
            assertTrue(cone.contains(scaleInward(q)), "the point lies in the cone");
            assertEquals(0, distanceToTriangle(q, a, b, c), 1e-9, "the point lies on the triangle");
        }
        assertTrue(hits > 20, "enough triangles reach into the cone: " + hits);
    }

    @Test
    void C_cylindersAgreeWithDenseIndependentSampling() {
        Random rnd = new Random(11);
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(40), 30);
        for (int trial = 0; trial < 30; trial++) {
            double[] centre = point(rnd), axis = unit(rnd);
            double r = 0.3 + rnd.nextDouble(), h = 0.3 + rnd.nextDouble();
            Primitive cyl = new Primitives.Cylinder(0, centre, axis, r, h);
            double[] e1 = Primitives.perpendicular(axis), e2 = Primitives.cross(axis, e1);
            double sampled = Double.POSITIVE_INFINITY;
            int n = 300;
            for (int i = 0; i < n; i++) { // the side and both caps
                double phi = 2 * Math.PI * i / n;
                double[] radial = Primitives.add(Primitives.scale(e1, Math.cos(phi)), Primitives.scale(e2, Math.sin(phi)));
                for (int j = 0; j <= n; j++) {
                    double s = -h + 2 * h * j / n, rho = r * j / n;
                    for (double[] p : new double[][] {Primitives.add(Primitives.axpy(centre, axis, s), Primitives.scale(radial, r)),
                        Primitives.add(Primitives.axpy(centre, axis, h), Primitives.scale(radial, rho)),
                        Primitives.add(Primitives.axpy(centre, axis, -h), Primitives.scale(radial, rho))}) {
                        if (strictlyInside(cone, p)) {
                            sampled = Math.min(sampled, Primitives.norm(p));
                        }
                    }
                }
            }
            EllipticCone.Nearest exact = cone.nearest(List.of(cyl));
            if (Double.isInfinite(sampled)) {
                continue;
            }
            double spacing = 2 * Math.PI * Math.max(r, h) / n;
            assertTrue(exact != null && exact.distance() <= sampled + 1e-9, "trial " + trial + ": " + exact + " vs " + sampled);
            assertTrue(exact.distance() >= sampled - 2 * spacing, "trial " + trial + ": " + exact + " vs " + sampled);
        }
    }

    @Test
    void C_invalidConfigurationNamesTheField() {
        ConeType t = new ConeType();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.create(new ConeConfig(180, 30, 10)));
        assertTrue(e.getMessage().contains("horizontalAngle"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.create(new ConeConfig(30, 0, 10)));
        assertTrue(e.getMessage().contains("verticalAngle"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> t.create(new ConeConfig(30, 30, -1)));
        assertTrue(e.getMessage().contains("range"), e.getMessage());
    }

    @Test
    void C_aRotatedMountLooksAlongItsOwnZ() {
        // the sensor's +z turned to the world's +x: a sphere ahead on x is seen, one on the world's z is not
        Pose mount = new Pose(Vec3.ZERO, Quat.axisAngle(Vec3.Y, Math.PI / 2));
        Environment env = new Environment();
        env.bindSensorType(new ConeType());
        env.addObject(ObjectSpec.fixed("ahead", new Shape.Sphere(0.5), Pose.translation(5, 0, 0)));
        env.addObject(ObjectSpec.fixed("above", new Shape.Sphere(0.5), Pose.translation(0, 0, 3)));
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(new SensorSpec("cone", ConeType.ID, new ConeConfig(20, 20, 10), SensorMount.world(mount), 10, 0));
        env.advance(0.1);
        assertEquals(4.5, values(out.get(0))[0], 1e-12);
        assertEquals(0, values(out.get(0))[4]);
    }

    private static double[] point(Random rnd) {
        return new double[] {rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 20 - 2};
    }

    private static double[] unit(Random rnd) {
        double[] v = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
        return Primitives.scale(v, 1 / Primitives.norm(v));
    }

    /** Inside the cone by this test's own inequality, strictly (so sampled points need no tolerance). */
    private static boolean strictlyInside(EllipticCone cone, double[] p) {
        double ex = p[0] / cone.a, ey = p[1] / cone.b;
        return p[2] > 0 && ex * ex + ey * ey < p[2] * p[2] && Primitives.norm(p) <= cone.range;
    }

    /** {@code p} moved 1e-9 towards the axis, to test membership of a point found on the cone's surface. */
    private static double[] scaleInward(double[] p) {
        return new double[] {p[0] * (1 - 1e-9), p[1] * (1 - 1e-9), p[2]};
    }

    /** Distance from p to triangle abc, by brute-force projection (plane, then the three edges). */
    static double distanceToTriangle(double[] p, double[] a, double[] b, double[] c) {
        double[] n = Primitives.cross(Primitives.sub(b, a), Primitives.sub(c, a));
        n = Primitives.scale(n, 1 / Primitives.norm(n));
        double[] q = Primitives.axpy(p, n, -Primitives.dot(Primitives.sub(p, a), n));
        double[][] v = {a, b, c};
        boolean inside = true;
        for (int k = 0; k < 3; k++) {
            double[] e = Primitives.sub(v[(k + 1) % 3], v[k]);
            inside &= Primitives.dot(Primitives.cross(e, Primitives.sub(q, v[k])), n) >= -1e-12;
        }
        if (inside) {
            return Math.abs(Primitives.dot(Primitives.sub(p, a), n));
        }
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            double[] s = v[k], e = Primitives.sub(v[(k + 1) % 3], s);
            double l = Math.max(0, Math.min(1, Primitives.dot(Primitives.sub(p, s), e) / Primitives.dot(e, e)));
            best = Math.min(best, Primitives.norm(Primitives.sub(p, Primitives.axpy(s, e, l))));
        }
        return best;
    }
}
