package sensor.service.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import sensor.scenario.ScenarioException;
import sensor.scenario.run.ScenarioRun;

/**
 * Watches a folder for scenario files ({@code .yaml}, {@code .yml}, {@code .json}), polling every 250 ms: a new
 * file starts a simulation named after it, a changed file (time or size) restarts it with the new content, a
 * deleted file stops it. An invalid file gets one log line with its location and starts nothing. Bundles in the
 * same folder are FileInstall's.
 */
final class ScenarioFolder extends FolderWatch {
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private final LiveSimulations live;
    private final Map<Path, String> seen = new HashMap<>();

    /** {@code held}: scenario files not to start until they change (simulations left stopped after a crash). */
    ScenarioFolder(Path dir, LiveSimulations live, java.util.Set<Path> held) throws IOException {
        super(dir, "scenario folder");
        this.live = live;
        for (Path p : held) {
            seen.put(p, stamp(p));
        }
    }

    private static String stamp(Path p) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        return a.lastModifiedTime().toMillis() + "/" + a.size();
    }

    /** One pass: start new and changed files, stop deleted ones. */
    @Override
    void scan() throws IOException {
        Map<Path, String> now = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(ScenarioFolder::isScenario).toList()) {
                now.put(p, stamp(p));
            }
        }
        for (var e : now.entrySet()) {
            if (!e.getValue().equals(seen.get(e.getKey()))) {
                try {
                    live.start(e.getKey());
                } catch (ScenarioException ex) {
                    String name = ScenarioRun.simulationName(e.getKey());
                    LOG.log(Level.WARNING, "scenario {0} not {1}: {2}", e.getKey().getFileName(), live.running(name)
                            ? "applied; simulation '" + name + "' goes on unchanged" : "started", ex.getMessage());
                }
            }
        }
        for (Path gone : seen.keySet()) {
            if (!now.containsKey(gone)) {
                live.stop(ScenarioRun.simulationName(gone));
            }
        }
        seen.clear();
        seen.putAll(now);
    }

    static boolean isScenario(Path p) {
        String n = p.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return Files.isRegularFile(p) && !n.startsWith(".") && (n.endsWith(".yaml") || n.endsWith(".yml") || n.endsWith(".json"));
    }
}
