package sensor.scenario.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import sensor.api.env.SensorEnvironment.SensorInfo;
import sensor.api.env.Simulation;
import sensor.api.frame.Channels;
import sensor.api.frame.PointCloud;
import sensor.api.io.Recorder;
import sensor.api.sensor.SensorFrame;
import sensor.scenario.Scenario;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioReader;

/**
 * What a run will write and hold, estimated before anything is written: the geometry a scenario declares (before it
 * is built); then, from each sensor's first frame (sampled in a scratch simulation), what the installed writers
 * produce for it: the first frame and a copy of it are written to a temporary folder, their difference is the cost
 * of one frame, multiplied by the frames of the run. The heap is what the built scene holds plus the largest frame
 * in flight.
 */
public final class RunBudget {
    /** Heap per heightfield cell (vertices, two triangles, their BVH share) and per byte of a mesh file. */
    private static final long HEAP_PER_CELL = 200, HEAP_PER_MESH_BYTE = 8;
    /** Heap per lidar point of a frame in flight (the trace, the packed frame, the writers' buffers). */
    private static final long HEAP_PER_POINT = 400;
    /** A run refused by its budget; the message gives the estimate and how to override. */
    public static final class Exceeded extends Exception {
        private static final long serialVersionUID = 1L;

        public Exceeded(String message) {
            super(message);
        }
    }

    /** Output files, bytes per sensor and heap, estimated. */
    public record Estimate(long files, Map<String, Long> bytesPerSensor, Map<String, String> why, long heap) {
        long bytes() {
            return bytesPerSensor.values().stream().mapToLong(Long::longValue).sum();
        }

        /** {@code n} runs like this one: files and bytes times {@code n}, the same heap (they run one after another). */
        public Estimate times(long n) {
            Map<String, Long> bytes = new java.util.TreeMap<>();
            bytesPerSensor.forEach((k, v) -> bytes.put(k, v * n));
            return new Estimate(files * n, bytes, why, heap);
        }

        /** One line: files, bytes, heap of maximum heap. */
        public String summary() {
            return String.format(Locale.ROOT, "estimate: %d files, %s of output, %s of heap (of %s)", files, size(bytes()),
                    size(heap), size(Runtime.getRuntime().maxMemory()));
        }

        /**
         * Refuses the run when its output would not fit in the space free on the file system that holds {@code outDir}
         * (or its nearest existing parent folder).
         */
        public void checkSpace(Path outDir) throws Exceeded {
            Path at = outDir.toAbsolutePath().normalize();
            while (at != null && !Files.exists(at)) {
                at = at.getParent();
            }
            long free;
            try {
                free = at == null ? Long.MAX_VALUE : Files.getFileStore(at).getUsableSpace();
            } catch (IOException e) {
                return; // a file system that cannot say: the run's own write errors will
            }
            if (bytes() > free) {
                throw new Exceeded("the run would write about " + size(bytes()) + " into " + outDir.toAbsolutePath().normalize()
                        + ", whose file system has " + size(free) + " free; free some space, choose another --out, lower the "
                        + "frequency, duration or formats, or pass --force");
            }
        }

        /** Refuses the run when the output exceeds {@code maxOutput} or the heap would not hold it. */
        public void check(long maxOutput) throws Exceeded {
            if (bytes() > maxOutput) {
                String biggest = bytesPerSensor.entrySet().stream().max(Map.Entry.comparingByValue())
                        .map(e -> e.getKey() + " " + size(e.getValue()) + " (" + why.getOrDefault(e.getKey(), "file headers") + ")").orElse("");
                throw new Exceeded("the run would write about " + size(bytes()) + ", more than the output budget of "
                        + size(maxOutput) + "; the most: " + biggest + ". Lower the frequency, duration or formats, "
                        + "or raise --max-output (or pass --force)");
            }
            checkHeap(heap, Runtime.getRuntime().maxMemory());
        }
    }

    private RunBudget() {}

    /** Parses a size such as {@code 500MB}, {@code 4GB}, {@code 1.5TB} or a byte count. */
    public static long parseSize(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        for (String[] u : new String[][] {{"TB", "1099511627776"}, {"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"},
                {"B", "1"}}) {
            if (t.endsWith(u[0])) {
                unit = Long.parseLong(u[1]);
                t = t.substring(0, t.length() - u[0].length()).trim();
                break;
            }
        }
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0 && v * unit <= Long.MAX_VALUE)) {
            throw new IllegalArgumentException("--max-output must be a size such as 500MB, 4GB or 1.5TB, got '" + text + "'");
        }
        return (long) (v * unit);
    }

    /**
     * Refuses a scenario whose declared geometry (heightfield cells, mesh files) would not fit the heap, before it
     * is built.
     */
    public static void checkGeometry(ScenarioReader.Loaded loaded) throws Exceeded {
        checkGeometry(loaded, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #checkGeometry(ScenarioReader.Loaded)} with a heap of {@code maxHeap} bytes. */
    public static void checkGeometry(ScenarioReader.Loaded loaded, long maxHeap) throws Exceeded {
        long heap = 0;
        Path dir = loaded.file().toAbsolutePath().getParent();
        for (Scenario.Item o : loaded.scenario().objects()) {
            Scenario.ShapeSpec s = o.shape();
            if (s == null || s.type() == null) {
                continue;
            }
            if (s.type().equals("heightfield") && s.columns() != null && s.rows() != null) {
                heap += (long) s.columns() * s.rows() * HEAP_PER_CELL;
            } else if (s.type().equals("mesh") && s.file() != null) {
                try {
                    heap += Files.size(dir.resolve(s.file())) * HEAP_PER_MESH_BYTE;
                } catch (java.io.IOException | RuntimeException e) {
                    // a missing mesh file is reported when the scenario is built
                }
            }
        }
        checkHeap(heap, maxHeap);
    }

    private static void checkHeap(long heap, long max) throws Exceeded {
        if (heap > 0.9 * max) {
            throw new Exceeded("the run would need about " + size(heap) + " of heap, more than the " + size(max)
                    + " this JVM may use; give it more (java -Xmx...) or make the scene or the frames smaller "
                    + "(or pass --force)");
        }
    }

    /** Keeps the first frame of each sensor of {@code sim} (add before the scenario is built and sampled). */
    static Map<String, SensorFrame> firstFrames(Simulation sim) {
        Map<String, SensorFrame> first = new java.util.concurrent.ConcurrentHashMap<>();
        sim.addOutputSink(f -> first.putIfAbsent(f.sensorId(), f));
        return first;
    }

    /** The first frame of each sensor among {@code frames} (in delivery order). */
    static Map<String, SensorFrame> firstOfEach(List<SensorFrame> frames) {
        Map<String, SensorFrame> first = new LinkedHashMap<>();
        synchronized (frames) {
            frames.forEach(f -> first.putIfAbsent(f.sensorId(), f));
        }
        return first;
    }

    /**
     * Estimates a run from a simulation built from its scenario whose sensors have sampled once (their first frames
     * in {@code first}), writing sample frames with recorders of the run's outputs into a temporary folder (removed).
     * The controllers' {@code commandSeries} add their files, with the bytes of one record each (how often a
     * controller changes a command is known only when it runs).
     */
    static Estimate estimate(Simulation sim, ScenarioBuilder.Built built, Map<String, SensorFrame> first,
            List<String> commandSeries, Outputs recorders) throws IOException {
        long heapUsed = heapUsed();
        Path tmp = Files.createTempDirectory("sensorsim-estimate");
        try {
            long[] none = written(recorders, tmp.resolve("none"), 1);
            long files = none[0] + 1, largestFrame = 0; // + the run manifest
            Map<String, Long> bytes = new LinkedHashMap<>();
            Map<String, String> why = new LinkedHashMap<>();
            bytes.put("(shared)", none[1]);
            for (SensorInfo s : sim.sensors()) {
                String id = s.spec().id();
                SensorFrame f = first.get(id);
                if (f == null) { // no frame in the first second: nothing to scale
                    continue;
                }
                double period = 1 / s.spec().frequency();
                SensorFrame next = new SensorFrame(id, f.typeId(), f.index() + 1, f.time() + period, f.deliveredAt() + period,
                        f.data());
                long[] one = written(recorders, tmp.resolve(id + "-1"), 1, f);
                long[] two = written(recorders, tmp.resolve(id + "-2"), 1, f, next);
                long frames = (long) Math.floor(built.duration() * s.spec().frequency());
                boolean lidar = f.data() instanceof PointCloud;
                int stride = lidar ? built.lidarFrameStride() : 1;
                long recorded = (frames + stride - 1) / stride;
                // a thinned lidar frame still goes to the streams (MCAP): its cost from a recorder with the stride
                long[] thinned = stride > 1 ? written(recorders, tmp.resolve(id + "-3"), stride, f, next) : two;
                long perFrameFiles = two[0] - one[0], perFrameBytes = two[1] - one[1];
                files += one[0] - none[0] - perFrameFiles + recorded * perFrameFiles;
                bytes.put(id, one[1] - none[1] - perFrameBytes + recorded * perFrameBytes
                        + (frames - recorded) * (thinned[1] - one[1]));
                if (lidar) {
                    int points = ((PointCloud) f.data()).count();
                    why.put(id, String.format(Locale.ROOT, "%,d frames of %,d points", frames, points));
                    largestFrame = Math.max(largestFrame, points);
                } else {
                    why.put(id, String.format(Locale.ROOT, "%,d frames", frames));
                }
            }
            for (String series : commandSeries) {
                SensorFrame record = new SensorFrame(series, "command", 1, 0, 0,
                        new Channels(List.of("value"), List.of(""), new double[] {0}));
                long[] one = written(recorders, tmp.resolve(series), 1, record);
                files += one[0] - none[0];
                bytes.put(series, one[1] - none[1]);
                why.put(series, "commands as the controller sets them");
            }
            return new Estimate(files, bytes, why, heapUsed + largestFrame * HEAP_PER_POINT);
        } finally {
            try (Stream<Path> all = Files.walk(tmp)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Files and bytes a recorder writes for {@code frames} into {@code dir}. */
    /** Opens a recorder of a run's outputs (its formats and their settings) in a folder, with a lidar frame stride. */
    interface Outputs {
        Recorder open(Path dir, int lidarFrameStride) throws IOException;
    }

    private static long[] written(Outputs recorders, Path dir, int lidarFrameStride,
            SensorFrame... frames) throws IOException {
        Recorder r = recorders.open(dir, lidarFrameStride);
        for (SensorFrame f : frames) {
            r.accept(f);
        }
        r.close();
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> files = all.filter(Files::isRegularFile).toList();
            long bytes = 0;
            for (Path f : files) {
                bytes += Files.size(f);
            }
            return new long[] {files.size(), bytes};
        }
    }

    private static long heapUsed() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** A byte count in B, KB, MB, GB or TB (binary units). */
    static String size(long bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
