package sensor.cli;

import java.nio.file.Files;
import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;

import sensor.api.env.Simulation;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;
import sensor.scenario.run.RunBudget;

/**
 * Fuzz targets (Jazzer) for what reads a scenario: the YAML and JSON reader, then the builder with every shipped
 * plugin type reading its own configuration (the configuration adapters). The invariant: any input is either a
 * valid scenario or a scenario error (exit 3) or a refusal by the run budget (exit 2), never another exception,
 * a hang or an out-of-memory. {@code mvn test} runs the seed corpus ({@code ScenarioFuzzTestInputs}); the README
 * gives the command that fuzzes.
 */
class ScenarioFuzzTest {
    private static final Plugins PLUGINS = new Plugins();
    /** The heap a fuzzed scene may declare before it counts as refused (keeps each input fast). */
    private static final long HEAP_LIMIT = 64L << 20;
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("sensorsim-fuzz");
            DIR.toFile().deleteOnExit();
        } catch (java.io.IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @FuzzTest(maxDuration = "10s")
    void yaml(byte[] input) throws Exception {
        read(input, "fuzz.yaml");
    }

    @FuzzTest(maxDuration = "10s")
    void json(byte[] input) throws Exception {
        read(input, "fuzz.json");
    }

    private static void read(byte[] input, String name) throws Exception {
        Path file = DIR.resolve(Thread.currentThread().getId() + "-" + name);
        Files.write(file, input);
        ScenarioReader.Loaded loaded;
        try {
            loaded = new ScenarioReader().read(file);
            RunBudget.checkGeometry(loaded, HEAP_LIMIT);
        } catch (ScenarioException | RunBudget.Exceeded expected) {
            return;
        }
        try (Simulation sim = PLUGINS.simulations.create("fuzz")) {
            new ScenarioBuilder(sim, PLUGINS.catalog).build(loaded, new ScenarioBuilder.Overrides(null, 1, null));
        } catch (ScenarioException expected) {
            // a scenario error: the outcome the invariant allows
        }
    }
}
