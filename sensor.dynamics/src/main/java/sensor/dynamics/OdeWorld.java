package sensor.dynamics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.ode4j.math.DMatrix3;
import org.ode4j.math.DQuaternion;
import org.ode4j.math.DQuaternionC;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DContact;
import org.ode4j.ode.DContactBuffer;
import org.ode4j.ode.DContactJoint;
import org.ode4j.ode.DGeom;
import org.ode4j.ode.DHinge2Joint;
import org.ode4j.ode.DHingeJoint;
import org.ode4j.ode.DJoint;
import org.ode4j.ode.DJointGroup;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DSliderJoint;
import org.ode4j.ode.DSpace;
import org.ode4j.ode.DTriMeshData;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeConstants;
import org.ode4j.ode.OdeHelper;

import sensor.api.Args;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.Actuated;
import sensor.api.world.Command;
import sensor.api.world.DynamicsModel;
import sensor.api.world.WorldSource;
import sensor.dynamics.config.OdeConfig;

/**
 * A {@link DynamicsModel} integrated by ODE (ode4j) [DYN]. Each body's mass is spread over its collision shapes by volume,
 * which gives its centre of mass and inertia; ODE keeps a body at its centre of mass, so the reported pose and
 * velocity are those of the body's own frame ({@code v + ω × r} for its origin). Every world step runs
 * {@code subSteps} ODE steps, each colliding the shapes (contacts with friction μ and restitution, none between
 * bodies that a joint connects), solving and clearing the contacts. Hinge angles are unwrapped across ±π. Commands
 * ({@link Actuated}): joint motor velocities and torques, and the steering, drive and brake of {@link OdeVehicle}s.
 */
final class OdeWorld implements WorldSource, Actuated {
    static {
        OdeHelper.initODE2(0);
    }

    /** A body and its centre of mass in its own frame. */
    private record Body(DBody body, Vec3 com) {}

    /** A hinge, a slider or one axis of a vehicle's hinge-2 joint, with its unwrapped position and applied torque. */
    private static final class Dof {
        final DJoint joint;
        final java.util.function.DoubleSupplier raw, rate;
        final boolean angular;
        double last, unwrapped, torque;

        Dof(DJoint joint, java.util.function.DoubleSupplier raw, java.util.function.DoubleSupplier rate, boolean angular) {
            this.joint = joint;
            this.raw = raw;
            this.rate = rate;
            this.angular = angular;
            this.last = raw.getAsDouble();
        }

        static Dof of(DJoint joint) {
            return joint instanceof DHingeJoint h ? new Dof(h, h::getAngle, h::getAngleRate, true)
                    : new Dof(joint, ((DSliderJoint) joint)::getPosition, ((DSliderJoint) joint)::getPositionRate, false);
        }

        void track() {
            double r = raw.getAsDouble(), d = r - last;
            if (angular) {
                d = Math.IEEEremainder(d, 2 * Math.PI);
            }
            unwrapped += d;
            last = r;
        }

        /** Applies the held torque (or force) for the coming ODE step; ODE clears it after each. */
        void push() {
            if (torque == 0) {
                return;
            }
            if (joint instanceof DHingeJoint h) {
                h.addTorque(torque);
            } else if (joint instanceof DSliderJoint sl) {
                sl.addForce(torque);
            }
        }
    }

    private final OdeConfig config;
    private final double dt;
    private final Vec3 gravity;
    private final DWorld world = OdeHelper.createWorld();
    private final DSpace space = OdeHelper.createHashSpace(null);
    private final DJointGroup contactGroup = OdeHelper.createJointGroup();
    private final DContactBuffer contacts;
    private final Map<String, Body> bodies = new LinkedHashMap<>();
    private final Map<String, Dof> dofs = new LinkedHashMap<>();
    private final Map<String, OdeVehicle> vehicles = new LinkedHashMap<>();
    private long steps;

    OdeWorld(OdeConfig config, DynamicsModel model) {
        this.config = config;
        this.dt = model.timeStep();
        this.gravity = model.gravity();
        this.contacts = new DContactBuffer(config.contacts());
        world.setGravity(gravity.x(), gravity.y(), gravity.z());
        for (DynamicsModel.Collider c : model.statics()) {
            addStatic(c);
        }
        for (DynamicsModel.RigidBody b : model.bodies()) {
            add(b);
        }
        for (DynamicsModel.Vehicle v : model.vehicles()) {
            vehicle(v);
        }
        for (DynamicsModel.Joint j : model.joints()) {
            if (dofs.containsKey(j.id())) {
                throw new IllegalArgumentException("joint id '" + j.id() + "' is used twice");
            }
            joint(j);
        }
    }

    /** A vehicle's chassis and wheels as bodies, joined by its hinge-2 joints, whose axes become joints of the world. */
    private void vehicle(DynamicsModel.Vehicle spec) {
        OdeVehicle v = new OdeVehicle(spec);
        DBody[] wheels = new DBody[4];
        add(v.chassis());
        for (int i = 0; i < 4; i++) {
            add(v.wheel(i));
            wheels[i] = bodies.get(spec.id() + "-wheel-" + OdeVehicle.WHEELS.get(i)).body();
        }
        v.join(world, bodies.get(spec.id()).body(), wheels, dt / config.subSteps());
        for (int i = 0; i < 4; i++) {
            DHinge2Joint j = v.joints[i];
            String w = OdeVehicle.WHEELS.get(i);
            dofs.put(spec.id() + "-axle-" + w, new Dof(j, j::getAngle2, j::getAngle2Rate, true));
            if (i < 2) {
                dofs.put(spec.id() + "-steer-" + w, new Dof(j, j::getAngle1, j::getAngle1Rate, true));
            }
        }
        vehicles.put(spec.id(), v);
    }

    private void add(DynamicsModel.RigidBody b) {
        if (bodies.containsKey(b.id())) {
            throw new IllegalArgumentException("body id '" + b.id() + "' is used twice");
        }
        bodies.put(b.id(), body(b));
    }

    private void addStatic(DynamicsModel.Collider c) {
        Pose p = c.pose();
        if (c.shape() instanceof Shape.Plane) {
            Vec3 n = p.transformVector(Vec3.Z);
            OdeHelper.createPlane(space, n.x(), n.y(), n.z(), n.dot(p.position()));
        } else if (c.shape() instanceof Shape.TriangleMesh m) {
            mesh(m.vertices(), m.indices(), p);
        } else if (c.shape() instanceof Shape.Heightfield h) {
            mesh(h.meshVertices(), h.meshIndices(), p);
        } else {
            DGeom g = primitive(c.shape());
            g.setPosition(p.position().x(), p.position().y(), p.position().z());
            g.setQuaternion(quaternion(p.rotation()));
        }
    }

    /** A box, sphere or cylinder geometry in the space, centred on its origin. */
    private DGeom primitive(Shape s) {
        if (s instanceof Shape.Box b) {
            return OdeHelper.createBox(space, 2 * b.halfX(), 2 * b.halfY(), 2 * b.halfZ());
        } else if (s instanceof Shape.Sphere sp) {
            return OdeHelper.createSphere(space, sp.radius());
        } else if (s instanceof Shape.Cylinder c) {
            return OdeHelper.createCylinder(space, c.radius(), c.height());
        }
        throw unsupported(s);
    }

    private static IllegalArgumentException unsupported(Shape s) {
        return new IllegalArgumentException("a body's collision shapes must be boxes, spheres or cylinders, got "
                + s.getClass().getSimpleName().toLowerCase());
    }

    private void mesh(float[] local, int[] indices, Pose p) {
        float[] w = new float[local.length];
        for (int k = 0; k < local.length; k += 3) {
            Vec3 v = p.transformPoint(new Vec3(local[k], local[k + 1], local[k + 2]));
            w[k] = (float) v.x();
            w[k + 1] = (float) v.y();
            w[k + 2] = (float) v.z();
        }
        DTriMeshData data = OdeHelper.createTriMeshData();
        data.build(w, indices);
        OdeHelper.createTriMesh(space, data);
    }

    private Body body(DynamicsModel.RigidBody b) {
        double volume = 0;
        for (DynamicsModel.Collider c : b.colliders()) {
            volume += volume(c.shape());
        }
        DMass total = OdeHelper.createMass();
        total.setZero();
        for (DynamicsModel.Collider c : b.colliders()) {
            DMass m = OdeHelper.createMass();
            double share = b.mass() * volume(c.shape()) / volume;
            if (c.shape() instanceof Shape.Box x) {
                m.setBoxTotal(share, 2 * x.halfX(), 2 * x.halfY(), 2 * x.halfZ());
            } else if (c.shape() instanceof Shape.Sphere s) {
                m.setSphereTotal(share, s.radius());
            } else {
                Shape.Cylinder y = (Shape.Cylinder) c.shape();
                m.setCylinderTotal(share, 3, y.radius(), y.height());
            }
            m.rotate(matrix(c.pose().rotation()));
            m.translate(c.pose().position().x(), c.pose().position().y(), c.pose().position().z());
            total.add(m);
        }
        DVector3C cm = total.getC();
        Vec3 com = new Vec3(cm.get0(), cm.get1(), cm.get2());
        total.translate(-com.x(), -com.y(), -com.z());
        DBody body = OdeHelper.createBody(world);
        body.setMass(total);
        Vec3 at = b.pose().transformPoint(com);
        body.setPosition(at.x(), at.y(), at.z());
        body.setQuaternion(quaternion(b.pose().rotation()));
        Vec3 v = b.velocity().plus(b.angularVelocity().cross(b.pose().transformVector(com)));
        body.setLinearVel(v.x(), v.y(), v.z());
        body.setAngularVel(b.angularVelocity().x(), b.angularVelocity().y(), b.angularVelocity().z());
        for (DynamicsModel.Collider c : b.colliders()) {
            DGeom g = primitive(c.shape());
            g.setBody(body);
            Vec3 off = c.pose().position().minus(com);
            g.setOffsetPosition(off.x(), off.y(), off.z());
            g.setOffsetQuaternion(quaternion(c.pose().rotation()));
        }
        return new Body(body, com);
    }

    private static double volume(Shape s) {
        if (s instanceof Shape.Box b) {
            return 8 * b.halfX() * b.halfY() * b.halfZ();
        } else if (s instanceof Shape.Sphere sp) {
            return 4.0 / 3 * Math.PI * Math.pow(sp.radius(), 3);
        } else if (s instanceof Shape.Cylinder c) {
            return Math.PI * c.radius() * c.radius() * c.height();
        }
        throw unsupported(s);
    }

    private void joint(DynamicsModel.Joint j) {
        DBody b1 = require(j.body1()), b2 = j.body2() == null ? null : require(j.body2());
        Vec3 a = j.anchor(), axis = j.kind() == DynamicsModel.JointKind.HINGE || j.kind() == DynamicsModel.JointKind.SLIDER
                ? j.axis().normalized() : j.axis();
        switch (j.kind()) {
            case HINGE -> {
                DHingeJoint h = OdeHelper.createHingeJoint(world);
                h.attach(b1, b2);
                h.setAnchor(a.x(), a.y(), a.z());
                h.setAxis(axis.x(), axis.y(), axis.z());
                if (j.motorMaxForce() > 0) {
                    h.setParamVel(j.motorVelocity());
                    h.setParamFMax(j.motorMaxForce());
                }
                limits(h::setParamLoStop, h::setParamHiStop, j);
                dofs.put(j.id(), Dof.of(h));
            }
            case SLIDER -> {
                DSliderJoint s = OdeHelper.createSliderJoint(world);
                s.attach(b1, b2);
                s.setAxis(axis.x(), axis.y(), axis.z());
                if (j.motorMaxForce() > 0) {
                    s.setParamVel(j.motorVelocity());
                    s.setParamFMax(j.motorMaxForce());
                }
                limits(s::setParamLoStop, s::setParamHiStop, j);
                dofs.put(j.id(), Dof.of(s));
            }
            case BALL -> {
                var s = OdeHelper.createBallJoint(world);
                s.attach(b1, b2);
                s.setAnchor(a.x(), a.y(), a.z());
            }
            case FIXED -> {
                var f = OdeHelper.createFixedJoint(world);
                f.attach(b1, b2);
                f.setFixed();
            }
        }
    }

    private static void limits(java.util.function.DoubleConsumer lo, java.util.function.DoubleConsumer hi,
            DynamicsModel.Joint j) {
        if (Double.isFinite(j.lower())) {
            lo.accept(j.lower());
        }
        if (Double.isFinite(j.upper())) {
            hi.accept(j.upper());
        }
    }

    private DBody require(String id) {
        Body b = bodies.get(id);
        if (b == null) {
            throw new IllegalArgumentException("joint body '" + id + "' is not a body of the world; bodies: " + bodies.keySet());
        }
        return b.body();
    }

    private void near(Object data, DGeom o1, DGeom o2) {
        DBody b1 = o1.getBody(), b2 = o2.getBody();
        if (b1 == null && b2 == null) {
            return;
        }
        if (b1 != null && b2 != null && OdeHelper.areConnectedExcluding(b1, b2, DContactJoint.class)) {
            return;
        }
        int n = OdeHelper.collide(o1, o2, config.contacts(), contacts.getGeomBuffer());
        for (int i = 0; i < n; i++) {
            DContact c = contacts.get(i);
            // Approx1: the friction limit is μ times the normal force (Coulomb); without it ODE takes μ as a force in N
            c.surface.mode = OdeConstants.dContactApprox1 | (config.restitution() > 0 ? OdeConstants.dContactBounce : 0);
            c.surface.mu = Double.isInfinite(config.friction()) ? OdeConstants.dInfinity : config.friction();
            c.surface.bounce = config.restitution();
            c.surface.bounce_vel = 0.01;
            OdeHelper.createContactJoint(world, contactGroup, c).attach(b1, b2);
        }
    }

    @Override
    public double time() { return steps * dt; }

    @Override
    public double timeStep() { return dt; }

    @Override
    public void step() {
        double h = dt / config.subSteps();
        for (int k = 0; k < config.subSteps(); k++) {
            vehicles.values().forEach(OdeVehicle::actuate);
            dofs.values().forEach(Dof::push);
            OdeHelper.spaceCollide(space, null, this::near);
            if ("quick".equals(config.solver())) {
                world.quickStep(h);
            } else {
                world.step(h);
            }
            contactGroup.empty();
            for (Dof d : dofs.values()) {
                d.track();
            }
        }
        steps++;
    }

    @Override
    public Vec3 gravity() { return gravity; }

    @Override
    public Set<String> bodyIds() { return Collections.unmodifiableSet(bodies.keySet()); }

    private Body get(String id) {
        Body b = bodies.get(id);
        if (b == null) {
            throw new IllegalArgumentException("unknown body '" + id + "'; bodies: " + bodies.keySet());
        }
        return b;
    }

    @Override
    public Pose bodyPose(String bodyId) {
        Body b = get(bodyId);
        DQuaternionC q = b.body().getQuaternion();
        Quat r = new Quat(q.get0(), q.get1(), q.get2(), q.get3()).normalized();
        DVector3C p = b.body().getPosition();
        return new Pose(new Vec3(p.get0(), p.get1(), p.get2()).minus(r.rotate(b.com())), r);
    }

    @Override
    public Vec3 linearVelocity(String bodyId) {
        Body b = get(bodyId);
        DVector3C v = b.body().getLinearVel();
        Vec3 toOrigin = bodyPose(bodyId).rotation().rotate(b.com()).times(-1);
        return new Vec3(v.get0(), v.get1(), v.get2()).plus(angularVelocity(bodyId).cross(toOrigin));
    }

    @Override
    public Vec3 angularVelocity(String bodyId) {
        DVector3C w = get(bodyId).body().getAngularVel();
        return new Vec3(w.get0(), w.get1(), w.get2());
    }

    @Override
    public Set<String> jointIds() { return Collections.unmodifiableSet(dofs.keySet()); }

    private Dof dof(String id) {
        Dof d = dofs.get(id);
        if (d == null) {
            throw new IllegalArgumentException("unknown joint '" + id + "'; hinges and sliders: " + dofs.keySet());
        }
        return d;
    }

    @Override
    public double jointPosition(String jointId) { return dof(jointId).unwrapped; }

    @Override
    public double jointVelocity(String jointId) { return dof(jointId).rate.getAsDouble(); }

    /**
     * Vehicles take steering, drive and brake; a hinge or slider takes a motor velocity (with its maximum force) or a
     * torque; a vehicle's own joints are driven through the vehicle.
     */
    @Override
    public void check(Command c) {
        OdeVehicle v = vehicles.get(c.target());
        if (v != null) {
            v.check(c);
            return;
        }
        if (c instanceof Command.JointVelocity || c instanceof Command.JointTorque) {
            Dof d = dofs.get(c.target());
            if (d == null || d.joint instanceof DHinge2Joint) {
                throw new IllegalArgumentException("target '" + c.target() + "' is not a hinge or slider of the world; "
                        + "hinges and sliders: " + dofs.entrySet().stream().filter(e -> !(e.getValue().joint instanceof DHinge2Joint))
                        .map(Map.Entry::getKey).toList());
            }
            if (c instanceof Command.JointVelocity jv) {
                Args.inRange("maxForce", jv.maxForce(), 0, 1e12);
            }
            return;
        }
        if (c instanceof Command.Twist) {
            throw new IllegalArgumentException("a twist moves a scripted body; under ode4j drive a vehicle or a joint motor");
        }
        throw new IllegalArgumentException("target '" + c.target() + "' is not a vehicle; vehicles: " + vehicles.keySet());
    }

    @Override
    public void apply(Command c) {
        check(c);
        OdeVehicle v = vehicles.get(c.target());
        if (v != null) {
            v.apply(c);
        } else if (c instanceof Command.JointVelocity jv) {
            Dof d = dofs.get(c.target());
            d.torque = 0;
            if (d.joint instanceof DHingeJoint h) {
                h.setParamVel(jv.velocity());
                h.setParamFMax(jv.maxForce());
            } else {
                ((DSliderJoint) d.joint).setParamVel(jv.velocity());
                ((DSliderJoint) d.joint).setParamFMax(jv.maxForce());
            }
        } else {
            dofs.get(c.target()).torque = ((Command.JointTorque) c).torque();
        }
    }

    private static DQuaternion quaternion(Quat q) {
        return new DQuaternion(q.w(), q.x(), q.y(), q.z());
    }

    private static DMatrix3 matrix(Quat q) {
        Vec3 x = q.rotate(Vec3.X), y = q.rotate(Vec3.Y), z = q.rotate(Vec3.Z);
        return new DMatrix3(x.x(), y.x(), z.x(), x.y(), y.y(), z.y(), x.z(), y.z(), z.z());
    }
}
