package sensor.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;
import sensor.api.sensor.SensorFrame;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;

/**
 * The scenario's {@code ros2} field: it turns the DDS bridge on for {@code run} with its domain, interface and per-topic
 * QoS; {@code --ros2} and {@code --ros2-interface} win over it; a bad value names the field and its line.
 */
class Ros2ScenarioTest {
    @TempDir
    Path dir;

    static final String SMALL = ScenarioTest.SMALL.replace("duration: 0.3", "duration: 0.2");

    /** A bridge that records how it was opened and counts the frames it gets. */
    static final class Bridge implements LiveViewFactory {
        final List<String> opened = new ArrayList<>();
        final AtomicInteger frames = new AtomicInteger();

        @Override
        public LiveView open(String host, int port) {
            return open(host, port, Map.of());
        }

        @Override
        public LiveView open(String host, int port, Map<String, Object> settings) {
            opened.add(host + " " + port + " " + settings);
            return new LiveView() {
                @Override
                public void accept(SensorFrame frame) {
                    frames.incrementAndGet();
                }

                @Override
                public String address() {
                    return "domain " + port;
                }

                @Override
                public void close() {}
            };
        }
    }

    record Run(int code, String err, Bridge bridge) {}

    Run run(String scenario, String... options) throws Exception {
        Path file = dir.resolve("s" + System.nanoTime() + ".yaml");
        Files.writeString(file, scenario);
        Bridge bridge = new Bridge();
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--out", dir.resolve("o" + System.nanoTime()).toString()));
        args.addAll(List.of(options));
        int code = new Plugins().command(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).ros2Views(() -> bridge).execute(args.toArray(String[]::new));
        return new Run(code, err.toString(StandardCharsets.UTF_8), bridge);
    }

    @Test
    void theScenarioFieldTurnsTheBridgeOnWithItsDomainInterfaceAndPerTopicQos() throws Exception {
        String ros2 = "ros2:\n  domain: 7\n  interface: lo\n  qos:\n    /lidar/points: sensor_data\n"
                + "    /imu/imu: {durability: transient_local, depth: 2}\n";
        Run r = run(SMALL + ros2);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("lo 7 {qos={/imu/imu={reliability=reliable, durability=transient_local, depth=2}, "
                + "/lidar/points={reliability=best_effort, durability=volatile, depth=5}}}"), r.bridge().opened);
        assertTrue(r.bridge().frames.get() >= 10, "the bridge got the run's frames: " + r.bridge().frames);
        assertTrue(r.err().contains("ros2: publishing to ROS 2 nodes over DDS, domain 7"), r.err());

        r = run(SMALL + ros2, "--ros2=3", "--ros2-interface", "eth9");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.bridge().opened.get(0).startsWith("eth9 3 {qos="), "the options win: " + r.bridge().opened);

        assertEquals(List.of(), run(SMALL + "ros2: false\n").bridge().opened, "ros2: false leaves it off");
        assertEquals(List.of(), run(SMALL).bridge().opened, "off by default");
        assertEquals(List.of(" 4 {}"), run(SMALL + "ros2: true\n", "--ros2=4").bridge().opened);
        assertEquals(List.of(" 5 {}"), run(SMALL + "ros2: {domain: 5}\n").bridge().opened);
        assertEquals(List.of(" 232 {}"), run(SMALL, "--ros2=232").bridge().opened, "the last domain");
        Run r233 = run(SMALL, "--ros2=233");
        assertEquals(2, r233.code());
        assertTrue(r233.err().contains("--ros2 must be a domain in [0, 232], got 233"), r233.err());
        Run noBridge = run(SMALL, "--ros2-interface", "lo");
        assertEquals(2, noBridge.code());
        assertTrue(noBridge.err().contains("--ros2-interface needs --ros2"), noBridge.err());
        assertEquals(List.of(), noBridge.bridge().opened);
    }

    @Test
    void badRos2FieldsAreNamedWithTheirLineAndNothingRuns() throws Exception {
        String[][] cases = {
            {"ros2: {domain: 233}\n", "ros2.domain must be in [0, 232], got 233"},
            {"ros2:\n  qos:\n    lidar/points: sensor_data\n", "ros2.qos: 'lidar/points' must be a topic as the run publishes it"},
            {"ros2:\n  qos:\n    /a: fast\n", "a QoS profile must be default or sensor_data, or {reliability, durability, depth}; got 'fast'"},
            {"ros2:\n  qos:\n    /a: {reliability: sure}\n", "reliability must be reliable or best_effort, got 'sure'"},
            {"ros2:\n  qos:\n    /a: {durability: forever}\n", "durability must be volatile or transient_local, got 'forever'"},
            {"ros2:\n  qos:\n    /a: {depth: 0}\n", "depth must be in [1, 1000] messages, got 0"},
            {"ros2:\n  qos:\n    /a: {history: keep_all}\n", "unknown field 'history'"},
            {"ros2: {port: 3}\n", "unknown field 'port'"},
        };
        int scenarioLines = (int) SMALL.lines().count();
        for (String[] c : cases) {
            Path file = dir.resolve("bad.yaml");
            Files.writeString(file, SMALL + c[0]);
            Plugins plugins = new Plugins();
            ScenarioException e = assertThrows(ScenarioException.class, () -> new ScenarioBuilder(plugins.env, plugins.catalog)
                    .build(new ScenarioReader().read(file), new ScenarioBuilder.Overrides(null, 1, null)), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
            assertTrue(e.line() > scenarioLines, c[0] + " -> line " + e.line() + ": " + e.getMessage());
            assertFalse(e.getMessage().contains("com.fasterxml") || e.getMessage().contains("java."), e.getMessage());
        }
    }

    @Test
    void aScenarioAskingForRos2InADistributionWithoutTheBridgeIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path file = dir.resolve("s.yaml"), out = dir.resolve("never");
        Files.writeString(file, SMALL + "ros2: true\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Plugins().command(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute("run", file.toString(), "--out", out.toString());
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("the scenario's ros2: this distribution has no ROS 2 bridge "
                + "(the sensor.io.dds bundle provides one)"), err.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(out));
    }
}
