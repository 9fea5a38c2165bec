package sensor.api.lidar;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import sensor.api.geom.Pose;


/**
 * One lidar output [O]: {@code count} points, each packed contiguously (little-endian) with the
 * configured fields in their order; points in the lidar frame, in ray-pattern order.
 */
public final class LidarOutput {
    private final List<OutputField> fields;
    private final int[] offsets = new int[OutputField.values().length];
    private final int stride;
    private final int count;
    private final ByteBuffer data;
    private final Pose pose;

    /** Wraps packed data; {@code data} must hold {@code count} points of the fields' stride; the pose is unknown. */
    public LidarOutput(List<OutputField> fields, int count, ByteBuffer data) {
        this(fields, count, data, null);
    }

    /**
     * Wraps packed data; {@code data} must hold {@code count} points of the fields' stride; {@code pose} is the world
     * pose of the lidar frame at the frame's measurement time (null when unknown).
     */
    public LidarOutput(List<OutputField> fields, int count, ByteBuffer data, Pose pose) {
        this.pose = pose;
        this.fields = List.copyOf(fields);
        java.util.Arrays.fill(offsets, -1);
        int s = 0;
        for (OutputField f : this.fields) {
            offsets[f.ordinal()] = s;
            s += f.bytes();
        }
        stride = s;
        this.count = count;
        if (data.remaining() != count * stride) {
            throw new IllegalArgumentException("data must hold count*stride = " + count * stride + " bytes, got " + data.remaining());
        }
        this.data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Stride in bytes for the given fields. */
    public static int stride(List<OutputField> fields) {
        return fields.stream().mapToInt(OutputField::bytes).sum();
    }

    public List<OutputField> fields() { return fields; }

    /** World pose of the lidar frame at the frame's measurement time, or null when unknown. */
    public Pose pose() { return pose; }

    public int count() { return count; }

    /** Bytes per point. */
    public int stride() { return stride; }

    /** The packed bytes (read-only, little-endian). */
    public ByteBuffer data() { return data.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN); }

    /** Byte offset of a field within a point, −1 when absent. */
    public int offset(OutputField f) { return offsets[f.ordinal()]; }

    /** Float component {@code c} of a float field of point {@code i}. */
    public float getFloat(int i, OutputField f, int c) {
        return data.getFloat(i * stride + require(f) + 4 * c);
    }

    /** An int32 field of point {@code i}. */
    public int getInt(int i, OutputField f) { return data.getInt(i * stride + require(f)); }

    /** A uint16 field of point {@code i}. */
    public int getUnsignedShort(int i, OutputField f) { return Short.toUnsignedInt(data.getShort(i * stride + require(f))); }

    /** A uint8 field of point {@code i}. */
    public int getUnsignedByte(int i, OutputField f) { return Byte.toUnsignedInt(data.get(i * stride + require(f))); }

    /** A float64 field of point {@code i}. */
    public double getDouble(int i, OutputField f) { return data.getDouble(i * stride + require(f)); }

    @Override
    public String toString() {
        return count + " points " + fields;
    }

    private int require(OutputField f) {
        int o = offsets[f.ordinal()];
        if (o < 0) {
            throw new IllegalArgumentException("field " + f + " is not in this output; fields: " + fields);
        }
        return o;
    }
}
