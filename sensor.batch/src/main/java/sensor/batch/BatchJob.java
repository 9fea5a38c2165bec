package sensor.batch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Runs the variations of a {@link BatchManifest} into {@code OUT/<id>/}: those of one shard ({@code i/N}: every
 * N-th variation from the i-th), {@code jobs} at a time, skipping any whose folder holds a complete run (its
 * {@code run-manifest.json}, written last, lists files that are all there with their sizes). A folder left
 * incomplete by a crash or a kill is cleared and run again. {@code OUT/index.csv} lists every variation of the
 * manifest (the same file whichever shard writes it). Progress, with an estimate of the time left, goes to the
 * error stream; a summary to the output.
 */
public final class BatchJob {
    /** The name of the index of all variations in the output folder. */
    public static final String INDEX = "index.csv";
    /** The effective scenario written beside each variation's outputs. */
    public static final String SCENARIO = "scenario.json";
    private static final String RUN_MANIFEST = "run-manifest.json";

    /** Runs one variation into its (empty) folder; returns the run's exit code. */
    public interface Runner {
        int run(BatchManifest.Variation v, Path dir) throws Exception;
    }

    /** Which variations this process runs: shard {@code index} (1-based) of {@code count}, or one variation. */
    public record Selection(int index, int count, Integer only) {
        /** Reads {@code i/N} (1 ≤ i ≤ N); throws naming the option. */
        public static Selection parse(String shard, Integer only) {
            if (shard == null) {
                return new Selection(1, 1, only);
            }
            String[] p = shard.split("/", -1);
            try {
                int i = Integer.parseInt(p[0].strip()), n = Integer.parseInt(p.length == 2 ? p[1].strip() : "x");
                if (n >= 1 && i >= 1 && i <= n) {
                    return new Selection(i, n, only);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--shard must be i/N with 1 <= i <= N, e.g. 2/8, got '" + shard + "'");
        }

        /** True when this selection runs {@code v}. */
        public boolean includes(BatchManifest.Variation v) {
            return only != null ? v.index() == only : (v.index() - 1) % count == index - 1;
        }
    }

    private final BatchManifest manifest;
    private final Path out;
    private final PrintStream stdout, stderr;

    public BatchJob(BatchManifest manifest, Path out, PrintStream stdout, PrintStream stderr) {
        this.manifest = manifest;
        this.out = out;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Writes {@code OUT/index.csv} atomically: index, id, seed and one column per override path. */
    public void writeIndex() throws IOException {
        List<String> keys = manifest.overrideKeys();
        StringBuilder b = new StringBuilder("index,id,seed");
        keys.forEach(k -> b.append(',').append(csv(k)));
        b.append('\n');
        for (BatchManifest.Variation v : manifest.variations()) {
            b.append(v.index()).append(',').append(v.id()).append(',').append(v.seed() == null ? "" : v.seed());
            for (String k : keys) {
                JsonNode value = v.overrides().get(k);
                b.append(',').append(value == null ? "" : csv(BatchManifest.text(value)));
            }
            b.append('\n');
        }
        Files.createDirectories(out);
        writeAtomically(out.resolve(INDEX), b.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Runs the selected variations; returns 0 when all are complete, 1 when any failed, 143 when cancelled (the
     * running variations end after their current step and are left incomplete, to be run again).
     */
    public int run(Selection selection, int jobs, Runner runner, BooleanSupplier cancelled) throws IOException,
            InterruptedException {
        writeIndex();
        List<BatchManifest.Variation> mine = manifest.variations().stream().filter(selection::includes).toList();
        List<BatchManifest.Variation> todo = new ArrayList<>();
        for (BatchManifest.Variation v : mine) {
            if (complete(out.resolve(v.id()))) {
                continue;
            }
            todo.add(v);
        }
        int skipped = mine.size() - todo.size();
        stderr.print(String.format(Locale.ROOT, "batch: %d variations in the manifest; this %s runs %d (%d complete already), %d at a time%n",
                manifest.variations().size(), selection.only() != null ? "run" : "shard " + selection.index() + "/"
                        + selection.count(), todo.size(), skipped, jobs));
        long t0 = System.nanoTime();
        AtomicInteger done = new AtomicInteger(), failed = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs), r -> {
            Thread t = new Thread(r, "sensorsim-batch");
            t.setDaemon(true);
            return t;
        });
        List<Future<?>> futures = new ArrayList<>();
        for (BatchManifest.Variation v : todo) {
            futures.add(pool.submit(() -> {
                if (cancelled.getAsBoolean()) {
                    return;
                }
                long v0 = System.nanoTime();
                String outcome;
                Path dir = out.resolve(v.id());
                try {
                    int code = runOne(v, dir, runner);
                    outcome = code == 0 ? "done" : "FAILED (exit " + code + ")";
                    if (code != 0 && !cancelled.getAsBoolean()) {
                        failed.incrementAndGet();
                    }
                } catch (Exception | OutOfMemoryError e) {
                    failed.incrementAndGet();
                    outcome = "FAILED: " + (e.getMessage() != null ? e.getMessage() : e.toString());
                }
                int n = done.incrementAndGet();
                double elapsed = (System.nanoTime() - t0) * 1e-9, eta = elapsed / n * (todo.size() - n);
                synchronized (stderr) {
                    stderr.print(String.format(Locale.ROOT, "[%d/%d] %s %s in %.1f s (%s); ETA %.0f s%n", n, todo.size(), v.id(), outcome,
                            (System.nanoTime() - v0) * 1e-9, v.label().isEmpty() ? "base scenario" : v.label(), eta));
                }
            }));
        }
        pool.shutdown();
        try {
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        double wall = (System.nanoTime() - t0) * 1e-9;
        int ran = done.get() - failed.get();
        stdout.print(String.format(Locale.ROOT, "batch: %d variations: %d run, %d complete already, %d failed; %.2f s wall (%.3f variations/s)"
                + " in %s%n", mine.size(), ran, skipped, failed.get(), wall, wall > 0 ? ran / wall : 0, out));
        if (cancelled.getAsBoolean()) {
            stderr.println("sensorsim: batch stopped; run the same command again to finish the remaining variations");
            return 143;
        }
        return failed.get() == 0 ? 0 : 1;
    }

    /** Clears the variation's folder, writes its scenario, runs it; an unfinished run is left without a manifest. */
    private static int runOne(BatchManifest.Variation v, Path dir, Runner runner) throws Exception {
        deleteTree(dir);
        Files.createDirectories(dir);
        writeAtomically(dir.resolve(SCENARIO), BatchManifest.scenarioText(v));
        int code = runner.run(v, dir);
        if (code != 0) {
            Files.deleteIfExists(dir.resolve(RUN_MANIFEST));
        }
        return code;
    }

    /** True when {@code dir} holds a run manifest whose every file is present with its size. */
    public static boolean complete(Path dir) {
        Path m = dir.resolve(RUN_MANIFEST);
        if (!Files.isRegularFile(m)) {
            return false;
        }
        try {
            JsonNode files = BatchManifest.JSON.readTree(m.toFile()).path("files");
            for (JsonNode f : files) {
                Path p = dir.resolve(f.path("path").asText());
                if (!Files.isRegularFile(p) || Files.size(p) != f.path("bytes").asLong(-2)) {
                    return false;
                }
            }
            return files.isArray() && Files.isRegularFile(dir.resolve(SCENARIO));
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (NoSuchFileException e) {
            // nothing to clear
        }
    }

    private static void writeAtomically(Path file, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
