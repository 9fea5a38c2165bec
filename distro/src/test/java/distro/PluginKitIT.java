package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.stream.Stream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The third-party path as a plugin author walks it: generate a project from the installed archetype in a folder
 * outside the repository, build it with its unit and in-framework tests ({@code mvn verify}), and run its scenario
 * with the distribution and {@code --plugins}. Needs the project installed in the local Maven repository
 * ({@code mvn install}, which the README's test command runs). Also: broken plugin folders get one clear line and exit 1.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PluginKitIT {
    private static final String VERSION = System.getProperty("sensorsim.version");
    private static final Path REPO = Path.of(System.getProperty("maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));

    @TempDir
    static Path outside;

    private static Path project() {
        return outside.resolve("acme-sensors");
    }

    @Test
    @Order(1)
    void generatedProjectBuildsAndPassesItsTestsInFelix() throws Exception {
        Path installed = REPO.resolve(Path.of("sensorsim", "sensorsim-plugin-archetype", VERSION));
        assertTrue(Files.isDirectory(installed), "the archetype is not installed in " + installed + ": run mvn install");
        long t0 = System.nanoTime();
        String out = mvn(outside, "archetype:generate", "-DarchetypeGroupId=sensorsim",
                "-DarchetypeArtifactId=sensorsim-plugin-archetype", "-DarchetypeVersion=" + VERSION, "-DgroupId=org.example",
                "-DartifactId=acme-sensors", "-Dversion=1.0.0", "-Dpackage=org.example.acme", "-DinteractiveMode=false");
        assertTrue(Files.isRegularFile(project().resolve("src/main/java/org/example/acme/RangeFinderType.java")), out);
        out = mvn(project(), "verify");
        assertTrue(out.matches("(?s).*Tests run: 6, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: [0-9.]+ s -- in "
                + "org.example.acme.RangeFinderIT.*"), out);
        assertTrue(out.contains("in org.example.acme.MinnaertMaterialTest"), out);
        assertTrue(out.matches("(?s).*Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: [0-9.]+ s -- in "
                + "org.example.acme.EmergencyBrakeIT.*"), out);
        assertTrue(Files.isRegularFile(project().resolve("target/acme-sensors-1.0.0.jar")), out);
        System.out.printf("plugin kit: generate + mvn verify took %.1f s%n", (System.nanoTime() - t0) * 1e-9);
    }

    @Test
    @Order(2)
    void distributionRunsTheGeneratedPluginsScenario() throws Exception {
        Path plugins = Files.createDirectories(outside.resolve("plugins"));
        Files.copy(project().resolve("target/acme-sensors-1.0.0.jar"), plugins.resolve("acme-sensors-1.0.0.jar"));
        Sensorsim.Run r = Sensorsim.run(project(), "sensorsim.jar", "types", "--plugins", plugins.toString());
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("sensor types: [accelerometer, acme-sensors, camera, cone, encoder,"), r.output());
        assertTrue(r.output().contains("surface material types: [acme-sensors-material, explicit-brdf"), r.output());
        assertTrue(r.output().contains("ray pattern types: [acme-sensors-pattern, file, livox-csv, ouster, risley, sweep]"), r.output());
        assertTrue(r.output().contains("output noise types: [acme-sensors-noise, "), r.output());

        r = Sensorsim.run(project(), "sensorsim.jar", "run", "scenario.yaml", "--plugins", plugins.toString(), "--out", "out");
        assertEquals(0, r.code(), r.output());
        List<String> csv = Files.readAllLines(project().resolve("out/probe.csv"));
        assertEquals("time [s],range [m]", csv.get(0));
        assertEquals(11, csv.size(), String.join("\n", csv));
        for (String line : csv.subList(1, csv.size())) {
            assertEquals(5.0, Double.parseDouble(line.split(",")[1]), 1e-9, line); // the wall's near face is 5 m away
        }
        assertTrue(Files.isRegularFile(project().resolve("out/fan/fan-000010.pcd")), r.output());
        assertFalse(r.output().contains("WARNING"), r.output());

        // the proprioceptive distribution has no raytrace backend, which the range finder needs: refused before reading
        r = Sensorsim.run(project(), "sensorsim-proprio.jar", "run", "scenario.yaml", "--plugins", plugins.toString(), "--out", "o2");
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("--plugins: acme-sensors-1.0.0.jar component org.example.acme.RangeFinderType cannot start: "
                + "no service for its reference backend"), r.output());
        assertFalse(Files.exists(project().resolve("o2")));
    }

    @Test
    @Order(3)
    void brokenPluginFoldersAreRefusedWithOneLine() throws Exception {
        Path dir = Files.createDirectories(outside.resolve("broken"));
        Files.writeString(dir.resolve("s.yaml"), "version: 1\nsensors:\n  - {id: g, type: ground-truth}\n");
        Files.writeString(dir.resolve("notes.jar"), "not a zip");
        expectRefused(dir, "--plugins: notes.jar is not a readable jar");
        Files.delete(dir.resolve("notes.jar"));

        jar(dir.resolve("plain.jar"), null);
        expectRefused(dir, "--plugins: plain.jar is not an OSGi bundle (its manifest has no Bundle-SymbolicName)");
        Files.delete(dir.resolve("plain.jar"));

        jar(dir.resolve("needs.jar"), m -> m.putValue("Import-Package", "com.nowhere.lasers;version=\"[2,3)\""));
        expectRefused(dir, "--plugins: needs.jar does not resolve: it imports package com.nowhere.lasers (version 2.0.0 or "
                + "later), which no installed bundle exports");
        Files.delete(dir.resolve("needs.jar"));

        // a plugin built for the 1.x kernel contracts: told what to do, not only that it does not resolve
        jar(dir.resolve("old.jar"), m -> m.putValue("Import-Package", "sensor.api.sensor;version=\"[1.1,2)\""));
        expectRefused(dir, "--plugins: old.jar was built for another kernel: it imports package sensor.api.sensor 1.1.0 up to "
                + "(not including) 2.0.0 and this kernel exports 2.1.0; rebuild it against this release's sensorsim-bom");
        Files.delete(dir.resolve("old.jar"));

        jar(dir.resolve("throws.jar"), m -> m.putValue("Bundle-Activator", "com.nowhere.Activator"));
        expectRefused(dir, "--plugins: throws.jar failed to start: a class its manifest names is not in the bundle "
                + "(com.nowhere.Activator)");
    }

    /**
     * The live service as a user drives it: {@code serve} picks up a dropped scenario (its lidar writes frames at
     * real-time pace), a sensor of the plugin's type waits until the plugin's jar is dropped, then writes data,
     * and stops when the jar is removed while the lidar goes on; deleting the scenario completes its files;
     * SIGTERM ends the process.
     */
    @Test
    @Order(4)
    void serveRunsDroppedScenariosAndHotDeploysThePlugin() throws Exception {
        Path work = Files.createDirectories(outside.resolve("serve")), deploy = work.resolve("deploy"), out = work.resolve("out");
        Path frames = out.resolve("live").resolve("os1");
        Process p = serve(work);
        Log log = new Log(p);
        try {
            log.await("serving: drop scenarios", 60);
            assertTrue(Files.isDirectory(deploy), "serve creates the deploy folder");
            Path draft = work.resolve("live.yaml");
            String scenario = """
                    version: 1
                    duration: 120
                    realtime: true
                    objects:
                      - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}, material: moon}
                    materials:
                      moon: {type: acme-sensors-material, reflectivity: 0.6, k: 1.5}
                    sensors:
                      - {id: probe, type: acme-sensors, frequency: 10, config: {maxRange: 50, sigma: 0.0}}
                      - {id: os1, type: lidar, frequency: 10, config: {model: OS1-32, mode: 512x10}}
                    output: {formats: [csv, mcap, pcd]}
                    """;
            Files.writeString(draft, scenario);
            long dropped = System.nanoTime();
            Files.move(draft, deploy.resolve("live.yaml"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            while (count(frames) == 0) {
                assertTrue(System.nanoTime() - dropped < 2_000_000_000L, "a lidar frame within 2 s of the drop\n" + log.text());
                Thread.sleep(20);
            }
            System.out.printf("serve: first lidar frame %.0f ms after the drop%n", (System.nanoTime() - dropped) * 1e-6);
            log.await("sensor 'probe' waits for its type 'acme-sensors'", 5);
            long t0 = System.nanoTime();
            int before = count(frames);
            Thread.sleep(1000);
            double rate = (count(frames) - before) / ((System.nanoTime() - t0) * 1e-9);
            assertTrue(rate > 7 && rate < 13, "lidar frames at real-time pace (10 Hz): " + rate + " per s");

            Files.copy(project().resolve("target/acme-sensors-1.0.0.jar"), work.resolve("acme.jar"));
            long jarDropped = System.nanoTime();
            Files.move(work.resolve("acme.jar"), deploy.resolve("acme-sensors-1.0.0.jar"));
            log.await("sensor 'probe' attached: type 'acme-sensors' is present", 5);
            log.await("material type 'acme-sensors-material' is present: objects [wall] use it from t = ", 5);
            assertEquals(1, log.text().split("sensor 'probe' waits for its type", -1).length - 1,
                    "the wait is said once (the scratch check logs nothing):\n" + log.text());
            double attachMs = (System.nanoTime() - jarDropped) * 1e-6;
            System.out.printf("serve: plugin sensor attached %.0f ms after its jar was dropped%n", attachMs);
            assertTrue(attachMs < 2000, "the plugin's sensor attaches within 2 s of the drop: " + attachMs + " ms");
            log.await("bundle started: acme-sensors 1.0.0", 5);

            // the jar replaced in place: FileInstall updates the bundle; the lines say so in the order it happens
            int linesBefore = log.linesFrom(0).size();
            Files.copy(project().resolve("target/acme-sensors-1.0.0.jar"), work.resolve("acme.jar"));
            Files.setLastModifiedTime(work.resolve("acme.jar"), java.nio.file.attribute.FileTime.fromMillis(
                    System.currentTimeMillis() + 60_000));
            Files.move(work.resolve("acme.jar"), deploy.resolve("acme-sensors-1.0.0.jar"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            log.await("bundle updated: acme-sensors 1.0.0", 10);
            log.awaitAfter(linesBefore, "sensor 'probe' attached: type 'acme-sensors' is present", 10);
            List<String> update = log.linesFrom(linesBefore).stream().filter(l -> l.contains("probe") || l.contains("bundle "))
                    .map(l -> l.contains("detached") ? "detached" : l.contains("bundle updated") ? "updated"
                            : l.contains("attached") ? "attached" : "other").filter(l -> !l.equals("other")).toList();
            Thread.sleep(1500); // FileInstall refreshes the updated bundle: a second stop and start follow
            update = log.linesFrom(linesBefore).stream().filter(l -> l.contains("probe") || l.contains("bundle updated"))
                    .map(l -> l.contains("detached") ? "detached" : l.contains("updated") ? "updated" : "attached").toList();
            String lines = String.join("\n", log.linesFrom(linesBefore));
            assertEquals(List.of("detached", "updated", "attached"), update.subList(0, 3), "the update's lines in order:\n" + lines);
            List<String> cycle = update.stream().filter(l -> !l.equals("updated")).toList();
            for (int i = 0; i < cycle.size(); i++) { // the refresh's stop and start: detached and attached alternate
                assertEquals(i % 2 == 0 ? "detached" : "attached", cycle.get(i), lines);
            }
            assertEquals("attached", cycle.get(cycle.size() - 1), lines);

            // configuration as data: a sensor added to the running simulation by a Configuration Admin file
            Files.writeString(work.resolve("truth.cfg"), "simulation=live\nid=truth\ntype=ground-truth\nfrequency=20\n");
            Files.move(work.resolve("truth.cfg"), deploy.resolve("sensorsim.sensor-truth.cfg"));
            log.await("sensor 'truth' (ground-truth) added in simulation 'live'", 5);

            // the same from a bundle: a Configurator JSON resource adds a sensor; removing the bundle removes it
            Path configBundle = work.resolve("acme-config.jar");
            jar(configBundle, a -> a.putValue("Require-Capability",
                    "osgi.extender;filter:=\"(&(osgi.extender=osgi.configurator)(version>=1.0)(!(version>=2.0)))\""),
                    Map.of("OSGI-INF/configurator/acme.json", """
                            {":configurator:resource-version": 1,
                             "sensorsim.sensor~acme-truth": {"simulation": "live", "id": "truth-json", "type": "ground-truth",
                                                             "frequency": 25.0, "position:Double[]": [0.0, 0.0, 1.5]}}
                            """));
            Files.move(configBundle, deploy.resolve("acme-config.jar"));
            log.await("sensor 'truth-json' (ground-truth) added in simulation 'live'", 10);
            Thread.sleep(300);
            Files.delete(deploy.resolve("acme-config.jar"));
            log.await("sensor 'truth-json' removed from simulation 'live'", 10);

            // an edit that moves an object reconfigures the running simulation in place; a bad edit changes nothing
            Files.writeString(draft, scenario.replace("position: [5.1, 0, 0]", "position: [8.1, 0, 0]"));
            Files.move(draft, deploy.resolve("live.yaml"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            log.await("simulation 'live' reconfigured from live.yaml: 1 object or sensor configuration(s) changed", 5);
            log.await("object 'wall' reconfigured in simulation 'live' from t = ", 5);
            Thread.sleep(400);
            Files.writeString(draft, scenario.replace("mode: 512x10", "mode: 999x10"));
            Files.move(draft, deploy.resolve("live.yaml"), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            log.await("scenario live.yaml not applied; simulation 'live' goes on unchanged: ", 5);
            assertTrue(log.text().contains("live.yaml:10:67: sensors 'os1': mode '999x10' is unknown for Ouster OS1-32; its modes: "), log.text());
            int afterBadEdit = count(frames);
            Thread.sleep(400);
            assertTrue(count(frames) > afterBadEdit, "the lidar goes on after a bad edit");
            assertFalse(log.text().contains("simulation 'live' stopped"), "edits do not restart the simulation\n" + log.text());

            Files.delete(deploy.resolve("acme-sensors-1.0.0.jar"));
            log.await("sensors [probe] detached until it returns", 5);
            log.await("bundle uninstalled: acme-sensors 1.0.0", 5);
            int afterRemoval = count(frames);
            Thread.sleep(500);
            assertTrue(count(frames) > afterRemoval, "the lidar goes on without the plugin");

            Files.delete(deploy.resolve("live.yaml"));
            log.await("simulation 'live' stopped at t = ", 10);
            assertTrue(Files.readAllLines(out.resolve("live/truth.csv")).size() > 2, "the configured sensor's data");
            List<String> truthJson = Files.readAllLines(out.resolve("live/truth-json.csv"));
            assertTrue(truthJson.size() > 3, "the Configurator sensor's data: " + truthJson);
            assertEquals("1.5", truthJson.get(1).split(",")[3], "its mount position from the JSON resource (z [m])");
            List<String> probe = Files.readAllLines(out.resolve("live/probe.csv"));
            assertEquals("time [s],range [m]", probe.get(0));
            assertTrue(probe.size() > 3, "probe rows while its type was there: " + probe.size());
            List<Double> ranges = probe.stream().skip(1).map(r -> r.split(",", -1)[1]).filter(r -> !r.isEmpty())
                    .map(Double::valueOf).toList();
            assertEquals(5.0, ranges.get(0), 1e-9, "the wall's face before the edit");
            assertEquals(8.0, ranges.get(ranges.size() - 1), 1e-9, "the wall's face after the edit moved it by 3 m");
            try (Stream<Path> files = Files.walk(out)) {
                assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(), "no temporary files");
            }
            var mcap = ScenarioRunIT.read("mcap-read.mjs", out.resolve("live/run.mcap"));
            assertEquals("true", mcap.get("stream.done"), mcap.toString());
            assertEquals(String.valueOf(count(frames)), mcap.get("count./os1/points"));
            // the gaps of the probe and of the wall's material (waiting for the plugin from the start, a few ms while
            // the replaced jar was updated and its bundle refreshed, detached after its jar left) as indexed metadata
            int count = Integer.parseInt(mcap.get("statistics.metadataCount"));
            assertTrue(count >= 6 && count % 2 == 0, mcap.toString());
            assertEquals("sensorsim.interruption ".repeat(count).trim(), mcap.get("summary.metadataIndexes"));
            String gaps = String.join("\n", java.util.stream.IntStream.range(0, count).mapToObj(i -> mcap.get("metadata." + i))
                    .toList());
            for (String gap : List.of("kind=sensor,id=probe,missingType=acme-sensors,from=0.0,to=[0-9.]+",
                    "kind=sensor,id=probe,missingType=acme-sensors,from=[0-9.]+,to=end",
                    "kind=material,id=wall,missingType=acme-sensors-material,from=0.0,to=[0-9.]+",
                    "kind=material,id=wall,missingType=acme-sensors-material,from=[0-9.]+,to=end")) {
                assertTrue(java.util.regex.Pattern.compile("(?m)^sensorsim.interruption " + gap + "$").matcher(gaps).find(),
                        gap + " in\n" + gaps);
            }

            long term = System.nanoTime();
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "serve ends within 10 s of SIGTERM\n" + log.text());
            System.out.printf("serve: ended %.0f ms after SIGTERM%n", (System.nanoTime() - term) * 1e-6);
            assertFalse(log.text().contains("Exception"), log.text());
        } finally {
            p.destroyForcibly();
        }
    }

    /** The demo car (9 m/s down the main street) would reach x = 30 m at t = 8.3 s; a wall stands there. */
    private static final String WALL = "  - {id: wall, shape: {type: box, size: [0.4, 14, 4]}, pose: {position: [30.2, -5, 2]}}\n";
    /** The generated range finder on the car's front, and the generated emergency brake reading it. */
    private static final String PROBE = "  - {id: probe, type: acme-sensors, body: car, pose: {position: [2.2, 0, 0.6]}, "
            + "frequency: 20, config: {maxRange: 80, sigma: 0.0}}\n";
    private static final String BRAKE = "controllers:\n  - {id: brake, type: acme-sensors-brake, sensors: [probe], "
            + "config: {target: car, distance: 12, level: 1}}\n";

    /**
     * The demo with a wall across the street where its scripted car would drive through it, a range finder on the car
     * and the emergency-brake controller, both from the generated plugin, in a batch {@code run}: the car stops short
     * of the wall, 81 / 16 m after the range fell under 12 m (9 m/s at 8 m/s²).
     */
    @Test
    @Order(5)
    void theDemoCarBrakesBeforeAWallWithTheGeneratedController() throws Exception {
        Path work = Files.createDirectories(outside.resolve("brake"));
        Files.copy(Path.of("scenarios", "house.obj"), work.resolve("house.obj"));
        String demo = Files.readString(Path.of("scenarios", "demo.yaml"));
        Files.writeString(work.resolve("brake.yaml"), demo.replace("formats: [pcd, ply, las, csv, mcap, png]", "formats: [csv]")
                .replace("\nobjects:\n", "\nobjects:\n" + WALL).replace("\nsensors:\n", "\nsensors:\n" + PROBE) + BRAKE);
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", "brake.yaml", "--plugins",
                outside.resolve("plugins").toString(), "--out", "out");
        assertEquals(0, r.code(), r.output());
        assertStoppedShortOfTheWall(work.resolve("out"));
    }

    /** The car at rest short of the wall at x = 30 m, braked 81 / 16 m after the probe first read under 12 m. */
    private static void assertStoppedShortOfTheWall(Path out) throws IOException {
        List<String> truth = Files.readAllLines(out.resolve("ground-truth.csv"));
        String[] last = truth.get(truth.size() - 1).split(",");
        double x = Double.parseDouble(last[1]), vx = Double.parseDouble(last[8]);
        assertEquals(0, vx, 0, "at rest: " + truth.get(truth.size() - 1));
        assertTrue(x + 2.2 < 30, "the car's front (2.2 m ahead of its origin) short of the wall: x = " + x);
        List<String> probe = Files.readAllLines(out.resolve("probe.csv"));
        double first = probe.stream().skip(1).mapToDouble(l -> Double.parseDouble(l.split(",")[1])).filter(v -> v < 12)
                .findFirst().orElseThrow();
        double lastRange = Double.parseDouble(probe.get(probe.size() - 1).split(",")[1]);
        assertEquals(first - 81 / 16.0, lastRange, 1e-6, "the range at rest: the stopping distance of 9 m/s at 8 m/s²");
        List<String> brake = Files.readAllLines(out.resolve("brake.brake.car.csv"));
        assertEquals(List.of("time [s],level [1]"), brake.subList(0, 1));
        assertEquals(2, brake.size(), "one brake command, recorded: " + brake);
    }

    /**
     * The same with the live service: the scenario runs at wall-clock pace with the range finder and the controller
     * waiting for their types; the generated plugin's jar dropped into the deploy folder attaches both, and the car
     * stops short of the wall.
     */
    @Test
    @Order(6)
    void theControllerBundleDroppedIntoARunningSimulationBrakesTheCar() throws Exception {
        Path work = Files.createDirectories(outside.resolve("serve-brake")), deploy = work.resolve("deploy");
        Process p = serve(work);
        Log log = new Log(p);
        try {
            log.await("serving: drop scenarios", 60);
            Files.writeString(work.resolve("street.yaml"), """
                    version: 1
                    duration: 10
                    realtime: true
                    bodies:
                      - id: car
                        motion: {type: waypoints, times: [0, 12], points: [[-45, -5, 0.0], [63, -5, 0.0]]}
                    objects:
                    """ + WALL + """
                    sensors:
                    """ + PROBE + """
                      - {id: ground-truth, type: ground-truth, body: car, frequency: 50}
                    output: {formats: [csv]}
                    """ + BRAKE);
            Files.move(work.resolve("street.yaml"), deploy.resolve("street.yaml"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            log.await("controller 'brake' waits for its type 'acme-sensors-brake'", 10);
            Files.copy(outside.resolve("plugins/acme-sensors-1.0.0.jar"), work.resolve("acme.jar"));
            Files.move(work.resolve("acme.jar"), deploy.resolve("acme-sensors-1.0.0.jar"));
            log.await("controller 'brake' attached: type 'acme-sensors-brake' is present", 5);
            log.await("simulation 'street' finished", 20);
            Files.delete(deploy.resolve("street.yaml"));
            log.await("simulation 'street' stopped at t = ", 10);
            assertStoppedShortOfTheWall(work.resolve("out/street"));
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * {@code serve --trust}: the generated plugin unsigned, signed by {@code jarsigner} with a key the keystore trusts,
     * and signed then changed (one class's bytes): only the signed jar is installed, each other one is refused with one
     * line, and a configuration for another PID than the service's own is refused too.
     */
    @Test
    @Order(7)
    void serveWithTrustStartsOnlyTheSignedPlugin() throws Exception {
        Path work = Files.createDirectories(outside.resolve("serve-trust")), deploy = work.resolve("deploy");
        Path plugin = outside.resolve("plugins/acme-sensors-1.0.0.jar"), keys = work.resolve("keys.p12"),
                trust = work.resolve("trust.p12"), cert = work.resolve("acme.cer"), signed = work.resolve("signed.jar");
        Path password = Files.writeString(work.resolve("password.txt"), "plugin-pass\n");
        String bin = Path.of(System.getProperty("java.home"), "bin").toString();
        tool(bin + "/keytool", "-genkeypair", "-keystore", keys.toString(), "-storepass", "plugin-pass", "-alias", "acme",
                "-keyalg", "EC", "-dname", "CN=Acme Plugins, O=Acme", "-validity", "30");
        tool(bin + "/keytool", "-exportcert", "-keystore", keys.toString(), "-storepass", "plugin-pass", "-alias", "acme",
                "-file", cert.toString());
        tool(bin + "/keytool", "-importcert", "-keystore", trust.toString(), "-storepass", "plugin-pass", "-alias", "acme",
                "-file", cert.toString(), "-noprompt");
        tool(bin + "/jarsigner", "-keystore", keys.toString(), "-storepass", "plugin-pass", "-signedjar", signed.toString(),
                plugin.toString(), "acme");
        Path tampered = work.resolve("tampered.jar");
        String changed;
        try (var in = new java.util.zip.ZipFile(signed.toFile());
                var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(tampered))) {
            changed = java.util.Collections.list(in.entries()).stream().map(java.util.zip.ZipEntry::getName)
                    .filter(n -> n.endsWith("RangeFinderType.class")).findFirst().orElseThrow();
            for (var e : java.util.Collections.list(in.entries())) {
                byte[] b = in.getInputStream(e).readAllBytes();
                if (e.getName().equals(changed)) {
                    b[b.length - 1] ^= 1;
                }
                out.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                out.write(b);
            }
        }
        Process p = serve(work, "--trust", trust.toString(), "--trust-password-file", password.toString());
        Log log = new Log(p);
        try {
            log.await("serving: drop scenarios", 60);
            assertTrue(log.text().contains("--trust: only bundles signed by CN=Acme Plugins,O=Acme run"), log.text());
            Files.writeString(work.resolve("probe.yaml"), """
                    version: 1
                    duration: 600
                    realtime: true
                    objects:
                      - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}}
                    sensors:
                      - {id: probe, type: acme-sensors, frequency: 10, config: {maxRange: 50, sigma: 0.0}}
                    output: {formats: [csv]}
                    """);
            Files.move(work.resolve("probe.yaml"), deploy.resolve("probe.yaml"));
            log.await("sensor 'probe' waits for its type 'acme-sensors'", 10);

            drop(plugin, work, deploy.resolve("acme.jar"), 0);
            log.await("bundle acme.jar refused: it is not signed; with --trust only jars signed by a certificate of the "
                    + "keystore run, and nothing of this one does", 10);
            drop(tampered, work, deploy.resolve("acme.jar"), 60_000);
            log.await("bundle acme.jar refused: it entry " + changed + " does not match its signature: the jar was changed "
                    + "after it was signed", 10);
            Files.writeString(work.resolve("x.cfg"), "felix.fileinstall.dir=" + work + "\n");
            Files.move(work.resolve("x.cfg"), deploy.resolve("org.apache.felix.fileinstall-x.cfg"));
            log.await("configuration org.apache.felix.fileinstall-x.cfg refused: with --trust only the service's own "
                    + "configurations", 10);
            Thread.sleep(1000);
            assertFalse(log.text().contains("bundle installed: acme-sensors"), "nothing of a refused jar runs:\n" + log.text());

            drop(signed, work, deploy.resolve("acme.jar"), 120_000);
            log.await("bundle acme.jar: signature verified (signed by CN=Acme Plugins,O=Acme); it is installed", 10);
            log.await("bundle started: acme-sensors 1.0.0", 10);
            log.await("sensor 'probe' attached: type 'acme-sensors' is present", 10);
            assertEquals(1, log.text().split("bundle installed: acme-sensors", -1).length - 1, log.text());
            Files.delete(deploy.resolve("acme.jar"));
            log.await("bundle uninstalled: acme-sensors 1.0.0", 10);
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    /** Copies {@code jar} to {@code target} by a move (whole at once), its time {@code ahead} ms in the future. */
    private static void drop(Path jar, Path work, Path target, long ahead) throws IOException {
        Path tmp = work.resolve("drop.tmp");
        Files.copy(jar, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(tmp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + ahead));
        Files.move(tmp, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static void tool(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + "\n" + out);
    }

    /**
     * The soak: {@code serve} for {@code sensorsim.soak.seconds} (default 60) with the generated plugin replaced in place
     * every 3 s, a short scenario added and removed every 2 s and one simulation running throughout, in a deploy folder
     * all users may write to (warned once). Heap after a full GC, threads and open files of the service's JVM, measured
     * after the first 20 s and at the end, stay flat. {@code mvn -pl distro verify -Dit.test=PluginKitIT
     * -Dsensorsim.soak.seconds=600} runs it longer.
     */
    @Test
    @Order(8)
    void soakServeWithPluginsReplacedAndScenariosChurnedStaysFlat() throws Exception {
        long seconds = Long.getLong("sensorsim.soak.seconds", 60);
        Path work = Files.createDirectories(outside.resolve("soak")), deploy = Files.createDirectories(work.resolve("deploy"));
        Files.setPosixFilePermissions(deploy, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Process p = serve(work);
        Log log = new Log(p);
        try {
            log.await("serving: drop scenarios", 60);
            assertEquals(1, log.text().split("is writable by all users and its group: anyone who can write there runs code",
                    -1).length - 1, log.text());
            Files.writeString(work.resolve("steady.yaml"), """
                    version: 1
                    duration: 86400
                    realtime: true
                    objects:
                      - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}}
                    sensors:
                      - {id: probe, type: acme-sensors, frequency: 10, config: {maxRange: 50, sigma: 0.01}}
                      - {id: os1, type: lidar, frequency: 10, config: {model: OS1-32, mode: 512x10}}
                      - {id: imu, type: imu, frequency: 100}
                    output: {formats: [csv, mcap]}
                    """);
            Files.move(work.resolve("steady.yaml"), deploy.resolve("steady.yaml"));
            long t0 = System.nanoTime(), end = t0 + seconds * 1_000_000_000L;
            Soak start = null;
            int replaced = 0, churned = 0;
            for (int tick = 0; System.nanoTime() < end; tick++) {
                if (tick % 3 == 0) {
                    drop(outside.resolve("plugins/acme-sensors-1.0.0.jar"), work, deploy.resolve("acme.jar"), tick * 1000L);
                    replaced++;
                }
                if (tick % 2 == 0) {
                    Files.writeString(work.resolve("s.yaml"), """
                            version: 1
                            duration: 1
                            sensors:
                              - {id: probe, type: acme-sensors, frequency: 20}
                              - {id: imu, type: imu, frequency: 200}
                            output: {formats: [csv]}
                            """);
                    Files.move(work.resolve("s.yaml"), deploy.resolve("short-" + churned + ".yaml"));
                    if (churned > 0) {
                        Files.delete(deploy.resolve("short-" + (churned - 1) + ".yaml"));
                    }
                    churned++;
                }
                Thread.sleep(1000);
                if (start == null && System.nanoTime() - t0 > Math.min(20, seconds / 3) * 1_000_000_000L) {
                    start = Soak.of(p);
                }
            }
            Thread.sleep(2000); // the last update settles
            Soak last = Soak.of(p);
            System.out.printf("soak: %d s, %d plugin replacements, %d scenarios added and removed; heap after GC %.1f -> %.1f MiB, "
                    + "threads %d -> %d, open files %d -> %d%n", seconds, replaced, churned, start.heapMiB(), last.heapMiB(),
                    start.threads(), last.threads(), start.files(), last.files());
            assertTrue(p.isAlive(), log.text());
            assertFalse(log.text().contains("Exception"), log.text());
            assertTrue(last.heapMiB() < start.heapMiB() + 32, "heap flat (within 32 MiB; a short run still warms up): " + start + " -> " + last);
            assertTrue(last.threads() <= start.threads() + 4, "threads flat: " + start + " -> " + last);
            assertTrue(last.files() <= start.files() + 8, "open files flat: " + start + " -> " + last);
            assertTrue(Files.readString(work.resolve("out/steady/run-state.json")).contains("\"state\" : \"running\""));
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    /**
     * {@code serve --console} driven from headless Chromium ({@code console-browser.mjs}): the printed address opens the
     * simulations page (the token moves into an HttpOnly cookie); a scenario that does not validate is refused with its
     * line on the page; one whose plugin type is absent starts with its sensor waiting; a jar that is not a bundle is
     * refused; the archetype's plugin jar makes the sensor run; the page's Stop completes the files. A request without
     * the token and a change from another origin are refused; {@code serve} without {@code --console} listens nowhere.
     * The screenshot is the README's ({@code docs/console-simulations.png}).
     */
    @Test
    @Order(9)
    void theWebConsoleStartsInstallsAndStopsFromABrowser() throws Exception {
        Path work = Files.createDirectories(outside.resolve("console")), deploy = work.resolve("deploy");
        Process plain = serve(work);
        try {
            new Log(plain).await("serving: drop scenarios", 60);
            assertEquals(List.of(), listening(serviceJvm(plain)), "serve without --console opens no listener");
        } finally {
            plain.destroy();
            plain.waitFor(20, TimeUnit.SECONDS);
        }
        Process p = serve(work, "--console", "0");
        Log log = new Log(p);
        try {
            log.await("serving: drop scenarios", 60);
            var printed = java.util.regex.Pattern.compile("console: (http://127\\.0\\.0\\.1:(\\d+)/system/console/simulations"
                    + "\\?token=([A-Za-z0-9_-]+))").matcher(log.text());
            assertTrue(printed.find(), log.text());
            String url = printed.group(1), origin = "http://127.0.0.1:" + printed.group(2), token = printed.group(3);
            assertEquals(List.of(Integer.parseInt(printed.group(2))), listening(serviceJvm(p)), "one listener, the console's");

            Path bad = Files.writeString(work.resolve("bad.yaml"), "version: 1\nduration: 5\nsensors:\n"
                    + "  - {id: imu, type: imu, frequency: -5}\n");
            Path scenario = Files.writeString(work.resolve("live.yaml"), """
                    version: 1
                    duration: 600
                    realtime: true
                    objects:
                      - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}}
                    sensors:
                      - {id: probe, type: acme-sensors, frequency: 10, config: {maxRange: 50, sigma: 0.0}}
                      - {id: imu, type: imu, frequency: 100}
                    output: {formats: [csv, mcap]}
                    """);
            Path notBundle = work.resolve("notes.jar");
            jar(notBundle, null);
            Path shot = Path.of("target", "console-simulations.png").toAbsolutePath();
            Map<String, String> seen = ScenarioRunIT.node("console-browser.mjs", url, bad.toString(), scenario.toString(),
                    notBundle.toString(), outside.resolve("plugins/acme-sensors-1.0.0.jar").toString(), shot.toString(), "probe");
            String all = seen + "\n" + log.text();
            assertEquals(origin + "/system/console/simulations", seen.get("landed"), all);
            assertTrue(seen.get("cookie").contains("sensorsim-console:true:Strict"), all);
            assertTrue(seen.get("bad").startsWith(deploy.toAbsolutePath().normalize().resolve("bad.yaml") + ":4:"), all);
            assertTrue(seen.get("bad").contains("frequency"), all);
            assertEquals("live.yaml is in the deploy folder; simulation 'live' starts from it", seen.get("started"), all);
            assertEquals("waiting for its type", seen.get("before"), all);
            assertEquals("notes.jar is not an OSGi bundle (a jar whose manifest has a Bundle-SymbolicName)", seen.get("notbundle"), all);
            assertEquals("acme-sensors-1.0.0.jar (acme-sensors) is in the deploy folder, where it is installed as a dropped "
                    + "jar is", seen.get("installed"), all);
            assertEquals("running", seen.get("after"), all);
            assertEquals("simulation 'live' stopped; its files are complete", seen.get("stopped"), all);
            assertEquals("no simulation yet", seen.get("after-stop"), all);
            assertTrue(Files.size(shot) > 10_000, "a screenshot");
            for (String line : List.of("console: scenario bad.yaml uploaded", "console: scenario live.yaml uploaded (",
                    "console: bundle notes.jar uploaded", "console: bundle acme-sensors-1.0.0.jar uploaded (",
                    "sensor 'probe' attached: type 'acme-sensors' is present", "console: simulation 'live' stopped from the console")) {
                log.await(line, 10);
            }
            assertTrue(Files.readString(work.resolve("out/live/run-state.json")).contains("\"state\" : \"stopped\""));
            assertEquals("true", ScenarioRunIT.read("mcap-stream.mjs", work.resolve("out/live/run.mcap")).get("footer"),
                    "the MCAP is complete");

            var http = java.net.http.HttpClient.newHttpClient();
            var status = java.net.URI.create(origin + "/sensorsim/api/status");
            var stop = java.net.URI.create(origin + "/sensorsim/api/stop?name=live");
            assertEquals(401, http.send(java.net.http.HttpRequest.newBuilder(status).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode(), "no token");
            assertEquals(401, http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(origin + "/system/console/bundles"))
                    .header("Authorization", "Basic YWRtaW46YWRtaW4=").build(), java.net.http.HttpResponse.BodyHandlers.ofString())
                    .statusCode(), "admin/admin opens nothing");
            // the login's cookie holds a session key, not the token: a cookie made of the token opens nothing
            assertEquals(401, http.send(java.net.http.HttpRequest.newBuilder(status).header("Cookie", "sensorsim-console=" + token)
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode());
            String session = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).headers().firstValue("Set-Cookie").orElseThrow()
                    .split(";")[0];
            assertEquals(200, http.send(java.net.http.HttpRequest.newBuilder(status).header("Cookie", session)
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(403, http.send(java.net.http.HttpRequest.newBuilder(stop).header("Cookie", session)
                    .header("Origin", "http://evil.example").POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode(), "another origin");
            assertEquals(403, http.send(java.net.http.HttpRequest.newBuilder(stop).header("Cookie", session)
                    .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode(), "a change with a cookie and no origin");
            assertEquals(404, http.send(java.net.http.HttpRequest.newBuilder(stop).header("X-Sensorsim-Token", token)
                    .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode(), "the token header passes (no such simulation)");
            var tooBig = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(origin + "/sensorsim/api/scenario?name=big.yaml"))
                    .header("X-Sensorsim-Token", token).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(new byte[5 << 20])).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(413, tooBig.statusCode(), tooBig.body());
            assertEquals("{\"error\":\"big.yaml is 5242880 bytes; uploads are limited to 4194304\"}", tooBig.body());
            assertFalse(Files.exists(deploy.resolve("big.yaml")));
            log.await("console: refused POST /sensorsim/api/stop from 127.0.0.1: a change from another site (http://evil.example)", 5);
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    /** The service's JVM: the relaunched child of {@code serve}'s process, or the process itself. */
    private static long serviceJvm(Process serve) {
        return serve.toHandle().children().map(ProcessHandle::pid).findFirst().orElse(serve.pid());
    }

    /** The TCP ports process {@code pid} listens on (its socket inodes found in /proc/net/tcp and tcp6, state LISTEN). */
    private static List<Integer> listening(long pid) throws IOException {
        java.util.Set<String> inodes = new java.util.HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        List<Integer> ports = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table)).stream().skip(1).toList()) {
                String[] f = line.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) {
                    ports.add(Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16));
                }
            }
        }
        return ports;
    }

    /** Heap after a full GC (MiB), threads and open file descriptors of the service's JVM (the relaunched child). */
    record Soak(double heapMiB, int threads, int files) {
        static Soak of(Process serve) throws Exception {
            long pid = serviceJvm(serve);
            String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            tool(jcmd, Long.toString(pid), "GC.run");
            Process info = new ProcessBuilder(jcmd, Long.toString(pid), "GC.heap_info").redirectErrorStream(true).start();
            String heap = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            info.waitFor(30, TimeUnit.SECONDS);
            var used = java.util.regex.Pattern.compile("total \\d+K, used (\\d+)K").matcher(heap);
            assertTrue(used.find(), heap);
            String status = Files.readString(Path.of("/proc", Long.toString(pid), "status"));
            var threads = java.util.regex.Pattern.compile("Threads:\\s+(\\d+)").matcher(status);
            assertTrue(threads.find(), status);
            int files;
            try (Stream<Path> fd = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                files = (int) fd.count();
            }
            return new Soak(Long.parseLong(used.group(1)) / 1024.0, Integer.parseInt(threads.group(1)), files);
        }
    }

    /** {@code sensorsim serve} in {@code work}, serving {@code work/deploy} into {@code work/out}, with more options. */
    @Test
    @Order(10)
    void aFeatureWithThePluginIsCompletedOrRefusedAndItsConfigurationReachesTheLiveService() throws Exception {
        Path work = Files.createDirectories(outside.resolve("feature")), jar = work.resolve("acme-live.jar");
        String feature = """
                {
                  "id": "org.example:acme-live:1.0.0",
                  "complete": true,
                  "bundles": [{"id": "org.example:acme-sensors:1.0.0"}],
                  "variables": {"tag": null},
                  "configurations": {
                    "sensorsim.sensor~probe2": {"simulation": "live", "id": "probe2", "type": "acme-sensors", "frequency": 10.0,
                                                "config": "{maxRange: 50, sigma: 0.0}"}
                  },
                  "framework-launching-properties": {"java.util.logging.SimpleFormatter.format": "[${tag}] %4$s: %5$s%6$s%n"},
                  "extensions": {"sensorsim.distribution": {"kind": "mandatory", "type": "JSON",
                    "json": {"from": "sensorsim-proprio", "console": true}}}
                }
                """;
        Files.writeString(work.resolve("acme.feature.json"), feature);
        List<String> assemble = List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "assemble", "acme.feature.json", "--repo",
                project().resolve("target").toString(), "--var", "tag=acme", "--out", jar.toString());
        ProcessBuilder noMaven = new ProcessBuilder(assemble).directory(work.toFile()).redirectErrorStream(true);
        noMaven.environment().put("PATH", work.toString()); // java by its full path; no mvn, no other tool
        Process p = noMaven.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(3, p.waitFor(), out);
        assertTrue(out.contains("  acme.feature.json:4:15: acme-sensors 1.0.0 needs service sensor.api.raytrace.RaytraceBackend; "
                + "the feature is complete, so nothing is added (sensor.raytrace 0.2.0.SNAPSHOT in the repository provides it)"), out);
        assertFalse(Files.exists(jar), "nothing written");

        Files.writeString(work.resolve("acme.feature.json"), feature.replace("\"complete\": true", "\"complete\": false"));
        p = noMaven.start();
        out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("+ sensor.raytrace 0.2.0.SNAPSHOT provides service sensor.api.raytrace.RaytraceBackend to "
                + "acme-sensors 1.0.0"), out);
        assertTrue(out.contains("+ sensor.service 0.2.0.SNAPSHOT provides package sensor.service to sensor.console 0.2.0.SNAPSHOT"), out);
        Sensorsim.Run types = Sensorsim.run(work, Path.of("target").toAbsolutePath().relativize(jar).toString(), "types");
        assertTrue(types.output().startsWith("[acme] INFO: configuration sensorsim.sensor~probe2 waits for simulation 'live' "
                + "to open\ndistribution: acme-live\n"), "the framework property (log format) and the configuration: "
                + types.output());
        assertTrue(types.output().contains("sensor types: [accelerometer, acme-sensors, "), types.output());

        Process service = serve(work, jar);
        Log log = new Log(service);
        try {
            log.await("serving: drop scenarios", 60);
            Files.writeString(work.resolve("live.yaml"), """
                    version: 1
                    duration: 60
                    realtime: true
                    objects:
                      - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5.1, 0, 0]}}
                    sensors:
                      - {id: imu, type: imu, frequency: 10}
                    output: {formats: [csv]}
                    """);
            Files.move(work.resolve("live.yaml"), work.resolve("deploy/live.yaml"));
            log.await("[acme] INFO: sensor 'probe2' (acme-sensors) added in simulation 'live'", 20);
            Files.delete(work.resolve("deploy/live.yaml"));
            log.await("simulation 'live' stopped at t = ", 10);
        } finally {
            service.destroy();
            service.waitFor(10, TimeUnit.SECONDS);
            service.destroyForcibly();
        }
        List<String> probe = Files.readAllLines(work.resolve("out/live/probe2.csv"));
        assertEquals("time [s],range [m]", probe.get(0));
        assertTrue(probe.size() > 2, "rows of the sensor the feature configured: " + probe);
        for (String row : probe.subList(1, probe.size())) {
            assertEquals(5.0, Double.parseDouble(row.split(",")[1]), 1e-9, "the wall 5 m ahead: " + row);
        }
    }

    private static Process serve(Path work, String... options) throws IOException {
        return serve(work, Path.of("target", "sensorsim.jar"), options);
    }

    private static Process serve(Path work, Path jar, String... options) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                jar.toAbsolutePath().toString(), "serve", "--deploy", "deploy", "--out", "out"));
        cmd.addAll(List.of(options));
        return new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).start();
    }

    private static int count(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return (int) s.filter(f -> f.toString().endsWith(".pcd")).count();
        }
    }

    /** A process's output, collected on a thread, awaited line by line. */
    private static final class Log {
        private final StringBuilder text = new StringBuilder();

        Log(Process p) {
            Thread t = new Thread(() -> {
                try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        synchronized (text) {
                            text.append(line).append('\n');
                        }
                    }
                } catch (IOException e) {
                    // process ended
                }
            });
            t.setDaemon(true);
            t.start();
        }

        String text() {
            synchronized (text) {
                return text.toString();
            }
        }

        /** The lines from the {@code from}-th on. */
        List<String> linesFrom(int from) {
            List<String> all = List.of(text().split("\n"));
            return all.subList(Math.min(from, all.size()), all.size());
        }

        void awaitAfter(int from, String fragment, int seconds) throws InterruptedException {
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (linesFrom(from).stream().noneMatch(l -> l.contains(fragment))) {
                assertTrue(System.nanoTime() < end, "no '" + fragment + "' within " + seconds + " s:\n" + text());
                Thread.sleep(20);
            }
        }

        void await(String fragment, int seconds) throws InterruptedException {
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            while (!text().contains(fragment)) {
                assertTrue(System.nanoTime() < end, "no '" + fragment + "' within " + seconds + " s:\n" + text());
                Thread.sleep(20);
            }
        }
    }

    private static void expectRefused(Path dir, String line) throws Exception {
        Sensorsim.Run r = Sensorsim.run(dir, "sensorsim.jar", "run", "s.yaml", "--plugins", dir.toString(), "--out", "o");
        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains(line), r.output());
        assertFalse(r.output().contains("\tat ") || r.output().contains("Exception:"), r.output());
        assertFalse(Files.exists(dir.resolve("o")), "nothing is written");
    }

    /** A jar with a manifest (a bundle unless {@code headers} is null, then a plain jar). */
    private static void jar(Path file, java.util.function.Consumer<Attributes> headers) throws IOException {
        jar(file, headers, Map.of());
    }

    /** A jar with the given manifest headers (none: not a bundle) and entries. */
    private static void jar(Path file, java.util.function.Consumer<Attributes> headers, Map<String, String> entries)
            throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (headers != null) {
            m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
            m.getMainAttributes().putValue("Bundle-SymbolicName", "broken." + file.getFileName().toString().replace(".jar", ""));
            headers.accept(m.getMainAttributes());
        }
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(out, m)) {
            for (var e : entries.entrySet()) {
                j.putNextEntry(new java.util.jar.JarEntry(e.getKey()));
                j.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
    }

    /** Runs Maven (the one running this build, else mvn on the PATH) in {@code dir}; fails with its output. */
    private static String mvn(Path dir, String... args) throws Exception {
        String home = System.getProperty("maven.home");
        String exe = home != null && Files.isExecutable(Path.of(home, "bin", "mvn")) ? Path.of(home, "bin", "mvn").toString() : "mvn";
        List<String> cmd = new ArrayList<>(List.of(exe, "-B", "-ntp", "-Dmaven.repo.local=" + REPO));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), "mvn finished");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
        return out;
    }
}
