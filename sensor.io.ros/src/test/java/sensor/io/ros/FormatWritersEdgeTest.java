package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.io.Recorder;
import sensor.api.frame.OutputField;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.AtomicFiles;
import sensor.io.Fixtures;
import sensor.io.FormatWriters;
import sensor.io.NodeReader;

/** Atomic writes, missing optional lidar fields and bad input. */
class FormatWritersEdgeTest {
    @TempDir
    Path dir;

    private List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aRunStillGoingHasReadableCsvLinesAndAnMcapPrefix() throws Exception {
        Recorder sink = Fixtures.record(dir, "csv", "mcap", "pcd");
        sink.accept(Fixtures.lidarFrame("l", 0, Fixtures.FULL));
        for (int k = 0; k <= 150; k++) { // 1.5 s of log time: the first MCAP chunk (1 s) is complete
            sink.accept(Fixtures.imuFrame("imu", k));
        }
        assertTrue(Files.exists(dir.resolve("l/l-000000.pcd")), "per-frame files are complete at once");
        long end = System.nanoTime() + 5_000_000_000L;
        while (Files.readAllLines(dir.resolve("imu.csv")).size() < 152) { // flushed within half a second
            assertTrue(System.nanoTime() < end, "imu.csv has every line within 5 s");
            Thread.sleep(20);
        }
        List<String> rows = Files.readAllLines(dir.resolve("imu.csv"));
        assertTrue(rows.get(0).startsWith("time [s],acc.x [m/s^2]"), rows.get(0));
        assertEquals("1.5", rows.get(151).split(",")[0]);
        Map<String, String> live = NodeReader.read("mcap-stream.mjs", dir.resolve("run.mcap"));
        assertEquals("false", live.get("footer"), "still growing");
        assertTrue(Integer.parseInt(live.get("count./imu/imu")) >= 100, "the first second of messages: " + live);
        sink.close();
        assertEquals(List.of("imu.csv", "l/l-000000.pcd", "metadata.yaml", "run.mcap"), names(dir));
        Map<String, String> done = NodeReader.read("mcap-stream.mjs", dir.resolve("run.mcap"));
        assertEquals("true", done.get("footer"));
        assertEquals("151", done.get("count./imu/imu"));
    }

    @Test
    void aFailedRunKeepsItsLinesAndItsMcapPrefixAndLeavesNoTemporaryFile() throws Exception {
        Recorder sink = Fixtures.record(dir, "csv", "mcap");
        for (int k = 0; k <= 120; k++) {
            sink.accept(Fixtures.imuFrame("imu", k));
        }
        sink.abort();
        assertEquals(122, Files.readAllLines(dir.resolve("imu.csv")).size(), "header and every row");
        Map<String, String> cut = NodeReader.read("mcap-stream.mjs", dir.resolve("run.mcap"));
        assertEquals("false", cut.get("footer"));
        assertEquals("100", cut.get("count./imu/imu"), "the complete chunk: log times 0 to 0.99 s");
        assertEquals(List.of("imu.csv", "run.mcap"), names(dir));
    }

    @Test
    void aRunsMcapSettingsChooseItsChunksAndCompression() throws Exception {
        var recorders = new sensor.env.WriterRecorders(FormatWriters.all());
        Map<String, Object> mcap = Map.of("compression", "none", "chunkDuration", 0.25);
        Recorder sink = recorders.open(dir, Set.of("csv", "mcap"), 1, Map.of("mcap", mcap));
        for (int k = 0; k < 100; k++) { // 0 to 0.99 s of log time: four chunks of 0.25 s
            sink.accept(Fixtures.imuFrame("imu", k));
        }
        sink.close();
        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        assertEquals("none", m.get("summary.compression"));
        assertEquals("4", m.get("statistics.chunkCount"));
        assertEquals("100", m.get("count./imu/imu"));
        Path defaults = dir.resolve("defaults");
        sink = recorders.open(defaults, Set.of("mcap"), 1);
        for (int k = 0; k < 100; k++) {
            sink.accept(Fixtures.imuFrame("imu", k));
        }
        sink.close();
        Map<String, String> d = NodeReader.read("mcap-read.mjs", defaults.resolve("run.mcap"));
        assertEquals("zstd", d.get("summary.compression"));
        assertEquals("1", d.get("statistics.chunkCount"), "one chunk of at most 1 s by default");
    }

    @Test
    void badFormatSettingsAreRefusedBeforeAnythingIsWritten() {
        var recorders = new sensor.env.WriterRecorders(FormatWriters.all());
        Path out = dir.resolve("out");
        var e = assertThrows(IllegalArgumentException.class, () -> recorders.open(out, Set.of("mcap"), 1,
                Map.of("mcap", Map.of("chunkSize", 12))));
        assertEquals("chunkSize must be a whole number of bytes from 1024 to 1073741824, got 12", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("mcap", Map.of("chunkSize", 2048.5)));
        assertEquals("chunkSize must be a whole number of bytes from 1024 to 1073741824, got 2048.5", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("mcap", Map.of("chunkDuration", 0)));
        assertEquals("chunkDuration must be 0.001 to 3600 s, got 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("mcap", Map.of("compression", "lz4")));
        assertEquals("compression must be zstd or none, got 'lz4'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("mcap", Map.of("chunks", 1)));
        assertEquals("unknown field 'chunks'; expected one of [chunkDuration, chunkSize, compression]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("pcd", Map.of("binary", true)));
        assertEquals("this format takes no settings; got [binary]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.checkSettings("xyz", Map.of()));
        assertTrue(e.getMessage().startsWith("output format 'xyz' is unknown; known formats: [csv, "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> recorders.open(out, Set.of("csv"), 1,
                Map.of("mcap", Map.of())));
        assertEquals("settings of output format 'mcap', which is not one of the formats written [csv]", e.getMessage());
        recorders.checkSettings("mcap", Map.of("chunkSize", 1024, "chunkDuration", 3600, "compression", "zstd"));
        recorders.checkSettings("mcap", Map.of("chunkSize", 1L << 30, "chunkDuration", 0.001));
        assertFalse(Files.exists(out), "nothing opened");
    }

    @Test
    void aFailedAtomicWriteNamesItsFileAndLeavesNothing() throws Exception {
        Path target = dir.resolve("a.ply");
        var e = assertThrows(IOException.class, () -> AtomicFiles.write(target, o -> {
            o.write(1);
            throw new IOException("No space left on device");
        }));
        assertEquals(target + ": No space left on device", e.getMessage());
        var named = new IOException("cannot finish " + target);
        assertTrue(assertThrows(IOException.class, () -> AtomicFiles.write(target, o -> {
            throw named;
        })) == named, "a message that names the file already is kept");
        assertEquals(List.of(), names(dir), "neither the file nor a temporary one");
    }

    @Test
    void missingOptionalFieldsAreLeftOutEverywhere() throws Exception {
        Recorder sink = Fixtures.record(dir, Fixtures.ALL_FORMATS);
        sink.accept(Fixtures.lidarFrame("bare", 0, List.of(OutputField.XYZ_VEC3_F32)));
        sink.close();
        Path base = dir.resolve("bare");
        Map<String, String> pcd = NodeReader.read("pcd-read.mjs", base.resolve("bare-000000.pcd"));
        assertEquals("x y z", pcd.get("fields"));
        assertEquals(String.valueOf(Fixtures.RINGS * Fixtures.COLS), pcd.get("positions"));
        Map<String, String> ply = NodeReader.read("ply-read.mjs", base.resolve("bare-000000.ply"));
        assertEquals("vertex:256:float/x,float/y,float/z", ply.get("elements"));
        Map<String, String> las = NodeReader.read("las-read.mjs", base.resolve("bare-000000.las"));
        assertEquals("256", las.get("pointCount"));
        Map<String, String> mcap = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1", mcap.get("first./bare/points.fields"));
        assertEquals("1 256 12 3072 3072", mcap.get("first./bare/points.size"));
        assertTrue(Files.isRegularFile(base.resolve("bare-000000-range.png")), "range image from elevation bins");
    }

    @Test
    void missesAreDroppedWhenTheOutputHasIsHit() throws Exception {
        Recorder sink = Fixtures.record(dir, "pcd");
        sink.accept(Fixtures.lidarFrame("h", 0, List.of(OutputField.XYZ_VEC3_F32, OutputField.IS_HIT_I32)));
        sink.close();
        // every 8th column is a miss in the fixture
        int hits = Fixtures.RINGS * (Fixtures.COLS - Fixtures.COLS / 8);
        assertEquals(hits, sink.summary().points());
        assertEquals(String.valueOf(hits), NodeReader.read("pcd-read.mjs", dir.resolve("h/h-000000.pcd")).get("points"));
    }

    @Test
    void lidarWithoutXyzWritesNoPointFiles() throws IOException {
        Recorder sink = Fixtures.record(dir, "ply");
        sink.accept(Fixtures.lidarFrame("d", 0, List.of(OutputField.DISTANCE_F32)));
        sink.close();
        assertEquals(Map.of("d", 1L), sink.summary().frames());
        assertEquals(List.of(), names(dir));
    }

    @Test
    void noOrUnknownFormatsAreRejectedNamingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fixtures.record(dir));
        assertTrue(e.getMessage().contains("output format") && e.getMessage().contains("pcd-ascii"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Fixtures.record(dir, "laz2"));
        assertTrue(e.getMessage().contains("'laz2' is unknown") && e.getMessage().contains("mcap"), e.getMessage());
    }

    @Test
    void anOutputDirectoryThatCannotBeCreatedIsNamed() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path bad = file.resolve("out");
        IOException e = assertThrows(IOException.class, () -> Fixtures.record(bad, "csv"));
        assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
    }

    @Test
    void aReadOnlyOutputDirectoryIsNamed() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeTrue(!Files.isWritable(ro), "running as a user who can write anywhere (root)");
            IOException e = assertThrows(IOException.class, () -> Fixtures.record(ro, "mcap"));
            assertTrue(e.getMessage().contains(ro.toString()), e.getMessage());
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void acceptAfterCloseIsRefusedAndCloseIsIdempotent() throws IOException {
        Recorder sink = Fixtures.record(dir, "csv");
        sink.accept(Fixtures.encoderFrame("e", 0));
        sink.close();
        sink.close();
        assertThrows(IllegalStateException.class, () -> sink.accept(Fixtures.encoderFrame("e", 1)));
        assertEquals(List.of(dir.toAbsolutePath().normalize().resolve("e.csv")), sink.summary().files());
    }

    @Test
    void unsafeSensorIdsBecomeSafeFileNames() throws IOException {
        Recorder sink = Fixtures.record(dir, "csv");
        sink.accept(new SensorFrame("../x y", "encoder", 0, 0, 0, Fixtures.encoderFrame("e", 0).data()));
        sink.close();
        assertEquals(List.of(".._x_y.csv"), names(dir));
    }

    @Test
    void radarDetectionsBecomeOneCsvPerFrameAndMissingValuesEmptyCells() throws IOException {
        List<OutputField> fields = List.of(OutputField.XYZ_VEC3_F32, OutputField.RADIAL_VELOCITY_F32, OutputField.RCS_F32);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(2 * 20).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putFloat(3).putFloat(4).putFloat(0).putFloat(-2.5f).putFloat(-7);
        b.putFloat(0).putFloat(0).putFloat(2).putFloat(1).putFloat(3);
        b.flip();
        Recorder sink = Fixtures.record(dir, "csv");
        sink.accept(new SensorFrame("radar", "radar", 1, 0.1, 0.1, new sensor.api.frame.PointCloud(fields, 2, b)));
        sink.accept(new SensorFrame("cone", "cone", 1, 0.1, 0.1, new sensor.api.frame.Channels(List.of("range", "speed"),
                List.of("m", "m/s"), new double[] {1.5, Double.NaN})));
        sink.close();
        List<String> rows = Files.readAllLines(dir.resolve("radar/radar-000001.csv"));
        assertEquals("range [m],azimuth [rad],elevation [rad],radial_velocity [m/s],rcs [dBsm]", rows.get(0));
        String[] first = rows.get(1).split(",");
        assertEquals(5, Double.parseDouble(first[0]), 1e-6, "range from x, y, z");
        assertEquals(Math.atan2(4, 3), Double.parseDouble(first[1]), 1e-6, "azimuth");
        assertEquals(0, Double.parseDouble(first[2]), 1e-6);
        assertEquals(-2.5, Double.parseDouble(first[3]));
        assertEquals(-7, Double.parseDouble(first[4]));
        assertEquals(Math.PI / 2, Double.parseDouble(rows.get(2).split(",")[2]), 1e-6, "elevation straight up");
        assertEquals(3, rows.size());
        assertEquals(List.of("time [s],range [m],speed [m/s]", "0.1,1.5,"), Files.readAllLines(dir.resolve("cone.csv")));
    }
}
