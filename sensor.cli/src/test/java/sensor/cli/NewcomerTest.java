package sensor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;
import sensor.scenario.Suggestions;

/**
 * What a new user meets first: errors at the field's own line and column with the sensor named by its id, every
 * missing type in one message, "did you mean", JSON or YAML told apart by content, one-line usage errors, help
 * with exit codes.
 */
class NewcomerTest {
    @TempDir
    Path dir;

    private ScenarioException invalid(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        Plugins plugins = new Plugins();
        return assertThrows(ScenarioException.class, () -> new ScenarioBuilder(plugins.env, plugins.catalog)
                .build(new ScenarioReader().read(p), new ScenarioBuilder.Overrides(null, 1, null)));
    }

    private static void at(ScenarioException e, int line, int column, String message) {
        assertEquals(line + ":" + column, e.line() + ":" + e.column(), e.getMessage());
        assertTrue(e.detail().contains(message), e.getMessage());
    }

    @Test
    void aRecordCheckIsReportedAtTheFieldsOwnLineNotAtTheNextEntry() throws Exception {
        at(invalid("s.yaml", """
                version: 1
                sensors:
                  - id: lidar
                    type: lidar
                    frequency: 10
                  - id: imu
                    type: imu
                    frequency: -100
                    lag: 0
                  - id: truth
                    type: ground-truth
                """), 8, 5, "sensors 'imu': frequency must be in (0, 100000] Hz, got -100");
        at(invalid("s.yaml", """
                version: 1
                sensors:
                  - {id: a, type: imu}
                  - {id: b, type: imu, frequency: 0, lag: 1}
                  - {id: c, type: imu}
                """), 4, 24, "sensors 'b': frequency must be in");
        at(invalid("s.yaml", """
                version: 1
                joints:
                  - id: j
                    type: sine
                    amplitude: 1
                    frequency: -2
                """), 6, 5, "joints 'j': frequency must be in (0, 10000] Hz, got -2");
    }

    @Test
    void aPluginsCheckIsReportedAtTheFieldItNames() throws Exception {
        Files.writeString(dir.resolve("mode.yaml"), """
                version: 1
                sensors:
                  - id: l
                    type: lidar
                    config:
                      model: OS1-64
                      mode: 4096x5
                """);
        ScenarioTest.Result r = cli("validate", dir.resolve("mode.yaml").toString());
        assertEquals(3, r.code());
        assertTrue(r.err().contains("mode.yaml:7:7: sensors 'l': mode '4096x5' is unknown for Ouster OS1-64; its modes: "
                + "[1024x10, 512x10, 512x20, 1024x20, 2048x10]"), r.err());
        Files.writeString(dir.resolve("format.yaml"), "version: 1\noutput: {formats: [csv, pcd, xyz]}\n");
        r = cli("validate", dir.resolve("format.yaml").toString());
        assertTrue(r.err().contains("format.yaml:2:30: output.formats: 'xyz' is unknown"), r.err());
    }

    @Test
    void jsonIsLocatedTooAndAYamlTextNamedJsonIsReadAsYaml() throws Exception {
        at(invalid("s.json", "{\"version\": 1,\n \"sensors\": [{\"id\": \"g\", \"type\": \"imu\",\n   \"frequency\": -1}]}\n"), 3, 4,
                "sensors 'g': frequency must be in");
        ScenarioException e = invalid("s.json", "# a comment, as YAML has\nversion: 1\nsensors:\n  - {id: g, type: imu, lag: 99}\n");
        at(e, 4, 24, "lag must be in [0, 60] s");
        assertTrue(e.detail().contains("read as YAML"), e.getMessage());
        Path yamlNamedJson = dir.resolve("ok.json");
        Files.writeString(yamlNamedJson, "version: 1\nduration: 2\n");
        assertEquals(2.0, new ScenarioReader().read(yamlNamedJson).scenario().duration());
        Path jsonNamedYaml = dir.resolve("ok.yaml");
        Files.writeString(jsonNamedYaml, "{\"version\": 1, \"duration\": 3}");
        assertEquals(3.0, new ScenarioReader().read(jsonNamedYaml).scenario().duration());
        assertTrue(ScenarioReader.isYaml(Path.of("x.json"), "\uFEFF\n version: 1".getBytes(StandardCharsets.UTF_8)));
        assertFalse(ScenarioReader.isYaml(Path.of("x.txt"), "  {\"version\": 1}".getBytes(StandardCharsets.UTF_8)));
        assertFalse(ScenarioReader.isYaml(Path.of("x.json"), "\uFEFF {\"version\": 1}".getBytes(StandardCharsets.UTF_8)),
                "JSON after a byte-order mark");
        assertTrue(ScenarioReader.isYaml(Path.of("x.json"), "\uFEFF".getBytes(StandardCharsets.UTF_8)));
        assertTrue(ScenarioReader.isYaml(Path.of("x.json"), " \n ".getBytes(StandardCharsets.UTF_8)));
        assertTrue(ScenarioReader.isYaml(Path.of("x.json"), new byte[0]));
    }

    @Test
    void everyMissingTypeIsNamedInOneMessage() throws Exception {
        ScenarioException e = invalid("s.yaml", """
                version: 1
                materials:
                  felt: {type: velvet}
                sensors:
                  - {id: s1, type: sonar}
                  - {id: s2, type: sonar}
                  - {id: t, type: thermal}
                """);
        at(e, 5, 5, "3 types this scenario needs are not installed:");
        assertTrue(e.detail().contains("sensor type 'sonar' (sensors 's1', sensors 's2'): no shipped distribution"), e.detail());
        assertTrue(e.detail().contains("sensor type 'thermal' (sensors 't')"), e.detail());
        assertTrue(e.detail().contains("surface material type 'velvet' (materials 'felt')"), e.detail());
    }

    @Test
    void anAngleThatLooksLikeRadiansGivenAsDegreesIsWarnedAboutInOneLine() throws Exception {
        Path f = dir.resolve("cam.yaml");
        Files.writeString(f, "version: 1\nduration: 0.1\nsensors:\n"
                + "  - {id: cam, type: camera, frequency: 10, config: {width: 64, height: 48, horizontalFov: 1.57}}\n");
        ScenarioTest.Result r = cli("validate", f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(f + ":4:76: warning: sensors 'cam'.config: horizontalFov is 1.57°, in degrees; a value this small "
                + "looks like radians (1.57 rad would be 90.0°)", r.err().strip());
        Files.writeString(f, "version: 1\nduration: 0.1\nsensors:\n"
                + "  - {id: cam, type: camera, frequency: 10, config: {width: 64, height: 48, horizontalFov: 90}}\n");
        assertEquals("", cli("validate", f.toString()).err().strip(), "90° is plausible");
    }

    @Test
    void unknownNamesGetTheClosestKnownOne() throws Exception {
        assertTrue(invalid("s.yaml", "version: 1\nsensors:\n  - {id: l, type: lidr}\n").detail()
                .endsWith("did you mean 'lidar'?"));
        assertTrue(invalid("s.yaml", "version: 1\nsensors:\n  - {id: l, type: imu, frequncy: 3}\n").detail()
                .endsWith("did you mean 'frequency'?"));
        String model = invalid("s.yaml", "version: 1\nsensors:\n  - {id: l, type: lidar, config: {model: OS1-46}}\n").detail();
        assertTrue(model.endsWith("did you mean 'OS1-64'?"), model);
        Files.writeString(dir.resolve("f.yaml"), "version: 1\noutput: {formats: [pdc]}\n");
        String formats = cli("validate", dir.resolve("f.yaml").toString()).err();
        assertTrue(formats.strip().endsWith("did you mean 'pcd'?"), formats);
        assertFalse(invalid("s.yaml", "version: 1\nsensors:\n  - {id: l, type: xyzzy}\n").detail().contains("did you mean"));
        assertEquals("gyroscope", Suggestions.closest("gyro", List.of("imu", "gyroscope", "gnss")));
        assertEquals("imu", Suggestions.closest("imv", List.of("imu", "gnss")), "one edit, as many as a 3-letter name allows");
        assertNull(Suggestions.closest("LIDAR", List.of("lidar")), "known in another case: nothing to suggest");
        assertNull(Suggestions.add(null));
        assertNull(Suggestions.closest("ab", List.of("xyz")));
        assertEquals("lidar", Suggestions.closest("lidra", List.of("lidar", "radar")));
    }

    @Test
    void aMaterialsErrorIsAtItsNameOnItsOwnLine() throws Exception {
        ScenarioException e = invalid("s.yaml", "version: 1\n# paint: a comment does not count\nmaterials:\n  glass: "
                + "{type: lambertian, reflectivity: 0.5}\n  paint: {type: lambertian, reflectivity: 7}\n");
        at(e, 5, 3, "materials 'paint': ");
    }

    @Test
    void aTypeMismatchNamesTheItemByIdAndItsField() throws Exception {
        at(invalid("s.yaml", "version: 1\nsensors:\n  - {id: g, type: imu, frequency: fast}\n"), 3, 35,
                "sensors 'g'.frequency: must be a number, got 'fast'");
    }

    private static ScenarioTest.Result cli(String... args) {
        return ScenarioTest.cli(args);
    }

    @Test
    void aUsageErrorIsOneLineAndWhereHelpIs() throws Exception {
        ScenarioTest.Result r = cli("run", "x.yaml");
        assertEquals(2, r.code());
        assertEquals(List.of("sensorsim run: Missing required option: '--out=DIR'", "Try 'sensorsim run --help' for usage."),
                r.err().lines().toList());
        r = cli("rnu");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Did you mean: sensorsim run?"), r.err());
        assertFalse(r.err().contains("Usage:"), r.err());
    }

    @Test
    void helpIsCompleteAndListsTheExitCodes() throws Exception {
        ScenarioTest.Result top = cli("--help");
        for (String kind : List.of("lidar", "camera", "radar", "IMU", "encoder", "odometer", "GNSS", "cone", "ground-truth")) {
            assertTrue(top.out().contains(kind), kind + " in\n" + top.out());
        }
        for (String cmd : List.of("run", "validate", "batch", "demo", "types", "serve")) {
            ScenarioTest.Result r = cli("help", cmd);
            assertEquals(0, r.code(), cmd);
            assertTrue(r.out().contains("Exit codes:") && r.out().contains("  3          invalid scenario"), r.out());
        }
        assertTrue(cli("demo", "--help").out().contains("[SECONDS]"), "SECONDS is optional");
        String validate = cli("validate", "--help").out(), serve = cli("serve", "--help").out(), types = cli("types", "--help").out();
        assertTrue(validate.matches("(?s).*SCENARIO +scenario file.*"), validate);
        assertTrue(serve.contains(".yml") && serve.contains(".cfg"), serve);
        assertTrue(types.contains("in DIR first, so") && !types.contains("before reading the scenario"), types);
    }

    @Test
    void theRunSummaryCountsTheFilesAsTheEstimateDoes() throws Exception {
        Path scenario = dir.resolve("small.yaml");
        Files.writeString(scenario, ScenarioTest.SMALL);
        Path out = dir.resolve("out");
        ScenarioTest.Result r = cli("run", scenario.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        var estimate = java.util.regex.Pattern.compile("estimate: (\\d+) files").matcher(r.out());
        var summary = java.util.regex.Pattern.compile("(\\d+) files in ").matcher(r.out());
        assertTrue(estimate.find() && summary.find(), r.out());
        long onDisk;
        try (var files = Files.walk(out)) {
            onDisk = files.filter(Files::isRegularFile).count();
        }
        assertEquals(onDisk, Long.parseLong(summary.group(1)), r.out());
        assertEquals(onDisk, Long.parseLong(estimate.group(1)), r.out());
    }

    @Test
    void helpTextsAreWrittenForTheJarsWithAndWithoutBench() throws Exception {
        HelpTexts.main(new String[] {dir.toString(), "1.2.3"});
        assertTrue(Files.readString(dir.resolve("full/sensorsim.txt")).contains("  bench "));
        assertFalse(Files.readString(dir.resolve("tailored/sensorsim.txt")).contains("  bench "));
        assertEquals(cli("run", "--help").out(), Files.readString(dir.resolve("full/run.txt")));
        assertEquals("sensorsim 1.2.3", Files.readString(dir.resolve("version.txt")).strip());
    }
}
