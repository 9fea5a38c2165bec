package ${package};

import java.util.List;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import sensor.api.Args;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;

/**
 * The sensor type {@value #ID}: a single-beam range finder along its mount's +x axis. Each sample traces one
 * ray with the raytrace backend the runtime provides (the same service the lidar uses) and reports the
 * distance to the first surface, with optional Gaussian noise, or NaN when nothing is within {@code maxRange}.
 * Its frames are {@link Channels} with one channel, so the CSV has the columns {@code time [s],range [m]}.
 *
 * <p>How the pieces fit: {@code @Component(service = SensorType.class, property = "sensor.type=<id>")} registers
 * this class as a service found by its id;
 * the environment finds it by {@link #id()} when a scenario names {@code type: ${artifactId}}, reads the
 * scenario's {@code config:} into {@link Config} (field by field, over {@link #defaultConfig()}) and calls
 * {@link #create} once per sensor. When this bundle stops, the sensors it created are detached; when it
 * starts again they are re-created from their configuration.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + RangeFinderType.ID)
public class RangeFinderType implements SensorType<RangeFinderType.Config> {
    /** The type id a scenario names: this project's artifactId. */
    public static final String ID = "${artifactId}";

    /** The raytrace backend: static and mandatory, so the type is only offered where one exists. */
    @Reference
    RaytraceBackend backend;

    /**
     * Configuration of a range finder.
     *
     * @param maxRange the largest distance reported, m, > 0
     * @param sigma    standard deviation of the Gaussian range noise, m, >= 0
     */
    public record Config(double maxRange, double sigma) {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(100, 0.01); }

    @Override
    public String description() { return "single-beam range finder along the mount's +x axis"; }

    @Override
    public Sensor create(Config config) {
        Args.positive("maxRange", config.maxRange());
        Args.nonNegative("sigma", config.sigma());
        return new RangeFinder(config, backend);
    }

    /** One range finder: its own trace scene, created on the first sample and kept up to date. */
    static final class RangeFinder implements Sensor {
        private static final List<String> NAMES = List.of("range"), UNITS = List.of("m");
        private final Config config;
        private final RaytraceBackend backend;
        private final double[] origin = new double[3], direction = new double[3];
        private final HitBuffer hit = new HitBuffer(1);
        private TraceScene scene;

        RangeFinder(Config config, RaytraceBackend backend) {
            this.config = config;
            this.backend = backend;
        }

        @Override
        public Channels sample(SampleContext ctx) {
            if (scene == null) {
                scene = backend.createScene(ctx.scene(), 1);
            }
            scene.update(ctx.scene(), ctx.time());
            Pose pose = ctx.sensorPose(ctx.time());
            Vec3 d = pose.rotation().rotate(new Vec3(1, 0, 0));
            origin[0] = pose.position().x();
            origin[1] = pose.position().y();
            origin[2] = pose.position().z();
            direction[0] = d.x();
            direction[1] = d.y();
            direction[2] = d.z();
            scene.closestHit(origin, direction, 1, config.maxRange(), hit);
            double range = hit.distance[0];
            if (range > config.maxRange()) {
                range = Double.NaN;
            } else if (config.sigma() > 0) {
                // counter-based noise keyed by the sample index: the same seed gives the same data on any thread count
                range += ctx.random().gaussian(ctx.index(), 0, 0, 0, config.sigma());
            }
            return new Channels(NAMES, UNITS, new double[] {range});
        }

        @Override
        public void close() {
            if (scene != null) {
                scene.close();
            }
        }
    }
}
