package sensor.cone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import sensor.api.env.ObjectSpec;
import sensor.api.env.Shape;
import sensor.api.geom.Pose;
import sensor.cone.Primitives.Primitive;
import sensor.env.Environment;

/**
 * The closed forms of the cone's pieces [C] against independent methods: nearest points against projection onto the
 * triangle's plane and edges or dense sampling, ray hits against bisection on an inside/outside test; the angles the
 * pieces offer as seeds against slivers no grid angle reaches; every shape through the scene.
 */
class PrimitivesTest {
    private static final Random RND = new Random(5);

    private static double[] point(double scale) {
        return new double[] {RND.nextGaussian() * scale, RND.nextGaussian() * scale, RND.nextGaussian() * scale};
    }

    private static double[] unit() {
        double[] v = point(1);
        return Primitives.scale(v, 1 / Primitives.norm(v));
    }

    @Test
    void C_triangleNearestPointMatchesProjectionInEveryRegion() {
        for (int i = 0; i < 2000; i++) {
            double[] a = point(3), b = point(3), c = point(3);
            double[] q = new Primitives.Triangle(0, a, b, c).nearest();
            double want = ConeTypeTest.distanceToTriangle(new double[3], a, b, c);
            assertEquals(want, Primitives.norm(q), 1e-9, "distance, triangle " + i);
            assertEquals(0, ConeTypeTest.distanceToTriangle(q, a, b, c), 1e-9, "the point lies on triangle " + i);
        }
    }

    @Test
    void C_rayHitsMatchBisectionOnInsideTests() {
        for (int i = 0; i < 300; i++) {
            double[] c = point(4), w = unit(), u = unit();
            double r = 0.5 + RND.nextDouble() * 2, h = 0.5 + RND.nextDouble() * 2;
            Primitive cylinder = new Primitives.Cylinder(0, c, w, r, h), sphere = new Primitives.Sphere(0, c, r);
            check(cylinder, p -> {
                double[] d = Primitives.sub(p, c);
                double s = Primitives.dot(d, w);
                double[] radial = Primitives.axpy(d, w, -s);
                return Math.abs(s) <= h && Primitives.dot(radial, radial) <= r * r;
            }, u, "cylinder " + i);
            check(sphere, p -> Primitives.dist2(p, c) <= r * r, u, "sphere " + i);
        }
        for (int i = 0; i < 300; i++) { // triangles: the hit must lie on the triangle, a miss must not cross its plane inside
            double[] a = point(3), b = point(3), c = point(3), u = unit();
            double t = new Primitives.Triangle(0, a, b, c).hit(u[0], u[1], u[2]);
            double[] n = Primitives.cross(Primitives.sub(b, a), Primitives.sub(c, a));
            double along = Primitives.dot(a, n) / Primitives.dot(u, n);
            double[] p = Primitives.scale(u, along);
            boolean crosses = along > 0 && ConeTypeTest.distanceToTriangle(p, a, b, c) < 1e-9;
            if (Double.isFinite(t)) {
                assertEquals(along, t, 1e-9 * Math.max(1, along), "triangle " + i);
            }
            assertEquals(crosses, Double.isFinite(t), "triangle " + i + " hit or miss");
        }
        Primitive plane = new Primitives.Plane(0, new double[] {0, 0, 2}, new double[] {0, 0, 1});
        assertEquals(2 * Math.sqrt(2), plane.hit(Math.sqrt(0.5), 0, Math.sqrt(0.5)), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, plane.hit(1, 0, 0), "parallel");
        assertEquals(Double.POSITIVE_INFINITY, plane.hit(0, 0, -1), "behind");
        assertEquals(2, plane.nearest()[2], 1e-15);
    }

    /** The first t > 0 where the ray leaves the state it starts in, by stepping and bisection; +∞ within 50 m. */
    private static void check(Primitive p, Predicate<double[]> inside, double[] u, String what) {
        boolean start = inside.test(new double[3]);
        double step = 1e-3, lo = 0, hi = Double.NaN;
        for (double t = step; t < 50; t += step) {
            if (inside.test(Primitives.scale(u, t)) != start) {
                lo = t - step;
                hi = t;
                break;
            }
        }
        double got = p.hit(u[0], u[1], u[2]);
        if (Double.isNaN(hi)) { // a miss, or a graze shorter than the step: then the hit must lie on the surface
            assertTrue(Double.isInfinite(got) || inside.test(Primitives.scale(u, got + 1e-7)) != start
                    || inside.test(Primitives.scale(u, got - 1e-7)) != start, what + ": no crossing found, got " + got);
            return;
        }
        for (int k = 0; k < 60; k++) {
            double mid = (lo + hi) / 2;
            if (inside.test(Primitives.scale(u, mid)) != start) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        assertEquals(hi, got, 1e-9, what);
    }

    @Test
    void C_cylinderAndSphereNearestPointsFromInsideAndOutside() {
        double[] w = {0, 0, 1};
        // the apex inside: nearer the side (radius 1, the apex 0.2 off the axis) or nearer a cap
        Primitive tallCylinder = new Primitives.Cylinder(0, new double[] {0.2, 0, 0}, w, 1, 5);
        double[] q = tallCylinder.nearest();
        assertEquals(0.8, Primitives.norm(q), 1e-12);
        assertEquals(-0.8, q[0], 1e-12);
        Primitive flatCylinder = new Primitives.Cylinder(0, new double[] {0, 0, 0.3}, w, 4, 0.5);
        q = flatCylinder.nearest();
        assertEquals(0.2, Primitives.norm(q), 1e-12);
        assertEquals(-0.2, q[2], 1e-12);
        Primitive onAxis = new Primitives.Cylinder(0, new double[] {0, 0, 0}, w, 0.5, 3);
        assertEquals(0.5, Primitives.norm(onAxis.nearest()), 1e-12, "on the axis: any side point");
        // outside: beyond the rim
        Primitive away = new Primitives.Cylinder(0, new double[] {3, 0, 4}, w, 1, 1);
        assertEquals(Math.hypot(2, 3), Primitives.norm(away.nearest()), 1e-12);
        // a sphere around the apex: its nearest surface point is radius − offset away
        assertEquals(1.7, Primitives.norm(new Primitives.Sphere(0, new double[] {0.3, 0, 0}, 2).nearest()), 1e-12);
        assertEquals(2, Primitives.norm(new Primitives.Sphere(0, new double[3], 2).nearest()), 1e-12);
        assertEquals(2.3, new Primitives.Sphere(0, new double[] {0.3, 0, 0}, 2).hit(1, 0, 0), 1e-12, "from inside");
    }

    @Test
    void C_slivers_betweenGridAnglesAreFoundThroughTheirSeeds() {
        // a circular cone of half-angle 20°; targets poke into it across its surface at an angle between two grid
        // generators (the grid's spacing is 2π/256), so only the seeds they offer lead the search there
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(40), 100);
        double alpha = 0.5 * 2 * Math.PI / EllipticCone.SAMPLES, half = Math.toRadians(20);
        double[] tipDir = direction(half - 1e-4, alpha), outDir = direction(half + 0.02, alpha);
        double[] tip = Primitives.scale(tipDir, 10);
        double[] side = Primitives.scale(outDir, 10);
        double[] across = {-Math.sin(alpha) * 0.01, Math.cos(alpha) * 0.01, 0};
        Primitive sliver = new Primitives.Triangle(0, tip, Primitives.add(side, across), Primitives.sub(side, across));
        EllipticCone.Nearest n = cone.nearest(List.of(sliver));
        assertNotNull(n, "a triangle whose tip alone is inside");
        assertTrue(n.distance() <= 10 + 1e-12 && n.distance() > 9.9, "at its tip: " + n.distance());

        double[] centre = Primitives.scale(direction(half + 0.0008, alpha), 10);
        n = cone.nearest(List.of(new Primitives.Sphere(1, centre, 0.01)));
        assertNotNull(n, "a small sphere across the surface");
        assertEquals(10, n.distance(), 0.02);
        n = cone.nearest(List.of(new Primitives.Cylinder(2, centre, new double[] {0, 0, 1}, 0.01, 0.01)));
        assertNotNull(n, "a small cylinder across the surface");
        assertEquals(10, n.distance(), 0.03);
    }

    /** Unit direction at angle {@code off} from +z, at generator angle {@code alpha} (a circular cone). */
    private static double[] direction(double off, double alpha) {
        return new double[] {Math.sin(off) * Math.cos(alpha), Math.sin(off) * Math.sin(alpha), Math.cos(off)};
    }

    @Test
    void C_cullingKeepsPiecesWhoseBoundsReachIntoTheCone() {
        EllipticCone cone = new EllipticCone(Math.toRadians(20), Math.toRadians(20), 30);
        // a long triangle whose centroid lies 25° off the axis but whose corner is on it
        double[] a = {0, 0, 10}, b = {12, -1, 10}, c = {12, 1, 10};
        EllipticCone.Nearest n = cone.nearest(List.of(new Primitives.Triangle(0, a, b, c)));
        assertNotNull(n);
        assertEquals(10, n.distance(), 1e-12);
        assertTrue(cone.mayReach(new double[] {0, 0, 40, 10.5}), "reaches back within range");
        assertTrue(!cone.mayReach(new double[] {0, 0, 41, 10.5}), "beyond range");
        assertTrue(cone.mayReach(new double[] {0, 0, 0.5, 1}), "around the apex");
        assertTrue(!cone.mayReach(new double[] {10, 0, 0, 1}), "beside the cone");
        assertTrue(cone.mayReach(new double[] {10, 0, 10, 9}), "reaching across the cone's side");
        assertTrue(!cone.mayReach(new double[] {10, 0, 10, 8}), "short of the cone's side");
    }

    @Test
    void C_everyShapeThroughTheScene() {
        // the cone at the world origin looks along +z: each shape placed so that its nearest point is 3 m up
        List<ObjectSpec> shapes = List.of(
                ObjectSpec.fixed("box", new Shape.Box(1, 2, 0.5), Pose.translation(0, 0, 3.5)),
                ObjectSpec.fixed("sphere", new Shape.Sphere(0.5), Pose.translation(0, 0, 3.5)),
                ObjectSpec.fixed("cylinder", new Shape.Cylinder(0.5, 2), Pose.translation(0, 0, 4)),
                ObjectSpec.fixed("plane", new Shape.Plane(), Pose.translation(0, 0, 3)),
                ObjectSpec.fixed("mesh", new Shape.TriangleMesh(new float[] {-1, -1, 3, 1, -1, 3, 0, 2, 3}, new int[] {0, 1, 2}),
                        Pose.IDENTITY),
                ObjectSpec.fixed("terrain", new Shape.Heightfield(3, 3, 1, 1, new float[] {1, 1, 1, 1, 0, 1, 1, 1, 1}),
                        Pose.translation(0, 0, 3)));
        EllipticCone cone = new EllipticCone(Math.toRadians(30), Math.toRadians(30), 10);
        for (ObjectSpec o : shapes) {
            Environment env = new Environment();
            env.addObject(o);
            EllipticCone.Nearest n = cone.nearest(ConeType.pieces(env.scene(), Pose.IDENTITY, 0));
            assertNotNull(n, o.id());
            assertEquals(3, n.distance(), 1e-9, o.id());
            assertEquals(0, n.owner(), o.id());
        }
        Environment tilted = new Environment(); // the terrain's cells as triangles: a ridge at 3 m, valleys at 4 m
        tilted.addObject(ObjectSpec.fixed("terrain", new Shape.Heightfield(2, 2, 2, 2, new float[] {0, 1, 1, 0}),
                Pose.translation(0, 0, 3)));
        assertEquals(3, cone.nearest(ConeType.pieces(tilted.scene(), Pose.IDENTITY, 0)).distance(), 1e-9,
                "the diagonal (0, 0)–(1, 1) at 3 m splits the cell (the other diagonal would put its centre at 4 m)");
    }
}
