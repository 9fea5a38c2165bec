package sensor.io.files;

import java.util.List;

import sensor.api.frame.CloudLayout;
import sensor.api.frame.OutputField;
import sensor.api.frame.PointCloud;

/**
 * The points of one lidar output as columns, ready to write: only points with finite coordinates (and,
 * when the output has {@code IS_HIT_I32}, only hits). Optional columns are {@code null} when the output
 * lacks the field.
 */
public final class Points {
    public final int n;
    public final float[] x, y, z;
    /** Intensity or null. */
    public final float[] intensity;
    /** Ring (channel) or null. */
    public final int[] ring;
    /** Absolute firing time (s) or null. */
    public final double[] time;
    /**
     * Every other field the lidar output has (distance, azimuth, elevation, entity id, normal as three columns, return
     * type), in the output's order; {@code is_hit} is not a column (only hits are kept).
     */
    public final List<Column> extras;
    /** The earliest firing time of the points (s), 0 without times or points. */
    public final double scanStart;
    /** The PointCloud2 layout the lidar asked for. */
    public final CloudLayout layout;

    /** The numeric type of a column, with its names in PCD (type, size), PLY, PointCloud2 and LAS extra bytes. */
    public enum Kind {
        F32(4, 'F', "float", 7, 9), F64(8, 'F', "double", 8, 10), U8(1, 'U', "uchar", 2, 1), U16(2, 'U', "ushort", 4, 3),
        I32(4, 'I', "int", 5, 6), U32(4, 'U', "uint", 6, 5);

        /** Bytes per value. */
        public final int size;
        /** PCD TYPE letter. */
        public final char pcdType;
        /** PLY property type. */
        public final String plyType;
        /** sensor_msgs/PointField datatype. */
        public final int pointFieldType;
        /** LAS 1.4 extra-bytes data type. */
        public final int lasType;

        Kind(int size, char pcdType, String plyType, int pointFieldType, int lasType) {
            this.size = size;
            this.pcdType = pcdType;
            this.plyType = plyType;
            this.pointFieldType = pointFieldType;
            this.lasType = lasType;
        }

        /** Writes {@code v} as this kind, little-endian. */
        public void put(java.nio.ByteBuffer b, double v) {
            switch (this) {
                case F32 -> b.putFloat((float) v);
                case F64 -> b.putDouble(v);
                case U8 -> b.put((byte) v);
                case U16 -> b.putShort((short) v);
                case I32 -> b.putInt((int) v);
                case U32 -> b.putInt((int) (long) v);
            }
        }

        /** {@code v} as text (shortest float or double, or an integer). */
        public String text(double v) {
            return switch (this) {
                case F32 -> Float.toString((float) v);
                case F64 -> Double.toString(v);
                default -> Long.toString((long) v);
            };
        }
    }

    /**
     * Packs {@code n} points into {@code out} (little-endian): field {@code k} of point {@code i} at byte
     * {@code offsets[k] + i · step}. One field at a time, each from its values as doubles ({@link Field#doubles}), so
     * each loop reads one array and writes one kind.
     */
    public static void pack(List<Field> fields, int[] offsets, int step, int n, java.nio.ByteBuffer out) {
        double[] scratch = new double[n];
        for (int k = 0; k < fields.size(); k++) {
            double[] v = fields.get(k).doubles(n, scratch);
            int at = offsets[k];
            switch (fields.get(k).kind()) {
                case F32 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.putFloat(at, (float) v[i]);
                    }
                }
                case F64 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.putDouble(at, v[i]);
                    }
                }
                case U8 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.put(at, (byte) v[i]);
                    }
                }
                case U16 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.putShort(at, (short) v[i]);
                    }
                }
                case I32 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.putInt(at, (int) v[i]);
                    }
                }
                case U32 -> {
                    for (int i = 0; i < n; i++, at += step) {
                        out.putInt(at, (int) (long) v[i]);
                    }
                }
            }
        }
    }

    /** One extra column: its name, kind, unit description and values (exact in a double for every kind). */
    public record Column(String name, Kind kind, String description, double[] values) {}

    /**
     * A field as files carry it: name, kind and the value of point {@code i}; {@code column} is the array the values
     * are read from ({@code float[]}, {@code int[]} or {@code double[]}), or null where they are computed.
     */
    public record Field(String name, Kind kind, java.util.function.IntToDoubleFunction value, Object column) {
        /** A computed field. */
        public Field(String name, Kind kind, java.util.function.IntToDoubleFunction value) {
            this(name, kind, value, null);
        }

        /** A field read from a float column. */
        static Field of(String name, Kind kind, float[] c) {
            return new Field(name, kind, i -> c[i], c);
        }

        /** A field read from an int column. */
        static Field of(String name, Kind kind, int[] c) {
            return new Field(name, kind, i -> c[i], c);
        }

        /** A field read from a double column. */
        static Field of(String name, Kind kind, double[] c) {
            return new Field(name, kind, i -> c[i], c);
        }

        /**
         * The values of the first {@code n} points as doubles, exactly as {@link #value} gives them: a double column
         * itself, else written into {@code scratch} (a typed loop over a column, or the computed values).
         */
        double[] doubles(int n, double[] scratch) {
            if (column instanceof double[] d) {
                return d;
            }
            if (column instanceof float[] f) {
                for (int i = 0; i < n; i++) {
                    scratch[i] = f[i];
                }
            } else if (column instanceof int[] c) {
                for (int i = 0; i < n; i++) {
                    scratch[i] = c[i];
                }
            } else {
                for (int i = 0; i < n; i++) {
                    scratch[i] = value.applyAsDouble(i);
                }
            }
            return scratch;
        }
    }

    /** x y z, then intensity, ring and time when present, then the {@link #extras}, in order. */
    public List<Field> fields() {
        List<Field> c = new java.util.ArrayList<>(List.of(Field.of("x", Kind.F32, x), Field.of("y", Kind.F32, y),
                Field.of("z", Kind.F32, z)));
        if (intensity != null) {
            c.add(Field.of("intensity", Kind.F32, intensity));
        }
        if (ring != null) {
            c.add(Field.of("ring", Kind.U16, ring));
        }
        if (time != null) {
            c.add(Field.of("time", Kind.F64, time));
        }
        for (Column e : extras) {
            c.add(Field.of(e.name(), e.kind(), e.values()));
        }
        return c;
    }

    private Points(int n, float[] x, float[] y, float[] z, float[] intensity, int[] ring, double[] time, List<Column> extras,
            CloudLayout layout) {
        this.layout = layout;
        double first = Double.POSITIVE_INFINITY;
        for (int i = 0; time != null && i < n; i++) {
            first = Math.min(first, time[i]);
        }
        this.scanStart = first == Double.POSITIVE_INFINITY ? 0 : first;
        this.n = n;
        this.x = x;
        this.y = y;
        this.z = z;
        this.intensity = intensity;
        this.ring = ring;
        this.time = time;
        this.extras = extras;
    }

    /** The last output extracted and its points: every format writing a frame reads the one extraction. */
    private static final java.util.concurrent.atomic.AtomicReference<Object[]> LAST =
            new java.util.concurrent.atomic.AtomicReference<>(new Object[2]);

    /** Extracts the points (once per output: the last extraction is kept); null when the output has no XYZ. */
    public static Points of(PointCloud o) {
        Object[] last = LAST.get();
        if (last[0] == o) {
            return (Points) last[1];
        }
        Points p = extract(o);
        LAST.set(new Object[] {o, p});
        return p;
    }

    private static Points extract(PointCloud o) {
        if (o.offset(OutputField.XYZ_VEC3_F32) < 0) {
            return null;
        }
        boolean hasI = o.offset(OutputField.INTENSITY_F32) >= 0;
        boolean hasR = o.offset(OutputField.RING_ID_U16) >= 0;
        boolean hasT = o.offset(OutputField.TIME_STAMP_F64) >= 0;
        boolean hasHit = o.offset(OutputField.IS_HIT_I32) >= 0;
        int count = o.count();
        float[] x = new float[count], y = new float[count], z = new float[count];
        float[] in = hasI ? new float[count] : null;
        int[] r = hasR ? new int[count] : null;
        double[] t = hasT ? new double[count] : null;
        List<Column> extras = new java.util.ArrayList<>();
        for (OutputField f : o.fields()) {
            switch (f) {
                case DISTANCE_F32 -> extras.add(new Column("distance", Kind.F32, "distance along the ray, m", new double[count]));
                case AZIMUTH_F32 -> extras.add(new Column("azimuth", Kind.F32, "azimuth of the ray, rad", new double[count]));
                case ELEVATION_F32 -> extras.add(new Column("elevation", Kind.F32, "elevation of the ray, rad",
                        new double[count]));
                case ENTITY_ID_I32 -> extras.add(new Column("entity_id", Kind.I32, "index of the object hit", new double[count]));
                case NORMAL_VEC3_F32 -> {
                    for (String c : List.of("normal_x", "normal_y", "normal_z")) {
                        extras.add(new Column(c, Kind.F32, "surface normal, lidar frame", new double[count]));
                    }
                }
                case RETURN_TYPE_U8 -> extras.add(new Column("return_type", Kind.U8, "0 strongest or first, 1 last",
                        new double[count]));
                case RADIAL_VELOCITY_F32 -> extras.add(new Column("radial_velocity", Kind.F32, "m/s, positive receding",
                        new double[count]));
                case RCS_F32 -> extras.add(new Column("rcs", Kind.F32, "radar cross-section, dBsm", new double[count]));
                case REFLECTIVITY_F32 -> extras.add(new Column("reflectivity", Kind.F32,
                        "calibrated reflectivity, 1 = 100 % Lambertian", new double[count]));
                default -> { } // x y z, intensity, ring, time: the columns above; is_hit: only hits are kept
            }
        }
        // the output's columns, read in place (no packed bytes in between)
        java.nio.FloatBuffer xyz = o.floats(OutputField.XYZ_VEC3_F32);
        java.nio.IntBuffer hit = hasHit ? o.ints(OutputField.IS_HIT_I32) : null;
        java.nio.FloatBuffer inC = hasI ? o.floats(OutputField.INTENSITY_F32) : null;
        java.nio.IntBuffer rC = hasR ? o.ints(OutputField.RING_ID_U16) : null;
        java.nio.DoubleBuffer tC = hasT ? o.doubles(OutputField.TIME_STAMP_F64) : null;
        int[] keep = new int[count]; // the points kept, by index in the output
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (hit != null && hit.get(i) == 0) {
                continue;
            }
            float px = xyz.get(3 * i), py = xyz.get(3 * i + 1), pz = xyz.get(3 * i + 2);
            if (!Float.isFinite(px) || !Float.isFinite(py) || !Float.isFinite(pz)) {
                continue;
            }
            x[n] = px;
            y[n] = py;
            z[n] = pz;
            keep[n++] = i;
        }
        for (int j = 0; j < n; j++) {
            if (inC != null) {
                in[j] = inC.get(keep[j]);
            }
            if (rC != null) {
                r[j] = rC.get(keep[j]);
            }
            if (tC != null) {
                t[j] = tC.get(keep[j]);
            }
        }
        // the extra columns one at a time, in the order they were made above
        int e = 0;
        for (OutputField f : o.fields()) {
            switch (f) {
                case DISTANCE_F32, AZIMUTH_F32, ELEVATION_F32, RADIAL_VELOCITY_F32, RCS_F32, REFLECTIVITY_F32 ->
                        gather(o.floats(f), 1, 0, keep, n, extras.get(e++).values());
                case ENTITY_ID_I32, RETURN_TYPE_U8 -> {
                    java.nio.IntBuffer c = o.ints(f);
                    double[] v = extras.get(e++).values();
                    for (int j = 0; j < n; j++) {
                        v[j] = c.get(keep[j]);
                    }
                }
                case NORMAL_VEC3_F32 -> {
                    java.nio.FloatBuffer c = o.floats(f);
                    for (int k = 0; k < 3; k++) {
                        gather(c, 3, k, keep, n, extras.get(e++).values());
                    }
                }
                default -> { }
            }
        }
        return new Points(n, x, y, z, in, r, t, List.copyOf(extras), o.layout());
    }

    /** {@code out[j] = c[stride · keep[j] + component]} for the first {@code n} kept points. */
    private static void gather(java.nio.FloatBuffer c, int stride, int component, int[] keep, int n, double[] out) {
        for (int j = 0; j < n; j++) {
            out[j] = c.get(stride * keep[j] + component);
        }
    }

    /** The values of the extra column {@code name}, or null when the output lacks it. */
    public double[] column(String name) {
        return extras.stream().filter(c -> c.name().equals(name)).map(Column::values).findFirst().orElse(null);
    }

    /** Range of point {@code i} (m). */
    public double range(int i) {
        return Math.sqrt((double) x[i] * x[i] + (double) y[i] * y[i] + (double) z[i] * z[i]);
    }
}
