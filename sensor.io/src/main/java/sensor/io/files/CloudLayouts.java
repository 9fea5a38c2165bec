package sensor.io.files;

import java.util.ArrayList;
import java.util.List;

import sensor.api.frame.CloudLayout;
import sensor.io.files.Points.Field;
import sensor.io.files.Points.Kind;

/**
 * The PointCloud2 fields, offsets and point step of a cloud in its {@link CloudLayout}: the generic one (every field at
 * its natural alignment) or a vendor driver's, with that driver's names, types and units.
 *
 * <p>Vendor drivers report a calibrated reflectivity, not a raw intensity: Velodyne and Ouster 0–100 for Lambertian
 * targets of 0–100 % reflectance and 101–255 for retro-reflectors, Livox 0–150 for 0–100 % and 151–255 above. The
 * reflectivity is the lidar's {@code REFLECTIVITY_F32} field (range-calibrated, 1 for 100 % Lambertian [L-DET]) when the
 * scenario asks for it, else {@code π · intensity} (the intensity of a Lambertian target seen head-on without loss is
 * its reflectance over π, [L-3]); see {@link #encode}. A field the lidar was not asked for is written as 0.
 */
public final class CloudLayouts {
    private CloudLayouts() {}

    /** Fields with their offsets and the point step. */
    public record Layout(List<Field> fields, int[] offsets, int step) {}

    public static Layout of(Points p) {
        double[] distance = p.column("distance");
        double[] calibrated = p.column("reflectivity");
        return switch (p.layout) {
            case GENERIC -> generic(p.fields());
            case VELODYNE -> packed(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    new Field("intensity", Kind.F32, i -> reflectivity(p, calibrated, i, 100)),
                    ring(p, "ring", Kind.U16),
                    new Field("time", Kind.F32, i -> sinceScanStart(p, i))));
            case OUSTER -> new Layout(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    p.intensity != null ? Field.of("intensity", Kind.F32, p.intensity) : new Field("intensity", Kind.F32, i -> 0),
                    new Field("t", Kind.U32, i -> Math.round(sinceScanStart(p, i) * 1e9)),
                    new Field("reflectivity", Kind.U16, i -> reflectivity(p, calibrated, i, 100)),
                    ring(p, "ring", Kind.U16),
                    new Field("ambient", Kind.U16, i -> 0),
                    new Field("range", Kind.U32, i -> Math.round((distance != null ? distance[i] : p.range(i)) * 1000))),
                    new int[] {0, 4, 8, 16, 20, 24, 26, 28, 32}, 48);
            case LIVOX -> packed(List.of(xyz(p, "x", 0), xyz(p, "y", 1), xyz(p, "z", 2),
                    new Field("intensity", Kind.F32, i -> reflectivity(p, calibrated, i, 150)),
                    new Field("tag", Kind.U8, i -> 0),
                    ring(p, "line", Kind.U8),
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
    public static Layout packed(List<Field> fields) {
        int[] offsets = new int[fields.size()];
        int step = 0;
        for (int k = 0; k < fields.size(); k++) {
            offsets[k] = step;
            step += fields.get(k).kind().size;
        }
        return new Layout(new ArrayList<>(fields), offsets, step);
    }

    private static Field xyz(Points p, String name, int axis) {
        return Field.of(name, Kind.F32, axis == 0 ? p.x : axis == 1 ? p.y : p.z);
    }

    /** The ring column as {@code name}, or 0 for every point without one. */
    private static Field ring(Points p, String name, Kind kind) {
        return p.ring != null ? Field.of(name, kind, p.ring) : new Field(name, kind, i -> 0);
    }

    /** Point i's reflectivity as a driver reports it: the calibrated column, else π · intensity, encoded. */
    private static long reflectivity(Points p, double[] calibrated, int i, int scale) {
        return encode(calibrated != null ? calibrated[i] : p.intensity == null ? 0 : Math.PI * p.intensity[i], scale);
    }

    /**
     * A reflectivity (1 = 100 % Lambertian) as vendors encode it in 0–255: {@code scale · ρ} rounded for diffuse targets
     * (ρ ≤ 1), and for retro-reflectors logarithmic over four decades, {@code scale + 1} just above ρ = 1 to 255 at
     * ρ = 10⁴ and beyond (the vendors print the split, not the curve above it; four decades span real retro-reflective
     * sheeting).
     */
    static long encode(double rho, int scale) {
        if (!(rho > 0)) {
            return 0;
        }
        if (rho <= 1) {
            return Math.round(scale * rho);
        }
        return Math.min(255, scale + 1 + Math.round((254 - scale) * Math.log10(rho) / 4));
    }

    /** Seconds since the scan's first point (its earliest firing time); 0 without times. */
    private static double sinceScanStart(Points p, int i) {
        return p.time == null ? 0 : p.time[i] - p.scanStart;
    }
}
