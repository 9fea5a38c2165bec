package sensor.imu;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.sensor.SampleContext;

/**
 * The motion of the IMU's host rigid body at one sample, for the specific force [T-29]:
 * {@code a = Δv/Δt + (Δω/Δt) × r + ω × (ω × r) − g}, {@code r = p_sensor − p_body}. The finite differences
 * are taken over the environment's dynamics time step {@code Δt} ending at the sample time:
 * {@code Δv = v(t) − v(t − Δt)}, {@code Δω = ω(t) − ω(t − Δt)} (the environment interpolates between steps and
 * clamps before the first one, so samples within the first {@code Δt} of a world see only the acceleration
 * since its start). A sensor fixed in the world has no host body: only {@code −g} remains.
 */
final class HostMotion {
    final Vec3 position, omega, linearAcceleration, angularAcceleration, gravity;

    private HostMotion(Vec3 position, Vec3 omega, Vec3 linearAcceleration, Vec3 angularAcceleration, Vec3 gravity) {
        this.position = position;
        this.omega = omega;
        this.linearAcceleration = linearAcceleration;
        this.angularAcceleration = angularAcceleration;
        this.gravity = gravity;
    }

    static HostMotion of(SampleContext ctx, double t) {
        Vec3 g = ctx.gravity();
        String body = ctx.mount().bodyId();
        if (body == null) {
            return new HostMotion(Vec3.ZERO, Vec3.ZERO, Vec3.ZERO, Vec3.ZERO, g);
        }
        double dt = ctx.timeStep();
        double t0 = t - dt;
        Vec3 acc = ctx.linearVelocity(body, t).minus(ctx.linearVelocity(body, t0)).times(1 / dt);
        Vec3 alpha = ctx.angularVelocity(body, t).minus(ctx.angularVelocity(body, t0)).times(1 / dt);
        return new HostMotion(ctx.bodyPose(body, t).position(), ctx.angularVelocity(body, t), acc, alpha, g);
    }

    /** Specific force [T-29] at a sensor frame with world pose {@code pose}, in that frame; writes 3 values. */
    void specificForce(Pose pose, double[] out) {
        Vec3 r = pose.position().minus(position);
        Vec3 a = linearAcceleration.plus(angularAcceleration.cross(r)).plus(omega.cross(omega.cross(r))).minus(gravity);
        Vec3 u = pose.inverseTransformVector(a);
        out[0] = u.x();
        out[1] = u.y();
        out[2] = u.z();
    }
}
