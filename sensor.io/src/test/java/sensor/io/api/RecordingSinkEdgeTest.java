package sensor.io.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.lidar.OutputField;
import sensor.api.sensor.SensorFrame;

/** Atomic writes, missing optional lidar fields and bad input. */
class RecordingSinkEdgeTest {
    @TempDir
    Path dir;

    private List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aSinkNeverClosedLeavesNoFinalCsvOrMcap() throws IOException {
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.CSV, OutputFormat.MCAP, OutputFormat.PCD_BINARY));
        sink.accept(Fixtures.lidarFrame("l", 0, Fixtures.FULL));
        for (int k = 0; k < 5; k++) {
            sink.accept(Fixtures.imuFrame("imu", k));
        }
        // the "interrupted" run: no close()
        assertFalse(Files.exists(dir.resolve("run.mcap")));
        assertFalse(Files.exists(dir.resolve("imu.csv")));
        assertTrue(Files.exists(dir.resolve("l/l-000000.pcd")), "per-frame files are complete at once");
        List<String> all = names(dir);
        assertTrue(all.stream().anyMatch(n -> n.endsWith(".tmp") && n.contains("run.mcap")), all::toString);
        assertTrue(all.stream().anyMatch(n -> n.endsWith(".tmp") && n.contains("imu.csv")), all::toString);
        sink.close();
        assertEquals(List.of("imu.csv", "l/l-000000.pcd", "metadata.yaml", "run.mcap"), names(dir));
    }

    @Test
    void missingOptionalFieldsAreLeftOutEverywhere() throws Exception {
        RecordingSink sink = new RecordingSink(dir, EnumSet.allOf(OutputFormat.class));
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
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.PCD_BINARY));
        sink.accept(Fixtures.lidarFrame("h", 0, List.of(OutputField.XYZ_VEC3_F32, OutputField.IS_HIT_I32)));
        sink.close();
        // every 8th column is a miss in the fixture
        int hits = Fixtures.RINGS * (Fixtures.COLS - Fixtures.COLS / 8);
        assertEquals(hits, sink.summary().points());
        assertEquals(String.valueOf(hits), NodeReader.read("pcd-read.mjs", dir.resolve("h/h-000000.pcd")).get("points"));
    }

    @Test
    void lidarWithoutXyzWritesNoPointFiles() throws IOException {
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.PLY));
        sink.accept(Fixtures.lidarFrame("d", 0, List.of(OutputField.DISTANCE_F32)));
        sink.close();
        assertEquals(Map.of("d", 1L), sink.summary().frames());
        assertEquals(List.of(), names(dir));
    }

    @Test
    void emptyOrNullFormatsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RecordingSink(dir, Set.of()));
        assertTrue(e.getMessage().contains("formats") && e.getMessage().contains("PCD_BINARY"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RecordingSink(dir, null));
        assertThrows(IllegalArgumentException.class, () -> new RecordingSink(null, Set.of(OutputFormat.CSV)));
    }

    @Test
    void anOutputDirectoryThatCannotBeCreatedIsNamed() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path bad = file.resolve("out");
        IOException e = assertThrows(IOException.class, () -> new RecordingSink(bad, Set.of(OutputFormat.CSV)));
        assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
    }

    @Test
    void aReadOnlyOutputDirectoryIsNamed() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeTrue(!Files.isWritable(ro), "running as a user who can write anywhere (root)");
            IOException e = assertThrows(IOException.class, () -> new RecordingSink(ro, Set.of(OutputFormat.MCAP)));
            assertTrue(e.getMessage().contains(ro.toString()), e.getMessage());
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void acceptAfterCloseIsRefusedAndCloseIsIdempotent() throws IOException {
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.CSV));
        sink.accept(Fixtures.encoderFrame("e", 0));
        sink.close();
        sink.close();
        assertThrows(IllegalStateException.class, () -> sink.accept(Fixtures.encoderFrame("e", 1)));
        assertEquals(List.of(dir.toAbsolutePath().normalize().resolve("e.csv")), sink.summary().files());
    }

    @Test
    void unsafeSensorIdsBecomeSafeFileNames() throws IOException {
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.CSV));
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
        RecordingSink sink = new RecordingSink(dir, EnumSet.of(OutputFormat.CSV));
        sink.accept(new SensorFrame("radar", "radar", 1, 0.1, 0.1, new sensor.api.lidar.LidarOutput(fields, 2, b)));
        sink.accept(new SensorFrame("cone", "cone", 1, 0.1, 0.1, new sensor.api.sensor.Channels(List.of("range", "speed"),
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
