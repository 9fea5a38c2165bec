package sensor.imu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.MagneticField;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorMount;
import sensor.api.world.KinematicWorld;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.BiasConfig;
import sensor.imu.config.CrossAxisConfig;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.LinearAccelerationConfig;
import sensor.imu.config.Magnetometer;
import sensor.imu.config.Matrix3;
import sensor.imu.config.RangeConfig;
import sensor.imu.config.StageSpec;

/** The ideal IMU signals [T-29], [T-30], [T-LAE], [T-M], [T-IMU] and the deterministic stages [T-22]. */
class ImuPhysicsTest {
    private static final double G = 9.81;

    private static void assertVec(double x, double y, double z, Channels c, double tol) {
        assertArrayEquals(new double[] {x, y, z}, c.values(), tol, () -> "channels " + c.names());
    }

    @Test
    void T29_atRestLevelReadsPlusGravityUp() {
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.Fixed(Pose.translation(1, 2, 3)));
        rig.use(w).add("acc", AccelerometerType.ID, null, SensorMount.on("b", Pose.IDENTITY), 100)
                .add("fixed", AccelerometerType.ID, null, SensorMount.world(Pose.IDENTITY), 100).advance(0.5);
        assertEquals(50, rig.frames("acc").size());
        assertVec(0, 0, G, rig.last("acc"), 1e-12);
        assertVec(0, 0, G, rig.last("fixed"), 1e-12);
    }

    @Test
    void T29_tiltedAtRestReadsGravityInSensorFrame() {
        double roll = 0.3;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.Fixed(new Pose(Vec3.ZERO, Quat.axisAngle(Vec3.X, roll))));
        rig.use(w).add("acc", AccelerometerType.ID, null, SensorMount.on("b", Pose.IDENTITY), 100).advance(0.1);
        // R_x(roll)^-1 (0, 0, g) = (0, g sin roll, g cos roll)
        assertVec(0, G * Math.sin(roll), G * Math.cos(roll), rig.last("acc"), 1e-12);
    }

    @Test
    void T29_spinningBodyReadsCentripetalOmegaSquaredR() {
        double omega = 3.0, r = 0.4;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, 0);
        w.addBody("b", new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, Vec3.ZERO, new Vec3(0, 0, omega)));
        var acc = Accelerometer.of().withOffset(Pose.translation(r, 0, 0));
        rig.use(w).add("imu", ImuType.ID, ImuConfig.of(acc), SensorMount.on("b", Pose.IDENTITY), 200).advance(1.37);
        for (var f : rig.frames("imu")) {
            // sensor frame turns with the body: the centre is always at -x, |a| = omega^2 r
            assertVec(-omega * omega * r, 0, 0, (Channels) f.data(), 1e-9);
        }
    }

    @Test
    void T29_linearAndAngularAccelerationByFiniteDifference() {
        Vec3 a = new Vec3(1.5, -0.5, 0.25);
        double alpha = 2.0, r = 0.3, dt = 0.002;
        Rig rig = new Rig();
        rig.use(new AcceleratingWorld(dt, a, alpha, new Vec3(0, 0, -G)));
        var acc = Accelerometer.of().withOffset(Pose.translation(r, 0, 0));
        rig.add("imu", ImuType.ID, ImuConfig.of(acc), SensorMount.on("b", Pose.IDENTITY), 1 / dt).advance(1.0);
        for (var f : rig.frames("imu")) {
            double t = f.time(), w = alpha * t, theta = 0.5 * alpha * t * t;
            // R(theta)^-1 (a - g) + alpha z x r_b + omega x (omega x r_b), r_b = (r, 0, 0)
            double fx = a.x(), fy = a.y(), fz = a.z() + G;
            double c = Math.cos(theta), s = Math.sin(theta);
            assertVec(c * fx + s * fy - w * w * r, -s * fx + c * fy + alpha * r, fz, (Channels) f.data(), 1e-9);
        }
    }

    @Test
    void T29_samplesBetweenDynamicsStepsSeeTheStepsAcceleration() {
        Vec3 a = new Vec3(0.7, 0.2, -1.1);
        double dt = 0.004; // sensor at 1 kHz samples inside 4 ms dynamics steps
        Rig rig = new Rig();
        rig.use(new AcceleratingWorld(dt, a, 0, new Vec3(0, 0, -G)));
        rig.add("acc", AccelerometerType.ID, null, SensorMount.on("b", Pose.IDENTITY), 1000).advance(0.2);
        assertEquals(200, rig.frames("acc").size());
        for (var f : rig.frames("acc")) {
            if (f.time() < dt - 1e-12) {
                continue; // v(t - dt) would lie before the start: the environment clamps it to v(0)
            }
            assertVec(a.x(), a.y(), a.z() + G, (Channels) f.data(), 1e-9);
        }
    }

    @Test
    void T30_gyroscopeReadsOmegaInItsOwnRotatedFrame() {
        double omega = 1.7, tilt = 0.6;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, Vec3.ZERO, new Vec3(0, 0, omega)));
        var gyro = Gyroscope.of().withOffset(new Pose(new Vec3(0.2, 0.1, 0), Quat.axisAngle(Vec3.X, tilt)));
        rig.use(w).add("imu", ImuType.ID, ImuConfig.of(gyro), SensorMount.on("b", Pose.IDENTITY), 100).advance(0.5);
        // R_x(tilt)^-1 (0, 0, w) = (0, w sin tilt, w cos tilt); the body turns about the same axis
        for (var f : rig.frames("imu")) {
            assertVec(0, omega * Math.sin(tilt), omega * Math.cos(tilt), (Channels) f.data(), 1e-12);
        }
    }

    @Test
    void TLAE_gyroscopeAtRestPicksUpGravityThroughTheMatrix() {
        double k = 0.002;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.Fixed(Pose.IDENTITY));
        var gyro = Gyroscope.of().withStages(StageSpec.linearAccelerationEffects(
                new LinearAccelerationConfig(Matrix3.diagonal(k, 2 * k, 3 * k))));
        rig.use(w).add("g", GyroscopeType.ID, gyro, SensorMount.on("b", Pose.IDENTITY), 100).advance(0.1);
        assertVec(0, 0, 3 * k * G, rig.last("g"), 1e-15);
    }

    @Test
    void TLAE_usesTheSpecificForceAtTheGyroscopesOwnFrame() {
        double omega = 2.0, r = 0.5;
        Matrix3 m = new Matrix3(0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09);
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, 0);
        w.addBody("b", new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, Vec3.ZERO, new Vec3(0, 0, omega)));
        var gyro = Gyroscope.of().withOffset(Pose.translation(r, 0, 0))
                .withStages(StageSpec.linearAccelerationEffects(new LinearAccelerationConfig(m)));
        rig.use(w).add("imu", ImuType.ID, ImuConfig.of(gyro), SensorMount.on("b", Pose.IDENTITY), 100).advance(0.3);
        double ax = -omega * omega * r; // centripetal, gyro frame; gravity zero
        assertVec(m.m00() * ax, m.m10() * ax, omega + m.m20() * ax, rig.last("imu"), 1e-12);
    }

    @Test
    void T22_crossAxisAfterClampAndBias() {
        double s = 0.02;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.Fixed(Pose.IDENTITY));
        var acc = Accelerometer.of().withStages(
                StageSpec.range(new RangeConfig(new Vec3(-5, -5, -5), new Vec3(5, 5, 5))),
                StageSpec.bias(new BiasConfig(new Vec3(0.1, 0.2, 0.3))),
                StageSpec.crossAxis(CrossAxisConfig.uniform(s)));
        rig.use(w).add("acc", AccelerometerType.ID, acc, SensorMount.on("b", Pose.IDENTITY), 100).advance(0.1);
        // u = (0, 0, 9.81) -> clamp (0, 0, 5) -> + bias (0.1, 0.2, 5.3) -> A u with unit diagonal, s elsewhere
        double x = 0.1, y = 0.2, z = 5.3;
        assertVec(x + s * (y + z), y + s * (x + z), z + s * (x + y), rig.last("acc"), 1e-12);
    }

    @Test
    void TM_magnetometerReadsTheFieldInItsFrame() {
        double d = 0.1, inc = 1.1, f = 50e-6;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.Fixed(Pose.translation(5, 5, 0)));
        rig.use(w);
        rig.env.setMagneticField(MagneticField.fromElements(d, inc, f));
        // yaw pi/2 - D points the sensor x axis at magnetic north (horizontal component)
        var mag = Magnetometer.of().withOffset(new Pose(Vec3.ZERO, Quat.axisAngle(Vec3.Z, Math.PI / 2 - d)));
        rig.add("m", MagnetometerType.ID, mag, SensorMount.on("b", Pose.IDENTITY), 50)
                .add("level", MagnetometerType.ID, null, SensorMount.on("b", Pose.IDENTITY), 50).advance(0.1);
        assertVec(f * Math.cos(inc), 0, -f * Math.sin(inc), rig.last("m"), 1e-18);
        assertVec(f * Math.cos(inc) * Math.sin(d), f * Math.cos(inc) * Math.cos(d), -f * Math.sin(inc), rig.last("level"), 1e-18);
    }

    @Test
    void TIMU_outputFormatListsChosenAxesInOrder() {
        double omega = 1.0, r = 0.25;
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, G);
        w.addBody("b", new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, Vec3.ZERO, new Vec3(0, 0, omega)));
        rig.use(w);
        rig.env.setMagneticField(MagneticField.uniform(new Vec3(0, 2e-5, -4e-5)));
        var config = ImuConfig.of(Accelerometer.of("a").withOffset(Pose.translation(r, 0, 0)), Gyroscope.of("g"),
                Magnetometer.of("m")).withOutput("g.z", "a.x", "a.z", "m.z");
        // the IMU frame itself is offset on the body: the accelerometer is 2r from the spin axis
        rig.add("imu", ImuType.ID, config, SensorMount.on("b", Pose.translation(r, 0, 0)), 100).advance(0.2);
        Channels c = rig.last("imu");
        assertEquals(List.of("g.z", "a.x", "a.z", "m.z"), c.names());
        assertEquals(List.of("rad/s", "m/s^2", "m/s^2", "T"), c.units());
        assertArrayEquals(new double[] {omega, -omega * omega * 2 * r, G, -4e-5}, c.values(), 1e-12);
    }
}
