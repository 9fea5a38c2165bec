package sensor.groundtruth;

import java.util.List;

import org.osgi.service.component.annotations.Component;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;

/**
 * The {@code ground-truth} sensor type: reports the exact world pose of its mount frame and the linear
 * and angular velocity of the body it sits on (world frame), with no noise. Useful as the reference a
 * localisation stack is scored against, and the smallest complete example of a sensor plugin.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=ground-truth")
public class GroundTruthSensorType implements SensorType<GroundTruthSensorType.Config> {
    /** Type id. */
    public static final String ID = "ground-truth";
    private static final List<String> NAMES =
            List.of("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz");
    private static final List<String> UNITS =
            List.of("m", "m", "m", "1", "1", "1", "1", "m/s", "m/s", "m/s", "rad/s", "rad/s", "rad/s");

    /** No parameters yet: the sensor reports everything it knows. */
    public record Config() {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(); }

    @Override
    public String description() { return "exact pose and velocities of the mount frame (no noise)"; }

    @Override
    public Sensor create(Config config) {
        return GroundTruthSensorType::sample;
    }

    private static Channels sample(SampleContext c) {
        double t = c.time();
        Pose p = c.sensorPose(t);
        String body = c.mount().bodyId();
        Vec3 v = Vec3.ZERO, w = Vec3.ZERO;
        if (body != null) {
            w = c.angularVelocity(body, t);
            // velocity of the mount point: v_body + ω × r
            Vec3 r = p.position().minus(c.bodyPose(body, t).position());
            v = c.linearVelocity(body, t).plus(w.cross(r));
        }
        var q = p.rotation();
        return new Channels(NAMES, UNITS, new double[] {
            p.position().x(), p.position().y(), p.position().z(), q.w(), q.x(), q.y(), q.z(),
            v.x(), v.y(), v.z(), w.x(), w.y(), w.z()});
    }
}
