package sensor.api.sensor;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.random.CounterRandom;

/**
 * What a sensor can read while sampling. State queries take a time in the sensor's sample window
 * {@code [time() − period(), time()]} (at most the last second): between dynamics steps body states are
 * interpolated (linear in position and velocity, slerp in rotation), exact at step ends, clamped outside
 * the history kept. This is what lets a lidar trace each ray at its own firing time ([L-T]).
 */
@ProviderType
public interface SampleContext {
    /** The sensor's id. */
    String sensorId();

    /** Measurement time of this sample, s. */
    double time();

    /** Sample number, 1 for the first sample. */
    long index();

    /** Start of the current dynamics step, s. */
    double stepStart();

    /** End of the current dynamics step (the world's current time), s. */
    double stepEnd();

    /** The dynamics time step, s. */
    double timeStep();

    /** The sensor's sample period {@code 1/frequency}, s. */
    double period();

    /** The sensor's mount. */
    SensorMount mount();

    /** World pose of the sensor frame at time {@code t}. */
    Pose sensorPose(double t);

    /** World pose of a body at time {@code t}. */
    Pose bodyPose(String bodyId, double t);

    /** Linear velocity of a body's origin at time {@code t}, world frame. */
    Vec3 linearVelocity(String bodyId, double t);

    /** Angular velocity of a body at time {@code t}, world frame. */
    Vec3 angularVelocity(String bodyId, double t);

    /** Position of a joint's free degree of freedom at time {@code t}. */
    double jointPosition(String jointId, double t);

    /** Gravity, world frame, m/s². */
    Vec3 gravity();

    /** Magnetic flux density at a world position, T. */
    Vec3 magneticField(Vec3 position);

    /** The scene as raytracing sensors see it. */
    SceneView scene();

    /** This sensor's random stream, keyed by the environment seed and the sensor id. */
    CounterRandom random();
}
