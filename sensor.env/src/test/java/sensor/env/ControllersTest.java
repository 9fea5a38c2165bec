package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.ControllerSpec;
import sensor.api.control.ControllerType;
import sensor.api.env.SensorEnvironment.SensorInfo.State;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.Command;
import sensor.api.world.KinematicWorld;
import sensor.api.world.WorldSource;

/**
 * Controllers in the environment: they see the frames of the sensors they name once delivered, their commands act on the
 * next step and are recorded when they change an actuator, a step's commands are refused whole, absent types wait; a
 * commanded kinematic body follows the closed forms of a constant twist (a circle) and of a uniform brake.
 */
class ControllersTest {
    /** A controller type whose controllers run the test's action (config: the action's name in {@link #actions}). */
    static final class ScriptedType implements ControllerType<String> {
        final java.util.Map<String, BiConsumer<ControlContext, List<SensorFrame>>> actions = new java.util.HashMap<>();
        final List<String> closed = new ArrayList<>();

        @Override public String id() { return "scripted"; }
        @Override public Class<String> configType() { return String.class; }
        @Override public String defaultConfig() { return "none"; }
        @Override public Controller create(String config) {
            if (!actions.containsKey(config)) {
                throw new IllegalArgumentException("config must name an action, got '" + config + "'");
            }
            List<SensorFrame> seen = new ArrayList<>();
            return new Controller() {
                @Override public void control(ControlContext c) {
                    seen.addAll(c.frames());
                    actions.get(config).accept(c, seen);
                }
                @Override public void close() { closed.add(config); }
            };
        }
    }

    Environment env;
    KinematicWorld world;
    ScriptedType type;
    List<SensorFrame> frames;

    @BeforeEach
    void setUp() {
        env = new Environment(new PluginTypes(), true, "", e -> {});
        world = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        world.addBody("car", new KinematicWorld.ConstantVelocity(Pose.IDENTITY, new Vec3(9, 0, 0)));
        env.setWorld(world);
        type = new ScriptedType();
        frames = new ArrayList<>();
        env.addOutputSink(frames::add);
    }

    private void control(String id, String action, BiConsumer<ControlContext, List<SensorFrame>> body, String... sensors) {
        type.actions.put(action, body);
        env.addController(new ControllerSpec(id, "scripted", List.of(sensors), action));
    }

    @Test
    void CTL_aTwistTakesABodyOffItsScriptOntoACircleOfRadiusVOverOmega() {
        env.bindControllerType(type, 0);
        control("driver", "circle", (c, f) -> {
            if (Math.abs(c.time() - 0.5) < 1e-9) {
                c.command(new Command.Twist("car", new Vec3(4, 0, 0), new Vec3(0, 0, 0.5)));
            }
        });
        env.advance(0.5 + 1e-9);
        Vec3 start = world.bodyPose("car").position();
        assertEquals(4.5, start.x(), 1e-9, "scripted until the command");
        env.advance(2);
        double r = 4 / 0.5, a = 0.5 * 2; // 2 s on the circle
        Pose p = world.bodyPose("car");
        assertEquals(start.x() + r * Math.sin(a), p.position().x(), 1e-9);
        assertEquals(r * (1 - Math.cos(a)), p.position().y(), 1e-9);
        assertEquals(a, 2 * Math.atan2(p.rotation().z(), p.rotation().w()), 1e-9, "yaw");
        assertEquals(4 * Math.cos(a), world.linearVelocity("car").x(), 1e-9);
        assertEquals(0.5, world.angularVelocity("car").z(), 1e-12);
    }

    @Test
    void CTL_aFullBrakeStopsAKinematicBodyAfterVSquaredOverTwoA() {
        env.bindControllerType(type, 0);
        control("brake", "brake", (c, f) -> {
            if (Math.abs(c.time() - 1) < 1e-9) {
                c.command(new Command.Brake("car", 1));
            }
        });
        env.advance(1 + 1e-9);
        env.advance(0.5);
        assertEquals(9 - 0.5 * KinematicWorldImpl.FULL_BRAKE, world.linearVelocity("car").x(), 1e-9, "v0 - a t");
        assertEquals(9 + 9 * 0.5 - KinematicWorldImpl.FULL_BRAKE * 0.125, world.bodyPose("car").position().x(), 1e-9,
                "x0 + v0 t - a t² / 2");
        env.advance(2);
        assertEquals(0, world.linearVelocity("car").norm(), 0);
        assertEquals(9 + 81 / (2 * KinematicWorldImpl.FULL_BRAKE), world.bodyPose("car").position().x(), 1e-9);
    }

    @Test
    void CTL_aControllerSeesItsSensorsFramesOnceDeliveredAndActsOnTheNextStep() {
        env.bindSensorType(new EnvironmentTest.ProbeType());
        env.addSensor(new SensorSpec("near", "probe", null, new SensorMount("car", Pose.IDENTITY), 10, 0.05));
        env.addSensor(new SensorSpec("other", "probe", null, new SensorMount("car", Pose.IDENTITY), 10, 0));
        env.bindControllerType(type, 0);
        List<double[]> seenAt = new ArrayList<>();
        control("watch", "watch", (c, f) -> {
            for (SensorFrame frame : c.frames()) {
                assertEquals("near", frame.sensorId());
                seenAt.add(new double[] {c.time(), frame.time(), frame.deliveredAt()});
            }
        }, "near");
        env.advance(0.3 + 1e-9);
        assertEquals(2, seenAt.size(), "frames of 0.1 and 0.2 s, delivered at 0.15 and 0.25 s");
        for (double[] s : seenAt) {
            assertEquals(s[1] + 0.05, s[2], 1e-9);
            assertTrue(s[0] >= s[2] - 1e-9 && s[0] < s[2] + 0.001 + 1e-9, "seen at the step after delivery: " + s[0]);
        }
    }

    @Test
    void CTL_aStepsCommandsAreRefusedWholeLoggedAndNotApplied() {
        env.bindControllerType(type, 0);
        control("bad", "bad", (c, f) -> {
            c.command(new Command.Twist("car", new Vec3(1, 0, 0), Vec3.ZERO));
            c.command(new Command.Brake("car", c.time() < 0.5 ? 2 : Double.NaN));
        });
        env.advance(1);
        assertEquals(9, world.bodyPose("car").position().x(), 1e-9, "the valid twist was not applied either");
        var info = env.controllers().get(0);
        assertEquals(0, info.applied());
        assertEquals(2000, info.refused());
        assertTrue(frames.isEmpty(), "nothing recorded");
    }

    @Test
    void commandsOfTheWrongKindOrTargetAreRefusedWithTheReason() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> ((sensor.api.world.Actuated) world).check(new Command.Brake("bus", 1)));
        assertEquals("target 'bus' is not a body; bodies: [car]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ((sensor.api.world.Actuated) world).check(new Command.Steering("car", 0.1)));
        assertTrue(e.getMessage().startsWith("a steering command needs a vehicle under a dynamics engine"), e.getMessage());
    }

    @Test
    void laterControllersWinAndOnlyChangesAreRecorded() {
        env.bindControllerType(type, 0);
        control("first", "slow", (c, f) -> c.command(new Command.Twist("car", new Vec3(1, 0, 0), Vec3.ZERO)));
        control("second", "fast", (c, f) -> c.command(new Command.Twist("car", new Vec3(c.time() < 0.5 ? 2 : 3, 0, 0),
                Vec3.ZERO)));
        env.advance(1);
        assertEquals(0.5 * 2 + 0.5 * 3, world.bodyPose("car").position().x(), 1e-9);
        List<SensorFrame> first = frames.stream().filter(f -> f.sensorId().equals("first.twist.car")).toList();
        List<SensorFrame> second = frames.stream().filter(f -> f.sensorId().equals("second.twist.car")).toList();
        assertEquals(1000, first.size(), "each step the first sets 1 after the second's 2 or 3: a change each time");
        assertEquals(1000, second.size());
        Channels c = (Channels) second.get(second.size() - 1).data();
        assertEquals(List.of("vx", "vy", "vz", "wx", "wy", "wz"), c.names());
        assertEquals(3, c.value(0));
        assertEquals(Controllers.COMMAND_FRAME, second.get(0).typeId());
        assertEquals(1000, env.controllers().get(1).applied(), "one command applied per step");
        env.removeController("first");
        frames.clear();
        env.advance(0.5);
        assertEquals(0, frames.size(), "the second's 3 m/s was the last applied each step: no change to record");
        assertEquals(2.5 + 1.5, world.bodyPose("car").position().x(), 1e-9);
    }

    @Test
    void aControllerWaitsForItsTypeAndDetachesWhenItLeaves() {
        control("driver", "go", (c, f) -> c.command(new Command.Twist("car", new Vec3(1, 0, 0), Vec3.ZERO)));
        assertEquals(State.DETACHED, env.controllers().get(0).state());
        env.advance(0.5);
        assertEquals(4.5, world.bodyPose("car").position().x(), 1e-9, "no type, no command");
        env.bindControllerType(type, 0);
        assertEquals(State.ACTIVE, env.controllers().get(0).state());
        env.advance(0.5);
        assertEquals(5, world.bodyPose("car").position().x(), 1e-9);
        env.unbindControllerType(type);
        assertEquals(State.DETACHED, env.controllers().get(0).state());
        assertEquals(List.of("go"), type.closed);
        assertEquals(List.of("controller"), env.interruptions().stream().map(i -> i.kind()).distinct().toList());
        assertEquals(2, env.interruptions().size(), "waiting from the start, detached when the type left");
    }

    @Test
    void theDefaultEnvironmentRefusesAnUnknownTypeAndDuplicateIds() {
        Environment strict = new Environment();
        var e = assertThrows(IllegalArgumentException.class,
                () -> strict.addController(new ControllerSpec("c", "scripted", List.of(), null)));
        assertEquals("controller typeId 'scripted' is unknown; known controller types: []", e.getMessage());
        strict.bindControllerType(type, 0);
        type.actions.put("none", (c, f) -> {});
        strict.addController(new ControllerSpec("c", "scripted", List.of(), null));
        e = assertThrows(IllegalArgumentException.class,
                () -> strict.addController(new ControllerSpec("c", "scripted", List.of(), null)));
        assertEquals("controller id 'c' is already used; controller ids must be unique", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> strict.removeController("x"));
        assertEquals("controllerId 'x' is unknown; known controllers: [c]", e.getMessage());
        assertEquals(java.util.Set.of("scripted"), strict.controllerTypes());
    }

    @Test
    void aControllerThatThrowsEndsTheRunNamingIt() {
        env.bindControllerType(type, 0);
        control("crash", "crash", (c, f) -> {
            throw new IllegalStateException("division by zero");
        });
        var e = assertThrows(IllegalStateException.class, () -> env.advance(0.01));
        assertEquals("controller 'crash' (scripted) at t = 0.0 s: division by zero", e.getMessage());
    }

    /** The log records of the environment's logger while {@code action} runs. */
    static List<String> logged(Runnable action) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger("sensor.env");
        List<String> lines = new ArrayList<>();
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override public void publish(java.util.logging.LogRecord r) {
                lines.add(java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
            }
            @Override public void flush() {}
            @Override public void close() {}
        };
        logger.addHandler(h);
        try {
            action.run();
        } finally {
            logger.removeHandler(h);
        }
        return lines;
    }

    @Test
    void aRefusalIsLoggedOncePerReasonAndNamesTheValue() {
        env.bindControllerType(type, 0);
        control("bad", "bad", (c, f) -> c.command(new Command.Brake("car", c.time() < 0.5 ? 2 : Double.NaN)));
        List<String> lines = logged(() -> env.advance(1));
        assertEquals(List.of("controller 'bad' at t = 0 s: brake of 'car' refused: level must be in [0.0, 1.0], got 2.0; "
                + "none of its 1 command(s) of this step applied", "controller 'bad' at t = 0.5 s: brake of 'car' refused: "
                + "level must be a finite number, got NaN; none of its 1 command(s) of this step applied"), lines);
    }

    @Test
    void aWorldWithoutActuatorsRefusesEveryCommand() {
        WorldSource scripted = new WorldSource() { // a dynamics source that takes no commands
            @Override public double time() { return world.time(); }
            @Override public double timeStep() { return world.timeStep(); }
            @Override public void step() { world.step(); }
            @Override public Vec3 gravity() { return world.gravity(); }
            @Override public java.util.Set<String> bodyIds() { return world.bodyIds(); }
            @Override public Pose bodyPose(String id) { return world.bodyPose(id); }
            @Override public Vec3 linearVelocity(String id) { return world.linearVelocity(id); }
            @Override public Vec3 angularVelocity(String id) { return world.angularVelocity(id); }
            @Override public java.util.Set<String> jointIds() { return world.jointIds(); }
            @Override public double jointPosition(String id) { return 0; }
            @Override public double jointVelocity(String id) { return 0; }
        };
        env.setWorld(scripted);
        env.bindControllerType(type, 0);
        control("c", "stop", (c, f) -> c.command(new Command.Brake("car", 1)));
        List<String> lines = logged(() -> env.advance(0.01));
        assertTrue(lines.get(0).contains("brake of 'car' refused: this world has no actuators"), lines.toString());
        assertEquals(10, env.controllers().get(0).refused());
    }

    @Test
    void theContextNamesTheSimulationAndTheStep() {
        List<String> seen = new ArrayList<>();
        type.actions.put("look", (c, f) -> seen.add(c.simulation() + " " + c.timeStep()));
        Simulations factory = new Simulations();
        factory.types().bindControllerType(type, 0);
        try (var sim = factory.create("street")) {
            sim.addController(new ControllerSpec("look", "scripted", List.of(), "look"));
            sim.step();
        }
        env.bindControllerType(type, 0);
        env.addController(new ControllerSpec("look", "scripted", List.of(), "look"));
        env.step();
        assertEquals(List.of("street 0.001", " 0.001"), seen);
    }

    @Test
    void removingAControllerClosesItAndEndsItsGapAndAClosedEnvironmentHasNone() {
        control("waiting", "stop", (c, f) -> {});
        env.advance(0.1);
        env.removeController("waiting");
        assertEquals(0.1, env.interruptions().get(0).to(), 1e-9, "the gap ends at the removal");
        env.bindControllerType(type, 0);
        control("c", "go", (c, f) -> {});
        env.removeController("c");
        assertEquals(List.of("go"), type.closed);
        control("d", "go2", (c, f) -> {});
        env.close();
        assertEquals(List.of(), env.controllers());
        assertEquals(List.of("go", "go2"), type.closed);
    }

    @Test
    void aNewWorldRecordsCommandsAfreshAndDropsUndeliveredFrames() {
        env.bindControllerType(type, 0);
        control("c", "go", (c, f) -> c.command(new Command.Twist("car", new Vec3(1, 0, 0), Vec3.ZERO)));
        env.advance(0.01);
        assertEquals(1, frames.size());
        KinematicWorld next = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        next.addBody("car", new KinematicWorld.Fixed(Pose.IDENTITY));
        env.setWorld(next);
        env.advance(0.01);
        assertEquals(2, frames.size(), "the same command on the new world's actuator is recorded again");
        assertEquals(1, frames.get(1).index(), "as the first of its series");
    }

    @Test
    void framesDeliveredWhileDetachedAreNotHandedOverLater() {
        env.bindSensorType(new EnvironmentTest.ProbeType());
        env.addSensor(new SensorSpec("near", "probe", null, new SensorMount("car", Pose.IDENTITY), 100, 0));
        List<Double> seen = new ArrayList<>();
        control("watch", "watch", (c, f) -> c.frames().forEach(x -> seen.add(x.time())), "near");
        env.advance(0.5);
        env.bindControllerType(type, 0);
        env.advance(0.1);
        assertTrue(seen.size() >= 9 && seen.size() <= 10 && seen.get(0) > 0.5 - 1e-9, "only frames after it attached: " + seen);
        List<String> lines = logged(() -> env.unbindControllerType(type));
        assertEquals(List.of("controller type 'scripted' left: controller 'watch' detached until it returns"), lines);
        lines = logged(() -> env.bindControllerType(type, 0));
        assertEquals(List.of("controller 'watch' attached: type 'scripted' is present"), lines);
    }

    @Test
    void aKinematicWorldChecksWhatItIsToApply() {
        var e = assertThrows(IllegalArgumentException.class, () -> ((sensor.api.world.Actuated) world)
                .apply(new Command.Brake("car", 2)));
        assertEquals("level must be in [0.0, 1.0], got 2.0", e.getMessage());
        world.addJoint("wheel", KinematicWorld.JointScript.constantRate(0, 1));
        assertEquals(java.util.Set.of("wheel"), world.jointIds());
    }
}
