package sensor.imu;

import java.util.Set;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.world.WorldSource;

/**
 * One body {@code b} from rest at the origin with constant linear acceleration {@code a} and constant angular
 * acceleration {@code α} about world z: {@code p = a t²/2}, {@code v = a t}, {@code ω = α t ẑ},
 * {@code θ = α t²/2}. Exact states at {@code t = steps·dt}.
 */
final class AcceleratingWorld implements WorldSource {
    final double dt;
    final Vec3 a, g;
    final double alpha;
    private long steps;

    AcceleratingWorld(double dt, Vec3 a, double alpha, Vec3 g) {
        this.dt = dt;
        this.a = a;
        this.alpha = alpha;
        this.g = g;
    }

    @Override public double time() { return steps * dt; }
    @Override public double timeStep() { return dt; }
    @Override public void step() { steps++; }
    @Override public Vec3 gravity() { return g; }
    @Override public Set<String> bodyIds() { return Set.of("b"); }

    @Override
    public Pose bodyPose(String bodyId) {
        double t = time();
        return new Pose(a.times(0.5 * t * t), Quat.axisAngle(Vec3.Z, 0.5 * alpha * t * t));
    }

    @Override public Vec3 linearVelocity(String bodyId) { return a.times(time()); }
    @Override public Vec3 angularVelocity(String bodyId) { return new Vec3(0, 0, alpha * time()); }
    @Override public Set<String> jointIds() { return Set.of(); }
    @Override public double jointPosition(String jointId) { throw new IllegalArgumentException("no joints"); }
    @Override public double jointVelocity(String jointId) { throw new IllegalArgumentException("no joints"); }
}
