package sensor.api.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.List;

import sensor.api.geom.Pose;


/**
 * One lidar output [O]: {@code count} points with the configured fields in their order, points in the lidar
 * frame, in ray-pattern order. It holds either the columns of a {@link PointBuffer} (as the lidar makes it;
 * {@link #floats}, {@link #ints} and {@link #doubles} read them without copying) or points packed
 * contiguously, little-endian (as the radar makes it); either form gives the other on first use.
 */
public final class PointCloud implements FrameData {
    private final List<OutputField> fields;
    private final int[] offsets = new int[OutputField.values().length];
    private final int stride;
    private final int count;
    private final Pose pose;
    private final CloudLayout layout;
    private final PlanarScan planarScan;
    // each made once from the other on first use; volatile, so a reader on another thread sees it whole
    private volatile ByteBuffer data;
    private volatile PointBuffer columns;

    /** Wraps packed data; {@code data} must hold {@code count} points of the fields' stride; the pose is unknown. */
    public PointCloud(List<OutputField> fields, int count, ByteBuffer data) {
        this(fields, count, data, null);
    }

    /**
     * Wraps packed data; {@code data} must hold {@code count} points of the fields' stride; {@code pose} is the world
     * pose of the lidar frame at the frame's measurement time (null when unknown).
     */
    public PointCloud(List<OutputField> fields, int count, ByteBuffer data, Pose pose) {
        this.pose = pose;
        this.layout = CloudLayout.GENERIC;
        this.planarScan = null;
        this.fields = List.copyOf(fields);
        stride = fillOffsets(this.fields, offsets);
        this.count = count;
        if (data.remaining() != count * stride) {
            throw new IllegalArgumentException("data must hold count*stride = " + count * stride + " bytes, got " + data.remaining());
        }
        this.data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Wraps the columns of {@code points} (its {@link PointBuffer#count()} points), which must have a column for
     * every field; the buffer is the output's from then on and must not be changed. {@code pose} as above.
     */
    public PointCloud(List<OutputField> fields, PointBuffer points, Pose pose) {
        this(fields, points, pose, CloudLayout.GENERIC);
    }

    /** As {@link #PointCloud(List, PointBuffer, Pose)}, published in {@code layout} (see {@link #layout()}). */
    public PointCloud(List<OutputField> fields, PointBuffer points, Pose pose, CloudLayout layout) {
        this(fields, points, pose, layout, null);
    }

    /**
     * As {@link #PointCloud(List, PointBuffer, Pose, CloudLayout)}, from a single-plane lidar whose scan is
     * {@code planarScan} (null for any other lidar).
     */
    public PointCloud(List<OutputField> fields, PointBuffer points, Pose pose, CloudLayout layout, PlanarScan planarScan) {
        this.pose = pose;
        this.planarScan = planarScan;
        this.layout = java.util.Objects.requireNonNull(layout, "layout");
        this.fields = List.copyOf(fields);
        stride = fillOffsets(this.fields, offsets);
        for (OutputField f : this.fields) {
            if (!points.has(f)) {
                throw new IllegalArgumentException("field " + f + " has no column in the points");
            }
        }
        this.count = points.count();
        this.columns = points;
    }

    private static int fillOffsets(List<OutputField> fields, int[] offsets) {
        java.util.Arrays.fill(offsets, -1);
        int s = 0;
        for (OutputField f : fields) {
            offsets[f.ordinal()] = s;
            s += f.bytes();
        }
        return s;
    }

    /** Stride in bytes for the given fields. */
    public static int stride(List<OutputField> fields) {
        return fields.stream().mapToInt(OutputField::bytes).sum();
    }

    public List<OutputField> fields() { return fields; }

    /** World pose of the lidar frame at the frame's measurement time, or null when unknown. */
    public Pose pose() { return pose; }

    /** The PointCloud2 layout the lidar asks its points to be published in ({@link CloudLayout#GENERIC} by default). */
    public CloudLayout layout() { return layout; }

    /** The scan of a single-plane lidar, published as a LaserScan besides the points; null for any other lidar. */
    public PlanarScan planarScan() { return planarScan; }

    public int count() { return count; }

    /** Bytes per point. */
    public int stride() { return stride; }

    /** The packed bytes (read-only, little-endian); packed from the columns on first use. */
    public ByteBuffer data() { return packed().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN); }

    /** Byte offset of a field within a point, −1 when absent. */
    public int offset(OutputField f) { return offsets[f.ordinal()]; }

    /** The column of a float field, {@link OutputField#components()} values per point (read-only, no copy). */
    public FloatBuffer floats(OutputField f) {
        require(f);
        return FloatBuffer.wrap(points().floats(f), 0, count * f.components()).slice().asReadOnlyBuffer();
    }

    /** The column of an integer field: ring, entity id, hit flag or return type (read-only, no copy). */
    public IntBuffer ints(OutputField f) {
        require(f);
        return IntBuffer.wrap(points().ints(f), 0, count).slice().asReadOnlyBuffer();
    }

    /** The column of a double field: the firing time (read-only, no copy). */
    public DoubleBuffer doubles(OutputField f) {
        require(f);
        return DoubleBuffer.wrap(points().doubles(f), 0, count).slice().asReadOnlyBuffer();
    }

    /** Float component {@code c} of a float field of point {@code i}. */
    public float getFloat(int i, OutputField f, int c) {
        require(f);
        PointBuffer p = columns;
        return p != null ? p.floats(f)[i * f.components() + c] : data.getFloat(i * stride + offsets[f.ordinal()] + 4 * c);
    }

    /** An int32 field of point {@code i}. */
    public int getInt(int i, OutputField f) { return integer(i, f); }

    /** A uint16 field of point {@code i}. */
    public int getUnsignedShort(int i, OutputField f) { return integer(i, f); }

    /** A uint8 field of point {@code i}. */
    public int getUnsignedByte(int i, OutputField f) { return integer(i, f); }

    /** A float64 field of point {@code i}. */
    public double getDouble(int i, OutputField f) {
        require(f);
        PointBuffer p = columns;
        return p != null ? p.doubles(f)[i] : data.getDouble(i * stride + offsets[f.ordinal()]);
    }

    private int integer(int i, OutputField f) {
        require(f);
        PointBuffer p = columns;
        return p != null ? p.ints(f)[i] : unpackInt(data, i * stride + offsets[f.ordinal()], f);
    }

    private static int unpackInt(ByteBuffer b, int at, OutputField f) {
        return switch (f.bytes()) {
            case 1 -> Byte.toUnsignedInt(b.get(at));
            case 2 -> Short.toUnsignedInt(b.getShort(at));
            default -> b.getInt(at);
        };
    }

    /** The columns, unpacked from the bytes on first use. */
    private synchronized PointBuffer points() {
        if (columns == null) {
            PointBuffer p = new PointBuffer(count);
            p.count(count);
            for (OutputField f : fields) {
                int o = offsets[f.ordinal()], k = f.components();
                switch (f.columnKind()) {
                    case FLOAT -> {
                        float[] c = p.floats(f);
                        for (int i = 0; i < count * k; i++) {
                            c[i] = data.getFloat((i / k) * stride + o + 4 * (i % k));
                        }
                    }
                    case INT -> {
                        int[] c = p.ints(f);
                        for (int i = 0; i < count; i++) {
                            c[i] = unpackInt(data, i * stride + o, f);
                        }
                    }
                    case DOUBLE -> {
                        double[] c = p.doubles(f);
                        for (int i = 0; i < count; i++) {
                            c[i] = data.getDouble(i * stride + o);
                        }
                    }
                }
            }
            columns = p;
        }
        return columns;
    }

    /** The packed bytes, packed from the columns on first use. */
    private synchronized ByteBuffer packed() {
        if (data == null) {
            ByteBuffer b = ByteBuffer.allocate(count * stride).order(ByteOrder.LITTLE_ENDIAN);
            for (OutputField f : fields) {
                int o = offsets[f.ordinal()], k = f.components();
                switch (f.columnKind()) {
                    case FLOAT -> {
                        float[] c = columns.floats(f);
                        for (int i = 0; i < count * k; i++) {
                            b.putFloat((i / k) * stride + o + 4 * (i % k), c[i]);
                        }
                    }
                    case INT -> {
                        int[] c = columns.ints(f);
                        for (int i = 0; i < count; i++) {
                            int at = i * stride + o;
                            switch (f.bytes()) {
                                case 1 -> b.put(at, (byte) c[i]);
                                case 2 -> b.putShort(at, (short) c[i]);
                                default -> b.putInt(at, c[i]);
                            }
                        }
                    }
                    case DOUBLE -> {
                        double[] c = columns.doubles(f);
                        for (int i = 0; i < count; i++) {
                            b.putDouble(i * stride + o, c[i]);
                        }
                    }
                }
            }
            data = b;
        }
        return data;
    }

    @Override
    public String toString() {
        return count + " points " + fields;
    }

    private void require(OutputField f) {
        if (offsets[f.ordinal()] < 0) {
            throw new IllegalArgumentException("field " + f + " is not in this output; fields: " + fields);
        }
    }
}
