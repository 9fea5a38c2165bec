package ${package};

import java.util.ArrayList;
import java.util.List;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;

/**
 * The ray pattern type {@value #ID}: a vertical fan of {@code beams} rays spread evenly over {@code fov}
 * degrees of elevation, looking along +x, fired all at once {@code rate} times per second. A lidar uses it
 * with {@code pattern: {type: ${artifactId}-pattern, beams: 16, fov: 30, rate: 10}}.
 *
 * <p>The contract: {@link RayPatternGenerator#rays()} holds every ray once (each ray travels along the +z axis
 * of its pose); each sensor step asks {@link RayPatternGenerator#interval} which rays fire in it and
 * {@link RayPatternGenerator#firingTime} when.
 */
@Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=" + FanPatternType.ID)
public class FanPatternType implements RayPatternType<FanPatternType.Config> {
    /** The type id a lidar configuration names. */
    public static final String ID = "${artifactId}-pattern";

    /**
     * Configuration of a fan.
     *
     * @param beams number of rays, in [1, 4096]
     * @param fov   elevation span, degrees, in [0, 180]
     * @param rate  fans per second, Hz, > 0
     */
    public record Config(int beams, double fov, double rate) {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(16, 30, 10); }

    @Override
    public String description() { return "vertical fan of beams over an elevation span, fired at a rate"; }

    @Override
    public RayPatternGenerator create(Config c) {
        int n = Args.inRange("beams", c.beams(), 1, 4096);
        double fov = Math.toRadians(Args.inRange("fov", c.fov(), 0, 180)), rate = Args.positive("rate", c.rate());
        List<Pose> rays = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double el = n == 1 ? 0 : -fov / 2 + fov * i / (n - 1);
            // rotate +z onto (cos el, 0, sin el): a rotation about +y by (pi/2 - el)
            rays.add(new Pose(Vec3.ZERO, Quat.axisAngle(new Vec3(0, 1, 0), Math.PI / 2 - el)));
        }
        List<Pose> fixed = List.copyOf(rays);
        return new RayPatternGenerator() {
            @Override
            public List<Pose> rays() { return fixed; }

            private long lastFan(double t) { return (long) Math.floor(t * rate + 1e-9); }

            @Override
            public RayInterval interval(double start, double end) {
                return lastFan(end) > lastFan(start) ? new RayInterval(0, n) : new RayInterval(0, 0);
            }

            @Override
            public double firingTime(int index, RayInterval interval, double start, double end) {
                return lastFan(end) / rate;
            }
        };
    }
}
