package sensor.io.ros;

import sensor.api.io.Recorder;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/**
 * Every field a lidar can be asked for reaches every point file that can carry it, read back by independent
 * readers: PCD ({@code @loaders.gl/pcd}), PLY ({@code @loaders.gl/ply}), LAS extra bytes ({@code copc}) and MCAP
 * PointCloud2 ({@code @mcap/core} + {@code @foxglove/rosmsg2-serialization}), values against the fixture's
 * closed forms. Only hits are written ({@code is_hit} is the filter, not a column).
 */
class AllFieldsTest {
    static final String NAMES = "x y z intensity ring time distance azimuth elevation entity_id normal_x normal_y normal_z "
            + "radial_velocity rcs reflectivity return_type";

    @TempDir
    static Path dir;

    @BeforeAll
    static void record() throws IOException {
        Recorder sink = Fixtures.record(dir, "pcd", "pcd-ascii", "ply", "las", "laz", "mcap");
        sink.accept(Fixtures.lidarFrame("l", 1, Fixtures.ALL));
        sink.close();
    }

    /** The values of the extra fields of point {@code i} (column 0, ring i: all hits), in the order of NAMES. */
    static double[] extras(int ring) {
        return new double[] {Fixtures.range(ring, 0, 1), Fixtures.az(0), Fixtures.el(ring), Fixtures.entity(0),
            Fixtures.normal(ring, 0, 0), Fixtures.normal(ring, 0, 1), Fixtures.normal(ring, 0, 2),
            Fixtures.radialVelocity(ring, 0), Fixtures.rcs(ring, 0), Fixtures.reflectivity(ring, 0), ring % 2};
    }

    static void assertExtras(int ring, double[] read, int from, String what) {
        double[] want = extras(ring);
        for (int k = 0; k < want.length; k++) {
            assertEquals((float) want[k], (float) read[from + k], 0f, what + " field " + NAMES.split(" ")[6 + k]);
        }
    }

    @Test
    void pcdCarriesEveryField() throws Exception {
        for (String suffix : List.of(".pcd", "-ascii.pcd")) {
            Map<String, String> m = NodeReader.read("pcd-read.mjs", dir.resolve("l").resolve("l-000001" + suffix));
            assertEquals(NAMES, m.get("fields"));
            assertEquals("4 4 4 4 2 8 4 4 4 4 4 4 4 4 4 4 1", m.get("size"));
            assertEquals("F F F F U F F F F I F F F F F F U", m.get("type"));
            int hits = Fixtures.RINGS * Fixtures.COLS * 7 / 8;
            assertEquals(String.valueOf(hits), m.get("points"));
        }
    }

    @Test
    void plyCarriesEveryField() throws Exception {
        Map<String, String> m = NodeReader.read("ply-read.mjs", dir.resolve("l").resolve("l-000001.ply"));
        assertEquals("vertex:" + Fixtures.RINGS * Fixtures.COLS * 7 / 8 + ":float/x,float/y,float/z,float/intensity,"
                + "ushort/ring,double/time,float/distance,float/azimuth,float/elevation,int/entity_id,float/normal_x,"
                + "float/normal_y,float/normal_z,float/radial_velocity,float/rcs,float/reflectivity,uchar/return_type", m.get("elements"));
        for (int i = 0; i < 3; i++) { // x y z, then intensity ring time distance ... return_type
            assertExtras(i, NodeReader.numbers(m.get("point." + i)), 3 + 3, "PLY point " + i);
        }
    }

    @Test
    void lasCarriesEveryFieldAsExtraBytes() throws Exception {
        Map<String, String> m = NodeReader.read("las-read.mjs", dir.resolve("l").resolve("l-000001.las"));
        assertEquals("ring:unsigned:2 intensity:float:4 distance:float:4 azimuth:float:4 elevation:float:4 "
                + "entity_id:signed:4 normal_x:float:4 normal_y:float:4 normal_z:float:4 radial_velocity:float:4 rcs:float:4 "
                + "reflectivity:float:4 return_type:unsigned:1",
                m.get("extraBytes"));
        assertEquals(String.valueOf(30 + 2 + 4 + 7 * 4 + 1 + 3 * 4), m.get("pointDataRecordLength"));
        for (int i = 0; i < 3; i++) { // X Y Z Intensity ReturnNumber NumberOfReturns GpsTime ring intensity, extras
            assertExtras(i, NodeReader.numbers(m.get("point." + i)), 9, "LAS point " + i);
        }
    }

    @Test
    void lazDecodesWithLazPerfToTheLasPointsAndExtraBytes() throws Exception {
        byte[] las = java.nio.file.Files.readAllBytes(dir.resolve("l").resolve("l-000001.las"));
        java.nio.ByteBuffer h = java.nio.ByteBuffer.wrap(las).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int offset = h.getInt(96), length = h.getShort(105) & 0xffff;
        long count = h.getLong(247);
        Map<String, String> m = NodeReader.read("laz-read.mjs", dir.resolve("l").resolve("l-000001.laz"));
        assertEquals(String.valueOf(count), m.get("count"));
        assertEquals("6", m.get("format"));
        assertEquals(String.valueOf(length), m.get("length"));
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        sha.update(las, offset, (int) count * length);
        assertEquals(java.util.HexFormat.of().formatHex(sha.digest()), m.get("sha256"), "every record, extra bytes included");
    }

    @Test
    void mcapPointCloud2CarriesEveryField() throws Exception {
        Map<String, String> m = NodeReader.read("mcap-read.mjs", dir.resolve("run.mcap"));
        assertEquals("x:0:7:1 y:4:7:1 z:8:7:1 intensity:12:7:1 ring:16:4:1 time:24:8:1 distance:32:7:1 azimuth:36:7:1 "
                + "elevation:40:7:1 entity_id:44:5:1 normal_x:48:7:1 normal_y:52:7:1 normal_z:56:7:1 radial_velocity:60:7:1 "
                + "rcs:64:7:1 reflectivity:68:7:1 return_type:72:2:1",
                m.get("first./l/points.fields"));
        for (int i = 0; i < 3; i++) {
            assertExtras(i, NodeReader.numbers(m.get("first./l/points.point." + i)), 6, "PointCloud2 point " + i);
        }
    }
}
