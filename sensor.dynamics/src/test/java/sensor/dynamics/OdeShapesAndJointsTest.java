package sensor.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.DynamicsModel;
import sensor.api.world.DynamicsModel.Collider;
import sensor.api.world.DynamicsModel.Joint;
import sensor.api.world.DynamicsModel.JointKind;
import sensor.api.world.DynamicsModel.RigidBody;
import sensor.api.world.WorldSource;
import sensor.dynamics.config.OdeConfig;

/**
 * [DYN] Static shapes of every kind hold a body where geometry says, the mass of several colliders sits at their
 * volume-weighted centre, joints keep their limits, fixed and ball joints hold, restitution bounces to e² h, bodies a
 * joint connects do not collide, and bad engine settings are refused by name.
 */
class OdeShapesAndJointsTest {
    static final Vec3 G = new Vec3(0, 0, -9.81);
    static final double NO = Double.POSITIVE_INFINITY;

    static WorldSource world(OdeConfig c, Vec3 g, List<RigidBody> bodies, List<Joint> joints, List<Collider> statics) {
        return new OdeEngine().create(c, new DynamicsModel(0.001, g, bodies, joints, statics));
    }

    static RigidBody cube(String id, double x, double y, double z) {
        return new RigidBody(id, Pose.translation(x, y, z), Vec3.ZERO, Vec3.ZERO, 1,
                List.of(new Collider(new Shape.Box(0.1, 0.1, 0.1), Pose.IDENTITY)));
    }

    static void run(WorldSource w, double seconds) {
        while (w.time() < seconds - 1e-9) {
            w.step();
        }
    }

    @Test
    void DYN_aCubeRestsOnEveryKindOfStaticShape() {
        // each static top face at z = 0.5 (rotated shapes turned to show it); the cube's centre rests 0.1 above
        float[] square = {-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0};
        List<Collider> tops = List.of(new Collider(new Shape.Box(1, 1, 0.25), Pose.translation(0, 0, 0.25)),
                new Collider(new Shape.Cylinder(1, 0.5), Pose.translation(0, 0, 0.25)),
                new Collider(new Shape.Plane(), Pose.translation(0, 0, 0.5)),
                new Collider(new Shape.TriangleMesh(square, new int[] {0, 1, 2, 0, 2, 3}), Pose.translation(0, 0, 0.5)),
                new Collider(new Shape.Heightfield(3, 3, 1, 1, new float[9]), Pose.translation(0, 0, 0.5)),
                new Collider(new Shape.Box(0.25, 1, 1), new Pose(new Vec3(0, 0, 0.25), Quat.axisAngle(Vec3.Y, Math.PI / 2))));
        for (Collider top : tops) {
            WorldSource w = world(OdeConfig.DEFAULT, G, List.of(cube("box", 0.3, 0.2, 1.2)), List.of(), List.of(top));
            run(w, 1.5);
            assertEquals(0.6, w.bodyPose("box").position().z(), 3e-3, "on " + top.shape().getClass().getSimpleName());
            assertEquals(0.3, w.bodyPose("box").position().x(), 0.02, "where it was dropped");
        }
        // a sphere of radius 0.4 at the origin: a ball of 0.1 dropped on its top first touches at z = 0.5
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(new RigidBody("ball", Pose.translation(0, 0, 1), Vec3.ZERO, Vec3.ZERO,
                1, List.of(new Collider(new Shape.Sphere(0.1), Pose.IDENTITY)))), List.of(),
                List.of(new Collider(new Shape.Sphere(0.4), Pose.IDENTITY)));
        double lowest = 1;
        while (w.time() < 0.5) {
            w.step();
            lowest = Math.min(lowest, w.bodyPose("ball").position().z());
        }
        assertEquals(0.5, lowest, 3e-3, "resting on the sphere's top");
    }

    @Test
    void DYN_theMassOfSeveralCollidersSitsAtTheirVolumeWeightedCentre() {
        // no gravity, spinning about z with the origin's velocity ω × (origin − centre): the centre of mass stays put and
        // the body's origin circles round it. Spheres of radius 0.2 at +1 and 0.1 at −1 on x: volumes 8 : 1, centre at
        // x = (8 − 1) / 9
        double w0 = 2, c = 7.0 / 9;
        RigidBody dumbbell = new RigidBody("d", Pose.IDENTITY, new Vec3(0, -w0 * c, 0), new Vec3(0, 0, w0), 3,
                List.of(new Collider(new Shape.Sphere(0.2), Pose.translation(1, 0, 0)),
                        new Collider(new Shape.Sphere(0.1), Pose.translation(-1, 0, 0))));
        WorldSource w = world(OdeConfig.DEFAULT, Vec3.ZERO, List.of(dumbbell), List.of(), List.of());
        for (double t : new double[] {0.4, 1.1, 2.5}) {
            run(w, t);
            double a = w0 * w.time();
            Vec3 origin = new Vec3(c - c * Math.cos(a), -c * Math.sin(a), 0); // c + Rz(a)(0 − c)
            assertEquals(0, w.bodyPose("d").position().minus(origin).norm(), 1e-6, "origin at t = " + w.time());
            Vec3 v = new Vec3(0, 0, w0).cross(origin.minus(new Vec3(c, 0, 0)));
            assertEquals(0, w.linearVelocity("d").minus(v).norm(), 1e-6, "origin's velocity ω × r");
            assertEquals(a, 2 * Math.atan2(w.bodyPose("d").rotation().z(), w.bodyPose("d").rotation().w()), 1e-6);
        }
    }

    @Test
    void DYN_aTorqueFreeAsymmetricBodyKeepsItsAngularMomentumAboutItsCentreOfMass() {
        // two spheres off the body's origin in x, y and z (radius 0.2 and 0.1: masses 8 : 1 of 3 kg), no gravity, spinning
        // about an axis that is not principal: the world angular momentum R I Rᵀ ω about the centre of mass, with I from
        // the closed forms (2/5 m r² per sphere plus the parallel-axis terms), stays what it was, and the centre stays put
        double[][] at = {{0.8, 0.5, 0.1}, {-0.6, -0.4, -0.2}};
        double[] radius = {0.2, 0.1}, mass = {3 * 8.0 / 9, 3 * 1.0 / 9};
        Vec3 com = new Vec3(0, 0, 0);
        for (int i = 0; i < 2; i++) {
            com = com.plus(new Vec3(at[i][0], at[i][1], at[i][2]).times(mass[i] / 3));
        }
        double[][] inertia = new double[3][3];
        for (int i = 0; i < 2; i++) {
            double[] d = {at[i][0] - com.x(), at[i][1] - com.y(), at[i][2] - com.z()};
            double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    inertia[r][c] += (r == c ? 0.4 * mass[i] * radius[i] * radius[i] + mass[i] * dd : 0) - mass[i] * d[r] * d[c];
                }
            }
        }
        Vec3 w0 = new Vec3(0.3, -0.2, 2);
        RigidBody body = new RigidBody("d", Pose.IDENTITY, w0.cross(com.times(-1)), w0, 3,
                List.of(new Collider(new Shape.Sphere(radius[0]), Pose.translation(at[0][0], at[0][1], at[0][2])),
                        new Collider(new Shape.Sphere(radius[1]), Pose.translation(at[1][0], at[1][1], at[1][2]))));
        WorldSource w = world(OdeConfig.DEFAULT, Vec3.ZERO, List.of(body), List.of(), List.of());
        Vec3 momentum0 = times(inertia, w0);
        for (double t : new double[] {0.3, 0.8, 1.5}) {
            run(w, t);
            Pose pose = w.bodyPose("d");
            Quat q = pose.rotation();
            Vec3 momentum = q.rotate(times(inertia, q.conjugate().rotate(w.angularVelocity("d"))));
            assertEquals(0, momentum.minus(momentum0).norm(), 2e-3 * momentum0.norm(), "angular momentum at t = " + w.time());
            assertEquals(0, pose.transformPoint(com).minus(com).norm(), 1e-6, "centre of mass at t = " + w.time());
        }
    }

    private static Vec3 times(double[][] m, Vec3 v) {
        return new Vec3(m[0][0] * v.x() + m[0][1] * v.y() + m[0][2] * v.z(), m[1][0] * v.x() + m[1][1] * v.y() + m[1][2] * v.z(),
                m[2][0] * v.x() + m[2][1] * v.y() + m[2][2] * v.z());
    }

    @Test
    void DYN_jointLimitsHold() {
        // a slider driven at 1 m/s stops at its upper limit 0.5 m; a hinge pendulum released 0.3 rad out (its angle 0 there,
        // gravity turning it positive) stops at its upper limit 0.1
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(cube("cart", 0, 0, 1)), List.of(new Joint("rail", JointKind.SLIDER,
                "cart", null, Vec3.ZERO, Vec3.X, 1, 100, -NO, 0.5)), List.of());
        run(w, 2);
        assertEquals(0.5, w.jointPosition("rail"), 0.01);
        Vec3 anchor = new Vec3(0, 0, 2);
        WorldSource p = world(OdeConfig.DEFAULT, G, List.of(cube("bob", Math.sin(0.3), 0, 2 - Math.cos(0.3))),
                List.of(new Joint("pivot", JointKind.HINGE, "bob", null, anchor, Vec3.Y, 0, 0, -0.1, 0.1)), List.of());
        double lo = 1, hi = -1;
        while (p.time() < 3) {
            p.step();
            lo = Math.min(lo, p.jointPosition("pivot"));
            hi = Math.max(hi, p.jointPosition("pivot"));
        }
        assertTrue(lo >= -0.01 && hi <= 0.11, "within the limits: [" + lo + ", " + hi + "]");
        assertEquals(0.1, p.jointPosition("pivot"), 0.01, "resting against the upper limit");
    }

    @Test
    void DYN_fixedAndBallJointsHold() {
        WorldSource fixed = world(OdeConfig.DEFAULT, G, List.of(cube("shelf", 0, 0, 1)),
                List.of(new Joint("weld", JointKind.FIXED, "shelf", null, Vec3.ZERO, Vec3.Z, 0, 0, -NO, NO)), List.of());
        run(fixed, 1);
        assertEquals(1, fixed.bodyPose("shelf").position().z(), 1e-4, "held against gravity");
        assertEquals(java.util.Set.of(), fixed.jointIds(), "no degree of freedom to read");
        // a ball-joint pendulum swinging in a plane: the period of the hinge pendulum with the same bob
        Vec3 anchor = new Vec3(0, 0, 2);
        double theta0 = 0.1, length = 1;
        RigidBody bob = new RigidBody("bob", Pose.translation(length * Math.sin(theta0), 0, 2 - length * Math.cos(theta0)),
                Vec3.ZERO, Vec3.ZERO, 1, List.of(new Collider(new Shape.Sphere(0.05), Pose.IDENTITY)));
        WorldSource ball = world(OdeConfig.DEFAULT, G, List.of(bob), List.of(new Joint("socket", JointKind.BALL, "bob", null,
                anchor, Vec3.Z, 0, 0, -NO, NO)), List.of());
        double inertia = 0.4 * 0.05 * 0.05 + 1, period = 2 * Math.PI * Math.sqrt(inertia / 9.81) * (1 + theta0 * theta0 / 16);
        double x = ball.bodyPose("bob").position().x(), first = -1, last = -1;
        int n = 0;
        while (ball.time() < 10) {
            ball.step();
            double nx = ball.bodyPose("bob").position().x();
            if (x > 0 && nx <= 0) {
                last = ball.time();
                first = first < 0 ? last : first;
                n++;
            }
            x = nx;
        }
        assertEquals(period, (last - first) / (n - 1), 0.005 * period, "the ball joint swings like a hinge");
        assertEquals(0, ball.bodyPose("bob").position().y(), 1e-6, "in its plane");
    }

    @Test
    void DYN_restitutionBouncesToESquaredTimesTheHeight() {
        double e = 0.6, h = 1;
        RigidBody ball = new RigidBody("ball", Pose.translation(0, 0, h + 0.1), Vec3.ZERO, Vec3.ZERO, 1,
                List.of(new Collider(new Shape.Sphere(0.1), Pose.IDENTITY)));
        WorldSource w = world(new OdeConfig(10, "step", 1, e, 8), G, List.of(ball), List.of(),
                List.of(new Collider(new Shape.Plane(), Pose.IDENTITY)));
        double apex = 0;
        boolean bounced = false;
        while (w.time() < 1.2) {
            w.step();
            double vz = w.linearVelocity("ball").z();
            bounced |= vz > 0;
            if (bounced) {
                apex = Math.max(apex, w.bodyPose("ball").position().z() - 0.1);
            }
        }
        assertEquals(e * e * h, apex, 0.03 * e * e * h, "apex of the first bounce");
    }

    @Test
    void DYN_bodiesAJointConnectsDoNotCollide() {
        // two overlapping cubes welded together in zero gravity stay where they are
        WorldSource w = world(OdeConfig.DEFAULT, Vec3.ZERO, List.of(cube("a", 0, 0, 0), cube("b", 0.15, 0, 0)),
                List.of(new Joint("weld", JointKind.FIXED, "a", "b", Vec3.ZERO, Vec3.Z, 0, 0, -NO, NO)), List.of());
        run(w, 1);
        assertEquals(0, w.bodyPose("a").position().norm(), 1e-9);
        assertEquals(0.15, w.bodyPose("b").position().x(), 1e-9);
        // without the joint they push apart
        WorldSource free = world(OdeConfig.DEFAULT, Vec3.ZERO, List.of(cube("a", 0, 0, 0), cube("b", 0.15, 0, 0)), List.of(),
                List.of());
        run(free, 1);
        assertTrue(free.bodyPose("b").position().x() - free.bodyPose("a").position().x() > 0.19, "separated");
    }

    @Test
    void DYN_theIterativeSolverRestsACubeToo() {
        WorldSource w = world(new OdeConfig(10, "quick", 1, 0, 8), G, List.of(cube("box", 0, 0, 1)), List.of(),
                List.of(new Collider(new Shape.Plane(), Pose.IDENTITY)));
        run(w, 2);
        assertEquals(0.1, w.bodyPose("box").position().z(), 3e-3);
    }

    @Test
    void DYN_badSettingsAreRefusedByName() {
        DynamicsModel empty = new DynamicsModel(0.001, G, List.of(), List.of(), List.of());
        OdeEngine engine = new OdeEngine();
        for (var bad : List.of(new Object[] {new OdeConfig(10, "fast", 1, 0, 8), "solver"},
                new Object[] {new OdeConfig(10, "step", -1, 0, 8), "friction"},
                new Object[] {new OdeConfig(10, "step", 1, 2, 8), "restitution"},
                new Object[] {new OdeConfig(10, "step", 1, 0, 0), "contacts"})) {
            var e = assertThrows(IllegalArgumentException.class, () -> engine.create((OdeConfig) bad[0], empty));
            assertTrue(e.getMessage().contains((String) bad[1]), e.getMessage());
        }
        assertEquals("ode4j", engine.id());
        assertEquals(OdeConfig.DEFAULT, engine.defaultConfig());
        assertEquals(OdeConfig.class, engine.configType());
        assertTrue(engine.description().contains("ode4j"));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void DYN_aCompoundPendulumSwingsWithItsShapesInertia(boolean boxTurned) {
        // the body's frame at the pivot, turned 6° about y; below it on its z axis a sphere, a box turned 90° about z and a
        // cylinder, the 4 kg spread by volume. Period 2π √(I / (M g L)) (1 + θ0²/16), I and L summed over the shapes
        double theta0 = Math.toRadians(6), mass = 4;
        double rs = 0.08, ds = 0.4; // sphere radius, depth
        double bx = 0.3, by = 0.1, bz = 0.1, db = 0.8; // box full sizes before the turn, depth
        double rc = 0.06, hc = 0.2, dc = 1.1; // cylinder (axis z) radius, height, depth
        double vs = 4.0 / 3 * Math.PI * rs * rs * rs, vb = bx * by * bz, vc = Math.PI * rc * rc * hc, v = vs + vb + vc;
        double ms = mass * vs / v, mb = mass * vb / v, mc = mass * vc / v;
        // about the y axis through the pivot: the turned box spans by along x and bx along y, the other bx along x
        double alongX = boxTurned ? by : bx;
        double inertia = ms * (0.4 * rs * rs + ds * ds) + mb * ((alongX * alongX + bz * bz) / 12 + db * db)
                + mc * ((3 * rc * rc + hc * hc) / 12 + dc * dc);
        double length = (ms * ds + mb * db + mc * dc) / mass;
        double period = 2 * Math.PI * Math.sqrt(inertia / (mass * 9.81 * length)) * (1 + theta0 * theta0 / 16);
        Vec3 pivot = new Vec3(0, 0, 3);
        RigidBody body = new RigidBody("p", new Pose(pivot, Quat.axisAngle(Vec3.Y, theta0)), Vec3.ZERO, Vec3.ZERO, mass, List.of(
                new Collider(new Shape.Sphere(rs), Pose.translation(0, 0, -ds)),
                new Collider(new Shape.Box(bx / 2, by / 2, bz / 2), new Pose(new Vec3(0, 0, -db), Quat.axisAngle(Vec3.Z, boxTurned ? Math.PI / 2 : 0))),
                new Collider(new Shape.Cylinder(rc, hc), Pose.translation(0, 0, -dc))));
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(body), List.of(new Joint("pivot", JointKind.HINGE, "p", null, pivot,
                Vec3.Y, 0, 0, -NO, NO)), List.of());
        double prev = w.jointPosition("pivot"), first = -1, last = -1;
        int n = 0;
        while (w.time() < 12) {
            w.step();
            double a = w.jointPosition("pivot") + theta0; // the angle from the vertical (the hinge starts at 0)
            if (prev + theta0 < 0 && a >= 0) {
                last = w.time();
                first = first < 0 ? last : first;
                n++;
            }
            prev = w.jointPosition("pivot");
        }
        assertTrue(n >= 4, "swings " + n);
        assertEquals(period, (last - first) / (n - 1), 5e-4 * period, "period");
        assertEquals(0, w.bodyPose("p").position().minus(pivot).norm(), 1e-4, "the frame's origin stays at the pivot");
    }

    @Test
    void DYN_aSlopedHeightfieldIsWhereItsSamplesSay() {
        // heights 0.2 x + 0.1 y on a 5 × 4 grid (dx 0.5, dy 0.7, centred), raised by 1: a ball of radius 0.1 dropped on it
        // lands and rolls with its centre r from the plane 0.2 x + 0.1 y − z + 1 = 0
        int cols = 5, rows = 4;
        float[] h = new float[cols * rows];
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < cols; i++) {
                h[j * cols + i] = (float) (0.2 * (i - 2) * 0.5 + 0.1 * (j - 1.5) * 0.7);
            }
        }
        double x0 = 0.3, y0 = -0.4, r = 0.1;
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(new RigidBody("ball", Pose.translation(x0, y0, 2), Vec3.ZERO,
                Vec3.ZERO, 1, List.of(new Collider(new Shape.Sphere(r), Pose.IDENTITY)))), List.of(),
                List.of(new Collider(new Shape.Heightfield(cols, rows, 0.5, 0.7, h), Pose.translation(0, 0, 1))));
        double nearest = 2;
        while (w.time() < 0.8) {
            w.step();
            Vec3 p = w.bodyPose("ball").position();
            nearest = Math.min(nearest, (p.z() - 1 - 0.2 * p.x() - 0.1 * p.y()) / Math.sqrt(1 + 0.04 + 0.01));
        }
        assertEquals(r, nearest, 3e-3, "on the sloped surface");
    }

    @Test
    void DYN_aSliderAlongAnyAxisStopsAtEitherLimit() {
        for (double speed : new double[] {1, -1}) {
            WorldSource w = world(OdeConfig.DEFAULT, G, List.of(cube("cart", 0, 0, 1)), List.of(new Joint("rail", JointKind.SLIDER,
                    "cart", null, Vec3.ZERO, new Vec3(0, 2, 0), speed, 100, -0.3, 0.5)), List.of());
            run(w, 2);
            assertEquals(speed > 0 ? 0.5 : -0.3, w.jointPosition("rail"), 0.01);
            assertEquals(speed > 0 ? 0.5 : -0.3, w.bodyPose("cart").position().y(), 0.01, "along y");
            assertEquals(0, w.bodyPose("cart").position().x(), 1e-6);
        }
    }

    @Test
    void DYN_aForceLimitedMotorAcceleratesTheBodysWholeMass() {
        // 2 kg over two colliders on a horizontal rail, a motor of at most 10 N towards 100 m/s: a = F / m = 5 m/s²
        RigidBody cart = new RigidBody("cart", Pose.translation(0, 0, 1), Vec3.ZERO, Vec3.ZERO, 2,
                List.of(new Collider(new Shape.Box(0.1, 0.1, 0.1), Pose.IDENTITY), new Collider(new Shape.Sphere(0.1),
                        Pose.translation(0.3, 0, 0))));
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(cart), List.of(new Joint("rail", JointKind.SLIDER, "cart", null,
                Vec3.ZERO, Vec3.X, 100, 10, -NO, NO)), List.of());
        run(w, 1);
        assertEquals(5, w.jointVelocity("rail"), 0.01, "v = F t / m");
        assertEquals(2.5, w.jointPosition("rail"), 0.01, "x = F t² / 2m");
    }

    @Test
    void DYN_aColliderOffTheBodysOriginRestsWhereItIs() {
        // the body's frame 0.5 m above its box (0.2 m), a small ball 0.5 m above it (so the centre of mass is off both):
        // resting on the box, the frame is at 0.1 + 0.5 above the ground
        RigidBody tall = new RigidBody("t", Pose.translation(0, 0, 1.5), Vec3.ZERO, Vec3.ZERO, 1,
                List.of(new Collider(new Shape.Box(0.1, 0.1, 0.1), Pose.translation(0, 0, -0.5)),
                        new Collider(new Shape.Sphere(0.05), Pose.translation(0, 0, 0.5))));
        WorldSource w = world(OdeConfig.DEFAULT, G, List.of(tall), List.of(), List.of(new Collider(new Shape.Plane(), Pose.IDENTITY)));
        run(w, 2);
        assertEquals(0.6, w.bodyPose("t").position().z(), 3e-3);
    }
}
