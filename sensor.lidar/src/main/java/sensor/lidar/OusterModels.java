package sensor.lidar;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import sensor.lidar.api.OusterModel;
import sensor.lidar.api.OusterModel.Spacing;

/**
 * Beam intrinsics of the predefined Ouster models, read from Ouster's published metadata files
 * (ouster-lidar/ouster-sdk 1.0.1 test data, BSD 3-Clause, copied under {@code sensor/lidar/ouster/}):
 * <ul>
 * <li>OS0-128: {@code OS-0-128_v3.0.1_1024x10.json}; OS0-32: {@code OS-0-32-U1_v2.2.0_1024x10.json};</li>
 * <li>OS1-128: {@code OS-1-128_v2.3.0_1024x10.json}; OS1-64: {@code 1_12_os1-991913000010-64.json} (gen 1; it
 * gives no beam-origin offset, so the 15.806 mm of the other OS1 files is used); OS1-32:
 * {@code 2_0_rc2_os-992011000121-32U0_legacy.json}; OS1-64 above horizon: {@code same_ports.2.json};</li>
 * <li>OS2-128: {@code OS-2-128-U1_v2.3.0_1024x10.json}; OS2-32: {@code OS-2-32-U0_v2.0.0_1024x10.json}.</li>
 * </ul>
 * Derived (no published file): OS0-64 and OS2-64 uniform take every second beam of the 128-channel
 * array; below-horizon patterns mirror the above-horizon ones (altitude negated, order reversed so
 * channel 0 stays the top beam); OS1-32 above/below horizon take every second beam of the 64-channel ones.
 */
final class OusterModels {
    private OusterModels() {}

    /** Beam altitudes and azimuth offsets (degrees, top to bottom) and the beam-origin offset (mm). */
    record Intrinsics(double[] altitudesDeg, double[] azimuthsDeg, double originOffsetMm) {
        Intrinsics everySecond() {
            double[] a = new double[altitudesDeg.length / 2], z = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = altitudesDeg[2 * i];
                z[i] = azimuthsDeg[2 * i];
            }
            return new Intrinsics(a, z, originOffsetMm);
        }

        Intrinsics mirrored() {
            int n = altitudesDeg.length;
            double[] a = new double[n], z = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = -altitudesDeg[n - 1 - i];
                z[i] = azimuthsDeg[n - 1 - i];
            }
            return new Intrinsics(a, z, originOffsetMm);
        }
    }

    static Intrinsics intrinsics(OusterModel m) {
        int c = m.channels();
        Spacing s = m.spacing();
        return switch (m.product()) {
            case OS0 -> c == 128 ? load("OS-0-128_v3.0.1_1024x10.json", 0)
                    : c == 64 ? load("OS-0-128_v3.0.1_1024x10.json", 0).everySecond()
                    : load("OS-0-32-U1_v2.2.0_1024x10.json", 0);
            case OS1 -> {
                if (s != Spacing.UNIFORM) {
                    Intrinsics ah = load("same_ports.2.json", 0);
                    Intrinsics base = c == 64 ? ah : ah.everySecond();
                    yield s == Spacing.ABOVE_HORIZON ? base : base.mirrored();
                }
                yield c == 128 ? load("OS-1-128_v2.3.0_1024x10.json", 0)
                        : c == 64 ? load("1_12_os1-991913000010-64.json", 15.806)
                        : load("2_0_rc2_os-992011000121-32U0_legacy.json", 0);
            }
            case OS2 -> c == 128 ? load("OS-2-128-U1_v2.3.0_1024x10.json", 0)
                    : c == 64 ? load("OS-2-128-U1_v2.3.0_1024x10.json", 0).everySecond()
                    : load("OS-2-32-U0_v2.0.0_1024x10.json", 0);
        };
    }

    static SweepPattern pattern(OusterModel m) {
        Intrinsics in = intrinsics(m);
        double[] alt = Arrays.stream(in.altitudesDeg()).map(Math::toRadians).toArray();
        double[] az = Arrays.stream(in.azimuthsDeg()).map(Math::toRadians).toArray();
        return new SweepPattern(m.mode().columns(), m.mode().rate(), alt, az, in.originOffsetMm() / 1000);
    }

    /** Reads a metadata file; {@code defaultOffsetMm} when it has no beam-origin offset. */
    static Intrinsics load(String file, double defaultOffsetMm) {
        String json;
        try (InputStream in = OusterModels.class.getResourceAsStream("ouster/" + file)) {
            if (in == null) {
                throw new IllegalStateException("missing Ouster metadata resource " + file);
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher off = Pattern.compile("\"lidar_origin_to_beam_origin_mm\"\\s*:\\s*([-+0-9.eE]+)").matcher(json);
        return new Intrinsics(array(json, "beam_altitude_angles"), array(json, "beam_azimuth_angles"),
                off.find() ? Double.parseDouble(off.group(1)) : defaultOffsetMm);
    }

    private static double[] array(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\\[([^\\]]*)\\]").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("Ouster metadata without " + key);
        }
        return Arrays.stream(m.group(1).split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .mapToDouble(Double::parseDouble).toArray();
    }
}
