package sensor.gnss;

import java.util.List;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.gnss.config.GnssConfig;

/**
 * The {@code gnss} sensor type [G]: the world position of the mount, taken as east, north and up in the tangent plane
 * at the configured origin, plus white noise and a random-walk drift per axis [T-RW], converted exactly to WGS-84
 * latitude, longitude and ellipsoidal height ({@link Wgs84}); and the mount point's velocity in ENU (exact). The
 * sensor's frequency and lag are its update rate and latency. Channels {@code latitude [deg], longitude [deg],
 * altitude [m], ve, vn, vu [m/s]}, with the noise variances stated (in deg² and m²).
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + GnssType.ID)
public class GnssType implements SensorType<GnssConfig> {
    /** Type id. */
    public static final String ID = "gnss";
    private static final List<String> NAMES = List.of("latitude", "longitude", "altitude", "ve", "vn", "vu");
    private static final List<String> UNITS = List.of("deg", "deg", "m", "m/s", "m/s", "m/s");

    @Override
    public String id() { return ID; }

    @Override
    public Class<GnssConfig> configType() { return GnssConfig.class; }

    @Override
    public GnssConfig defaultConfig() { return GnssConfig.DEFAULT; }

    @Override
    public String description() { return "GNSS receiver: WGS-84 latitude, longitude, height and ENU velocity [G]"; }

    @Override
    public Sensor create(GnssConfig c) {
        Args.notNull("gnss config", c);
        Args.notNull("origin", c.origin());
        Args.inRange("origin.latitude", c.origin().latitude(), -90, 90);
        Args.inRange("origin.longitude", c.origin().longitude(), -180, 180);
        Args.inRange("origin.altitude", c.origin().altitude(), -11_000, 100_000);
        double[] noise = axes("noise", c.noise(), 0, 1e4), drift = axes("driftInstability", c.driftInstability(), 0, 1e4);
        double[] tau = axes("driftCorrelationTime", c.driftCorrelationTime(), 1e-6, 1e9);
        return new Receiver(Wgs84.Enu.at(Math.toRadians(c.origin().latitude()), Math.toRadians(c.origin().longitude()),
                c.origin().altitude()), noise, drift, tau);
    }

    private static double[] axes(String name, GnssConfig.Enu v, double min, double max) {
        Args.notNull(name, v);
        Args.inRange(name + ".east", v.east(), min, max);
        Args.inRange(name + ".north", v.north(), min, max);
        Args.inRange(name + ".up", v.up(), min, max);
        return v.toArray();
    }

    /** One receiver: its drift state and the last fix time. */
    static final class Receiver implements Sensor {
        private final Wgs84.Enu plane;
        private final double[] noise, instability, tau, bias = new double[3];
        private double lastTime = Double.NaN;

        Receiver(Wgs84.Enu plane, double[] noise, double[] instability, double[] tau) {
            this.plane = plane;
            this.noise = noise;
            this.instability = instability;
            this.tau = tau;
        }

        @Override
        public Channels sample(SampleContext ctx) {
            double t = ctx.time();
            Vec3 p = ctx.sensorPose(t).position();
            double dt = Double.isNaN(lastTime) ? ctx.period() : t - lastTime;
            lastTime = t;
            double[] enu = {p.x(), p.y(), p.z()};
            double[] variance = new double[3];
            for (int i = 0; i < 3; i++) {
                if (instability[i] > 0) { // [T-RW]: b_t = b_{t-1} + N(0, (b0 sqrt(dt / tau))^2)
                    bias[i] += instability[i] * Math.sqrt(dt / tau[i]) * ctx.random().gaussian(ctx.index(), 1, i);
                }
                enu[i] += bias[i] + (noise[i] > 0 ? noise[i] * ctx.random().gaussian(ctx.index(), 0, i) : 0);
                variance[i] = noise[i] * noise[i];
            }
            double[] ecef = plane.toEcef(enu[0], enu[1], enu[2]);
            double[] geo = Wgs84.toGeodetic(ecef[0], ecef[1], ecef[2]);
            Vec3 v = velocity(ctx, t);
            // white-noise variances in the channels' units: north and east metres to degrees at this latitude
            double s = Math.sin(geo[0]), w = Math.sqrt(1 - Wgs84.E2 * s * s);
            double meridian = Wgs84.A * (1 - Wgs84.E2) / (w * w * w), normal = Wgs84.A / w;
            double degPerNorth = Math.toDegrees(1 / meridian), degPerEast = Math.toDegrees(1 / (normal * Math.cos(geo[0])));
            return new Channels(NAMES, UNITS, new double[] {Math.toDegrees(geo[0]), Math.toDegrees(geo[1]), geo[2], v.x(),
                v.y(), v.z()}, new double[] {variance[1] * degPerNorth * degPerNorth, variance[0] * degPerEast * degPerEast,
                    variance[2], 0, 0, 0});
        }

        /** World (= ENU) velocity of the mount point: v_body + ω × r; zero for a mount fixed in the world. */
        private static Vec3 velocity(SampleContext c, double t) {
            String body = c.mount().bodyId();
            if (body == null) {
                return Vec3.ZERO;
            }
            Vec3 w = c.angularVelocity(body, t);
            Vec3 r = c.sensorPose(t).position().minus(c.bodyPose(body, t).position());
            return c.linearVelocity(body, t).plus(w.cross(r));
        }
    }
}
