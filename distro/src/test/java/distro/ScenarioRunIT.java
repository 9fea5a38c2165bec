package distro;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the exported {@code sensorsim} on the shipped demo scenario and on small ones, and checks the files
 * it writes with independent readers (the npm packages installed by the sensor.io build: @mcap/core with
 * @foxglove/rosmsg2-serialization, @loaders.gl/pcd, @loaders.gl/ply, copc for LAS 1.4).
 */
class ScenarioRunIT {
    static final Path READERS = Path.of("..", "sensor.io", "target", "node").toAbsolutePath().normalize();

    @TempDir
    Path work;

    private Sensorsim.Run sensorsim(String... args) throws Exception {
        return Sensorsim.run(work, "sensorsim.jar", args);
    }

    /** Runs an independent reader script on a file; returns its key=value lines. */
    static Map<String, String> read(String script, Path file) throws IOException, InterruptedException {
        return node(script, file.toString());
    }

    /** Runs a script of sensor.io's npm folder with {@code args}; returns its key=value lines (it must exit 0). */
    static Map<String, String> node(String script, String... args) throws IOException, InterruptedException {
        assertTrue(Files.isDirectory(READERS.resolve("node_modules")), "npm readers installed by the sensor.io build in " + READERS);
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("node", READERS.resolve(script).toString()));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), script + " failed:\n" + text);
        Map<String, String> values = new HashMap<>();
        text.lines().filter(l -> l.contains("=")).forEach(l -> values.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        return values;
    }

    @Test
    void demoScenarioWritesFilesThirdPartyReadersOpen() throws Exception {
        Path scenario = Path.of("scenarios", "demo.yaml").toAbsolutePath();
        Path out = work.resolve("demo");
        Sensorsim.Run r = sensorsim("run", scenario.toString(), "--out", out.toString(), "--duration", "2");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("simulated 2.000 s"), r.output());
        assertTrue(r.output().contains("os1              20 frames"), r.output());
        try (var pcds = Files.list(out.resolve("os1"))) { // point files of frames 1, 6, 11, 16 (stride 5)
            assertEquals(List.of("os1-000001.pcd", "os1-000006.pcd", "os1-000011.pcd", "os1-000016.pcd"),
                    pcds.map(f -> f.getFileName().toString()).filter(n -> n.matches("os1-\\d+\\.pcd")).sorted().toList());
        }

        // MCAP read through its chunk and message indexes, every message decoded: every frame of every sensor
        // (lidar 10 Hz, IMU 100 Hz, encoders 100 Hz, odometer and ground truth 50 Hz), /tf, /clock
        Map<String, String> mcap = read("mcap-read.mjs", out.resolve("run.mcap"));
        assertEquals("ros2", mcap.get("profile"));
        assertEquals("zstd", mcap.get("summary.compression"));
        assertTrue(Integer.parseInt(mcap.get("statistics.chunkCount")) > 1, mcap.get("statistics.chunkCount"));
        Map<String, Integer> expected = Map.ofEntries(Map.entry("/os1/points", 20), Map.entry("/imu/imu", 200), Map.entry("/imu/mag", 200),
                Map.entry("/encoder_fl/joint_states", 200), Map.entry("/encoder_fr/joint_states", 200),
                Map.entry("/odometer/distance", 100), Map.entry("/ground_truth/odom", 100), Map.entry("/tf", 100),
                Map.entry("/gnss/fix", 20), Map.entry("/camera/image", 4), Map.entry("/camera/depth", 4),
                Map.entry("/camera/camera_info", 4)); // the camera at 2 Hz
        expected.forEach((topic, n) -> {
            assertEquals(String.valueOf(n), mcap.get("indexed.count." + topic), topic + " in " + mcap);
            assertEquals("true", mcap.get("indexed.monotonic." + topic), topic);
        });
        assertEquals("true", mcap.get("indexed.monotonic./clock"));
        assertEquals(mcap.get("statistics.messageCount"), mcap.get("indexed.decoded"));
        assertEquals("2", mcap.get("last./clock.clock.sec")); // the last delivery at t = 2 s
        // the odometer travelled 9 m/s x 2 s (within its noise); ground truth at the car's position on its path
        assertEquals(18.0, Double.parseDouble(mcap.get("last./odometer/distance.data")), 0.5);
        // the GNSS fix: near the configured origin, its covariance the configured noise in ENU m^2 (diagonal known)
        assertEquals(47.3769, Double.parseDouble(mcap.get("last./gnss/fix.latitude")), 0.01);
        assertArrayEquals(new double[] {0.25, 0, 0, 0, 0.25, 0, 0, 0, 1},
                java.util.Arrays.stream(mcap.get("last./gnss/fix.position_covariance").split(" "))
                        .mapToDouble(Double::parseDouble).toArray(), 1e-9);
        assertEquals("2", mcap.get("last./gnss/fix.position_covariance_type"));
        assertEquals("world", mcap.get("last./ground_truth/odom.header.frame_id"));
        assertEquals("ground-truth", mcap.get("last./ground_truth/odom.child_frame_id"));
        assertEquals(9.0, Double.parseDouble(mcap.get("last./ground_truth/odom.twist.twist.linear.x")), 1e-6); // body frame
        // the transform tree: world → car on /tf (from the ground-truth sensor at the car's origin), car → each
        // sensor at its mount on /tf_static (the lidar 1.9 m above the car's origin)
        assertEquals("world car", mcap.get("last./tf.transforms.0.header.frame_id") + " "
                + mcap.get("last./tf.transforms.0.child_frame_id"));
        assertEquals(mcap.get("last./ground_truth/odom.pose.pose.position.x"),
                mcap.get("last./tf.transforms.0.transform.translation.x"));
        // the mounts, then once more with the camera's optical frame (z forward, x right, y down) when it first delivers
        assertEquals("2", mcap.get("indexed.count./tf_static"));
        assertEquals("640 480 rgb8 camera_optical", String.join(" ", mcap.get("last./camera/image.width"),
                mcap.get("last./camera/image.height"), mcap.get("last./camera/image.encoding"),
                mcap.get("last./camera/image.header.frame_id")));
        assertArrayEquals(new double[] {320, 0, 319.5, 0, 320, 239.5, 0, 0, 1}, java.util.Arrays.stream(
                mcap.get("last./camera/camera_info.k").split(" ")).mapToDouble(Double::parseDouble).toArray(), 1e-9); // 90°
        String os1 = "last./tf_static.transforms." + java.util.stream.IntStream.range(0, 10)
                .filter(i -> "os1".equals(mcap.get("last./tf_static.transforms." + i + ".child_frame_id"))).findFirst()
                .orElseThrow() + ".";
        assertEquals("car 0 1.9", String.join(" ", mcap.get(os1 + "header.frame_id"), mcap.get(os1 + "transform.translation.x"),
                mcap.get(os1 + "transform.translation.z")));
        assertEquals("sensor_msgs/msg/PointCloud2", mcap.get("first./os1/points.schema"));
        assertEquals("os1", mcap.get("first./os1/points.frame_id"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:16:7:1 t:20:6:1 reflectivity:24:4:1 ring:26:4:1 ambient:28:4:1 "
                + "range:32:6:1", mcap.get("first./os1/points.fields"), "as ouster-ros publishes an Ouster's points");
        assertEquals("true", mcap.get("stream.done"));

        Path pcd = out.resolve("os1").resolve("os1-000006.pcd");
        Map<String, String> cloud = read("pcd-read.mjs", pcd);
        assertEquals("binary", cloud.get("data"));
        assertEquals("x y z intensity ring time", cloud.get("fields"));
        long points = Long.parseLong(cloud.get("points"));
        assertTrue(points > 20_000, "points in a frame of the OS1-64: " + points);

        Map<String, String> ply = read("ply-read.mjs", out.resolve("os1").resolve("os1-000006.ply"));
        assertEquals(String.valueOf(points), ply.get("vertexCount"));
        Map<String, String> las = read("las-read.mjs", out.resolve("os1").resolve("os1-000006.las"));
        assertEquals("1.4", las.get("version"));
        assertEquals(String.valueOf(points), las.get("pointCount"));

        for (String f : List.of("imu.csv", "odometer.csv", "encoder-fl.csv", "ground-truth.csv", "imu-plot.png",
                "os1/os1-000006-bev.png", "os1/os1-000006-range.png")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        try (var files = Files.walk(out)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
        // the estimate printed before the run: the files exactly, the bytes within a factor of two
        var estimate = java.util.regex.Pattern.compile("estimate: (\\d+) files, ([0-9.]+) MB of output").matcher(r.output());
        assertTrue(estimate.find(), r.output());
        long written, files;
        try (var all = Files.walk(out)) {
            var regular = all.filter(Files::isRegularFile).toList();
            files = regular.size();
            written = regular.stream().mapToLong(f -> f.toFile().length()).sum();
        }
        assertEquals(files, Long.parseLong(estimate.group(1)), r.output());
        double ratio = Double.parseDouble(estimate.group(2)) * (1 << 20) / written;
        assertTrue(ratio > 0.5 && ratio < 2, "estimated / written bytes: " + ratio);
    }

    /** A real-time scenario: a wall 5 m ahead of a lidar {@code scan} (OS1-32 512x10), plus {@code moreSensors}. */
    private static String liveScenario(int duration, String moreSensors) {
        return "version: 1\nduration: " + duration + "\nrealtime: true\nobjects:\n"
                + "  - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5, 0, 0]}}\n"
                + "sensors:\n  - {id: scan, type: lidar, frequency: 10, config: {model: OS1-32, mode: 512x10}}\n"
                + moreSensors + "output: {formats: [csv]}\n";
    }

    /** Reads a process's lines up to one containing {@code until}; returns the live view address it printed. */
    private static String liveAddress(java.io.BufferedReader lines, StringBuilder log, String until) throws IOException {
        String url = null;
        for (String l; (l = lines.readLine()) != null;) {
            log.append(l).append('\n');
            var m = java.util.regex.Pattern.compile("live: Foxglove viewers connect to (ws://127\\.0\\.0\\.1:\\d+)").matcher(l);
            url = m.find() ? m.group(1) : url;
            if (l.contains(until)) {
                break;
            }
        }
        assertNotNull(url, log.toString());
        return url;
    }

    /**
     * {@code run --live}: a Foxglove client ({@code @foxglove/ws-protocol}) connects to the address the run prints,
     * subscribes, and decodes lidar frames while the run goes on at real-time pace; the files are written as usual.
     */
    @Test
    void runLivePublishesToAFoxgloveClient() throws Exception {
        Files.writeString(work.resolve("live.yaml"), liveScenario(4, "  - {id: truth, type: ground-truth, frequency: 50}\n"));
        Process run = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run", "live.yaml", "--out", "o", "--live", "0")
                .directory(work.toFile()).redirectErrorStream(true).start();
        try {
            var lines = new java.io.BufferedReader(new java.io.InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder log = new StringBuilder();
            String url = liveAddress(lines, log, "live: Foxglove viewers connect to");
            Process client = new ProcessBuilder("node", READERS.resolve("foxglove-client.mjs").toString(), url, "/scan/points", "10")
                    .redirectErrorStream(true).start();
            String received = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(client.waitFor(60, TimeUnit.SECONDS));
            assertTrue(received.contains("received=10"), received);
            assertTrue(received.contains("advertised=/truth/odom nav_msgs/msg/Odometry cdr"), received);
            assertTrue(received.matches("(?s).*recv=/scan/points \\d+ \\d+ \\d+ [1-9]\\d*\n.*"), received); // points on the wall
            lines.lines().forEach(l -> log.append(l).append('\n'));
            assertTrue(run.waitFor(30, TimeUnit.SECONDS), log.toString());
            assertEquals(0, run.exitValue(), log.toString());
            assertEquals(4 * 50 + 1, Files.readAllLines(work.resolve("o/truth.csv")).size());
        } finally {
            run.destroyForcibly();
        }
    }

    /**
     * A teleoperated car sent 3 m/s and 0.3 rad/s: its ground-truth yaw rate follows v · tan δ / L within 5 %
     * (δ = atan(L · 0.3 / 3), the angle the teleop controller sets, L = 2.7 m); once the messages stop it brakes to rest.
     */
    static void yawRateFollowsTheTwist(Path groundTruthCsv) throws IOException {
        List<double[]> truth = Files.readAllLines(groundTruthCsv).stream().skip(1)
                .map(l -> java.util.Arrays.stream(l.split(",")).mapToDouble(Double::parseDouble).toArray()).toList();
        double delta = Math.atan(2.7 * 0.3 / 3);
        List<double[]> moving = truth.stream().filter(r -> Math.hypot(r[8], r[9]) > 2.9).toList();
        assertTrue(moving.size() > 150, "rows at speed: " + moving.size());
        double from = moving.get(0)[0] + 1.5, to = moving.get(moving.size() - 1)[0] - 0.3;
        int checked = 0;
        for (double[] r : moving) {
            if (r[0] >= from && r[0] <= to) {
                double v = Math.hypot(r[8], r[9]), expected = v * Math.tan(delta) / 2.7;
                assertEquals(expected, r[13], 0.05 * expected, "yaw rate at t = " + r[0]);
                checked++;
            }
        }
        assertTrue(checked > 100, "rows checked: " + checked);
        double[] last = truth.get(truth.size() - 1);
        assertEquals(0, Math.hypot(last[8], last[9]), 0.01, "braked to rest once the messages stopped");
    }

    /**
     * Teleoperation: {@code run teleop.yaml --live} offers {@code clientPublish}; a {@code @foxglove/ws-protocol} client
     * publishing a Twist (3 m/s, 0.3 rad/s) at 20 Hz on {@code teleop/cmd_vel} drives the car, whose ground-truth yaw
     * rate follows v · tan δ / L within 5 % (δ = atan(L · 0.3 / 3), the angle the teleop controller sets); a message that
     * does not decode is logged once and ignored; after the client stops, the car brakes to rest.
     */
    @Test
    void aFoxgloveClientPublishingTwistSteersTheCar() throws Exception {
        Process run = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "run",
                Path.of("scenarios", "teleop.yaml").toAbsolutePath().toString(), "--out", "teleop", "--live", "0",
                "--duration", "12").directory(work.toFile()).redirectErrorStream(true).start();
        try {
            var lines = new java.io.BufferedReader(new java.io.InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder log = new StringBuilder();
            String url = liveAddress(lines, log, "live: Foxglove viewers connect to");
            Process client = new ProcessBuilder("node", READERS.resolve("foxglove-teleop.mjs").toString(), url,
                    "/teleop/cmd_vel", "3", "0.3", "7").redirectErrorStream(true).start();
            String said = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(client.waitFor(60, TimeUnit.SECONDS));
            assertTrue(said.contains("capabilities=clientPublish") && said.contains("encodings=json,cdr")
                    && said.contains("published=140"), said);
            lines.lines().forEach(l -> log.append(l).append('\n'));
            assertTrue(run.waitFor(30, TimeUnit.SECONDS), log.toString());
            assertEquals(0, run.exitValue(), log.toString());
            assertEquals(1, log.toString().split("does not decode and is ignored", -1).length - 1, log.toString());
            yawRateFollowsTheTwist(work.resolve("teleop/ground-truth.csv"));
        } finally {
            run.destroyForcibly();
        }
    }

    /** {@code serve --live}: a dropped scenario's streams reach a Foxglove client under the simulation's name. */
    @Test
    void serveLivePublishesEachSimulationUnderItsName() throws Exception {
        Process serve = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "serve", "--deploy", "deploy", "--out", "out",
                "--live", "0").directory(work.toFile()).redirectErrorStream(true).start();
        try {
            var lines = new java.io.BufferedReader(new java.io.InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder log = new StringBuilder();
            String url = liveAddress(lines, log, "serving: drop scenarios");
            Files.writeString(work.resolve("street.yaml"), liveScenario(60, ""));
            Files.move(work.resolve("street.yaml"), work.resolve("deploy").resolve("street.yaml"));
            Process client = new ProcessBuilder("node", READERS.resolve("foxglove-client.mjs").toString(), url,
                    "/street/scan/points", "5").redirectErrorStream(true).start();
            String received = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(client.waitFor(60, TimeUnit.SECONDS));
            assertTrue(received.contains("received=5"), received);
            assertTrue(received.contains("advertised=/street/scan/points sensor_msgs/msg/PointCloud2 cdr"), received);
            serve.destroy(); // SIGTERM
            assertTrue(serve.waitFor(10, TimeUnit.SECONDS), "serve ends within 10 s of SIGTERM");
        } finally {
            serve.destroyForcibly();
        }
    }

    /**
     * The estimate counts the files a controller's commands are recorded in: {@code drive.yaml}'s schedule sets drive,
     * steering and brake, one CSV each, and the estimate printed before the run equals the files on disk.
     */
    @Test
    void theEstimateCountsTheControllersCommandFiles() throws Exception {
        Path out = work.resolve("drive");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", Path.of("scenarios", "drive.yaml").toAbsolutePath()
                .toString(), "--out", out.toString(), "--duration", "6");
        assertEquals(0, r.code(), r.output());
        var estimate = java.util.regex.Pattern.compile("estimate: (\\d+) files").matcher(r.output());
        assertTrue(estimate.find(), r.output());
        long files;
        try (var all = Files.walk(out)) {
            files = all.filter(Files::isRegularFile).count();
        }
        assertTrue(Files.isRegularFile(out.resolve("driver.steering.car.csv")), r.output());
        assertEquals(files, Long.parseLong(estimate.group(1)), r.output());
    }

    /**
     * {@code serve} never mixes two runs in one folder: a scenario dropped again after its run finished starts in an
     * empty {@code OUT/<name>/}; the earlier run's files, its state included, move to {@code OUT/<name>.1/}, and one log
     * line says so.
     */
    @Test
    void serveMovesAFinishedRunAsideBeforeItsNextStart() throws Exception {
        Process serve = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "serve", "--deploy", "deploy", "--out", "out")
                .directory(work.toFile()).redirectErrorStream(true).start();
        try {
            var lines = new java.io.BufferedReader(new java.io.InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder log = new StringBuilder();
            readUntil(lines, log, "serving: drop scenarios");
            String scenario = liveScenario(1, "").replace("realtime: true", "realtime: false");
            for (int run = 1; run <= 2; run++) { // the first run writes PCD files too, the second does not
                Path file = work.resolve("street.yaml");
                Files.writeString(file, run == 1 ? scenario.replace("formats: [csv]", "formats: [csv, pcd]") : scenario);
                Files.move(file, work.resolve("deploy").resolve("street.yaml"), StandardCopyOption.REPLACE_EXISTING);
                readUntil(lines, log, "simulation 'street' finished");
            }
            assertTrue(log.toString().matches("(?s).*simulation 'street': the files of its previous run moved to \\S*"
                    + "street\\.1, this run writes into an empty \\S*street\n.*"), log.toString());
            Path now = work.resolve("out").resolve("street"), before = work.resolve("out").resolve("street.1");
            assertTrue(Files.isRegularFile(now.resolve("run-state.json")) && Files.isRegularFile(before.resolve(
                    "run-state.json")), log.toString());
            try (var a = Files.walk(now); var b = Files.walk(before)) {
                assertEquals(0, a.filter(f -> f.toString().endsWith(".pcd")).count(), "no file of the first run");
                assertTrue(b.filter(f -> f.toString().endsWith(".pcd")).count() > 0, "the first run's files kept");
            }
        } finally {
            serve.destroyForcibly();
        }
    }

    private static void readUntil(java.io.BufferedReader lines, StringBuilder log, String until) throws IOException {
        for (String l; (l = lines.readLine()) != null;) {
            log.append(l).append('\n');
            if (l.contains(until)) {
                return;
            }
        }
        throw new AssertionError("the process ended before \"" + until + "\":\n" + log);
    }

    /**
     * A VLP-16, a Pandar64 and a Mid-70 drive the demo street: each publishes in its vendor's PointCloud2 layout
     * (Hesai has none: the generic one), and its PCD and LAS files open in @loaders.gl/pcd and copc.
     */
    @Test
    void vendorLidarsDriveTheDemoStreet() throws Exception {
        String demo = Files.readString(Path.of("scenarios", "demo.yaml"));
        Files.copy(Path.of("scenarios", "house.obj"), work.resolve("house.obj"));
        String world = demo.substring(0, demo.indexOf("\nsensors:")).replaceFirst("formats: \\[[^\\]]*\\]", "formats: [pcd, las, mcap]");
        Files.writeString(work.resolve("vendors.yaml"), world + """

                sensors:
                  - {id: vlp16, type: lidar, body: car, pose: {position: [0, 0, 1.9]}, frequency: 10,
                     config: {model: VLP-16, mode: 600rpm}}
                  - {id: pandar64, type: lidar, body: car, pose: {position: [0, 0, 2.1]}, frequency: 10,
                     config: {model: Pandar64, mode: 10Hz}}
                  - {id: mid70, type: lidar, body: car, pose: {position: [1.2, 0, 1.2]}, frequency: 10,
                     config: {model: Mid-70}}
                """);
        Sensorsim.Run r = sensorsim("run", "vendors.yaml", "--out", "o", "--duration", "1");
        assertEquals(0, r.code(), r.output());
        for (String id : List.of("vlp16", "pandar64", "mid70")) {
            assertTrue(r.output().matches("(?s).*\\b" + id + "\\s+10 frames.*"), r.output());
        }
        Path out = work.resolve("o");
        Map<String, String> mcap = read("mcap-read.mjs", out.resolve("run.mcap"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:18:7:1", mcap.get("first./vlp16/points.fields"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:24:8:1", mcap.get("first./pandar64/points.fields"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 tag:16:2:1 line:17:2:1 timestamp:18:8:1",
                mcap.get("first./mid70/points.fields"));
        for (int i = 0; i < 3; i++) {
            double[] v = numbers(mcap.get("first./vlp16/points.point." + i)); // x y z intensity ring time
            assertTrue(v[4] >= 0 && v[4] < 16 && v[5] >= 0 && v[5] < 0.1, "VLP-16 ring and time since the scan start: "
                    + java.util.Arrays.toString(v));
            double[] m = numbers(mcap.get("first./mid70/points.point." + i)); // x y z intensity tag line timestamp
            double offAxis = Math.toDegrees(Math.acos(m[0] / Math.sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2])));
            assertTrue(offAxis <= 35.216 && m[5] == 0 && m[6] > 0 && m[6] <= 0.1e9, // the file's widest ray: 35.2158°
                    "a Mid-70 point inside its 70.4° cone, line 0, timestamp in ns in the first frame: " + java.util.Arrays.toString(m));
        }
        for (String id : List.of("vlp16", "pandar64", "mid70")) {
            assertEquals("10", mcap.get("indexed.count./" + id + "/points"), id);
            Map<String, String> pcd = read("pcd-read.mjs", out.resolve(id).resolve(id + "-000006.pcd"));
            long points = Long.parseLong(pcd.get("points"));
            assertTrue(points > 2000, id + " points in frame 6: " + points);
            assertEquals(String.valueOf(points), read("las-read.mjs", out.resolve(id).resolve(id + "-000006.las")).get("pointCount"));
        }
    }

    /**
     * The demo shows [L-DET]: the shipped noon-and-night manifest's two variations, as PCD instead of pictures. In frame 56
     * the car is 74 m from the dark (10 %) warehouse behind it; in the sunlight (the sun on its facade raises the noise)
     * it keeps a few points, in the dark most of them (counted from the binary PCD here: x between −76 and −70 m).
     */
    @Test
    void theDemoStreetLosesTheDarkFacadeInTheSunLDET() throws Exception {
        Path manifest = Path.of("batches", "noon-and-night.yaml").toAbsolutePath();
        String text = Files.readString(manifest).replace("output.formats: [[png, pcd-ascii]]", "output.formats: [[pcd]]")
                .replaceAll("(?m)^  'sensors\\[id=os1]\\.config\\.fields'.*\n", "")
                .replace("scenario: ../scenarios/demo.yaml", "scenario: " + Path.of("scenarios", "demo.yaml").toAbsolutePath());
        Files.writeString(work.resolve("noon-and-night.yaml"), text);
        Sensorsim.Run r = sensorsim("batch", "noon-and-night.yaml", "--out", "b");
        assertEquals(0, r.code(), r.output());
        List<String> index = Files.readAllLines(work.resolve("b").resolve("index.csv"));
        int sun = facadePoints(work.resolve("b").resolve(index.get(1).split(",")[1]));
        int dark = facadePoints(work.resolve("b").resolve(index.get(2).split(",")[1]));
        assertTrue(index.get(2).endsWith(",[]"), "the second variation has no lights: " + index);
        assertTrue(dark > 800 && dark > 5 * sun, "facade points in the sun " + sun + ", in the dark " + dark);
    }

    /** Points of frame 56 on the warehouse facade: a binary PCD of x y z intensity ring time, read here. */
    private static int facadePoints(Path run) throws IOException {
        byte[] pcd = Files.readAllBytes(run.resolve("os1").resolve("os1-000056.pcd"));
        String head = new String(pcd, 0, Math.min(pcd.length, 400), StandardCharsets.US_ASCII);
        assertTrue(head.contains("FIELDS x y z intensity ring time\n"), head);
        int data = head.indexOf("DATA binary\n") + "DATA binary\n".length();
        int points = Integer.parseInt(head.replaceAll("(?s).*\nPOINTS (\\d+)\n.*", "$1"));
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(pcd, data, pcd.length - data).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int n = 0;
        for (int i = 0; i < points; i++) {
            float x = b.getFloat(data + 26 * i);
            n += x > -76 && x < -70 ? 1 : 0;
        }
        return n;
    }

    private static double[] numbers(String text) {
        return java.util.Arrays.stream(text.strip().split(" ")).mapToDouble(Double::parseDouble).toArray();
    }

    @Test
    void jsonScenarioWithAnObjMeshRuns() throws Exception {
        Files.copy(Path.of("scenarios", "house.obj"), work.resolve("house.obj"));
        Files.writeString(work.resolve("s.json"), """
                {"version": 1, "duration": 0.2, "seed": 5,
                 "output": {"formats": ["ply", "mcap"]},
                 "objects": [{"id": "house", "shape": {"type": "mesh", "file": "house.obj"}, "pose": {"position": [12, 0, -2]}}],
                 "sensors": [{"id": "scan", "type": "lidar", "pose": {"position": [0, 0, 0]}, "frequency": 10,
                              "config": {"model": "OS1-32", "mode": "512x10"}}]}
                """);
        Sensorsim.Run r = sensorsim("run", "s.json", "--out", "o", "--threads", "1");
        assertEquals(0, r.code(), r.output());
        Map<String, String> ply = read("ply-read.mjs", work.resolve("o").resolve("scan").resolve("scan-000002.ply"));
        assertTrue(Integer.parseInt(ply.get("vertexCount")) > 100, ply.toString());
        assertEquals("2", read("mcap-read.mjs", work.resolve("o").resolve("run.mcap")).get("indexed.count./scan/points"));
    }

    @Test
    void invalidScenarioIsRejectedWithLocationAndWritesNothing() throws Exception {
        Files.writeString(work.resolve("bad.yaml"), "version: 1\nsensors:\n  - {id: x, type: sonar}\n");
        Sensorsim.Run r = sensorsim("run", "bad.yaml", "--out", "never");
        assertEquals(3, r.code(), r.output());
        assertTrue(r.output().contains("bad.yaml:3:") && r.output().contains("sensor type 'sonar' is not installed"), r.output());
        assertFalse(Files.exists(work.resolve("never")));
        r = sensorsim("validate", Path.of("scenarios", "demo.yaml").toAbsolutePath().toString());
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("valid: 15 objects, 8 sensors"), r.output());
    }
}
