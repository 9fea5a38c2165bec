package sensor.imu;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;


import sensor.api.ConfigReader;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.BiasConfig;
import sensor.imu.config.Gyroscope;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.Magnetometer;
import sensor.imu.config.Matrix3;
import sensor.imu.config.NoiseConfig;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.StageSpec;

/** The IMU types' scenario fields read into their configurations, their identities and defaults. */
class ImuConfigReadingTest {
    /** The runtime's configuration reader over the built-in stages. */
    private static final ConfigReader READER = new sensor.env.FixedCatalog(BuiltinStages.all()).reader(Path.of("."));

    private static final Map<String, Object> BIAS = Map.of("type", "bias", "bias", Map.of("x", 0.1, "y", 0.2, "z", 0.3));
    private static final StageSpec BIAS_SPEC = StageSpec.bias(new BiasConfig(new Vec3(0.1, 0.2, 0.3)));

    @Test
    void anImuReadsItsSubSensorsStagesPosesAndOutput() {
        Map<String, Object> f = Map.of(
                "sensors", List.of(
                        Map.of("kind", "accelerometer", "name", "a1", "pose", Map.of("position", List.of(0.1, 0, 0)),
                                "stages", List.of(BIAS)),
                        Map.of("kind", "gyroscope"),
                        Map.of("kind", "magnetometer", "name", "compass")),
                "output", List.of("a1.x", "gyro.z"));
        ImuConfig c = new ImuType(BuiltinStages.all()).readConfig(f, READER);
        assertEquals(List.of(new Accelerometer("a1", Pose.translation(0.1, 0, 0), List.of(BIAS_SPEC)), Gyroscope.of(),
                new Magnetometer("compass", Pose.IDENTITY, List.of())), c.sensors());
        assertEquals(List.of(new OutputAxis("a1", "x"), new OutputAxis("gyro", "z")), c.output());
        assertEquals("a1.x", c.output().get(0).toString());

        ImuConfig d = new ImuType(BuiltinStages.all()).readConfig(Map.of(), READER);
        assertEquals(ImuConfig.defaults(), d);
        assertEquals(List.of(Accelerometer.of(), Gyroscope.of(), Magnetometer.of()), d.sensors());
        assertEquals(List.of(new OutputAxis("acc", "y")),
                new ImuType(BuiltinStages.all()).readConfig(Map.of("output", List.of("acc.y")), READER).output());
        assertEquals(List.of(), new ImuType(BuiltinStages.all()).readConfig(Map.of("sensors",
                List.of(Map.of("kind", "gyroscope"))), READER).output(), "no output list: every axis");
    }

    @Test
    void singleSensorTypesReadTheirOwnKind() {
        Map<String, Object> f = Map.of("name", "s", "stages", List.of(BIAS));
        assertEquals(new Accelerometer("s", Pose.IDENTITY, List.of(BIAS_SPEC)),
                new AccelerometerType(BuiltinStages.all()).readConfig(f, READER));
        assertEquals(new Gyroscope("s", Pose.IDENTITY, List.of(BIAS_SPEC)),
                new GyroscopeType(BuiltinStages.all()).readConfig(f, READER));
        assertEquals(new Magnetometer("s", Pose.IDENTITY, List.of(BIAS_SPEC)),
                new MagnetometerType(BuiltinStages.all()).readConfig(f, READER));
        assertEquals(Magnetometer.of(), new MagnetometerType(BuiltinStages.all()).readConfig(Map.of(), READER));
        assertEquals(Magnetometer.of().withStages(BIAS_SPEC), new Magnetometer("mag", Pose.IDENTITY, List.of(BIAS_SPEC)));
    }

    @Test
    void aMissingOrUnknownKindIsNamed() {
        var imu = new ImuType(BuiltinStages.all());
        var e = assertThrows(IllegalArgumentException.class,
                () -> imu.readConfig(Map.of("sensors", List.of(Map.of("name", "x"))), READER));
        assertEquals("kind must be one of accelerometer, gyroscope, magnetometer", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> imu.readConfig(Map.of("sensors", List.of(Map.of("kind", "barometer"))), READER));
        assertEquals("kind 'barometer' is unknown; expected one of accelerometer, gyroscope, magnetometer", e.getMessage());
    }

    @Test
    void typesNameThemselvesAndTheirDefaults() {
        var stages = BuiltinStages.all();
        assertEquals(Accelerometer.of(), new AccelerometerType(stages).defaultConfig());
        assertEquals(Gyroscope.of(), new GyroscopeType(stages).defaultConfig());
        assertEquals(Magnetometer.of(), new MagnetometerType(stages).defaultConfig());
        assertEquals(ImuConfig.defaults(), new ImuType(stages).defaultConfig());
        assertTrue(new AccelerometerType(stages).description().contains("[T-29]"));
        assertTrue(new GyroscopeType(stages).description().contains("[T-30]"));
        assertTrue(new MagnetometerType(stages).description().contains("[T-M]"));
        assertTrue(new ImuType(stages).description().startsWith("IMU: "));
    }

    @Test
    void aMatrixIsFiniteOnlyWhenEveryEntryIs() {
        assertTrue(Matrix3.IDENTITY.isFinite());
        for (int i = 0; i < 9; i++) {
            double[] v = Matrix3.IDENTITY.toArray();
            v[i] = i % 2 == 0 ? Double.NaN : Double.POSITIVE_INFINITY;
            double[][] rows = {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
            assertFalse(Matrix3.of(rows).isFinite(), "entry " + i);
        }
        assertEquals(new NoiseConfig(new Vec3(1, 2, 3)), READER.convert(Map.of("sigma", Map.of("x", 1, "y", 2, "z", 3)),
                NoiseConfig.class));
    }
}
