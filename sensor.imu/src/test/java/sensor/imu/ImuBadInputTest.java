package sensor.imu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.sensor.SensorMount;
import sensor.api.world.KinematicWorld;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.BiasConfig;
import sensor.imu.config.CrossAxisConfig;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.LinearAccelerationConfig;
import sensor.imu.config.Matrix3;
import sensor.imu.config.NoiseConfig;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.RandomWalkConfig;
import sensor.imu.config.RangeConfig;
import sensor.imu.config.SpectralNoiseConfig;
import sensor.imu.config.StageSpec;

/** Invalid configurations are rejected in create() with the parameter and its allowed range named. */
class ImuBadInputTest {
    private static final double NAN = Double.NaN, INF = Double.POSITIVE_INFINITY;

    private static void rejects(Executable e, String... parts) {
        var ex = assertThrows(IllegalArgumentException.class, e);
        for (String p : parts) {
            assertTrue(ex.getMessage().contains(p), () -> "message '" + ex.getMessage() + "' lacks '" + p + "'");
        }
    }

    private static void rejectsStage(StageSpec stage, String... parts) {
        rejects(() -> new AccelerometerType(BuiltinStages.all()).create(Accelerometer.of().withStages(stage)), parts);
    }

    @Test
    void T22_crossAxisSingularOrNonFinite() {
        rejectsStage(StageSpec.crossAxis(new CrossAxisConfig(new Matrix3(1, 2, 3, 2, 4, 6, 0, 0, 1))),
                "cross-axis matrix", "non-singular");
        rejectsStage(StageSpec.crossAxis(new CrossAxisConfig(Matrix3.ZERO)), "cross-axis matrix", "non-singular");
        rejectsStage(StageSpec.crossAxis(new CrossAxisConfig(Matrix3.diagonal(1, NAN, 1))), "cross-axis matrix[1][1]", "finite");
        rejectsStage(StageSpec.crossAxis(new CrossAxisConfig(null)), "cross-axis matrix", "null");
        rejects(() -> Matrix3.of(new double[2][3]), "3 rows");
    }

    @Test
    void T23_T25_negativeOrNonFiniteSigmaAndDensity() {
        rejectsStage(StageSpec.noise(new NoiseConfig(new Vec3(0.1, -0.1, 0))), "noise sigma.y", ">= 0");
        rejectsStage(StageSpec.noise(new NoiseConfig(new Vec3(INF, 0, 0))), "noise sigma.x", ">= 0");
        rejectsStage(StageSpec.spectralNoise(new SpectralNoiseConfig(new Vec3(0, 0, -1e-3))), "spectral-noise density.z", ">= 0");
        rejectsStage(StageSpec.spectralNoise(new SpectralNoiseConfig(new Vec3(NAN, 0, 0))), "spectral-noise density.x");
    }

    @Test
    void TRW_badRandomWalk() {
        rejectsStage(StageSpec.randomWalk(new RandomWalkConfig(Vec3.ZERO, new Vec3(-1, 0, 0), new Vec3(1, 1, 1))),
                "random-walk instability.x", ">= 0");
        rejectsStage(StageSpec.randomWalk(new RandomWalkConfig(Vec3.ZERO, Vec3.ZERO, new Vec3(1, 0, 1))),
                "random-walk correlationTime.y", "> 0");
        rejectsStage(StageSpec.randomWalk(new RandomWalkConfig(new Vec3(0, 0, INF), Vec3.ZERO, new Vec3(1, 1, 1))),
                "random-walk mean.z", "finite");
    }

    @Test
    void T29_rangeLowerAboveUpperOrNaN() {
        rejectsStage(StageSpec.range(new RangeConfig(new Vec3(-1, 2, -1), new Vec3(1, 1, 1))), "range lower.y", "<= range upper.y");
        rejectsStage(StageSpec.range(new RangeConfig(new Vec3(NAN, 0, 0), new Vec3(1, 1, 1))), "range lower.x", "NaN");
        rejectsStage(StageSpec.range(new RangeConfig(new Vec3(INF, 0, 0), new Vec3(INF, 1, 1))), "range lower.x");
        rejectsStage(StageSpec.bias(new BiasConfig(new Vec3(0, NAN, 0))), "bias.y", "finite");
        rejectsStage(StageSpec.linearAccelerationEffects(new LinearAccelerationConfig(Matrix3.diagonal(0, 0, INF))),
                "linear-acceleration-effects matrix[2][2]", "finite");
    }

    @Test
    void TIMU_stageTypeUnknownOrWrongConfig() {
        rejectsStage(StageSpec.of("no-such-stage", null), "stages[0].typeId 'no-such-stage'", "known triaxial stage types",
                "spectral-noise");
        rejectsStage(StageSpec.of("noise", "0.1"), "stages[0].config", NoiseConfig.class.getName());
        rejectsStage(StageSpec.of("bad id!", null), "typeId");
    }

    @Test
    void TIMU_outputNamingMissingSubSensorOrAxis() {
        var imu = new ImuType(BuiltinStages.all());
        var base = ImuConfig.of(Accelerometer.of("a"), Gyroscope.of("g"));
        rejects(() -> imu.create(base.withOutput("a.x", "m.z")), "output[1].sensor 'm'", "sub-sensors: [a, g]");
        rejects(() -> imu.create(base.withOutput("a.w")), "output[0].axis 'w'", "[x, y, z]");
        rejects(() -> imu.create(new ImuConfig(base.sensors(), List.of(new OutputAxis("a", null)))), "output[0].axis");
        rejects(() -> OutputAxis.parse("ax"), "sensor.axis");
        rejects(() -> imu.create(ImuConfig.of()), "at least one sub-sensor");
        rejects(() -> imu.create(ImuConfig.of(Accelerometer.of("a"), Gyroscope.of("a"))), "sensors[1].name 'a'", "unique");
        rejects(() -> imu.create(ImuConfig.of(Accelerometer.of("a b"))), "sensors[0].name");
        rejects(() -> imu.create(ImuConfig.of(Accelerometer.of(), null)), "sensors[1]", "null");
        rejects(() -> imu.create(null), "IMU config");
    }

    @Test
    void TIMU_rejectedSensorIsNotAdded() {
        Rig rig = new Rig();
        KinematicWorld w = rig.world(0.001, 9.81);
        w.addBody("b", new KinematicWorld.Fixed(Pose.IDENTITY));
        rig.use(w);
        var bad = ImuConfig.of(Accelerometer.of().withStages(StageSpec.noise(new NoiseConfig(new Vec3(0.1, 0, 0))),
                StageSpec.noise(new NoiseConfig(new Vec3(-1, 0, 0)))));
        rejects(() -> rig.add("imu", ImuType.ID, bad, SensorMount.on("b", Pose.IDENTITY), 100),
                "stages[1]", "noise sigma.x");
        assertEquals(0, rig.env.sensors().size());
        rig.advance(0.1);
        assertEquals(0, rig.frames.size());
    }
}
