package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The bundle's complex value type used by the reference Fresnel form [L-5]. */
class ComplexTest {
    @Test
    void fresnelL5_complexArithmeticAndPrincipalRoot() {
        Complex a = Complex.of(3, -2), b = Complex.of(-1, 4);
        assertEquals(Complex.of(2, 2), a.plus(b));
        assertEquals(Complex.of(4, -6), a.minus(b));
        assertEquals(Complex.of(5, 14), a.times(b)); // (3 − 2i)(−1 + 4i) = −3 + 12i + 2i + 8
        Complex q = a.div(b);
        Complex back = q.times(b);
        assertEquals(3, back.re(), 1e-15);
        assertEquals(-2, back.im(), 1e-15);
        assertEquals(Complex.of(0, 2), Complex.real(-4).sqrt()); // branch on the negative axis: +2i
        Complex r = Complex.of(-3, 4).sqrt(); // √(−3 + 4i) = 1 + 2i
        assertEquals(1, r.re(), 1e-15);
        assertEquals(2, r.im(), 1e-15);
        assertEquals(25, Complex.of(3, 4).abs2());
    }
}
