package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import sensor.api.material.SurfaceMaterial;
import sensor.testkit.SurfaceMaterialConformance;

/**
 * Unit test of the material: the test kit's conformance checks (finite, energy-conserving, reciprocal), plus
 * the directional albedo against its closed form 2 rho cos(theta)^(k - 1) / (k + 1).
 */
class MinnaertMaterialTest extends SurfaceMaterialConformance {
    @Override
    protected SurfaceMaterial material() {
        return new MinnaertMaterialType().create(new MinnaertMaterialType.Config(0.6, 1.5));
    }

    @Test
    void albedoMatchesTheClosedForm() {
        SurfaceMaterial m = material();
        for (double deg : new double[] {0, 30, 60, 80}) {
            double t = Math.toRadians(deg), lx = Math.sin(t), lz = Math.cos(t);
            // integrate f cos(theta_v) over the hemisphere with the midpoint rule in (theta, phi)
            int n = 400;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double th = (i + 0.5) * (Math.PI / 2) / n;
                for (int j = 0; j < n; j++) {
                    double ph = (j + 0.5) * 2 * Math.PI / n;
                    double vx = Math.sin(th) * Math.cos(ph), vy = Math.sin(th) * Math.sin(ph), vz = Math.cos(th);
                    sum += m.brdf(lx, 0, lz, vx, vy, vz) * vz * Math.sin(th);
                }
            }
            double numeric = sum * (Math.PI / 2 / n) * (2 * Math.PI / n);
            assertEquals(2 * 0.6 * Math.pow(lz, 0.5) / 2.5, numeric, 1e-4, "albedo at " + deg + " deg");
        }
    }

    @Test
    void rejectsAReflectivityAboveOne() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new MinnaertMaterialType().create(new MinnaertMaterialType.Config(1.2, 1.5)));
        assertEquals(true, e.getMessage().contains("reflectivity"), e.getMessage());
    }
}
