package sensor.io.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.frame.PointBuffer;

/** The writers' columns read from a lidar output's columns: any field order, hits only, the values and their text. */
class PointsTest {
    /** Two points: (3, 4, 12) a hit and (1, 2, 2) a miss (when the output has the hit flag). */
    private static PointCloud output(OutputField first) {
        PointBuffer p = new PointBuffer(2);
        p.count(2);
        float[] xyz = {3, 4, 12, 1, 2, 2};
        System.arraycopy(xyz, 0, p.xyz, 0, 6);
        p.intensity[0] = 0.5f;
        p.intensity[1] = 0.25f;
        p.times[0] = 1.5;
        p.times[1] = 2.5;
        p.ints(OutputField.RING_ID_U16)[0] = 7;
        p.ints(OutputField.RING_ID_U16)[1] = 9;
        p.ints(OutputField.IS_HIT_I32)[0] = 1;
        return new PointCloud(List.of(first, OutputField.XYZ_VEC3_F32), p, null);
    }

    @Test
    void aFieldFirstInTheLayoutIsStillRead() {
        assertArrayEquals(new float[] {0.5f, 0.25f}, Points.of(output(OutputField.INTENSITY_F32)).intensity);
        assertArrayEquals(new int[] {7, 9}, Points.of(output(OutputField.RING_ID_U16)).ring);
        assertArrayEquals(new double[] {1.5, 2.5}, Points.of(output(OutputField.TIME_STAMP_F64)).time);
        Points hits = Points.of(output(OutputField.IS_HIT_I32));
        assertEquals(1, hits.n, "the miss is left out");
        assertEquals(12f, hits.z[0]);
    }

    @Test
    void theColumnsTheirFieldsAndTheRange() {
        PointCloud o = output(OutputField.INTENSITY_F32);
        Points p = Points.of(o);
        assertSame(p, Points.of(o), "one extraction per output, shared by the formats writing it");
        List<Points.Field> f = p.fields();
        assertEquals(List.of("x", "y", "z", "intensity"), f.stream().map(Points.Field::name).toList());
        assertEquals(4.0, f.get(1).value().applyAsDouble(0));
        assertEquals(2.0, f.get(2).value().applyAsDouble(1));
        assertEquals(13.0, p.range(0), 1e-12);
        assertEquals(3.0, p.range(1), 1e-12);
    }

    @Test
    void extraColumnsAreGatheredForTheKeptPointsAndEveryFieldReadsItsColumn() {
        // three points: a hit, a miss, a hit with a NaN coordinate (left out), a hit
        PointBuffer b = new PointBuffer(4);
        b.count(4);
        float[] xyz = {1, 2, 3, 4, 5, 6, Float.NaN, 0, 0, 7, 8, 9};
        System.arraycopy(xyz, 0, b.xyz, 0, 12);
        int[] hit = b.ints(OutputField.IS_HIT_I32), entity = b.ints(OutputField.ENTITY_ID_I32),
                type = b.ints(OutputField.RETURN_TYPE_U8), ring = b.ints(OutputField.RING_ID_U16);
        float[] normal = b.floats(OutputField.NORMAL_VEC3_F32);
        for (int i = 0; i < 4; i++) {
            hit[i] = i == 1 ? 0 : 1;
            entity[i] = 10 + i;
            type[i] = i % 2;
            ring[i] = 20 + i;
            b.distance[i] = 30 + i;
            b.times[i] = 40 + i;
            for (int k = 0; k < 3; k++) {
                normal[3 * i + k] = 0.1f * (i + 1) + k;
            }
        }
        PointCloud o = new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.IS_HIT_I32, OutputField.ENTITY_ID_I32,
                OutputField.NORMAL_VEC3_F32, OutputField.RETURN_TYPE_U8, OutputField.DISTANCE_F32, OutputField.RING_ID_U16,
                OutputField.TIME_STAMP_F64), b, null);
        Points p = Points.of(o);
        assertEquals(2, p.n, "the miss and the NaN point are left out");
        assertArrayEquals(new float[] {7, 8, 9}, new float[] {p.x[1], p.y[1], p.z[1]});
        assertEquals(List.of("entity_id", "normal_x", "normal_y", "normal_z", "return_type", "distance"),
                p.extras.stream().map(Points.Column::name).toList());
        double[][] expected = {{10, 13}, {0.1f, 0.4f}, {1.1f, 1.4f}, {2.1f, 2.4f}, {0, 1}, {30, 33}};
        for (int c = 0; c < expected.length; c++) {
            assertArrayEquals(expected[c], java.util.Arrays.copyOf(p.extras.get(c).values(), 2), p.extras.get(c).name());
        }
        // every field's value is the value its column gives, and the packed bytes hold them
        double[] scratch = new double[p.n];
        for (Points.Field f : p.fields()) {
            double[] v = f.doubles(p.n, scratch).clone();
            for (int i = 0; i < p.n; i++) {
                assertEquals(v[i], f.value().applyAsDouble(i), f.name() + " of point " + i);
            }
        }
        assertEquals(List.of(20.0, 23.0), List.of(p.fields().get(3).value().applyAsDouble(0),
                p.fields().get(3).value().applyAsDouble(1)), "the ring, an int column");
        assertEquals(43.0, p.fields().get(4).value().applyAsDouble(1), "the time, a double column");
        PointBuffer one = new PointBuffer(1); // every point kept: the columns end with the kept points
        one.count(1);
        one.ints(OutputField.ENTITY_ID_I32)[0] = 5;
        Points all = Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.ENTITY_ID_I32), one, null));
        assertArrayEquals(new double[] {5}, all.column("entity_id"));
    }

    @Test
    void valuesAsText() {
        assertEquals("0.1", Points.Kind.F32.text(0.1f));
        assertEquals("0.1", Points.Kind.F64.text(0.1));
        assertEquals("65535", Points.Kind.U16.text(65535));
        assertEquals("-3", Points.Kind.I32.text(-3));
    }

    @Test
    void packingWritesEveryKindAtItsOffsetAsRelativeWritesWould() {
        List<Points.Field> fields = new java.util.ArrayList<>();
        Points.Kind[] kinds = Points.Kind.values();
        for (Points.Kind k : kinds) {
            fields.add(new Points.Field(k.name(), k, i -> 200 + 37 * i + k.ordinal())); // different per kind and point
        }
        CloudLayouts.Layout layout = CloudLayouts.packed(fields);
        int n = 3;
        java.nio.ByteBuffer packed = java.nio.ByteBuffer.allocate(n * layout.step()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        Points.pack(fields, layout.offsets(), layout.step(), n, packed);
        java.nio.ByteBuffer expected = java.nio.ByteBuffer.allocate(n * layout.step()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            for (Points.Field f : fields) {
                f.kind().put(expected, f.value().applyAsDouble(i));
            }
        }
        assertArrayEquals(expected.array(), packed.array());
        assertEquals(n * 23, packed.capacity(), "4 + 8 + 1 + 2 + 4 + 4 bytes a point");
    }
}
