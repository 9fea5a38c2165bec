package sensor.scenario;

import java.util.ArrayList;
import java.util.List;

import sensor.api.ConfigReader;
import sensor.api.PluginCatalog;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterialType;
import sensor.api.scene.ObjectSpec;
import sensor.api.world.DynamicsEngineType;
import sensor.api.world.DynamicsModel;
import sensor.api.world.WorldSource;
import sensor.scenario.Scenario.Body;
import sensor.scenario.Scenario.Joint;

/**
 * A scenario's {@code dynamics} section as a world: the engine it names (a {@link DynamicsEngineType} service, its
 * fields the engine's configuration) simulates the bodies (mass, initial pose and velocities; the objects on a body
 * are its collision shapes), the joints between them and the objects on no body as static shapes (volumes, the fog
 * banks, are left out).
 */
final class DynamicsWorlds {
    private DynamicsWorlds() {}

    static WorldSource build(ScenarioReader.Loaded loaded, Scenario s, double timeStep, Vec3 g, List<ObjectSpec> objects,
            PluginCatalog catalog, ConfigReader adapters) throws ScenarioException {
        ConfigReader.Plugin<DynamicsEngineType<?>> engine;
        try {
            engine = adapters.plugin(s.dynamics(), kind());
        } catch (RuntimeException e) {
            throw loaded.errorAtKey("dynamics", "dynamics: " + e.getMessage(), e);
        }
        List<DynamicsModel.Collider> statics = new ArrayList<>();
        for (ObjectSpec o : objects) {
            if (o.bodyId() == null && solid(o, catalog)) {
                statics.add(new DynamicsModel.Collider(o.shape(), o.localPose()));
            }
        }
        List<DynamicsModel.RigidBody> bodies = new ArrayList<>();
        List<DynamicsModel.Vehicle> vehicles = new ArrayList<>();
        for (Body b : s.bodies()) {
            try {
                if (b.vehicle() != null) {
                    vehicles.add(vehicle(b, objects, catalog, g));
                } else {
                    bodies.add(body(b, objects, catalog));
                }
            } catch (RuntimeException e) {
                throw loaded.error(b, "bodies '" + b.id() + "': " + e.getMessage(), e);
            }
        }
        List<DynamicsModel.Joint> joints = new ArrayList<>();
        for (Joint j : s.joints()) {
            try {
                joints.add(joint(j));
            } catch (RuntimeException e) {
                throw loaded.error(j, "joints '" + j.id() + "': " + e.getMessage(), e);
            }
        }
        try {
            return create(engine.type(), engine.config(), new DynamicsModel(timeStep, g, bodies, joints, statics, vehicles));
        } catch (RuntimeException e) {
            throw loaded.errorAtKey("dynamics", "dynamics: " + e.getMessage(), e);
        }
    }

    /** Whether an object is solid: not a volume (an object of an ambient material, e.g. a fog bank). */
    private static boolean solid(ObjectSpec o, PluginCatalog catalog) {
        return o.material() == null || catalog.find(AmbientMaterialType.class, o.material().typeId()) == null;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Class<DynamicsEngineType<?>> kind() {
        return (Class) DynamicsEngineType.class;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static WorldSource create(DynamicsEngineType type, Object config, DynamicsModel model) {
        return type.create(config, model);
    }

    private static DynamicsModel.RigidBody body(Body b, List<ObjectSpec> objects, PluginCatalog catalog) {
        return new DynamicsModel.RigidBody(b.id(), ScenarioBuilder.pose(b.pose()),
                b.velocity() == null ? Vec3.ZERO : ScenarioBuilder.vec(b.velocity(), "velocity"),
                b.angularVelocity() == null ? Vec3.ZERO : ScenarioBuilder.vec(b.angularVelocity(), "angularVelocity"), mass(b),
                colliders(b, objects, catalog));
    }

    private static double mass(Body b) {
        if (b.motion() != null) {
            throw new IllegalArgumentException("motion is for the kinematic world; under a dynamics engine give mass, pose, "
                    + "velocity and angularVelocity");
        }
        if (b.mass() == null) {
            throw new IllegalArgumentException("mass (kg) must be given under a dynamics engine");
        }
        return b.mass();
    }

    /** The solid objects on a body, its collision shapes. */
    private static List<DynamicsModel.Collider> colliders(Body b, List<ObjectSpec> objects, PluginCatalog catalog) {
        List<DynamicsModel.Collider> colliders = new ArrayList<>();
        for (ObjectSpec o : objects) {
            if (b.id().equals(o.bodyId()) && solid(o, catalog)) {
                colliders.add(new DynamicsModel.Collider(o.shape(), o.localPose()));
            }
        }
        return colliders;
    }

    /** A vehicle body: the defaults of {@link Scenario.VehicleSpec} filled in; it starts at rest. */
    private static DynamicsModel.Vehicle vehicle(Body b, List<ObjectSpec> objects, PluginCatalog catalog, Vec3 g) {
        double mass = mass(b);
        if (b.velocity() != null || b.angularVelocity() != null) {
            throw new IllegalArgumentException("a vehicle starts at rest: drive it with a controller (velocity and "
                    + "angularVelocity do not apply)");
        }
        Scenario.VehicleSpec v = b.vehicle();
        double r = required(v.wheelRadius(), "vehicle.wheelRadius"), weight = mass * g.norm();
        return new DynamicsModel.Vehicle(b.id(), ScenarioBuilder.pose(b.pose()), mass, colliders(b, objects, catalog),
                required(v.wheelbase(), "vehicle.wheelbase"), required(v.track(), "vehicle.track"), r,
                v.wheelMass() == null ? mass / 50 : v.wheelMass(), Math.toRadians(v.maxSteer() == null ? 35 : v.maxSteer()),
                v.maxSpeed() == null ? 15 : v.maxSpeed(), v.driveTorque() == null ? 0.5 * weight * r / 2 : v.driveTorque(),
                v.brakeTorque() == null ? 1.2 * weight * r / 4 : v.brakeTorque());
    }

    private static double required(Double value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " (m) must be given");
        }
        return value;
    }

    private static DynamicsModel.Joint joint(Joint j) {
        DynamicsModel.JointKind kind;
        try {
            kind = DynamicsModel.JointKind.valueOf(String.valueOf(j.type()).toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("type must be one of hinge, slider, ball, fixed under a dynamics engine, got '"
                    + j.type() + "'");
        }
        if (j.bodies() == null || j.bodies().isEmpty() || j.bodies().size() > 2) {
            throw new IllegalArgumentException("bodies must name one body (joined to the world) or two, got " + j.bodies());
        }
        boolean pivots = kind == DynamicsModel.JointKind.HINGE || kind == DynamicsModel.JointKind.BALL;
        boolean axial = kind == DynamicsModel.JointKind.HINGE || kind == DynamicsModel.JointKind.SLIDER;
        if (pivots && j.anchor() == null) {
            throw new IllegalArgumentException("anchor [x, y, z] (m, world frame) must be given for a " + j.type());
        }
        if (axial && j.axis() == null) {
            throw new IllegalArgumentException("axis [x, y, z] (world frame) must be given for a " + j.type());
        }
        double lower = Double.NEGATIVE_INFINITY, upper = Double.POSITIVE_INFINITY;
        if (j.limits() != null) {
            if (j.limits().size() != 2 || j.limits().contains(null)) {
                throw new IllegalArgumentException("limits must be [lower, upper] (rad or m), got " + j.limits());
            }
            lower = j.limits().get(0);
            upper = j.limits().get(1);
        }
        var m = j.motor();
        return new DynamicsModel.Joint(j.id(), kind, j.bodies().get(0), j.bodies().size() > 1 ? j.bodies().get(1) : null,
                j.anchor() == null ? Vec3.ZERO : ScenarioBuilder.vec(j.anchor(), "anchor"),
                j.axis() == null ? Vec3.Z : ScenarioBuilder.vec(j.axis(), "axis"),
                m == null || m.velocity() == null ? 0 : m.velocity(), m == null || m.maxForce() == null ? 0 : m.maxForce(),
                lower, upper);
    }
}
