package distro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The shape of the code base, checked so that it keeps holding: one job per bundle (no bundle but the kernel's
 * contracts above 3,500 lines of main code, no source file above 700 lines), and bundles import only from their own
 * layer or a lower one (read from the manifests of the bundles in the exported sensorsim.jar). The layers, lowest
 * first: the kernel, the plugins, then scenario, assemble, batch, service, console and the command line on top.
 */
class StructureIT {
    private static final int MAX_BUNDLE_LINES = 3_500, MAX_FILE_LINES = 700;
    /** The kernel's contracts: the one bundle allowed above {@link #MAX_BUNDLE_LINES}. */
    private static final String KERNEL = "sensor.api";
    private static final List<String> LAYERS = List.of("kernel", "plugins", "sensor.scenario", "sensor.assemble", "sensor.batch",
            "sensor.service", "sensor.console", "sensor.cli");

    private static String layer(String bundle) {
        if (bundle.equals("sensor.api") || bundle.equals("sensor.env")) {
            return "kernel";
        }
        return LAYERS.contains(bundle) ? bundle : "plugins";
    }

    @Test
    void noBundleButTheKernelAbove3500LinesAndNoFileAbove700() throws IOException {
        List<String> over = new ArrayList<>();
        int bundles = 0;
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(m -> Files.isRegularFile(m.resolve("bnd.bnd"))
                    && Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                String name = module.getFileName().toString();
                long bundleLines = 0;
                bundles++;
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        long lines;
                        try (Stream<String> l = Files.lines(f)) {
                            lines = l.count();
                        }
                        bundleLines += lines;
                        if (lines > MAX_FILE_LINES) {
                            over.add(Path.of("..").relativize(f) + ": " + lines + " lines (at most " + MAX_FILE_LINES + ")");
                        }
                    }
                }
                if (bundleLines > MAX_BUNDLE_LINES && !name.equals(KERNEL)) {
                    over.add(name + ": " + bundleLines + " lines of main code (at most " + MAX_BUNDLE_LINES + ")");
                }
            }
        }
        assertTrue(bundles > 25, "the bundles' sources were read: " + bundles);
        assertTrue(over.isEmpty(), "too big:\n" + String.join("\n", over));
    }

    @Test
    void bundlesImportOnlyFromTheirOwnLayerOrBelow() throws IOException {
        Map<String, String> exporter = new LinkedHashMap<>(); // package -> bundle
        Map<String, List<String>> imports = new TreeMap<>(); // bundle -> packages
        try (JarFile jar = new JarFile(Path.of("target", "sensorsim.jar").toFile())) {
            for (var e : java.util.Collections.list(jar.entries())) {
                if (!e.getName().matches("jar/sensor\\.[^/]+\\.jar")) {
                    continue;
                }
                Manifest m;
                try (InputStream in = jar.getInputStream(e); JarInputStream bundle = new JarInputStream(in)) {
                    m = bundle.getManifest();
                }
                String name = m.getMainAttributes().getValue("Bundle-SymbolicName").split(";")[0];
                packages(m.getMainAttributes().getValue("Export-Package")).forEach(p -> exporter.put(p, name));
                imports.put(name, packages(m.getMainAttributes().getValue("Import-Package")));
            }
        }
        assertTrue(imports.keySet().containsAll(List.of("sensor.api", "sensor.scenario", "sensor.service", "sensor.cli")),
                "the bundles were read: " + imports.keySet());
        List<String> upward = new ArrayList<>();
        imports.forEach((bundle, packages) -> {
            for (String p : packages) {
                String from = exporter.get(p);
                if (from != null && !from.equals(bundle)
                        && LAYERS.indexOf(layer(from)) > LAYERS.indexOf(layer(bundle))) {
                    upward.add(bundle + " (" + layer(bundle) + ") imports " + p + " from " + from + " (" + layer(from) + ")");
                }
            }
        });
        assertTrue(upward.isEmpty(), "imports from a higher layer:\n" + String.join("\n", upward));
    }

    /** The package names of a manifest header (its clauses without attributes and directives). */
    private static List<String> packages(String header) {
        List<String> names = new ArrayList<>();
        if (header == null) {
            return names;
        }
        boolean quoted = false;
        StringBuilder clause = new StringBuilder();
        for (char c : (header + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                names.add(clause.toString().split(";")[0].strip());
                clause.setLength(0);
            } else {
                clause.append(c);
            }
        }
        return names;
    }
}
