package sensor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version-1 scenarios as release 0.1.0 wrote them keep loading: its demo and a file with every field of its
 * scenario reference (test data under {@code release-0.1.0/}), the custom sweep as {@code sweep: {...}}.
 */
class ReleaseScenariosTest {
    @TempDir
    Path dir;

    private Path copy(String name) throws Exception {
        for (String f : new String[] {name, "house.obj"}) {
            try (var in = getClass().getResourceAsStream("release-0.1.0/" + f)) {
                Files.write(dir.resolve(f), in.readAllBytes());
            }
        }
        return dir.resolve(name);
    }

    private static String[] validate(Path scenario) {
        ScenarioTest.Result r = ScenarioTest.cli("validate", scenario.toString());
        return new String[] {String.valueOf(r.code()), r.out() + r.err()};
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo.yaml", "every-field.yaml"})
    void aScenarioOfRelease010StillValidates(String name) throws Exception {
        String[] r = validate(copy(name));
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains(": valid: "), r[1]);
    }

    @Test
    void theOldSweepAndTheNewPatternTogetherAreRefusedWithTheNewForm() throws Exception {
        Path p = dir.resolve("both.yaml");
        Files.writeString(p, """
                version: 1
                sensors:
                  - {id: l, type: lidar, config: {sweep: {columns: 8, rate: 10, elevations: [0]},
                                                  pattern: {type: sweep, columns: 8, rate: 10, elevations: [0]}}}
                """);
        String[] r = validate(p);
        assertEquals("3", r[0], r[1]);
        assertTrue(r[1].contains("sweep (the 0.1.0 form) and pattern exclude each other; write "
                + "pattern: {type: sweep, columns, rate, elevations}"), r[1]);
    }
}
