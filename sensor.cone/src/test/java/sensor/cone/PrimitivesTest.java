package sensor.cone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
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
    void C_triangleNearestPointAgreesWithDenseSamplingOfTheTriangle() {
        for (int i = 0; i < 20; i++) {
            double[] a = point(2), b = point(2), c = point(2);
            double got = Primitives.norm(new Primitives.Triangle(0, a, b, c).nearest());
            double sampled = Double.POSITIVE_INFINITY;
            int n = 300;
            for (int j = 0; j <= n; j++) {
                for (int k = 0; j + k <= n; k++) {
                    double v = (double) j / n, w = (double) k / n;
                    double[] q = Primitives.axpy(Primitives.axpy(a, Primitives.sub(b, a), v), Primitives.sub(c, a), w);
                    sampled = Math.min(sampled, Primitives.norm(q));
                }
            }
            double spacing = Math.sqrt(Math.max(Primitives.dist2(a, b), Math.max(Primitives.dist2(b, c), Primitives.dist2(c, a)))) / n;
            assertTrue(got <= sampled + 1e-12 && sampled <= got + spacing, "triangle " + i + ": " + got + " vs sampled " + sampled);
        }
        // a degenerate triangle (two equal corners) is its segment
        double[] p = {1, -1, 2}, q = {1, 1, 2};
        assertEquals(Math.sqrt(5), Primitives.norm(new Primitives.Triangle(0, p, p.clone(), q).nearest()), 1e-15);
        assertEquals(Math.sqrt(5), Primitives.norm(new Primitives.Triangle(0, p, q, q.clone()).nearest()), 1e-15);
    }

    /**
     * Pieces are closed surfaces and distances are strictly positive: rays exactly through a triangle's edges and
     * vertex, and rays tangent to a sphere or a cylinder's side, hit; from an apex lying on a surface the hit is the
     * far side, never the apex itself (t = 0). Coordinates are small integers, so every product and quotient below is
     * exact and the edge cases are reached exactly.
     */
    @Test
    void C_exactEdgesVerticesAndTangentsHitAndAnApexOnTheSurfaceIsNotAHit() {
        double inf = Double.POSITIVE_INFINITY;
        // (0, 0, 2) on edge ab, on edge ac, at vertex b (barycentric weights exactly 0 and 1)
        assertEquals(2, new Primitives.Triangle(0, new double[] {-1, 0, 2}, new double[] {1, 0, 2}, new double[] {0, 1, 2})
                .hit(0, 0, 1));
        assertEquals(2, new Primitives.Triangle(0, new double[] {0, -1, 2}, new double[] {1, 0, 2}, new double[] {0, 1, 2})
                .hit(0, 0, 1));
        assertEquals(2, new Primitives.Triangle(0, new double[] {-1, 0, 2}, new double[] {0, 0, 2}, new double[] {-1, 1, 2})
                .hit(0, 0, 1));
        // a triangle through the apex: t = 0 is not a hit
        assertEquals(inf, new Primitives.Triangle(0, new double[] {-1, -1, 0}, new double[] {1, -1, 0}, new double[] {0, 1, 0})
                .hit(0, 0, 1));
        // sphere: tangent at (2, 0, 0); apex on the surface looking in (far side at 2) and looking out (nothing)
        assertEquals(2, new Primitives.Sphere(0, new double[] {2, 1, 0}, 1).hit(1, 0, 0));
        Primitives.Sphere touching = new Primitives.Sphere(0, new double[] {0, 0, 1}, 1);
        assertEquals(2, touching.hit(0, 0, 1));
        assertEquals(inf, touching.hit(0, 0, -1));
        double[] z = {0, 0, 1};
        // cylinder: tangent to the side at (2, 0, 0); apex on the side and on a cap looking in: the far side at 2
        assertEquals(2, new Primitives.Cylinder(0, new double[] {2, 1, 0}, z, 1, 1).hit(1, 0, 0));
        assertEquals(2, new Primitives.Cylinder(0, new double[] {1, 0, 0}, z, 1, 1).hit(1, 0, 0));
        assertEquals(2, new Primitives.Cylinder(0, new double[] {0, 0, 1}, z, 1, 1).hit(0, 0, 1));
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
    void C_aBoxBecomesTwelveTrianglesOverItsEightCornersWithItsSurfaceArea() {
        Environment env = new Environment();
        env.addObject(ObjectSpec.fixed("box", new Shape.Box(1.5, 2, 3), Pose.IDENTITY)); // half extents
        List<Primitive> pieces = ConeType.pieces(env.scene(), Pose.IDENTITY, 0);
        assertEquals(12, pieces.size());
        java.util.Set<List<Double>> corners = new java.util.HashSet<>();
        double area = 0;
        for (Primitive p : pieces) {
            Primitives.Triangle t = (Primitives.Triangle) p;
            for (double[] v : new double[][] {t.a(), t.b(), t.c()}) {
                corners.add(List.of(v[0], v[1], v[2]));
            }
            area += Primitives.norm(Primitives.cross(Primitives.sub(t.b(), t.a()), Primitives.sub(t.c(), t.a()))) / 2;
        }
        java.util.Set<List<Double>> want = new java.util.HashSet<>();
        for (double x : new double[] {-1.5, 1.5}) {
            for (double y : new double[] {-2, 2}) {
                for (double z : new double[] {-3, 3}) {
                    want.add(List.of(x, y, z));
                }
            }
        }
        assertEquals(want, corners);
        assertEquals(2 * (3 * 4 + 4 * 6 + 3 * 6), area, 1e-12, "faces cover the box's surface once");
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

    /**
     * A segment e1→e2 that dips 1e-6 rad into the circular cone of half-angle 20° at the middle m (at a generator angle
     * between two grid angles) and is outside elsewhere, its nearer end e1 outside: neither the grid nor the pieces'
     * unconstrained nearest points reach the short chord inside.
     */
    private static double[][] chord() {
        double alpha = 0.5 * 2 * Math.PI / EllipticCone.SAMPLES, half = Math.toRadians(20);
        double[] m = Primitives.scale(direction(half - 1e-6, alpha), 10);
        double[] tangent = {-Math.sin(alpha), Math.cos(alpha), 0};
        return new double[][] {Primitives.axpy(Primitives.scale(m, 0.99), tangent, 0.2),
            Primitives.axpy(Primitives.scale(m, 1.01), tangent, -0.2), m};
    }

    @Test
    void C_oneEdgeCrossingTheSurfaceOnItsOwnIsFound() {
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(40), 100);
        double[][] c = chord();
        double[] far = Primitives.scale(direction(Math.toRadians(20) + 0.05, 0.5 * 2 * Math.PI / EllipticCone.SAMPLES), 9);
        double[][] v = {c[0], c[1], far};
        for (int shift = 0; shift < 3; shift++) { // the crossing edge as a→b, b→c and c→a in turn
            Primitive t = new Primitives.Triangle(0, v[shift % 3], v[(shift + 1) % 3], v[(shift + 2) % 3]);
            assertTrue(!cone.contains(t.nearest()), "the triangle's nearest point is outside");
            EllipticCone.Nearest n = cone.nearest(List.of(t));
            assertNotNull(n, "crossing edge at position " + shift);
            assertEquals(10, n.distance(), 1e-2, "near the chord");
        }
        Primitive rod = new Primitives.Cylinder(1, Primitives.scale(Primitives.add(c[0], c[1]), 0.5),
                Primitives.scale(Primitives.sub(c[1], c[0]), 1 / Primitives.norm(Primitives.sub(c[1], c[0]))), 0.0005,
                Primitives.norm(Primitives.sub(c[1], c[0])) / 2);
        assertTrue(!cone.contains(rod.nearest()), "the rod's nearest point is outside");
        EllipticCone.Nearest n = cone.nearest(List.of(rod));
        assertNotNull(n, "a thin rod crossing in its middle");
        // against dense sampling of the rod's surface (its inner side dips in over a longer stretch than its axis)
        double[] axis = Primitives.scale(Primitives.sub(c[1], c[0]), 1 / Primitives.norm(Primitives.sub(c[1], c[0])));
        double[] e1 = Primitives.perpendicular(axis), e2 = Primitives.cross(axis, e1);
        double sampled = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= 4000; i++) {
            double[] on = Primitives.axpy(c[0], Primitives.sub(c[1], c[0]), i / 4000.0);
            for (int k = 0; k < 64; k++) {
                double phi = 2 * Math.PI * k / 64;
                double[] q = Primitives.add(on, Primitives.add(Primitives.scale(e1, 0.0005 * Math.cos(phi)),
                        Primitives.scale(e2, 0.0005 * Math.sin(phi))));
                if (cone.contains(q)) {
                    sampled = Math.min(sampled, Primitives.norm(q));
                }
            }
        }
        assertTrue(n.distance() <= sampled + 1e-9 && n.distance() >= sampled - 2e-4, n.distance() + " vs sampled " + sampled);
        Primitive hair = new Primitives.Cylinder(1, Primitives.scale(Primitives.add(c[0], c[1]), 0.5), axis, 1e-6,
                Primitives.norm(Primitives.sub(c[1], c[0])) / 2);
        n = cone.nearest(List.of(hair));
        assertNotNull(n, "a hair whose surface never meets the generators through the seeds of its centre and ends");
        assertEquals(10, n.distance(), 1e-2);
    }

    @Test
    void C_anEdgeParallelToAGeneratorCrossesOnce() {
        // edge direction (a, 0, 1) lies along the cone's surface direction: the quadratic degenerates to a line
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(20), 100);
        java.util.List<Double> seeds = new java.util.ArrayList<>();
        double a = cone.a;
        // from outside on the −x side, parallel to the +x generator: crosses the −x side once, at l = 0.05
        cone.edgeCrossings(new double[] {-6 * a, 0, 5}, new double[] {4 * a, 0, 15}, seeds::add);
        assertEquals(1, seeds.size(), "one crossing");
        assertEquals(Math.PI, Math.abs(seeds.get(0)), 1e-12, "on the generator at α = π (−x)");
        seeds.clear();
        // nearly parallel (1e-9 rad off): the stable roots still give the crossing
        cone.edgeCrossings(new double[] {-6 * a, 0, 5}, new double[] {4 * a + 1e-8, 0, 15}, seeds::add);
        assertEquals(1, seeds.size(), "one crossing when nearly parallel");
        assertEquals(Math.PI, Math.abs(seeds.get(0)), 1e-12);
        seeds.clear();
        cone.edgeCrossings(new double[] {0, 0, 5}, new double[] {0, 0, 9}, seeds::add);
        assertEquals(0, seeds.size(), "an edge on the axis never crosses");
    }

    @Test
    void C_cylinderEndsPokingInAreFoundThroughTheirSeeds() {
        // a long thin cylinder whose centre lies outside, far in angle, with one end 1e-4 rad inside between grid angles
        EllipticCone cone = new EllipticCone(Math.toRadians(40), Math.toRadians(40), 100);
        double alpha = 0.5 * 2 * Math.PI / EllipticCone.SAMPLES, half = Math.toRadians(20);
        for (double sign : new double[] {1, -1}) {
            double[] end = Primitives.scale(direction(half - 1e-4, alpha), 10);
            double[] out = Primitives.scale(direction(half + 0.3, alpha + 0.5), 10);
            double[] axis = Primitives.sub(end, out);
            double length = Primitives.norm(axis);
            axis = Primitives.scale(axis, sign / length);
            double[] centre = Primitives.scale(Primitives.add(end, out), 0.5);
            EllipticCone.Nearest n = cone.nearest(List.of(new Primitives.Cylinder(0, centre, axis, 0.002, length / 2)));
            assertNotNull(n, "end " + sign);
            assertEquals(10, n.distance(), 0.01);
        }
    }

    @Test
    void C_cylinderInsideChoosesTheNearerOfSideAndCap() {
        double[] w = {0, 0, 1};
        // side 0.3 away, cap 0.5 away
        assertEquals(0.3, Primitives.norm(new Primitives.Cylinder(0, new double[] {-0.7, 0, -0.3}, w, 1, 0.8).nearest()), 1e-12);
        // side 0.5 away, cap 0.2 away
        assertEquals(0.2, Primitives.norm(new Primitives.Cylinder(0, new double[] {-0.5, 0, -0.6}, w, 1, 0.8).nearest()), 1e-12);
        // the apex on an axis along x: any side point
        assertEquals(0.5, Primitives.norm(new Primitives.Cylinder(0, new double[3], new double[] {1, 0, 0}, 0.5, 3).nearest()),
                1e-12);
    }

    @Test
    void C_aHeightfieldIsItsDocumentedTriangles() {
        // random heights; the test triangulates itself: samples centred on the origin, diagonal (i, j)-(i+1, j+1)
        int columns = 5, rows = 4;
        double dx = 0.7, dy = 0.9;
        float[] h = new float[columns * rows];
        for (int k = 0; k < h.length; k++) {
            h[k] = (float) (RND.nextDouble() * 0.8);
        }
        Pose pose = Pose.translation(0.2, -0.1, 3);
        java.util.List<Primitive> mine = new java.util.ArrayList<>();
        for (int j = 0; j + 1 < rows; j++) {
            for (int i = 0; i + 1 < columns; i++) {
                double[] v00 = vertex(i, j, columns, rows, dx, dy, h, pose), v10 = vertex(i + 1, j, columns, rows, dx, dy, h, pose);
                double[] v01 = vertex(i, j + 1, columns, rows, dx, dy, h, pose), v11 = vertex(i + 1, j + 1, columns, rows, dx, dy, h, pose);
                mine.add(new Primitives.Triangle(0, v00, v10, v11));
                mine.add(new Primitives.Triangle(0, v00, v11, v01));
            }
        }
        Environment env = new Environment();
        env.addObject(ObjectSpec.fixed("terrain", new Shape.Heightfield(columns, rows, dx, dy, h), pose));
        EllipticCone cone = new EllipticCone(Math.toRadians(70), Math.toRadians(50), 10);
        for (double tilt : new double[] {0, 0.2, -0.3}) { // the cone turned about y: other parts of the terrain
            Pose mount = new Pose(Vec3.ZERO, Quat.axisAngle(Vec3.Y, tilt));
            EllipticCone.Nearest want = cone.nearest(inFrame(mine, mount)), got = cone.nearest(ConeType.pieces(env.scene(), mount, 0));
            assertEquals(want.distance(), got.distance(), 1e-6, "tilt " + tilt); // float vertices in the scene
        }
    }

    private static double[] vertex(int i, int j, int columns, int rows, double dx, double dy, float[] h, Pose pose) {
        var p = pose.transformPoint(new Vec3((i - (columns - 1) / 2.0) * dx, (j - (rows - 1) / 2.0) * dy,
                h[j * columns + i]));
        return new double[] {p.x(), p.y(), p.z()};
    }

    private static java.util.List<Primitive> inFrame(java.util.List<Primitive> world, Pose sensor) {
        java.util.List<Primitive> out = new java.util.ArrayList<>();
        for (Primitive p : world) {
            Primitives.Triangle t = (Primitives.Triangle) p;
            out.add(new Primitives.Triangle(0, local(t.a(), sensor), local(t.b(), sensor), local(t.c(), sensor)));
        }
        return out;
    }

    private static double[] local(double[] w, Pose sensor) {
        var p = sensor.inverseTransformPoint(new Vec3(w[0], w[1], w[2]));
        return new double[] {p.x(), p.y(), p.z()};
    }

    /** A triangle's bounding sphere is centred at its centroid and reaches its farthest vertex. */
    @Test
    void aTrianglesBoundingSphereIsCentredAtItsCentroid() {
        double[] a = {1, -2, 3}, b = {4, 0.5, -1}, c = {-2, 3, 2.5};
        double[] s = new Primitives.Triangle(0, a, b, c).bounds();
        double[] m = {1, 0.5, 1.5};
        for (int k = 0; k < 3; k++) {
            assertEquals(m[k], s[k], 1e-15, "centre " + k);
        }
        double r = 0;
        for (double[] v : new double[][] {a, b, c}) {
            r = Math.max(r, Math.sqrt(Math.pow(v[0] - m[0], 2) + Math.pow(v[1] - m[1], 2) + Math.pow(v[2] - m[2], 2)));
        }
        assertEquals(r, s[3], 1e-15);
    }

    @Test
    void theConeTypeNamesItsModelAndDefaults() {
        ConeType t = new ConeType();
        assertEquals(sensor.cone.config.ConeConfig.DEFAULT, t.defaultConfig());
        assertTrue(t.description().contains("[C]"), t.description());
    }

    /**
     * [C] Where an edge crosses an elliptic cone's surface, the angles offered are the generator angles
     * atan2(y/b, x/a) of the crossing points, found here by bisection on x²/a² + y²/b² − z² along the edge, and for
     * a chord inside, of its middle.
     */
    @Test
    void C_edgeCrossingsOfAnEllipticConeAreTheGeneratorAnglesOfTheCrossings() {
        EllipticCone cone = new EllipticCone(Math.toRadians(70), Math.toRadians(30), 50);
        double a = Math.tan(Math.toRadians(35)), b = Math.tan(Math.toRadians(15));
        double[] p = {-4.5, 0.4, 5}, q = {4.5, -0.2, 6};
        java.util.function.DoubleUnaryOperator f = l -> {
            double x = p[0] + l * (q[0] - p[0]), y = p[1] + l * (q[1] - p[1]), z = p[2] + l * (q[2] - p[2]);
            return x * x / (a * a) + y * y / (b * b) - z * z;
        };
        assertTrue(f.applyAsDouble(0) > 0 && f.applyAsDouble(0.5) < 0 && f.applyAsDouble(1) > 0, "outside, inside, outside");
        double l1 = bisect(f, 0, 0.5), l2 = bisect(f, 0.5, 1), lm = (l1 + l2) / 2;
        java.util.List<Double> offered = new java.util.ArrayList<>();
        cone.edgeCrossings(p, q, offered::add);
        assertEquals(3, offered.size(), "two crossings and the chord's middle");
        double[] expected = {angle(p, q, l1, a, b), angle(p, q, l2, a, b), angle(p, q, lm, a, b)};
        java.util.Arrays.sort(expected);
        double[] got = offered.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        for (int k = 0; k < 3; k++) {
            assertEquals(expected[k], got[k], 1e-12, "angle " + k);
        }
        offered.clear();
        cone.edgeCrossings(new double[] {-3, 0.4, -5}, new double[] {4, -0.2, -6}, offered::add);
        assertEquals(0, offered.size(), "the mirrored nappe below the apex is not the cone");
    }

    private static double bisect(java.util.function.DoubleUnaryOperator f, double lo, double hi) {
        boolean loPositive = f.applyAsDouble(lo) > 0;
        for (int k = 0; k < 200; k++) {
            double mid = (lo + hi) / 2;
            if (f.applyAsDouble(mid) > 0 == loPositive) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double angle(double[] p, double[] q, double l, double a, double b) {
        return Math.atan2((p[1] + l * (q[1] - p[1])) / b, (p[0] + l * (q[0] - p[0])) / a);
    }
}
