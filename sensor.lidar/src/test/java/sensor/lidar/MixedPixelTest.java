package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayInterval;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;

/**
 * Mixed pixels [L-DET]: a plate whose face is 0.1 m in front of a wall, its edge at y = 0, swept by a fan of beams of
 * 7 sub-rays [L-MS]. The sub-rays of a beam that straddles the edge hit both; when the pulse's range resolution c·τ/2
 * exceeds the 0.1 m, they come back as one return at the energy-weighted range, else as two apart (of which the
 * strongest is kept). Which sub-rays hit the wall is worked out here from the sub-ray layout of [L-MS] (the axis, then
 * six on a cone at half the divergence half-angle).
 */
class MixedPixelTest {
    static final double PLATE = 10, WALL = 10.1, DIVERGENCE = 0.003, STEP = 0.25e-3;
    static final int SAMPLES = 7, BEAMS = 81;

    static double azimuth(int j) {
        return (j - BEAMS / 2) * STEP + STEP / 2; // no beam axis exactly on the edge
    }

    /** Sub-ray k of the beam at azimuth a in the x-y plane: the axis, or the cone at tan(divergence/2). */
    static double[] subRay(double a, int k) {
        double[] d = {Math.cos(a), Math.sin(a), 0};
        if (k == 0) {
            return d;
        }
        double[] u = {Math.sin(a), -Math.cos(a), 0}, v = {0, 0, -1}; // d × z and d × u
        double psi = 2 * Math.PI * (k - 1) / (SAMPLES - 1), t = Math.tan(DIVERGENCE / 2);
        double[] r = new double[3];
        for (int i = 0; i < 3; i++) {
            r[i] = d[i] + t * (u[i] * Math.cos(psi) + v[i] * Math.sin(psi));
        }
        return r;
    }

    /** The x of the beam's return when its sub-rays merge: the mean of their OPLs (equal power each) along the axis. */
    static double mixedX(int j, boolean[] anyOnWall) {
        double a = azimuth(j), opl = 0;
        int wall = 0;
        for (int k = 0; k < SAMPLES; k++) {
            double[] r = subRay(a, k);
            double len = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
            boolean onWall = PLATE * r[1] / r[0] > 0; // the plate covers y < 0
            wall += onWall ? 1 : 0;
            opl += (onWall ? WALL : PLATE) * len / r[0] / SAMPLES;
        }
        anyOnWall[0] = wall > 0 && wall < SAMPLES;
        return opl * Math.cos(a);
    }

    static PointCloud scan(double pulseWidth) {
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", WALL, null);
        rig.add("plate", new Shape.Box(0.01, 1, 1), Pose.translation(PLATE + 0.01, -1, 0), null);
        Vec3[] dirs = new Vec3[BEAMS];
        for (int j = 0; j < BEAMS; j++) {
            dirs[j] = new Vec3(Math.cos(azimuth(j)), Math.sin(azimuth(j)), 0);
        }
        LidarConfig c = new LidarConfig().setPattern(RayPatterns.generic(LidarRig.rays(dirs), List.of(new RayInterval(0, BEAMS))))
                .setRange(0.3, 100).setHeapDepth(1).setDivergenceHalfAngle(DIVERGENCE).setBeamSamples(SAMPLES)
                .setPulseWidth(pulseWidth).setFields(List.of(OutputField.XYZ_VEC3_F32, OutputField.ENTITY_ID_I32));
        PointCloud out = rig.run(c);
        assertEquals(BEAMS, out.count(), "one return per beam");
        return out;
    }

    /** τ = 1 ns: c·τ/2 = 0.15 m &gt; 0.1 m, the straddling beams give points between plate and wall. */
    @Test
    void belowTheRangeResolutionTheEdgeBeamsMixLDET() {
        PointCloud out = scan(1e-9);
        int mixed = 0;
        for (int j = 0; j < BEAMS; j++) {
            boolean[] straddles = new boolean[1];
            double want = mixedX(j, straddles), x = out.getFloat(j, OutputField.XYZ_VEC3_F32, 0);
            // the parts' intensities differ by the divergence's fall-off over 0.1 m (about 2 %): 1 mm at most
            assertEquals(want, x, 0.002, "beam " + j + " at " + azimuth(j));
            if (straddles[0]) {
                mixed++;
                assertTrue(x > PLATE + 0.005 && x < WALL - 0.005, "a phantom point between: " + x);
            }
        }
        assertTrue(mixed >= 8, "the beams within the cone's 15 mm of the edge mix: " + mixed);
    }

    /** τ = 0.5 ns: c·τ/2 = 0.075 m &lt; 0.1 m, no point lies between; each beam reports the plate or the wall. */
    @Test
    void aboveTheRangeResolutionTheReturnsStayApartLDET() {
        for (double tau : new double[] {0.5e-9, 0}) {
            PointCloud out = scan(tau);
            for (int j = 0; j < BEAMS; j++) {
                double x = out.getFloat(j, OutputField.XYZ_VEC3_F32, 0);
                boolean onPlate = Math.abs(x - PLATE) < 1e-3, onWall = Math.abs(x - WALL) < 1e-3;
                assertTrue(onPlate || onWall, "τ " + tau + ", beam " + j + ": x " + x);
                assertEquals(onPlate ? 1 : 0, out.getInt(j, OutputField.ENTITY_ID_I32), "the object named");
            }
        }
    }
}
