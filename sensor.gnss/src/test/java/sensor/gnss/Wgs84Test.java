package sensor.gnss;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** WGS-84 geodesy [G] against the published ellipsoid, the axes' closed forms and a round trip. */
class Wgs84Test {
    @Test
    void G_theEllipsoidIsWgs84sPublishedOne() {
        assertEquals(6356752.314245, Wgs84.B, 1e-6); // semi-minor axis, NIMA TR8350.2
        assertEquals(0.00669437999014, Wgs84.E2, 1e-14); // first eccentricity squared
    }

    @Test
    void G_equatorAndPolesLieOnTheAxes() {
        assertArrayEquals(new double[] {Wgs84.A, 0, 0}, Wgs84.toEcef(0, 0, 0), 1e-9);
        assertArrayEquals(new double[] {0, Wgs84.A + 5, 0}, Wgs84.toEcef(0, Math.PI / 2, 5), 1e-9);
        assertArrayEquals(new double[] {0, 0, Wgs84.B + 7}, Wgs84.toEcef(Math.PI / 2, 0, 7), 1e-6);
        assertArrayEquals(new double[] {0, 0, 100}, Wgs84.toGeodetic(Wgs84.A + 100, 0, 0), 1e-9);
        double[] pole = Wgs84.toGeodetic(0, 0, -(Wgs84.B + 100));
        assertEquals(-Math.PI / 2, pole[0], 1e-15);
        assertEquals(100, pole[2], 1e-6);
    }

    @Test
    void G_eastAndUpAtTheEquatorAreClosedForms() {
        Wgs84.Enu plane = Wgs84.Enu.at(0, 0, 0);
        double[] east = plane.toEcef(1000, 0, 0);
        double[] geo = Wgs84.toGeodetic(east[0], east[1], east[2]);
        assertEquals(0, geo[0], 1e-15);
        assertEquals(Math.atan2(1000, Wgs84.A), geo[1], 1e-15);
        assertEquals(Math.hypot(Wgs84.A, 1000) - Wgs84.A, geo[2], 1e-8);
        double[] up = plane.toEcef(0, 0, 1000);
        assertArrayEquals(new double[] {0, 0, 1000}, Wgs84.toGeodetic(up[0], up[1], up[2]), 1e-9);
    }

    @Test
    void G_enuToGeodeticAndBackWithin1mmOver10km() {
        double[][] origins = {{47.3769, 8.5417, 408}, {-33.86, 151.21, 50}, {89.95, 10, 0}, {0, 179.99, -20}, {-75, -60, 3000}};
        double worst = 0;
        for (double[] o : origins) {
            Wgs84.Enu plane = Wgs84.Enu.at(Math.toRadians(o[0]), Math.toRadians(o[1]), o[2]);
            for (double e = -10_000; e <= 10_000; e += 2500) {
                for (double n = -10_000; n <= 10_000; n += 2500) {
                    for (double u : new double[] {-500, 0, 1000}) {
                        double[] x = plane.toEcef(e, n, u);
                        double[] g = Wgs84.toGeodetic(x[0], x[1], x[2]);
                        double[] back = Wgs84.toEcef(g[0], g[1], g[2]);
                        double[] enu = plane.fromEcef(back[0], back[1], back[2]);
                        worst = Math.max(worst, Math.max(Math.abs(enu[0] - e), Math.max(Math.abs(enu[1] - n), Math.abs(enu[2] - u))));
                    }
                }
            }
        }
        assertEquals(0, worst, 1e-3, "largest round-trip error, m");
        assertEquals(0, worst, 1e-6, "in fact far below a millimetre");
    }
}
