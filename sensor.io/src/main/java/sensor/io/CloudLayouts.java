package sensor.io;

import java.util.ArrayList;
import java.util.List;

import sensor.api.lidar.CloudLayout;
import sensor.io.Points.Field;
import sensor.io.Points.Kind;

/**
 * The PointCloud2 fields, offsets and point step of a cloud in its {@link CloudLayout}: the generic one (every field at
 * its natural alignment) or a vendor driver's, with that driver's names, types and units.
 *
 * <p>Vendor drivers report a calibrated reflectivity, not a raw intensity: Velodyne and Ouster 0–100 for Lambertian
 * targets of 0–100 % reflectance (above 100 for retro-reflectors), Livox 0–150 for 0–100 %. The simulated intensity of
 * a Lambertian target seen head-on without loss is its reflectance over π ([L-3], [L-4]), so the reported value is
 * {@code scale · π · intensity}, rounded and clamped to 0–255. A field the lidar was not asked for is written as 0.
 */
final class CloudLayouts {
    private CloudLayouts() {}

    /** Fields with their offsets and the point step. */
    record Layout(List<Field> fields, int[] offsets, int step) {}

    static Layout of(Points p) {
        double[] distance = p.column("distance");
        return switch (p.layout) {
            case GENERIC -> generic(p.fields());
            case VELODYNE -> packed(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    new Field("intensity", Kind.F32, i -> reflectivity(p, i, 100)),
                    new Field("ring", Kind.U16, i -> ring(p, i)),
                    new Field("time", Kind.F32, i -> sinceScanStart(p, i))));
            case OUSTER -> new Layout(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    new Field("intensity", Kind.F32, i -> p.intensity == null ? 0 : p.intensity[i]),
                    new Field("t", Kind.U32, i -> Math.round(sinceScanStart(p, i) * 1e9)),
                    new Field("reflectivity", Kind.U16, i -> reflectivity(p, i, 100)),
                    new Field("ring", Kind.U16, i -> ring(p, i)),
                    new Field("ambient", Kind.U16, i -> 0),
                    new Field("range", Kind.U32, i -> Math.round((distance != null ? distance[i] : p.range(i)) * 1000))),
                    new int[] {0, 4, 8, 16, 20, 24, 26, 28, 32}, 48);
            case LIVOX -> packed(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    new Field("intensity", Kind.F32, i -> reflectivity(p, i, 150)),
                    new Field("tag", Kind.U8, i -> 0),
                    new Field("line", Kind.U8, i -> ring(p, i)),
                    new Field("timestamp", Kind.F64, i -> p.time == null ? 0 : Math.rint(p.time[i] * 1e9))));
        };
    }

    /** Each field at its natural alignment, the step a multiple of the widest field. */
    private static Layout generic(List<Field> fields) {
        int[] offsets = new int[fields.size()];
        int step = 0, align = 1;
        for (int k = 0; k < fields.size(); k++) {
            int size = fields.get(k).kind().size;
            step = (step + size - 1) / size * size;
            offsets[k] = step;
            step += size;
            align = Math.max(align, size);
        }
        return new Layout(fields, offsets, (step + align - 1) / align * align);
    }

    /** Fields one after the other without padding, as {@code PointCloud2Modifier.setPointCloud2Fields} lays them. */
    private static Layout packed(List<Field> fields) {
        int[] offsets = new int[fields.size()];
        int step = 0;
        for (int k = 0; k < fields.size(); k++) {
            offsets[k] = step;
            step += fields.get(k).kind().size;
        }
        return new Layout(new ArrayList<>(fields), offsets, step);
    }

    private static Field xyz(Points p, String name, int axis) {
        float[] c = axis == 0 ? p.x : axis == 1 ? p.y : p.z;
        return new Field(name, Kind.F32, i -> c[i]);
    }

    private static int ring(Points p, int i) {
        return p.ring == null ? 0 : p.ring[i];
    }

    /** The calibrated reflectivity a driver reports: {@code scale} at 100 % Lambertian reflectance, 0–255. */
    static long reflectivity(Points p, int i, double scale) {
        return p.intensity == null ? 0 : Math.max(0, Math.min(255, Math.round(scale * Math.PI * p.intensity[i])));
    }

    /** Seconds since the scan's first point (its earliest firing time); 0 without times. */
    private static double sinceScanStart(Points p, int i) {
        return p.time == null ? 0 : p.time[i] - p.scanStart;
    }
}
