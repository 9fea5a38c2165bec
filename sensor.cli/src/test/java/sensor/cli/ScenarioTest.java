package sensor.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;

class ScenarioTest {
    @TempDir
    Path dir;

    static final String SMALL = """
            version: 1
            duration: 0.3
            seed: 3
            output: {formats: [pcd, csv]}
            bodies:
              - {id: car, motion: {type: constant-velocity, velocity: [5, 0, 0]}}
            joints:
              - {id: wheel, type: constant-rate, rate: 15}
            materials:
              paint: {type: ggx-oren-nayar, diffuseReflectivity: 0.3}
            objects:
              - {id: ground, shape: {type: plane}, pose: {position: [0, 0, -1.5]}}
              - {id: wall, shape: {type: box, size: [1, 20, 5]}, pose: {position: [15, 0, 0]}, material: paint}
            sensors:
              - {id: lidar, type: lidar, body: car, frequency: 10, config: {model: OS1-32, mode: 512x10}}
              - {id: imu, type: imu, body: car, frequency: 100}
              - {id: odo, type: odometer, body: car, frequency: 20, config: {jointId: wheel, wheelRadius: 0.3}}
            """;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private ScenarioException invalid(String text) throws Exception {
        Path p = write("s.yaml", text);
        Plugins plugins = new Plugins();
        return assertThrows(ScenarioException.class, () -> new ScenarioBuilder(plugins.env, plugins.catalog)
                .build(new ScenarioReader().read(p), new ScenarioBuilder.Overrides(null, 1, null)));
    }

    /** What a command line run printed, and its exit code. */
    record Result(int code, String out, String err) {}

    /** Runs the command line over the plugins of the test classpath. */
    static Result cli(String... args) {
        Plugins plugins = new Plugins();
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = plugins.command(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shippedDemoScenarioValidates() {
        Result r = cli("validate", "../distro/scenarios/demo.yaml");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("valid: 15 objects, 8 sensors, 10.000 s"), r.out());
    }

    @Test
    void runWritesTheSelectedOutputsAndASummary() throws Exception {
        Path out = dir.resolve("out");
        Result r = cli("run", write("small.yaml", SMALL).toString(), "--out", out.toString(), "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("simulated 0.300 s"), r.out());
        assertTrue(Files.isRegularFile(out.resolve("lidar").resolve("lidar-000003.pcd")), r.out());
        assertTrue(Files.isRegularFile(out.resolve("imu.csv")));
        assertTrue(Files.readString(out.resolve("odo.csv")).lines().count() >= 6);
    }

    @Test
    void jsonScenariosWork() throws Exception {
        String json = """
                {"version": 1, "duration": 0.05, "bodies": [{"id": "b", "motion": {"type": "fixed"}}],
                 "sensors": [{"id": "gt", "type": "ground-truth", "body": "b", "frequency": 100}],
                 "output": {"formats": ["csv"]}}
                """;
        Result r = cli("run", write("s.json", json).toString(), "--out", dir.resolve("o").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(dir.resolve("o").resolve("gt.csv")).startsWith("time [s],x [m]"));
    }

    @Test
    void malformedYamlIsReportedWithLineAndColumn() throws Exception {
        ScenarioException e = invalid("version: 1\nsensors:\n  - {id: a, type: lidar\nobjects: []\n");
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("s.yaml:4:"), e.getMessage());
    }

    @Test
    void unknownFieldIsReportedWithWhatWasExpected() throws Exception {
        ScenarioException e = invalid("version: 1\nobjectz: []\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("unknown field 'objectz'; expected one of [ambient, bodies, controllers, duration"), e.getMessage());
    }

    @Test
    void invalidValuesNameTheFieldAndItsRange() throws Exception {
        ScenarioException e = invalid("version: 1\nduration: -2\n");
        assertTrue(e.getMessage().contains("duration must be in (0, 86400] s, got -2.0"), e.getMessage());
        e = invalid("version: 2\n");
        assertTrue(e.getMessage().contains("version must be 1, got 2"), e.getMessage());
        e = invalid("version: 1\nbodies:\n  - {id: b, motion: {type: fixed}}\nsensors:\n  - {id: s, type: ground-truth, frequency: -1}\n");
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("frequency must be in (0, 100000] Hz, got -1.0"), e.getMessage());
    }

    @Test
    void physicallyMeaninglessValuesAreRejectedWithTheirRange() throws Exception {
        String[][] cases = {
            {"sensors:\n  - {id: s, type: lidar, frequency: 1.0e9}\n", "3", "frequency must be in (0, 100000] Hz, got 1.0E9"},
            {"sensors:\n  - {id: s, type: imu, lag: 100}\n", "3", "lag must be in [0, 60] s, got 100.0"},
            {"timeStep: 1.0e-9\n", "2", "timeStep must be in [0.000001, 1] s, got 1.0E-9"},
            {"gravity: [0, 0, -1.0e6]\n", "2", "gravity must be [x, y, z] in m/s², each in [-1000, 1000]"},
            {"output: {lidarFrameStride: 0}\n", "2", "lidarFrameStride must be in [1, 1000000], got 0"},
            {"magneticField: {declination: 0, inclination: 100, intensity: 5.0e-5}\n", "2",
                "inclination must be in [-90, 90] °, got 100.0"},
            {"objects:\n  - {id: b, shape: {type: box, size: [1, 0, 1]}}\n", "3", "size must be [x, y, z], each in (0, 100000] m"},
            {"objects:\n  - {id: b, shape: {type: sphere, radius: -1}}\n", "3", "radius must be in (0, 100000] m, got -1.0"},
            {"objects:\n  - {id: h, shape: {type: heightfield, columns: 1, rows: 10, dx: 1, dy: 1}}\n", "3",
                "columns must be in [2, 100000], got 1"},
            {"joints:\n  - {id: j, type: sine, amplitude: 1, frequency: 0}\n", "3", "frequency must be in (0, 10000] Hz, got 0.0"},
        };
        for (String[] c : cases) {
            ScenarioException e = invalid("version: 1\n" + c[0]);
            assertTrue(e.getMessage().contains(c[2]), c[0] + " -> " + e.getMessage());
            assertEquals(Integer.parseInt(c[1]), e.line(), c[0] + " -> " + e.getMessage());
        }
    }

    @Test
    void missingMeshFileIsNamed() throws Exception {
        ScenarioException e = invalid("version: 1\nobjects:\n  - {id: m, shape: {type: mesh, file: nowhere/town.obj}}\n");
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("mesh file not found") && e.getMessage().contains("nowhere/town.obj"), e.getMessage());
    }

    @Test
    void lidarPatternIsAPluginNamedByType() throws Exception {
        write("beams.csv", "azimuth,elevation,time\n0,0,0\n90,0,0.02\n180,-10,0.04\n");
        Path p = write("p.yaml", """
                version: 1
                duration: 0.2
                objects:
                  - {id: wall, shape: {type: box, size: [1, 40, 40]}, pose: {position: [10, 0, 0]}}
                sensors:
                  - {id: file, type: lidar, config: {pattern: {type: file, file: beams.csv, rate: 10}}}
                  - {id: sweep, type: lidar, config: {pattern: {type: sweep, columns: 64, rate: 10, elevations: [0, 5]}}}
                output: {formats: [csv]}
                """);
        Result r = cli("run", p.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("file             2 frames"), r.out());
        ScenarioException e = invalid("version: 1\nsensors:\n  - {id: l, type: lidar, config: {pattern: {type: rosette}}}\n");
        assertTrue(e.getMessage().contains("ray pattern type 'rosette' is unknown; known ray pattern types: [file, livox-csv, ouster, risley, sweep]"),
                e.getMessage());
        e = invalid("version: 1\nsensors:\n  - {id: l, type: lidar, config: {model: OS1-32, pattern: {type: sweep}}}\n");
        assertTrue(e.getMessage().contains("pattern and model/mode/calibration exclude each other"), e.getMessage());
    }

    @Test
    void unknownTypesListTheKnownOnes() throws Exception {
        ScenarioException e = invalid("version: 1\nsensors:\n  - {id: r, type: sonar}\n");
        assertTrue(e.getMessage().contains("sensor type 'sonar' is not installed; installed sensor types: [accelerometer, camera, "
                + "encoder, gnss, ground-truth, gyroscope, imu, lidar, magnetometer, odometer]; no shipped distribution has it"), e.getMessage());
        e = invalid("version: 1\nmaterials:\n  wood: {type: velvet}\n");
        assertTrue(e.getMessage().contains("surface material type 'velvet' is not installed; installed surface material "
                + "types: [explicit-brdf, ggx-oren-nayar, lambertian]"), e.getMessage());
        e = invalid("version: 1\nobjects:\n  - {id: o, shape: {type: sphere, radius: 1}, material: gold}\n");
        assertTrue(e.getMessage().contains("material 'gold' is not defined; materials: []"), e.getMessage());
        e = invalid("version: 1\nsensors:\n  - {id: l, type: lidar, config: {noise: [{type: speckle}]}}\n");
        assertTrue(e.getMessage().contains("output noise type 'speckle' is unknown; known output noise types: "
                + "[distance-gaussian, hitpoint-angle-gaussian]"), e.getMessage());
        e = invalid("version: 1\nsensors:\n  - {id: l, type: lidar, config: {model: OS3-64}}\n");
        assertTrue(e.getMessage().contains("model 'OS3-64' is unknown; known lidar models: [Avia, C1, C16, "), e.getMessage());
        assertTrue(e.getMessage().endsWith("did you mean 'OS0-64'?"), e.getMessage());
    }

    @Test
    void nothingIsWrittenForAScenarioThatFailsValidation() throws Exception {
        Path out = dir.resolve("never");
        Result r = cli("run", write("bad.yaml", "version: 1\nsensors:\n  - {id: r, type: sonar}\n").toString(), "--out",
                out.toString());
        assertEquals(SensorSimCommand.INVALID_SCENARIO, r.code());
        assertTrue(r.err().contains("invalid scenario") && r.err().contains("bad.yaml:3:"), r.err());
        assertFalse(Files.exists(out));
        r = cli("run", write("ok.yaml", SMALL).toString(), "--out", out.toString(), "--duration", "-1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--duration must be in (0, 86400]"), r.err() + r.out());
        assertFalse(Files.exists(out));
    }
}
