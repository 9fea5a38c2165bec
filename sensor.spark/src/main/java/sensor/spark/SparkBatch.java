package sensor.spark;

import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * {@code sensorsim-spark.jar}: runs a batch manifest's variations as an Apache Spark job. The driver checks the
 * manifest ({@code batch --list}, nothing runs when it is invalid) and writes {@code OUT/index.csv}; one task per
 * variation runs it on an executor through that JVM's {@link EmbeddedRuntime} into a local folder, then copies the
 * folder to {@code OUT/<id>/} on any Hadoop-compatible file system (a local folder, {@code hdfs://}, {@code s3a://}
 * where the cluster has the connector) under a temporary name renamed when complete. A variation already complete
 * in OUT is skipped; a failed one is retried by Spark ({@code --retries}, default 3) and, after the last attempt,
 * reported. Files are byte-identical to those of {@code sensorsim batch} whatever the split.
 * <pre>
 * java -jar sensorsim-spark.jar MANIFEST --out DIR [--master local[2]] [--retries R] [--threads N]
 * spark-submit --class sensor.spark.SparkBatch sensorsim-spark.jar MANIFEST --out hdfs:///data/run1
 * </pre>
 */
public final class SparkBatch {
    private SparkBatch() {}

    /** What became of one variation. */
    record Outcome(int index, String id, String status, double seconds, String executor, double bootSeconds, String message)
            implements Serializable {}

    /** The command line, parsed. */
    record Options(String manifest, String out, String master, int retries, int threads) implements Serializable {
        static Options parse(String[] args) {
            String manifest = null, out = null, master = null;
            int retries = 3, threads = 1;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--out" -> out = value(args, ++i, a);
                    case "--master" -> master = value(args, ++i, a);
                    case "--retries" -> retries = number(value(args, ++i, a), a, 1, 100);
                    case "--threads" -> threads = number(value(args, ++i, a), a, 1, 256);
                    default -> {
                        if (a.startsWith("-") || manifest != null) {
                            throw new IllegalArgumentException("unknown option '" + a + "'");
                        }
                        manifest = a;
                    }
                }
            }
            if (manifest == null || out == null) {
                throw new IllegalArgumentException("MANIFEST and --out DIR are required");
            }
            return new Options(manifest, out, master, retries, threads);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static int number(String v, String option, int lo, int hi) {
            try {
                int n = Integer.parseInt(v);
                if (n >= lo && n <= hi) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " must be a whole number in [" + lo + ", " + hi + "], got '" + v + "'");
        }
    }

    static final String USAGE = """
            Usage: java -jar sensorsim-spark.jar MANIFEST --out DIR [--master URL] [--retries R] [--threads N]
            Runs the variations of a batch manifest as an Apache Spark job (one OSGi runtime per executor), writing the
            same files as 'sensorsim batch': DIR/<id>/ per variation and DIR/index.csv.
                  MANIFEST        batch manifest (YAML or JSON)
                  --out DIR       a folder or a Hadoop URI (hdfs://..., file:///...)
                  --master URL    e.g. local[2] (default: spark-submit's, else local[*])
                  --retries R     attempts per variation (default 3)
                  --threads N     lidar threads per variation (default 1)
              -h, --help          show this help and exit

            Exit codes:
              0   every variation is complete
              1   a variation failed after its retries
              2   usage error
              3   invalid manifest or scenario (file, line and column named)
            """;

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && java.util.Arrays.stream(args).anyMatch(a -> a.equals("--help") || a.equals("-h"))) {
            System.out.print(USAGE);
            return;
        }
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("sensorsim-spark: " + e.getMessage() + "\nTry 'java -jar sensorsim-spark.jar --help' for usage.");
            System.exit(2);
            return;
        }
        int code;
        try {
            code = run(o);
        } catch (Exception | Error e) { // one line and an exit: the embedded framework's threads would keep the JVM up
            System.err.println("sensorsim-spark: the job failed: " + e);
            code = 1;
        }
        System.exit(code);
    }

    /** Runs the job; returns the exit code (0 all complete, 1 a variation failed, 3 invalid manifest). */
    static int run(Options o) throws Exception {
        String manifest = java.nio.file.Path.of(o.manifest()).toAbsolutePath().normalize().toString();
        java.nio.file.Path plan = Files.createTempDirectory("sensorsim-plan");
        EmbeddedRuntime runtime = EmbeddedRuntime.get();
        int code = runtime.command("batch", manifest, "--out", plan.toString(), "--list");
        if (code != 0) {
            return code; // the command printed why
        }
        List<String[]> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(plan.resolve("index.csv"));
        for (String line : lines.subList(1, lines.size())) {
            rows.add(line.split(",", 3));
        }
        String out = outUri(o.out());
        FileSystem fs = fileSystem(out);
        fs.mkdirs(new Path(out));
        fs.copyFromLocalFile(false, true, new Path(plan.resolve("index.csv").toUri()), new Path(out, "index.csv"));
        EmbeddedRuntime.deleteTree(plan);

        SparkConf conf = new SparkConf().setAppName("sensorsim batch " + java.nio.file.Path.of(manifest).getFileName())
                .set("spark.task.maxFailures", String.valueOf(o.retries())).set("spark.ui.enabled", "false");
        if (o.master() != null) {
            conf.setMaster(localWithRetries(o.master(), o.retries()));
        } else if (!conf.contains("spark.master")) {
            conf.setMaster(localWithRetries("local[*]", o.retries()));
        }
        long t0 = System.nanoTime();
        List<Outcome> outcomes;
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            sc.setLogLevel("WARN");
            sc.sc().addSparkListener(new Progress(rows.size(), t0));
            List<String> tasks = rows.stream().map(r -> r[0] + "," + r[1]).toList();
            outcomes = sc.parallelize(tasks, Math.max(1, tasks.size()))
                    .map(new RunVariation(manifest, out, o.threads(), o.retries())).collect();
        }
        double wall = (System.nanoTime() - t0) * 1e-9;
        return summary(outcomes, wall, runtime.bootSeconds());
    }

    /** {@code local[K]} tries a task once; {@code local[K,R]} R times: the retries apply in local mode too. */
    static String localWithRetries(String master, int retries) {
        var m = java.util.regex.Pattern.compile("local\\[(\\d+|\\*)\\]").matcher(master.strip());
        return m.matches() ? "local[" + m.group(1) + "," + retries + "]" : master;
    }

    /** A folder path as a file: URI; a URI with a scheme as it is. */
    static String outUri(String out) {
        return out.matches("^[A-Za-z][A-Za-z0-9+.-]*://.*") ? out
                : java.nio.file.Path.of(out).toAbsolutePath().normalize().toUri().toString();
    }

    /** The file system of {@code uri}; on a local one without Hadoop's .crc checksum files. */
    static FileSystem fileSystem(String uri) throws IOException {
        FileSystem fs = FileSystem.get(URI.create(uri), new Configuration());
        fs.setWriteChecksum(false);
        return fs;
    }

    private static int summary(List<Outcome> outcomes, double wall, double driverBoot) {
        Map<String, Integer> count = new TreeMap<>();
        Map<String, Double> boots = new TreeMap<>();
        double busy = 0;
        for (Outcome r : outcomes) {
            count.merge(r.status(), 1, Integer::sum);
            boots.putIfAbsent(r.executor(), r.bootSeconds());
            busy += r.seconds();
            if (r.status().equals("failed")) {
                System.err.printf(Locale.ROOT, "sensorsim-spark: variation %d (%s) failed: %s%n", r.index(), r.id(), r.message());
            }
        }
        int run = count.getOrDefault("done", 0);
        System.out.printf(Locale.ROOT, "spark batch: %d variations: %d run, %d complete already, %d failed; %.2f s wall "
                + "(%.3f variations/s), %.2f s in variations%n", outcomes.size(), run, count.getOrDefault("skipped", 0),
                count.getOrDefault("failed", 0), wall, run / wall, busy);
        System.out.printf(Locale.ROOT, "framework boot: driver %.2f s; per executor JVM: %s%n", driverBoot,
                boots.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %.2f s", e.getKey(), e.getValue())).toList());
        return count.getOrDefault("failed", 0) == 0 ? 0 : 1;
    }

    /** One task: one variation ("index,id"), run on the executor's embedded runtime and copied to OUT/&lt;id&gt;/. */
    static final class RunVariation implements Function<String, Outcome> {
        private static final long serialVersionUID = 1L;
        private final String manifest, out;
        private final int threads, retries;

        RunVariation(String manifest, String out, int threads, int retries) {
            this.manifest = manifest;
            this.out = out;
            this.threads = threads;
            this.retries = retries;
        }

        @Override
        public Outcome call(String task) throws Exception {
            String[] p = task.split(",");
            int index = Integer.parseInt(p[0]);
            String id = p[1], executor = SparkEnv.get().executorId() + "@" + java.lang.management.ManagementFactory
                    .getRuntimeMXBean().getName();
            FileSystem fs = fileSystem(out);
            Path target = new Path(out, id);
            EmbeddedRuntime runtime = EmbeddedRuntime.get();
            if (fs.exists(new Path(target, "run-manifest.json"))) {
                return new Outcome(index, id, "skipped", 0, executor, runtime.bootSeconds(), "");
            }
            long t0 = System.nanoTime();
            java.nio.file.Path local = Files.createTempDirectory("sensorsim-variation");
            try {
                int code = runtime.command("batch", manifest, "--out", local.toString(), "--only", String.valueOf(index),
                        "--threads", String.valueOf(threads));
                if (code != 0) {
                    String message = "sensorsim batch --only " + index + " ended with exit code " + code;
                    TaskContext tc = TaskContext.get();
                    if (tc != null && tc.attemptNumber() + 1 < retries) {
                        throw new IllegalStateException(message); // Spark runs the task again
                    }
                    return new Outcome(index, id, "failed", (System.nanoTime() - t0) * 1e-9, executor, runtime.bootSeconds(),
                            message + " (attempt " + (tc == null ? 1 : tc.attemptNumber() + 1) + " of " + retries + ")");
                }
                Path partial = new Path(out, "." + id + ".partial-" + System.nanoTime());
                fs.copyFromLocalFile(false, true, new Path(local.resolve(id).toUri()), partial);
                fs.delete(target, true); // an incomplete copy of an earlier attempt
                if (!fs.rename(partial, target)) {
                    throw new IOException("cannot rename " + partial + " to " + target);
                }
                System.err.printf(Locale.ROOT, "sensorsim-spark: variation %d (%s) written by executor %s%n", index, id, executor);
                return new Outcome(index, id, "done", (System.nanoTime() - t0) * 1e-9, executor, runtime.bootSeconds(), "");
            } finally {
                EmbeddedRuntime.deleteTree(local);
            }
        }
    }

    /** Variations done of the total, with an estimate of the time left, on the driver's error stream. */
    static final class Progress extends SparkListener {
        private final int total;
        private final long t0;
        private final AtomicInteger done = new AtomicInteger();

        Progress(int total, long t0) {
            this.total = total;
            this.t0 = t0;
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (!end.taskInfo().successful()) {
                System.err.printf(Locale.ROOT, "sensorsim-spark: task %d attempt %d failed; Spark retries it%n",
                        end.taskInfo().index(), end.taskInfo().attemptNumber() + 1);
                return;
            }
            int n = done.incrementAndGet();
            double elapsed = (System.nanoTime() - t0) * 1e-9;
            System.err.printf(Locale.ROOT, "[%d/%d] variations done; %.1f s elapsed, ETA %.0f s%n", n, total, elapsed,
                    elapsed / n * (total - n));
        }
    }
}
