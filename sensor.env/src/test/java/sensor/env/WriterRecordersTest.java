package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.geom.Pose;
import sensor.api.io.FrameWriter;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/** {@link WriterRecorders}: formats by id, each frame to each opened writer by its type, completion and failures. */
class WriterRecordersTest {
    @TempDir
    Path dir;

    /** A writer that logs what it is given; fails where told. */
    static class Log implements FrameWriter {
        final List<String> calls = new ArrayList<>();
        boolean failWrite, failClose, failOpen;

        @Override
        public Writer open(Path outDir, int stride) throws IOException {
            if (failOpen) {
                throw new IOException("no room");
            }
            calls.add("open " + outDir.getFileName() + " " + stride);
            return new Writer() {
                @Override
                public void pointCloud(SensorFrame f, PointCloud cloud) throws IOException {
                    if (failWrite) {
                        throw new IOException("disk full");
                    }
                    calls.add("points " + f.sensorId() + " " + cloud.count());
                }

                @Override
                public void image(SensorFrame f, sensor.api.frame.CameraImage image) {
                    calls.add("image " + f.sensorId());
                }

                @Override
                public void channels(SensorFrame f, Channels c) {
                    calls.add("channels " + f.sensorId() + " " + c.value(0));
                }

                @Override
                public void mounts(double time, Map<String, SensorMount> mounts) {
                    calls.add("mounts " + time + " " + mounts.keySet());
                }

                @Override
                public void metadata(String name, Map<String, String> entries) {
                    calls.add("metadata " + name + " " + entries);
                }

                @Override
                public List<Path> close() throws IOException {
                    calls.add("close");
                    if (failClose) {
                        throw new IOException("cannot rename");
                    }
                    return List.of(outDir.resolve(calls.size() + ".out"));
                }

                @Override
                public void abort() {
                    calls.add("abort");
                }
            };
        }
    }

    /** Three points, the second a miss. */
    static SensorFrame lidar() {
        ByteBuffer b = ByteBuffer.allocate(3 * 4).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(0).putInt(1).flip();
        return new SensorFrame("l", "lidar", 1, 0.1, 0.1, new PointCloud(List.of(OutputField.IS_HIT_I32), 3, b, Pose.IDENTITY));
    }

    @Test
    void formatsAreTheIdsAndOnlyTheNamedOnesAreOpened() throws Exception {
        Log a = new Log(), b = new Log();
        RecorderFactory f = new WriterRecorders(Map.of("b", b, "a", a));
        assertEquals(List.of("a", "b"), List.copyOf(f.formats()));
        Recorder r = f.open(dir.resolve("out"), Set.of("a"), 2);
        assertTrue(Files.isDirectory(dir.resolve("out")));
        assertEquals(List.of("open out 2"), a.calls);
        assertEquals(List.of(), b.calls);
        r.mounts(0.5, Map.of("l", SensorMount.world(Pose.IDENTITY)));
        r.accept(lidar());
        r.accept(new SensorFrame("imu", "imu", 1, 0.2, 0.2, new Channels(List.of("x"), List.of("m"), new double[] {7})));
        r.metadata("gap", Map.of("k", "v"));
        r.close();
        r.close(); // idempotent
        assertEquals(List.of("open out 2", "mounts 0.5 [l]", "points l 3", "channels imu 7.0", "metadata gap {k=v}", "close"),
                a.calls);
        Recorder.Summary s = r.summary();
        assertEquals(Map.of("l", 1L, "imu", 1L), s.frames());
        assertEquals(2, s.points(), "hits only");
        assertEquals(List.of(dir.resolve("out").resolve("6.out")), s.files());
        assertThrows(IllegalStateException.class, () -> r.accept(lidar()));
        r.mounts(1, Map.of()); // ignored once closed
        r.metadata("late", Map.of());
        assertEquals(6, a.calls.size());
    }

    @Test
    void imagesGoToImageWritersAndACloudWithoutHitFlagsCountsEveryPoint() throws Exception {
        Log a = new Log();
        Recorder r = new WriterRecorders(Map.of("a", a)).open(dir, Set.of("a"), 1);
        r.accept(new SensorFrame("cam", "camera", 1, 0.1, 0.1, new sensor.api.frame.CameraImage(2, 1, new byte[6], new float[2], new int[2], List.of(), 1, 1, 1, 0.5, "pinhole", Pose.IDENTITY)));
        ByteBuffer b = ByteBuffer.allocate(2 * 12).order(ByteOrder.LITTLE_ENDIAN);
        r.accept(new SensorFrame("l", "lidar", 1, 0.1, 0.1, new PointCloud(List.of(OutputField.XYZ_VEC3_F32), 2, b, Pose.IDENTITY)));
        r.close();
        assertEquals(List.of("open " + dir.getFileName() + " 1", "image cam", "points l 2", "close"), a.calls);
        assertEquals(2, r.summary().points());
    }

    @Test
    void settingsReachTheirFormatsWriterOnly() throws Exception {
        List<String> seen = new ArrayList<>();
        FrameWriter withSettings = new Log() {
            @Override
            public void checkSettings(Map<String, Object> settings) {
                if (settings.containsKey("bad")) {
                    throw new IllegalArgumentException("bad is not a setting");
                }
            }

            @Override
            public Writer open(Path outDir, int stride, Map<String, Object> settings) throws IOException {
                seen.add(settings.toString());
                return open(outDir, stride);
            }
        };
        Log plain = new Log();
        RecorderFactory f = new WriterRecorders(Map.of("s", withSettings, "p", plain));
        f.open(dir, Set.of("s", "p"), 1, Map.of("s", Map.of("level", 3))).close();
        assertEquals(List.of("{level=3}"), seen);
        assertEquals("bad is not a setting", assertThrows(IllegalArgumentException.class,
                () -> f.checkSettings("s", Map.of("bad", 1))).getMessage());
        assertEquals("this format takes no settings; got [level]", assertThrows(IllegalArgumentException.class,
                () -> f.open(dir.resolve("refused"), Set.of("p"), 1, Map.of("p", Map.of("level", 1)))).getMessage());
        assertTrue(!Files.exists(dir.resolve("refused")), "settings are checked before anything is created");
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsKnown() {
        RecorderFactory f = new WriterRecorders(Map.of("a", new Log()));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> f.open(dir, Set.of("z"), 1)).getMessage()
                .contains("output format 'z' is unknown; known formats: [a]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> f.open(dir, Set.of(), 1)).getMessage().contains("[a]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> f.open(dir, Set.of("a"), 0)).getMessage()
                .contains("lidarFrameStride must be >= 1, got 0"));
    }

    @Test
    void failuresNameTheFormatAndLeaveNothingHalfOpen() throws Exception {
        Log a = new Log(), b = new Log();
        b.failOpen = true;
        assertThrows(IOException.class, () -> new WriterRecorders(Map.of("a", a, "b", b)).open(dir, Set.of("a", "b"), 1));
        assertEquals(List.of("open " + dir.getFileName() + " 1", "abort"), a.calls, "the opened writer is aborted");

        Log c = new Log(), d = new Log();
        c.failWrite = true;
        c.failClose = true;
        Recorder r = new WriterRecorders(Map.of("c", c, "d", d)).open(dir, Set.of("c", "d"), 1);
        var e = assertThrows(UncheckedIOException.class, () -> r.accept(lidar()));
        assertTrue(e.getMessage().contains("as c: disk full"), e.getMessage());
        var closing = assertThrows(UncheckedIOException.class, r::close);
        assertTrue(closing.getMessage().contains("cannot complete the c output: cannot rename"), closing.getMessage());
        assertTrue(d.calls.contains("close"), "every format is completed even when one fails");

        Log h = new Log(), k = new Log();
        h.failClose = true;
        k.failClose = true;
        Recorder both = new WriterRecorders(Map.of("h", h, "k", k)).open(dir, Set.of("h", "k"), 1);
        closing = assertThrows(UncheckedIOException.class, both::close);
        assertTrue(closing.getMessage().contains("the h output"), closing.getMessage());
        assertEquals(1, closing.getCause().getSuppressed().length, "the second failure is kept beside the first");
        assertTrue(closing.getCause().getSuppressed()[0].getMessage().contains("the k output"));

        Log g = new Log();
        Recorder aborted = new WriterRecorders(Map.of("g", g)).open(dir, Set.of("g"), 1);
        aborted.abort();
        aborted.abort();
        aborted.close();
        assertEquals(List.of("open " + dir.getFileName() + " 1", "abort"), g.calls);
    }

    @Test
    void channelVariancesAreOptionalFiniteAndNonNegative() {
        List<String> n = List.of("a", "b");
        double[] v = {1, 2};
        Channels c = new Channels(n, n, new double[] {0, 0}, v);
        v[0] = 9;
        assertEquals(1, c.variances()[0], "copied in");
        c.variances()[1] = 9;
        assertEquals(2, c.variances()[1], "copied out");
        assertEquals(null, new Channels(n, n, new double[2]).variances());
        for (double[] bad : new double[][] {{1}, {-1, 0}, {Double.NaN, 0}, {0, Double.POSITIVE_INFINITY}}) {
            assertThrows(IllegalArgumentException.class, () -> new Channels(n, n, new double[2], bad));
        }
        assertEquals(0.0, new Channels(n, n, new double[2], new double[] {0, 0}).variances()[0]);
    }
}
