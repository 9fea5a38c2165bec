package sensor.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.Command;
import sensor.control.config.ScheduleConfig;
import sensor.control.config.ScheduleConfig.Entry;

/** The schedule controller: steps at their times, linear ramps from the value then in effect, commands on change only. */
class ScheduleTypeTest {
    static final double DT = 0.01;

    /** Runs a schedule over {@code steps} steps; the commands set at each step. */
    static List<List<Command>> play(List<Entry> entries, int steps) {
        Controller c = new ScheduleType().create(new ScheduleConfig(entries));
        List<List<Command>> out = new ArrayList<>();
        for (int k = 0; k < steps; k++) {
            double t = k * DT;
            List<Command> set = new ArrayList<>();
            c.control(new ControlContext() {
                @Override public double time() { return t; }
                @Override public String simulation() { return "test"; }
            @Override public double timeStep() { return DT; }
                @Override public List<SensorFrame> frames() { return List.of(); }
                @Override public void command(Command command) { set.add(command); }
            });
            out.add(set);
        }
        return out;
    }

    static Entry entry(double at, String command, double value, Double ramp) {
        return new Entry(at, command, "car", value, null, ramp);
    }

    @Test
    void theCommandsItSetsBeforeTheRunEndsAreDeclaredForTheEstimate() {
        var config = new ScheduleConfig(List.of(entry(0.5, "drive", 3, null), entry(1, "steering", 0.1, 0.5),
                entry(1.5, "drive", 0, null), entry(7.5, "brake", 1, null)));
        assertEquals(java.util.Set.of("drive.car", "steering.car"), new ScheduleType().commands(config, 6));
        assertEquals(java.util.Set.of("drive.car", "steering.car", "brake.car"), new ScheduleType().commands(config, 10));
    }

    @Test
    void aStepIsSetOnceAtItsTime() {
        var steps = play(List.of(entry(0.5, "drive", 3, null), entry(1, "brake", 1, null)), 200);
        for (int k = 0; k < 200; k++) {
            List<Command> expected = k == 50 ? List.of(new Command.Drive("car", 3))
                    : k == 100 ? List.of(new Command.Brake("car", 1)) : List.of();
            assertEquals(expected, steps.get(k), "step " + k);
        }
    }

    @Test
    void aRampGoesLinearlyFromTheValueInEffect() {
        // 0 → 2 at 0.1 s, then a 1 s ramp to 4 from 0.5 s, and a 0.5 s ramp back to 0 from 1 s (starting mid-ramp, at 3)
        var steps = play(List.of(entry(0.1, "steering", 2, null), entry(0.5, "steering", 4, 1.0),
                entry(1.0, "steering", 0, 0.5)), 200);
        for (int k = 0; k < 200; k++) {
            double t = k * DT;
            double expected = t < 0.1 - 1e-9 ? Double.NaN : t < 0.5 - 1e-9 ? 2 : t < 1 - 1e-9 ? 2 + 2 * (t - 0.5)
                    : t < 1.5 - 1e-9 ? 3 - 3 * (t - 1) / 0.5 : 0;
            double set = steps.get(k).isEmpty() ? Double.NaN : ((Command.Steering) steps.get(k).get(0)).angle();
            boolean changes = k == 10 || (t > 0.5 + 1e-9 && t < 1.5 + 1e-9);
            if (changes) {
                assertEquals(expected, set, 1e-12, "t = " + t);
            } else {
                assertTrue(Double.isNaN(set), "nothing set at t = " + t + " (the value holds): " + steps.get(k));
            }
        }
    }

    @Test
    void aTwistAndAJointVelocityTakeTheirValuesInOrder() {
        var steps = play(List.of(new Entry(0.0, "twist", "cart", null, List.of(1.0, 0.0, 0.0, 0.0, 0.0, 0.5), null),
                new Entry(0.0, "joint-velocity", "axle", null, List.of(2.0, 30.0), null),
                new Entry(0.0, "joint-torque", "arm", -1.5, null, null)), 1);
        assertEquals(List.of(new Command.Twist("cart", new sensor.api.geom.Vec3(1, 0, 0), new sensor.api.geom.Vec3(0, 0, 0.5)),
                new Command.JointVelocity("axle", 2, 30), new Command.JointTorque("arm", -1.5)), steps.get(0));
    }

    @Test
    void entriesAtTheSameTimeLetTheLastListedWin() {
        var steps = play(List.of(entry(0.2, "drive", 1, null), entry(0.2, "drive", 5, null)), 30);
        assertEquals(List.of(new Command.Drive("car", 5)), steps.get(20));
    }

    @Test
    void badEntriesAreRefusedNamingTheEntryAndTheField() {
        ScheduleType type = new ScheduleType();
        assertEquals("commands[0].command must be one of [brake, drive, joint-torque, joint-velocity, steering, twist], "
                + "got 'fly'", refusal(type, new Entry(0.0, "fly", "car", 1.0, null, null)));
        assertEquals("commands[0].command must be one of [brake, drive, joint-torque, joint-velocity, steering, twist], "
                + "got nothing", refusal(type, new Entry(0.0, null, "car", 1.0, null, null)));
        assertEquals("commands[0].at must be in [0.0, 86400.0], got -1.0", refusal(type, entry(-1, "drive", 1, null)));
        assertEquals("commands[0].at must be in [0.0, 86400.0], got NaN",
                refusal(type, new Entry(null, "drive", "car", 1.0, null, null)));
        assertEquals("commands[0].ramp must be in [0.0, 86400.0], got -2.0", refusal(type, entry(0, "drive", 1, -2.0)));
        assertEquals("commands[0].value must give the drive's speed (one number)",
                refusal(type, new Entry(0.0, "drive", "car", null, List.of(1.0), null)));
        assertEquals("commands[0].values must give the twist's [vx, vy, vz, wx, wy, wz], got [1.0]",
                refusal(type, new Entry(0.0, "twist", "car", null, List.of(1.0), null)));
        assertEquals("commands[0].values must give the joint-velocity's [velocity, maxForce], got nothing",
                refusal(type, new Entry(0.0, "joint-velocity", "car", 2.0, null, null)));
        assertTrue(refusal(type, new Entry(0.0, "drive", "my car", 1.0, null, null)).startsWith("commands[0].target must be"));
        assertEquals("commands[0] must be an entry {at, command, target, value}",
                refusal(type, java.util.Arrays.asList((Entry) null)));
    }

    private static String refusal(ScheduleType type, Entry e) {
        return refusal(type, List.of(e));
    }

    private static String refusal(ScheduleType type, List<Entry> entries) {
        return assertThrows(IllegalArgumentException.class, () -> type.create(new ScheduleConfig(entries))).getMessage();
    }

    @Test
    void theTypeDescribesItself() {
        ScheduleType type = new ScheduleType();
        assertEquals("schedule", type.id());
        assertEquals(ScheduleConfig.class, type.configType());
        assertEquals(List.of(), type.defaultConfig().commands());
        assertTrue(type.description().startsWith("schedule: "));
        assertEquals(List.of(), new ScheduleConfig(null).commands());
    }
}
