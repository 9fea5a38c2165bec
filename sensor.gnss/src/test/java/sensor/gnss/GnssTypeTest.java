package sensor.gnss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.env.Environment;
import sensor.gnss.config.GnssConfig;

/**
 * The receiver [G] through the environment. Reported fixes are turned back into east-north-up metres with this test's
 * own closed-form forward conversion (geodetic → ECEF → rotation into the tangent plane), independent of the
 * sensor's iterative inverse.
 */
class GnssTypeTest {
    static final double A = 6378137.0, F = 1 / 298.257223563, E2 = F * (2 - F);
    static final GnssConfig.Origin ZURICH = new GnssConfig.Origin(47.3769, 8.5417, 408);

    /** ENU (m) of a fix (deg, deg, m) about the origin, in closed form. */
    static double[] enu(GnssConfig.Origin o, double lat, double lon, double h) {
        double[] p = ecef(Math.toRadians(lat), Math.toRadians(lon), h);
        double la = Math.toRadians(o.latitude()), lo = Math.toRadians(o.longitude());
        double[] q = ecef(la, lo, o.altitude());
        double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
        return new double[] {-Math.sin(lo) * dx + Math.cos(lo) * dy,
            -Math.sin(la) * Math.cos(lo) * dx - Math.sin(la) * Math.sin(lo) * dy + Math.cos(la) * dz,
            Math.cos(la) * Math.cos(lo) * dx + Math.cos(la) * Math.sin(lo) * dy + Math.sin(la) * dz};
    }

    static double[] ecef(double lat, double lon, double h) {
        double n = A / Math.sqrt(1 - E2 * Math.sin(lat) * Math.sin(lat));
        return new double[] {(n + h) * Math.cos(lat) * Math.cos(lon), (n + h) * Math.cos(lat) * Math.sin(lon),
            (n * (1 - E2) + h) * Math.sin(lat)};
    }

    /** Runs receivers {@code ids} on a body moving at {@code v} from {@code p0}; returns their frames. */
    static List<SensorFrame> run(GnssConfig config, Vec3 p0, Vec3 v, double frequency, double lag, double seconds,
            String... ids) {
        Environment env = new Environment();
        env.bindSensorType(new GnssType());
        env.setWorld(env.newKinematicWorld(0.001, Vec3.ZERO).addBody("car",
                new KinematicWorld.ConstantAngularVelocity(new Pose(p0, sensor.api.geom.Quat.IDENTITY), v, Vec3.ZERO)));
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        for (String id : ids) {
            env.addSensor(new SensorSpec(id, GnssType.ID, config, SensorMount.on("car", Pose.IDENTITY), frequency, lag));
        }
        env.advance(seconds);
        return out;
    }

    static double[] values(SensorFrame f) {
        return ((Channels) f.data()).values();
    }

    @Test
    void G_anIdealReceiverReportsItsMountsPositionAndVelocity() {
        GnssConfig c = new GnssConfig(ZURICH, new GnssConfig.Enu(0, 0, 0), new GnssConfig.Enu(0, 0, 0),
                new GnssConfig.Enu(1, 1, 1));
        Vec3 p0 = new Vec3(100, 200, 3), v = new Vec3(10, 5, 1);
        List<SensorFrame> frames = run(c, p0, v, 10, 0, 2, "gps");
        assertEquals(20, frames.size());
        assertEquals(List.of("latitude", "longitude", "altitude", "ve", "vn", "vu"), ((Channels) frames.get(0).data()).names());
        for (SensorFrame f : frames) {
            double[] x = values(f), e = enu(ZURICH, x[0], x[1], x[2]);
            Vec3 p = p0.plus(v.times(f.time()));
            assertEquals(p.x(), e[0], 1e-4, "east at t = " + f.time());
            assertEquals(p.y(), e[1], 1e-4, "north");
            assertEquals(p.z(), e[2], 1e-4, "up");
            assertEquals(10, x[3], 1e-12);
            assertEquals(5, x[4], 1e-12);
            assertEquals(1, x[5], 1e-12);
        }
    }

    @Test
    void G_noiseHasTheConfiguredSigmaPerAxisAndItsVarianceIsStated() {
        double[] sigma = {0.5, 1.0, 2.0};
        GnssConfig c = new GnssConfig(ZURICH, new GnssConfig.Enu(sigma[0], sigma[1], sigma[2]), new GnssConfig.Enu(0, 0, 0),
                new GnssConfig.Enu(1, 1, 1));
        List<SensorFrame> frames = run(c, Vec3.ZERO, Vec3.ZERO, 100, 0, 50, "gps");
        int n = frames.size();
        double[][] err = new double[3][n];
        for (int k = 0; k < n; k++) {
            double[] x = values(frames.get(k)), e = enu(ZURICH, x[0], x[1], x[2]);
            for (int a = 0; a < 3; a++) {
                err[a][k] = e[a];
            }
        }
        for (int a = 0; a < 3; a++) { // n = 5,000: the sample sigma's relative standard error is 1 %
            double mean = java.util.Arrays.stream(err[a]).average().orElseThrow();
            double sd = Math.sqrt(java.util.Arrays.stream(err[a]).map(x -> (x - mean) * (x - mean)).sum() / (n - 1));
            assertEquals(sigma[a], sd, 0.05 * sigma[a], "axis " + a);
            assertEquals(0, mean, 5 * sigma[a] / Math.sqrt(n), "axis " + a);
        }
        // stated variances: latitude and longitude in deg^2 (north and east metres through the WGS-84 radii), altitude m^2
        double[] stated = ((Channels) frames.get(0).data()).variances();
        double lat = Math.toRadians(values(frames.get(0))[0]), w = Math.sqrt(1 - E2 * Math.sin(lat) * Math.sin(lat));
        double north = Math.toRadians(A * (1 - E2) / (w * w * w)), east = Math.toRadians(A / w * Math.cos(lat));
        assertEquals(sigma[1] * sigma[1], stated[0] * north * north, 1e-9);
        assertEquals(sigma[0] * sigma[0], stated[1] * east * east, 1e-9);
        assertEquals(sigma[2] * sigma[2], stated[2], 0);
    }

    @Test
    void G_TRW_driftIsARandomWalkWhoseVarianceGrowsLinearly() {
        double b0 = 0.3, tau = 2.25, f = 10, seconds = 10;
        GnssConfig c = new GnssConfig(ZURICH, new GnssConfig.Enu(0, 0, 0), new GnssConfig.Enu(b0, b0, b0),
                new GnssConfig.Enu(tau, tau, tau));
        String[] ids = new String[300];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = "gps" + i;
        }
        List<SensorFrame> frames = run(c, Vec3.ZERO, Vec3.ZERO, f, 0, seconds, ids);
        double sum = 0;
        int m = 0;
        for (SensorFrame fr : frames) {
            if (Math.abs(fr.time() - seconds) < 1e-9) {
                double[] x = values(fr);
                sum += enu(ZURICH, x[0], x[1], x[2])[0] * enu(ZURICH, x[0], x[1], x[2])[0];
                m++;
            }
        }
        assertEquals(ids.length, m);
        // after n = 100 steps of dt = 0.1 s: variance n b0^2 dt / tau = 0.4 m^2; 300 walks: relative SE sqrt(2/300) = 8 %
        assertEquals(0.4, 100 * b0 * b0 * (1 / f) / tau, 1e-12);
        assertEquals(0.4, sum / m, 0.3 * 0.4);
    }

    @Test
    void G_aReceiverFixedInTheWorldIsAtRestAndTheDefaultsAreAnIdealReceiverAtTheNullIsland() {
        GnssType type = new GnssType();
        assertEquals(GnssConfig.DEFAULT, type.defaultConfig());
        assertTrue(type.description().contains("[G]"), type.description());
        Environment env = new Environment();
        env.bindSensorType(type);
        env.setWorld(env.newKinematicWorld(0.001, Vec3.ZERO));
        List<SensorFrame> out = new ArrayList<>();
        env.addOutputSink(out::add);
        env.addSensor(SensorSpec.of("mast", GnssType.ID, null, SensorMount.world(Pose.translation(0, 0, 30)), 1));
        env.advance(2);
        double[] x = values(out.get(1));
        assertEquals(0, x[0], 1e-12);
        assertEquals(0, x[1], 1e-12);
        assertEquals(30, x[2], 1e-6);
        assertEquals(List.of(0.0, 0.0, 0.0), List.of(x[3], x[4], x[5]));
    }

    @Test
    void G_lagDelaysDeliveryAndBadValuesAreNamed() {
        List<SensorFrame> frames = run(GnssConfig.DEFAULT, Vec3.ZERO, Vec3.ZERO, 5, 0.2, 1, "gps");
        for (SensorFrame f : frames) {
            assertEquals(0.2, f.deliveredAt() - f.time(), 1e-9);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> new GnssType().create(new GnssConfig(
                new GnssConfig.Origin(91, 0, 0), GnssConfig.DEFAULT.noise(), GnssConfig.DEFAULT.driftInstability(),
                GnssConfig.DEFAULT.driftCorrelationTime())));
        assertTrue(e.getMessage().contains("origin.latitude"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new GnssType().create(new GnssConfig(ZURICH,
                new GnssConfig.Enu(-1, 0, 0), GnssConfig.DEFAULT.driftInstability(), GnssConfig.DEFAULT.driftCorrelationTime())));
        assertTrue(e.getMessage().contains("noise.east"), e.getMessage());
    }
}
