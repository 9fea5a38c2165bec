package sensor.env;

import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.random.CounterRandom;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.SensorMount;

/** The {@link SampleContext} of one sample: states interpolated from the recent world history. */
final class Sampling implements SampleContext {
    private final Environment env;
    private final SensorSlot slot;
    private final double time;
    private final double stepStart;
    private final WorldHistory history;
    private final long seed;

    Sampling(Environment env, SensorSlot slot, double time, double stepStart, WorldHistory history, long seed) {
        this.env = env;
        this.slot = slot;
        this.time = time;
        this.stepStart = stepStart;
        this.history = history;
        this.seed = seed;
    }

    @Override
    public String sensorId() { return slot.spec.id(); }

    @Override
    public double time() { return time; }

    @Override
    public long index() { return slot.samples + 1; }

    @Override
    public double stepStart() { return stepStart; }

    @Override
    public double stepEnd() { return history.latest().time(); }

    @Override
    public double timeStep() { return env.world().timeStep(); }

    @Override
    public double period() { return 1 / slot.spec.frequency(); }

    @Override
    public SensorMount mount() { return slot.spec.mount(); }

    @Override
    public Pose sensorPose(double t) {
        SensorMount m = slot.spec.mount();
        return m.bodyId() == null ? m.offset() : bodyPose(m.bodyId(), t).compose(m.offset());
    }

    @Override
    public Pose bodyPose(String bodyId, double t) { return history.body(bodyId, t).pose(); }

    @Override
    public Vec3 linearVelocity(String bodyId, double t) {
        return history.body(bodyId, t).linearVelocity();
    }

    @Override
    public Vec3 angularVelocity(String bodyId, double t) {
        return history.body(bodyId, t).angularVelocity();
    }

    @Override
    public double jointPosition(String jointId, double t) { return history.joint(jointId, t); }

    @Override
    public Vec3 gravity() { return env.world().gravity(); }

    @Override
    public Vec3 magneticField(Vec3 position) { return env.magneticField().at(position, time); }

    @Override
    public SceneView scene() { return env.scene(); }

    @Override
    public CounterRandom random() { return CounterRandom.of(seed, slot.spec.id()); }
}
