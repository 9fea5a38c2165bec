package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link Expm1} against the JDK's {@link StrictMath#expm1} (fdlibm, native on JDK 17), bit for bit. */
class Expm1Test {
    private static void same(double x) {
        assertEquals(Double.doubleToRawLongBits(StrictMath.expm1(x)), Double.doubleToRawLongBits(Expm1.expm1(x)),
                () -> "expm1(" + x + ") = " + StrictMath.expm1(x) + ", got " + Expm1.expm1(x));
    }

    @Test
    void equalsStrictMathBitForBitOnEveryRangeOfTheReduction() {
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 709.782712893384, 709.79, -709.79,
            56 * Math.log(2), -56 * Math.log(2), -38.9, 0.5 * Math.log(2), -0.5 * Math.log(2), 1.5 * Math.log(2),
            -1.5 * Math.log(2), Math.log(2), -Math.log(2), -0.25, 0x1p-54, -0x1p-54, 0x1p-55, 19.5 * Math.log(2),
            20 * Math.log(2), 20.5 * Math.log(2), -2 * Math.log(2), 1e-300, -1e-300};
        for (double x : special) {
            same(x);
            same(Math.nextUp(x));
            same(Math.nextDown(x));
        }
        SplittableRandom r = new SplittableRandom(42);
        // every value whose high word is one of the algorithm's thresholds (the ranges' borders), both signs
        for (long high : new long[] {0x4043687AL, 0x40862E42L, 0x7ff00000L, 0x3fd62e42L, 0x3FF0A2B2L, 0x3c900000L}) {
            for (int i = 0; i < 20_000; i++) {
                long bits = high << 32 | (r.nextInt() & 0xffffffffL);
                same(Double.longBitsToDouble(bits));
                same(Double.longBitsToDouble(bits | 1L << 63));
            }
        }
        // around the inputs whose reduced argument is -1/4, where the k = 1 case switches formula
        double quarter = 6.93147180369123816490e-01 + (-0.25 + 1.90821492927058770002e-10);
        for (int i = -200; i <= 200; i++) {
            same(quarter + i * Math.ulp(quarter));
        }
        for (int i = 0; i < 1_000_000; i++) {
            same(Double.longBitsToDouble(r.nextLong()));      // every exponent
            same(r.nextDouble(-60, 60));                       // every k of the reduction
            same(r.nextDouble(-2, 2));                         // k = -1, 0, 1 and their borders
            same(-r.nextDouble() * Math.pow(10, -r.nextInt(20))); // the divergence's arguments: small and negative
        }
    }
}
