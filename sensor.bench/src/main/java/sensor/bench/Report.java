package sensor.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The figures of one benchmark run with the machine they were taken on, printed as a table and written as
 * {@code {"machine": {...}, "figures": [{"name", "value", "unit"}]}} (plus {@code "peer"}, the same shape, when a
 * peer's figures from the same machine were given, e.g. the Embree program's).
 */
final class Report {
    /** One measured figure. */
    record Figure(String name, double value, String unit) {}

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    final Map<String, Object> machine;
    final List<Figure> figures = new ArrayList<>();
    private final PrintStream out;

    Report(Map<String, Object> machine, PrintStream out) {
        this.machine = machine;
        this.out = out;
    }

    /** Adds a figure and prints it at once (a long run shows its progress). */
    void add(String name, double value, String unit) {
        figures.add(new Figure(name, value, unit));
        out.printf(Locale.ROOT, "  %-40s %14s %s%n", name, format(value), unit);
    }

    static String format(double v) {
        double a = Math.abs(v);
        return a == Math.rint(a) && a < 1e15 ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, a >= 100 ? "%,.1f" : a >= 1 ? "%.3f" : "%.4f", v);
    }

    /** Prints every figure beside the peer's of the same name and the ratio ours / peer. */
    void printComparison(Report peer) {
        out.printf(Locale.ROOT, "%nbeside %s (%s):%n", peer.machine.getOrDefault("engine", "the peer"),
                peer.machine.getOrDefault("cpu", "machine not stated"));
        out.printf(Locale.ROOT, "  %-40s %14s %14s %8s%n", "figure", "sensorsim", "peer", "ratio");
        for (Figure f : figures) {
            for (Figure p : peer.figures) {
                if (p.name.equals(f.name) && p.unit.equals(f.unit)) {
                    out.printf(Locale.ROOT, "  %-40s %14s %14s %8.2f  (%s)%n", f.name, format(f.value), format(p.value),
                            f.value / p.value, f.unit);
                }
            }
        }
    }

    /** Writes the report (and {@code peer}'s, when not null) as JSON, atomically (a temporary file renamed). */
    void writeJson(Path file, Report peer) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>(tree());
        if (peer != null) {
            root.put("peer", peer.tree());
        }
        Path abs = file.toAbsolutePath();
        Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
        try {
            JSON.writeValue(tmp.toFile(), root);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private Map<String, Object> tree() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Figure f : figures) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", f.name);
            m.put("value", f.value);
            m.put("unit", f.unit);
            list.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("machine", machine);
        root.put("figures", list);
        return root;
    }

    /**
     * Reads a report written by {@link #writeJson} or by a peer program in the same format; throws
     * {@link IllegalArgumentException} naming the file and what is wrong.
     */
    static Report read(Path file, PrintStream out) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("--peer " + file + ": not a readable JSON file (" + e.getMessage()
                    .lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.path("figures").isArray() || !root.path("machine").isObject()) {
            throw new IllegalArgumentException("--peer " + file + ": expected {\"machine\": {...}, \"figures\": [...]}");
        }
        Map<String, Object> machine = new LinkedHashMap<>();
        root.get("machine").fields().forEachRemaining(e -> machine.put(e.getKey(), e.getValue().asText()));
        Report r = new Report(machine, out);
        int i = 0;
        for (JsonNode f : root.get("figures")) {
            if (!f.path("name").isTextual() || !f.path("value").isNumber() || !f.path("unit").isTextual()) {
                throw new IllegalArgumentException("--peer " + file + ": figures[" + i + "] must have a text name, a "
                        + "number value and a text unit");
            }
            r.figures.add(new Figure(f.get("name").asText(), f.get("value").asDouble(), f.get("unit").asText()));
            i++;
        }
        return r;
    }

    /**
     * The machine: CPU model, cores, SIMD width (the widest of AVX-512, AVX2, SSE the CPU reports), JDK and OS, and
     * the traversal path this JVM runs.
     */
    /** {@code traversal}: how the benchmarked raytrace backend traces in this JVM ({@code RaytraceBackend#describe}). */
    static Map<String, Object> machine(String traversal) {
        String cpu = "unknown", flags = "";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name") && cpu.equals("unknown")) {
                    cpu = l.substring(l.indexOf(':') + 1).trim();
                } else if (l.startsWith("flags") && flags.isEmpty()) {
                    flags = " " + l.substring(l.indexOf(':') + 1).trim() + " ";
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the CPU stays unknown
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu", cpu);
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("simd", flags.contains(" avx512f ") ? "AVX-512" : flags.contains(" avx2 ") ? "AVX2"
                : flags.contains(" sse4_2 ") ? "SSE4.2" : "unknown");
        m.put("jdk", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("maxHeapMiB", Runtime.getRuntime().maxMemory() >> 20);
        m.put("traversal", traversal);
        m.put("engine", "sensorsim");
        return m;
    }
}
