package sensor.io;

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
