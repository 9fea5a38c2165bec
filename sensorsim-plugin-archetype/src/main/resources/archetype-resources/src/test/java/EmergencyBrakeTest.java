package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.Command;

/** The emergency brake alone: it brakes once, at the first range under its distance, and refuses bad settings. */
class EmergencyBrakeTest {
    private static SensorFrame range(double r) {
        return new SensorFrame("probe", "${artifactId}", 1, 0, 0, new Channels(List.of("range"), List.of("m"), new double[] {r}));
    }

    /** The commands the controller sets at one step given these frames. */
    private static List<Command> step(Controller c, SensorFrame... frames) {
        List<Command> set = new ArrayList<>();
        c.control(new ControlContext() {
            @Override public double time() { return 0; }
            @Override public String simulation() { return "test"; }
            @Override public double timeStep() { return 0.001; }
            @Override public List<SensorFrame> frames() { return List.of(frames); }
            @Override public void command(Command command) { set.add(command); }
        });
        return set;
    }

    @Test
    void brakesOnceAtTheFirstRangeUnderTheDistance() {
        Controller c = new EmergencyBrakeType().create(new EmergencyBrakeType.Config("car", 10, 0.8));
        assertEquals(List.of(), step(c));
        assertEquals(List.of(), step(c, range(10), range(Double.NaN), range(25)));
        assertEquals(List.of(new Command.Brake("car", 0.8)), step(c, range(12), range(9.99)));
        assertEquals(List.of(), step(c, range(5)), "the brake holds: no second command");
    }

    @Test
    void badSettingsAreRefusedNamingTheField() {
        EmergencyBrakeType type = new EmergencyBrakeType();
        assertEquals("distance must be finite and > 0, got 0.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new EmergencyBrakeType.Config("car", 0, 1))).getMessage());
        assertEquals("level must be in [1.0E-9, 1.0], got 2.0", assertThrows(IllegalArgumentException.class,
                () -> type.create(new EmergencyBrakeType.Config("car", 10, 2))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> type.create(type.defaultConfig()), "a target must be given");
    }
}
