package sensor.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import sensor.env.Environment;
import sensor.groundtruth.GroundTruthSensorType;

class DemoJobTest {
    private static SensorSimCommand command(Environment env, ByteArrayOutputStream buf) {
        PrintStream p = new PrintStream(buf, true, StandardCharsets.UTF_8);
        return new SensorSimCommand(env, new sensor.env.Simulations(), new sensor.env.FixedCatalog(java.util.List.of()),
                () -> null, dir -> { }, (options, live) -> 2, p, p);
    }

    @Test
    void demoStepsTheWorldAndReportsEverySensor() {
        Environment env = new Environment();
        env.bindSensorType(new GroundTruthSensorType());
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        assertEquals(0, command(env, buf).execute("demo", "1"));
        String out = buf.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("sensor types:           [ground-truth]"), out);
        assertTrue(out.contains("stepped 1000 steps"), out);
        // the car follows the spline through the square's corners, 4 s a side (MotionsTest checks the spline): at t = 1 s
        var car = sensor.env.Motions.at(new sensor.api.world.KinematicWorld.Waypoints(java.util.List.of(0.0, 4.0, 8.0, 12.0, 16.0), java.util.List.of(
                new sensor.api.geom.Vec3(-20, -20, 0), new sensor.api.geom.Vec3(20, -20, 0), new sensor.api.geom.Vec3(20, 20, 0),
                new sensor.api.geom.Vec3(-20, 20, 0), new sensor.api.geom.Vec3(-20, -20, 0))), 1);
        var p = car.pose().position();
        assertTrue(out.contains(String.format(java.util.Locale.ROOT, "car at (%.2f, %.2f, 0.00)", p.x(), p.y())), out);
        assertTrue(out.contains("sensor ground-truth (ground-truth, ACTIVE): 10 frames"), out);
        assertTrue(out.contains(String.format(java.util.Locale.ROOT, "vx=%.2f", car.linearVelocity().x())), out);
    }

    @Test
    void badArgumentsAreRejectedWithUsage() {
        Environment env = new Environment();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        assertEquals(2, command(env, buf).execute("fly"));
        assertTrue(buf.toString(StandardCharsets.UTF_8).contains("Unmatched argument at index 0: 'fly'"), buf.toString());
        assertTrue(buf.toString(StandardCharsets.UTF_8).contains("Try 'sensorsim --help' for usage."), buf.toString());
        assertFalse(buf.toString(StandardCharsets.UTF_8).contains("Usage: sensorsim"), "one line, not the usage: " + buf);
        buf.reset();
        assertEquals(1, command(env, buf).execute("demo", "-3"));
        assertTrue(buf.toString(StandardCharsets.UTF_8).contains("SECONDS must be a number in (0, 3600]"), buf.toString());
    }
}
