package sensor.imu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.imu.config.Accelerometer;
import sensor.imu.config.ImuConfig;
import sensor.imu.config.Matrix3;
import sensor.imu.config.OutputAxis;
import sensor.imu.config.RangeConfig;
import sensor.imu.config.StageSpec;

/** The IMU's configuration values: output axes, symmetric ranges, 3×3 matrices, degenerate ranges [T-23]. */
class ImuConfigTest {
    @Test
    void TIMU_outputAxesParseAfterTheLastDot() {
        assertEquals(new OutputAxis("acc", "x"), OutputAxis.parse("acc.x"));
        assertEquals(new OutputAxis("front.acc", "z"), OutputAxis.parse("front.acc.z"));
        for (String bad : new String[] {".x", "acc.", "acc", ""}) {
            var e = assertThrows(IllegalArgumentException.class, () -> OutputAxis.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OutputAxis.parse(null)).getMessage().endsWith("null"));
    }

    @Test
    void T23_symmetricRangeSpansMinusToPlusTheLimit() {
        RangeConfig r = RangeConfig.symmetric(2.5);
        assertEquals(new Vec3(-2.5, -2.5, -2.5), r.lower());
        assertEquals(new Vec3(2.5, 2.5, 2.5), r.upper());
    }

    @Test
    void T23_aRangeOfOneValueIsAllowedAndClampsToIt() {
        var s = ImuFactory.create(ImuConfig.of(Accelerometer.of().withStages(StageSpec.range(
                new RangeConfig(new Vec3(1, 1, 1), new Vec3(1, 1, 1))))).withOutput("acc.x", "acc.y", "acc.z"),
                BuiltinStages.all());
        assertArrayEquals(new double[] {1, 1, 1}, ((Channels) s.sample(StaticContext.atRest("acc", 0, 10).at(1))).values(), 0);
    }

    /** Every built-in stage at its default configuration changes nothing: an ideal accelerometer at rest reads +g. */
    @Test
    void TIMU_everyStageAtItsDefaultsChangesNothing() {
        for (var type : BuiltinStages.all()) {
            assertTrue(type.description().length() > 10, type.id() + ": " + type.description());
            var s = ImuFactory.create(ImuConfig.of(Accelerometer.of().withStages(StageSpec.of(type.id(), type.defaultConfig())))
                    .withOutput("acc.x", "acc.y", "acc.z"), BuiltinStages.all());
            for (int k = 1; k <= 3; k++) {
                assertArrayEquals(new double[] {0, 0, 9.81}, ((Channels) s.sample(StaticContext.atRest("acc", 0, 10).at(k)))
                        .values(), 1e-12, type.id());
            }
        }
    }

    @Test
    void T22_matricesHaveThreeRowsOfThree() {
        Matrix3 m = Matrix3.of(new double[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
        assertEquals(5.0, m.get(1, 1));
        assertEquals(8.0, m.get(2, 1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Matrix3.of(new double[2][3])).getMessage()
                .endsWith("got 2 rows"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Matrix3.of(null)).getMessage().endsWith("got null"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Matrix3.of(new double[][] {{1, 2, 3}, {4, 5}, {7, 8, 9}}))
                .getMessage().endsWith("row 1 must have 3 values, got 2"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Matrix3.of(new double[][] {{1, 2, 3}, null, {7, 8, 9}}))
                .getMessage().endsWith("row 1 must have 3 values, got null"));
    }
}
