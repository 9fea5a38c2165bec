package sensor.materials.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** [L-5] [L-6] complex Fresnel equations. */
class FresnelTest {
    private static final double[] INDICES = {1.0, 1.000273, 1.33, 1.4517, 1.5, 2.4, 3.5};

    @Test
    void fresnelL6_energyConservedForNonAbsorbingMedia() {
        // R + T = 1 for k = 0, both directions (n1 < n2 and n1 > n2, including total internal reflection)
        for (double n1 : INDICES) {
            for (double n2 : INDICES) {
                for (int i = 0; i <= 200; i++) {
                    double cos = Math.max(1e-6, i / 200.0);
                    double r = Fresnel.reflectance(n1, n2, 0, cos);
                    double t = Fresnel.transmittance(n1, n2, 0, cos);
                    assertEquals(1.0, r + t, 1e-12, "n1=" + n1 + " n2=" + n2 + " cos=" + cos);
                    Fresnel.Amplitudes a = Fresnel.amplitudes(Complex.real(n1), Complex.real(n2), cos);
                    assertEquals(1.0, a.reflectance() + a.transmittance(), 1e-12);
                }
            }
        }
    }

    @Test
    void fresnelL5_normalIncidenceMatchesClosedForm() {
        for (double n1 : INDICES) {
            for (double n2 : INDICES) {
                double expected = Math.pow((n1 - n2) / (n1 + n2), 2);
                assertEquals(expected, Fresnel.reflectance(n1, n2, 0, 1.0), 1e-15);
                assertEquals(1 - expected, Fresnel.transmittance(n1, n2, 0, 1.0), 1e-14);
            }
        }
        // absorbing medium at normal incidence: R = ((n1 − n)² + k²)/((n1 + n)² + k²)
        double n = 0.2, k = 3.0;
        assertEquals(((1 - n) * (1 - n) + k * k) / ((1 + n) * (1 + n) + k * k), Fresnel.reflectance(1, n, k, 1), 1e-14);
    }

    @Test
    void fresnelL5_brewsterAngleZeroesRp() {
        for (double n2 : new double[] {1.33, 1.4517, 1.5, 2.4}) {
            double n1 = 1.0;
            double thetaB = Math.atan(n2 / n1); // Brewster: tan θ_B = n2/n1
            Fresnel.Amplitudes a = Fresnel.amplitudes(Complex.real(n1), Complex.real(n2), Math.cos(thetaB));
            assertEquals(0, a.rp().abs(), 1e-14, "r_p at Brewster for n2=" + n2);
            // and R there is |r_s|²/2 with the textbook r_s = (n1 cos θ1 − n2 cos θ2)/(…)
            double cos2 = Math.cos(Math.asin(n1 / n2 * Math.sin(thetaB)));
            double rs = (n1 * Math.cos(thetaB) - n2 * cos2) / (n1 * Math.cos(thetaB) + n2 * cos2);
            assertEquals(0.5 * rs * rs, Fresnel.reflectance(n1, n2, 0, Math.cos(thetaB)), 1e-14);
        }
    }

    @Test
    void fresnelL5_silverReflectsOver99PercentAtNormalIncidence() {
        // silver from the manual: n̂ = 0.037 + 5.57 i
        double r = Fresnel.reflectance(1.0, 0.037, 5.57, 1.0);
        assertTrue(r > 0.99, "R = " + r);
        double expected = ((1 - 0.037) * (1 - 0.037) + 5.57 * 5.57) / ((1 + 0.037) * (1 + 0.037) + 5.57 * 5.57);
        assertEquals(expected, r, 1e-14);
        // a metal stays highly reflective at all angles and reaches 1 at grazing incidence
        for (int i = 1; i <= 100; i++) {
            assertTrue(Fresnel.reflectance(1.0, 0.037, 5.57, i / 100.0) > 0.98);
        }
    }

    @Test
    void fresnelL5_obliqueDielectricMatchesTextbookRealForm() {
        // for real indices: r_s, r_p with real cos θ2 = sqrt(1 − (n1/n2)² sin² θ1)
        double n1 = 1.0, n2 = 1.4517;
        for (int i = 1; i < 90; i++) {
            double t1 = Math.toRadians(i);
            double c1 = Math.cos(t1), c2 = Math.sqrt(1 - Math.pow(n1 / n2 * Math.sin(t1), 2));
            double rs = (n1 * c1 - n2 * c2) / (n1 * c1 + n2 * c2);
            double rp = (n2 * c1 - n1 * c2) / (n2 * c1 + n1 * c2);
            assertEquals(0.5 * (rs * rs + rp * rp), Fresnel.reflectance(n1, n2, 0, c1), 1e-14, "θ=" + i);
        }
    }

    @Test
    void fresnelL5_totalInternalReflectionBeyondCriticalAngle() {
        double n1 = 1.5, n2 = 1.0, critical = Math.asin(n2 / n1);
        for (double t = critical + 1e-3; t < Math.PI / 2; t += 0.01) {
            assertEquals(1.0, Fresnel.reflectance(n1, n2, 0, Math.cos(t)), 1e-12);
            assertEquals(0.0, Fresnel.transmittance(n1, n2, 0, Math.cos(t)), 1e-12);
        }
    }

    @Test
    void fresnelL5_primitiveFormEqualsComplexReferenceForm() {
        double[][] media = {{1.4517, 0}, {0.037, 5.57}, {2.5, 0.3}, {1.0, 1.0}, {0.2, 3.0}, {1.0, 0}};
        for (double n1 : new double[] {1.0, 1.000273, 1.33}) {
            for (double[] m : media) {
                for (int i = 1; i <= 100; i++) {
                    double c = i / 100.0;
                    Fresnel.Amplitudes a = Fresnel.amplitudes(Complex.real(n1), Complex.of(m[0], m[1]), c);
                    assertEquals(a.reflectance(), Fresnel.reflectance(n1, m[0], m[1], c), 1e-13);
                    assertEquals(a.transmittance(), Fresnel.transmittance(n1, m[0], m[1], c), 1e-12);
                }
            }
        }
    }

    @Test
    void fresnelL6_grazingIncidenceReflectsEverything() {
        assertEquals(1.0, Fresnel.reflectance(1.0, 1.4517, 0, 0.0));
        assertEquals(0.0, Fresnel.transmittance(1.0, 1.4517, 0, 0.0));
        assertEquals(1.0, Fresnel.reflectance(1.0, 1.4517, 0, 1e-9), 1e-8);
    }
}
