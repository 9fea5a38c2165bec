package sensor.assemble;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * {@code assemble --for}: the plugin types a scenario names (its sensors, lidar models, controllers, materials,
 * dynamics engine and output formats, and the types nested in a sensor's configuration: ray patterns, noise stages),
 * as the requirements of a feature that starts from the command line alone; and the check that the assembled jar
 * runs it ({@code validate}, in a JVM of its own).
 */
final class ScenarioTypes {
    private ScenarioTypes() {}

    /** Adds the scenario's type ids to {@code f.requires}; an unreadable scenario is a problem of {@code f}. */
    static void read(Path scenario, Feature f) throws IOException {
        JsonNode s;
        try {
            s = new ObjectMapper(new YAMLFactory()).readTree(scenario.toFile());
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            f.problems.add((e.getLocation() == null ? "1:1" : e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr())
                    + ": not a YAML scenario: " + e.getOriginalMessage());
            return;
        }
        if (s == null || !s.isObject()) {
            f.problems.add("1:1: not a YAML scenario (an object of version, sensors, objects...)");
            return;
        }
        for (JsonNode e : s.path("sensors")) {
            need(f, "sensor", e.path("type"));
            need(f, "lidar-model", e.path("config").path("model"));
            nested(f, e.path("config"));
        }
        for (JsonNode c : s.path("controllers")) {
            need(f, "controller", c.path("type"));
            nested(f, c.path("config"));
        }
        s.path("materials").forEach(m -> need(f, "*", m.path("type")));
        need(f, "dynamics-engine", s.path("dynamics").path("type"));
        for (JsonNode format : s.path("output").path("formats")) {
            need(f, "output-format", format);
        }
    }

    /** The types nested in a configuration ({@code type} fields), kind unknown; shapes and motions are no plugins. */
    private static void nested(Feature f, JsonNode config) {
        if (config.isArray()) {
            config.forEach(c -> nested(f, c));
        } else if (config.isObject()) {
            for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) config::fields) {
                if (e.getKey().equals("type")) {
                    need(f, "*", e.getValue());
                } else if (!List.of("shape", "motion").contains(e.getKey())) {
                    nested(f, e.getValue());
                }
            }
        }
    }

    private static void need(Feature f, String kind, JsonNode id) {
        if (id.isTextual() && f.requires.stream().noneMatch(t -> t.kind().equals(kind) && t.id().equals(id.asText()))) {
            f.requires.add(new Feature.TypeRef(kind, kind.equals("output-format") ? id.asText().toLowerCase(java.util.Locale.ROOT)
                    : id.asText(), null));
        }
    }

    /** Null when {@code jar} validates the scenario; else what it printed (its last lines). */
    static String validate(Path jar, Path scenario) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-jar", jar.toString(), "validate", scenario.toAbsolutePath().toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] output = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "validate did not end within 120 s";
        }
        if (p.exitValue() == 0) {
            return null;
        }
        List<String> lines = new String(output, StandardCharsets.UTF_8).lines().toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    }
}
