package sensor.imu;

import java.util.function.Function;

import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.random.CounterRandom;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.SensorMount;

/**
 * A light {@link SampleContext} for statistics tests and the benchmark: sample {@code k} at {@code t = k/ν},
 * dynamics step {@code 1/ν}, one body {@code b} whose state comes from analytic functions, gravity
 * (0, 0, −9.81), no magnetic field. Reused across samples ({@link #at(long)}).
 */
final class StaticContext implements SampleContext {
    private final String id;
    private final double frequency;
    private final SensorMount mount;
    private final CounterRandom random;
    private final Function<Double, Pose> pose;
    private final Function<Double, Vec3> velocity, omega;
    private long index;

    StaticContext(String id, long seed, double frequency, SensorMount mount, Function<Double, Pose> pose,
                  Function<Double, Vec3> velocity, Function<Double, Vec3> omega) {
        this.id = id;
        this.frequency = frequency;
        this.mount = mount;
        this.random = CounterRandom.of(seed, id);
        this.pose = pose;
        this.velocity = velocity;
        this.omega = omega;
    }

    /** At rest on body {@code b} at the identity. */
    static StaticContext atRest(String id, long seed, double frequency) {
        return new StaticContext(id, seed, frequency, SensorMount.on("b", Pose.IDENTITY), t -> Pose.IDENTITY,
                t -> Vec3.ZERO, t -> Vec3.ZERO);
    }

    StaticContext at(long k) {
        index = k;
        return this;
    }

    @Override public String sensorId() { return id; }
    @Override public double time() { return index / frequency; }
    @Override public long index() { return index; }
    @Override public double stepStart() { return (index - 1) / frequency; }
    @Override public double stepEnd() { return index / frequency; }
    @Override public double timeStep() { return 1 / frequency; }
    @Override public double period() { return 1 / frequency; }
    @Override public SensorMount mount() { return mount; }
    @Override public Pose sensorPose(double t) { return bodyPose("b", t).compose(mount.offset()); }
    @Override public Pose bodyPose(String bodyId, double t) { return pose.apply(t); }
    @Override public Vec3 linearVelocity(String bodyId, double t) { return velocity.apply(t); }
    @Override public Vec3 angularVelocity(String bodyId, double t) { return omega.apply(t); }
    @Override public double jointPosition(String jointId, double t) { throw new IllegalArgumentException("no joints"); }
    @Override public Vec3 gravity() { return new Vec3(0, 0, -9.81); }
    @Override public Vec3 magneticField(Vec3 position) { return Vec3.ZERO; }
    @Override public SceneView scene() { return null; }
    @Override public CounterRandom random() { return random; }
}
