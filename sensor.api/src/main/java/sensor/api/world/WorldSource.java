package sensor.api.world;

import java.util.Set;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;

/**
 * The dynamics source the environment reads (and never writes): a rigid-body simulation or a scripted
 * world. The environment calls {@link #step()} and then reads the new state; a dynamics source knows
 * nothing of sensors. Velocities are in the world frame; the angular velocity is the body's.
 */
@ConsumerType
public interface WorldSource {
    /** Current simulated time in seconds. */
    double time();

    /** The fixed dynamics time step in seconds ({@code > 0}). */
    double timeStep();

    /** Advances the dynamics by one {@link #timeStep()}. */
    void step();

    /** Gravity in the world frame, m/s² (e.g. (0, 0, −9.81)). */
    Vec3 gravity();

    /** Ids of the rigid bodies. */
    Set<String> bodyIds();

    /** Pose of a body's frame in the world; unknown ids throw {@link IllegalArgumentException}. */
    Pose bodyPose(String bodyId);

    /** Linear velocity of a body's frame origin, world frame, m/s. */
    Vec3 linearVelocity(String bodyId);

    /** Angular velocity of a body, world frame, rad/s. */
    Vec3 angularVelocity(String bodyId);

    /** Ids of the one-degree-of-freedom joints (hinges, prismatic joints). */
    Set<String> jointIds();

    /** Position of a joint's free degree of freedom: hinge angle (rad, unwrapped) or displacement (m). */
    double jointPosition(String jointId);

    /** Velocity of a joint's free degree of freedom, rad/s or m/s. */
    double jointVelocity(String jointId);
}
