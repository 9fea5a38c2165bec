package sensor.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster on loopback: a master and two workers, each its own JVM started from the Spark jars
 * the build copied ({@code org.apache.spark.deploy.master.Master}, {@code ...worker.Worker}, what {@code spark-class}
 * runs), and the batch job submitted with {@code spark-submit} semantics ({@code org.apache.spark.deploy.SparkSubmit},
 * the driver in its own JVM, one executor per worker fetching {@code sensorsim-spark.jar} from the driver). One worker
 * is killed ({@code SIGKILL}, by process id) once its executor has written a variation: Spark retries the variation it
 * was running on the other executor, no finished variation runs again, the files equal a serial batch's byte for byte,
 * and every executor JVM booted its OSGi runtime once.
 */
class ClusterIT {
    static final Path DISTRO = BatchIT.DISTRO;
    static final Pattern WRITTEN = Pattern.compile("sensorsim-spark: variation (\\d+) \\(\\w+\\) written by executor (\\S+)");
    static final Pattern BOOTED = Pattern.compile("sensorsim-spark: OSGi runtime booted in [0-9.]+ s in JVM (\\S+)");

    @TempDir
    static Path dir;
    static final List<Process> cluster = new ArrayList<>();

    @AfterAll
    static void stopCluster() throws IOException {
        cluster.forEach(Process::destroyForcibly);
        Path jars = dir.resolve("spark-home/jars");
        if (Files.isDirectory(jars)) {
            try (Stream<Path> links = Files.list(jars)) {
                for (Path link : links.toList()) {
                    Files.delete(link); // the links, not the build's jars
                }
            }
        }
    }

    /** {@code java --add-opens ... -cp CLASSPATH MAIN ARGS}, with Spark's JDK 17 options from the jar's manifest. */
    static Process java(String classpath, Path log, Map<String, String> env, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-Xmx512m"));
        try (JarFile jar = new JarFile(DISTRO.resolve("sensorsim-spark.jar").toFile())) {
            for (String p : jar.getManifest().getMainAttributes().getValue("Add-Opens").split(" ")) {
                cmd.add("--add-opens=" + p + "=ALL-UNNAMED");
            }
        }
        cmd.addAll(List.of("-cp", classpath, main));
        cmd.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        b.environment().putAll(env);
        Process p = b.start();
        cluster.add(p);
        return p;
    }

    /** Waits until the master's status page ({@code /json/}) counts {@code workers} alive workers. */
    static void awaitWorkers(Process master, Path log, int ui, int workers) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + ui + "/json/")).build();
        long end = System.nanoTime() + 120_000_000_000L;
        String status = "";
        while (!status.matches("(?s).*\"aliveworkers\"\\s*:\\s*" + workers + "\\b.*")) {
            assertTrue(master.isAlive() && System.nanoTime() < end, workers + " workers alive within 120 s: " + status
                    + (master.isAlive() ? "" : " (the master ended with exit code " + master.exitValue() + ")") + "\n"
                    + Files.readString(log));
            Thread.sleep(200);
            try {
                status = http.send(request, java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            } catch (IOException e) {
                status = e.toString(); // not listening yet
            }
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The lines of every executor's stderr under a worker's work folder ({@code app-*}/{@code <executor>}/stderr). */
    static Map<Path, String> executorLogs(Path work) throws IOException {
        Map<Path, String> logs = new TreeMap<>();
        if (Files.isDirectory(work)) {
            try (Stream<Path> s = Files.walk(work)) {
                for (Path f : s.filter(p -> p.getFileName().toString().equals("stderr")).toList()) {
                    logs.put(f, Files.readString(f));
                }
            }
        }
        return logs;
    }

    static List<String> all(Pattern p, String text) {
        List<String> found = new ArrayList<>();
        for (Matcher m = p.matcher(text); m.find();) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void aStandaloneClusterWithAKilledWorkerWritesTheSerialBatchsFiles() throws Exception {
        Path manifest = Path.of("../distro/batches/fog-seeds.yaml").toAbsolutePath().normalize();
        BatchIT.Run serial = BatchIT.run(dir, "sensorsim.jar", "batch", manifest.toString(), "--out", dir.resolve("serial").toString());
        assertEquals(0, serial.code(), serial.output());

        // SPARK_HOME as a worker needs it to build an executor's command: RELEASE and jars/ (Spark and its libraries)
        Path home = Files.createDirectories(dir.resolve("spark-home/jars"));
        Files.writeString(home.resolveSibling("RELEASE"), "Spark 3.5.7 (the jars sensor.spark's build copied)\n");
        try (Stream<Path> jars = Files.list(DISTRO.resolve("spark-lib"))) {
            for (Path j : jars.toList()) {
                Files.createSymbolicLink(home.resolve(j.getFileName()), j);
            }
        }
        Map<String, String> env = Map.of("SPARK_HOME", home.getParent().toString(), "SPARK_SCALA_VERSION", "2.13",
                "JAVA_HOME", System.getProperty("java.home"), "SPARK_LOCAL_IP", "127.0.0.1");
        String sparkJars = DISTRO.resolve("spark-lib").toString() + "/*";
        // the master on two free ports; a port taken between the probe and the start ends it: then again on others
        Path masterLog = dir.resolve("master.log");
        Process m = null;
        int port = 0, ui = 0;
        for (int attempt = 1; m == null; attempt++) {
            port = freePort();
            do {
                ui = freePort();
            } while (ui == port);
            Process p = java(sparkJars, masterLog, env, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", String.valueOf(port), "--webui-port", String.valueOf(ui));
            try {
                awaitWorkers(p, masterLog, ui, 0);
                m = p;
            } catch (AssertionError e) {
                p.destroyForcibly();
                if (attempt == 3) {
                    throw e;
                }
            }
        }
        String master = "spark://127.0.0.1:" + port;
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path log = dir.resolve("worker-" + i + ".log");
            Process w = java(sparkJars, log, env, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1",
                    "--memory", "1536m", "--work-dir", dir.resolve("work-" + i).toString(), "--webui-port",
                    String.valueOf(freePort()), master);
            workers.add(w);
            awaitWorkers(m, masterLog, ui, i + 1);
        }

        Path driverLog = dir.resolve("driver.log");
        long t0 = System.nanoTime();
        Process driver = java(DISTRO.resolve("sensorsim-spark.jar") + ":" + sparkJars, driverLog, env,
                "org.apache.spark.deploy.SparkSubmit", "--master", master, "--deploy-mode", "client", "--class",
                "sensor.spark.SparkBatch", "--conf", "spark.executor.memory=1g", "--conf", "spark.executor.cores=1",
                DISTRO.resolve("sensorsim-spark.jar").toString(), manifest.toString(), "--out", dir.resolve("cluster").toString());

        // kill the worker whose executor wrote a variation first, while variations remain
        int killed = -1;
        long end = System.nanoTime() + 240_000_000_000L;
        while (killed < 0) {
            assertTrue(driver.isAlive() && System.nanoTime() < end, "a variation written on a worker before the job ends:\n"
                    + Files.readString(driverLog));
            for (int i = 0; i < 2 && killed < 0; i++) {
                if (executorLogs(dir.resolve("work-" + i)).values().stream().anyMatch(l -> WRITTEN.matcher(l).find())) {
                    workers.get(i).destroyForcibly();
                    killed = i;
                }
            }
            Thread.sleep(50);
        }
        int writtenBeforeKill = all(WRITTEN, String.join("", executorLogs(dir.resolve("work-" + killed)).values())).size()
                + all(WRITTEN, String.join("", executorLogs(dir.resolve("work-" + (1 - killed))).values())).size();
        assertTrue(driver.waitFor(300, TimeUnit.SECONDS), "the job ends:\n" + Files.readString(driverLog));
        double wall = (System.nanoTime() - t0) * 1e-9;
        String out = Files.readString(driverLog);
        assertEquals(0, driver.exitValue(), out);
        assertTrue(writtenBeforeKill < 6, "the worker was killed mid-job: " + writtenBeforeKill + " variations written before");
        // a variation whose result the killed executor had not yet returned is retried and found complete: skipped
        Matcher summary = Pattern.compile("spark batch: 6 variations: (\\d) run, (\\d) complete already, 0 failed").matcher(out);
        assertTrue(summary.find(), out);
        assertEquals(6, Integer.parseInt(summary.group(1)) + Integer.parseInt(summary.group(2)), out);
        assertEquals(BatchIT.checksums(dir.resolve("serial")), BatchIT.checksums(dir.resolve("cluster")));

        // every variation written once: none that finished on the killed worker ran again
        List<String> executorsText = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            for (String log : executorLogs(dir.resolve("work-" + i)).values()) {
                executorsText.add(log);
                written.addAll(all(WRITTEN, log));
            }
        }
        List<String> indices = Files.readAllLines(dir.resolve("serial/index.csv")).stream().skip(1).map(l -> l.split(",")[0])
                .sorted().toList();
        assertEquals(6, indices.size());
        assertEquals(indices, written.stream().sorted().toList(), String.join("\n", executorsText));
        // each executor JVM booted its runtime once, and both took variations
        assertTrue(executorsText.size() >= 2, executorsText.toString());
        for (String log : executorsText) {
            assertEquals(1, all(BOOTED, log).size(), log);
        }
        assertTrue(executorLogs(dir.resolve("work-" + (1 - killed))).values().stream().anyMatch(l -> WRITTEN.matcher(l).find()));
        System.out.printf("spark standalone: 2 workers (1 core each), worker %d killed after %d of 6 variations; job %.1f s "
                + "(driver start included); serial batch: %s%n", killed, writtenBeforeKill, wall,
                serial.output().lines().filter(l -> l.contains("variations/s")).findFirst().orElse("?"));
        System.out.println(out.lines().filter(l -> l.startsWith("spark batch:") || l.startsWith("framework boot:")
                || l.contains("Spark retries it")).reduce((a, b) -> a + "\n" + b).orElse(""));
    }
}
