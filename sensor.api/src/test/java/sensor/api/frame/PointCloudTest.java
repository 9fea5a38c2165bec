package sensor.api.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The columnar output [O]: columns and packed bytes are two forms of the same points. */
class PointCloudTest {
    private static final List<OutputField> FIELDS = List.of(OutputField.RING_ID_U16, OutputField.XYZ_VEC3_F32,
            OutputField.TIME_STAMP_F64, OutputField.RETURN_TYPE_U8, OutputField.ENTITY_ID_I32);

    private static PointBuffer points() {
        PointBuffer p = new PointBuffer(3);
        p.count(3);
        p.count(2); // room for 3, two held
        float[] xyz = {1.5f, -2f, 3.25f, 4f, 5f, -6.5f};
        System.arraycopy(xyz, 0, p.xyz, 0, 6);
        p.ints(OutputField.RING_ID_U16)[0] = 65535;
        p.ints(OutputField.RING_ID_U16)[1] = 7;
        p.times[0] = 0.125;
        p.times[1] = 1e-9;
        p.ints(OutputField.RETURN_TYPE_U8)[1] = 1;
        p.ints(OutputField.ENTITY_ID_I32)[0] = -1;
        p.ints(OutputField.ENTITY_ID_I32)[1] = 123456;
        return p;
    }

    /** The same two points packed by hand: 2 + 12 + 8 + 1 + 4 = 27 bytes each, little-endian. */
    private static ByteBuffer packedByHand() {
        ByteBuffer b = ByteBuffer.allocate(54).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 65535).putFloat(1.5f).putFloat(-2f).putFloat(3.25f).putDouble(0.125).put((byte) 0).putInt(-1);
        b.putShort((short) 7).putFloat(4f).putFloat(5f).putFloat(-6.5f).putDouble(1e-9).put((byte) 1).putInt(123456);
        return b.flip();
    }

    @Test
    void eachFormReadsPointByPointBeforeTheOtherIsMade() {
        for (PointCloud o : List.of(new PointCloud(FIELDS, points(), null), new PointCloud(FIELDS, 2, packedByHand()))) {
            assertEquals(2, o.offset(OutputField.XYZ_VEC3_F32));
            assertEquals(23, o.offset(OutputField.ENTITY_ID_I32));
            assertEquals(-1, o.offset(OutputField.NORMAL_VEC3_F32));
            assertEquals(3.25f, o.getFloat(0, OutputField.XYZ_VEC3_F32, 2));
            assertEquals(4f, o.getFloat(1, OutputField.XYZ_VEC3_F32, 0));
            assertEquals(7, o.getUnsignedShort(1, OutputField.RING_ID_U16));
            assertEquals(123456, o.getInt(1, OutputField.ENTITY_ID_I32));
            assertEquals(1, o.getUnsignedByte(1, OutputField.RETURN_TYPE_U8));
            assertEquals(0.125, o.getDouble(0, OutputField.TIME_STAMP_F64));
            assertEquals(1e-9, o.getDouble(1, OutputField.TIME_STAMP_F64));
        }
    }

    @Test
    void columnsPackToTheLayoutOfTheFieldsAndUnpackBack() {
        PointCloud fromColumns = new PointCloud(FIELDS, points(), null);
        assertEquals(27, fromColumns.stride());
        assertEquals(packedByHand(), fromColumns.data());
        PointCloud fromBytes = new PointCloud(FIELDS, 2, packedByHand());
        for (PointCloud o : List.of(fromColumns, fromBytes)) {
            float[] xyz = new float[6];
            o.floats(OutputField.XYZ_VEC3_F32).get(xyz);
            assertArrayEquals(new float[] {1.5f, -2f, 3.25f, 4f, 5f, -6.5f}, xyz);
            assertEquals(2, o.ints(OutputField.RING_ID_U16).remaining());
            assertEquals(65535, o.ints(OutputField.RING_ID_U16).get(0));
            assertEquals(65535, o.getUnsignedShort(0, OutputField.RING_ID_U16));
            assertEquals(1e-9, o.doubles(OutputField.TIME_STAMP_F64).get(1));
            assertEquals(1, o.getUnsignedByte(1, OutputField.RETURN_TYPE_U8));
            assertEquals(-1, o.getInt(0, OutputField.ENTITY_ID_I32));
            assertEquals(-6.5f, o.getFloat(1, OutputField.XYZ_VEC3_F32, 2));
            assertTrue(o.floats(OutputField.XYZ_VEC3_F32).isReadOnly());
        }
    }

    @Test
    void aFieldWithoutAColumnOrOfTheWrongKindIsRefused() {
        PointBuffer p = points();
        assertFalse(p.has(OutputField.NORMAL_VEC3_F32));
        PointBuffer empty = new PointBuffer(0);
        empty.count(0);
        assertEquals("count must be in [0, 0], got -1", assertThrows(IllegalArgumentException.class, () -> empty.count(-1))
                .getMessage());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.NORMAL_VEC3_F32), p, null));
        assertEquals("field NORMAL_VEC3_F32 has no column in the points", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> p.ints(OutputField.XYZ_VEC3_F32));
        assertEquals("field XYZ_VEC3_F32 has a float column, not an int one", e.getMessage());
        p.ints(OutputField.IS_HIT_I32);
        PointCloud o = new PointCloud(List.of(OutputField.XYZ_VEC3_F32), p, null);
        // the buffer has columns of these fields, the output does not: no view and no value of them
        for (org.junit.jupiter.api.function.Executable read : List.<org.junit.jupiter.api.function.Executable>of(
                () -> o.floats(OutputField.INTENSITY_F32), () -> o.getFloat(0, OutputField.DISTANCE_F32, 0),
                () -> o.ints(OutputField.IS_HIT_I32), () -> o.getInt(0, OutputField.IS_HIT_I32),
                () -> o.doubles(OutputField.TIME_STAMP_F64), () -> o.getDouble(0, OutputField.TIME_STAMP_F64))) {
            e = assertThrows(IllegalArgumentException.class, read);
            assertTrue(e.getMessage().contains("is not in this output"), e.getMessage());
        }
        assertEquals(9, p.floats(OutputField.NORMAL_VEC3_F32).length, "a vector column: 3 per point of the capacity");
    }
}
