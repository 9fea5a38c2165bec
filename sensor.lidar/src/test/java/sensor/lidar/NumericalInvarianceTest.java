package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sensor.api.frame.OutputField.DISTANCE_F32;
import static sensor.api.frame.OutputField.INTENSITY_F32;
import static sensor.api.frame.OutputField.XYZ_VEC3_F32;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.lidar.RayInterval;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.RayPatterns;
import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.impl.AtmosphereType;

/**
 * Numerical parameters do not change the physics: the number of sub-rays per beam [L-MS] leaves the statistics of
 * atmospheric returns [L-14] (how many, at what range) and the intensity of a wall [L-3] where they are, within
 * sampling error.
 */
class NumericalInvarianceTest {
    private static List<Pose> fan(int n) {
        Vec3[] d = new Vec3[n];
        for (int i = 0; i < n; i++) {
            double az = -1.2 + 2.4 * ((i * 0.6180339887) % 1), el = 0.6 * (2.0 * i / n - 1);
            d[i] = new Vec3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
        }
        return LidarRig.rays(d);
    }

    private static LidarConfig config(List<Pose> rays, int beamSamples) {
        return new LidarConfig().setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, rays.size()))))
                .setRange(0.01, 100).setDivergenceHalfAngle(0.003).setBeamSamples(beamSamples)
                .setFields(List.of(XYZ_VEC3_F32, DISTANCE_F32, INTENSITY_F32));
    }

    private static PointCloud fog(int beamSamples) {
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().setReturnProbabilityScaling(0.2).setAttenuationCoefficient(0.001));
        return rig.run(config(fan(20_000), beamSamples));
    }

    @Test
    @DisplayName("[L-MS] [L-14] atmospheric returns: as many, as far, with 1 or 16 sub-rays per beam")
    void subRaysLMS_L14_leaveAtmosphericReturnsAsTheyAre() {
        PointCloud one = fog(1), many = fog(16);
        int n = 20_000, a = one.count(), b = many.count();
        double p = a / (double) n, sigma = Math.sqrt(2 * n * p * (1 - p)); // of the difference of two binomial counts
        assertTrue(a > 1000 && a < 19_000, "a fraction of the beams returns from the fog: " + a);
        assertEquals(a, b, 5 * sigma, "returns with 1 and 16 sub-rays");
        double[] ma = moments(one), mb = moments(many);
        assertEquals(ma[0], mb[0], 5 * Math.sqrt(ma[1] / a + mb[1] / b), "mean range");
        assertEquals(ma[2], mb[2], 0.05 * ma[2], "mean intensity");
    }

    /** Mean and variance of the distance, mean intensity. */
    private static double[] moments(PointCloud o) {
        double s = 0, s2 = 0, in = 0;
        for (int i = 0; i < o.count(); i++) {
            double x = o.getFloat(i, DISTANCE_F32, 0);
            s += x;
            s2 += x * x;
            in += o.getFloat(i, INTENSITY_F32, 0);
        }
        double m = s / o.count();
        return new double[] {m, s2 / o.count() - m * m, in / o.count()};
    }

    @Test
    @DisplayName("[L-MS] [L-3] a wall's intensity is the same with 1 or 16 sub-rays per beam")
    void subRaysLMS_L3_leaveAWallsIntensity() {
        double[] mean = new double[2];
        int k = 0;
        for (int samples : new int[] {1, 16}) {
            LidarRig rig = new LidarRig();
            rig.wallAtX("wall", 10, null);
            Vec3[] d = new Vec3[200];
            for (int i = 0; i < d.length; i++) {
                double az = -0.3 + 0.6 * i / d.length;
                d[i] = new Vec3(Math.cos(az), Math.sin(az), 0);
            }
            PointCloud out = rig.run(config(LidarRig.rays(d), samples));
            assertEquals(200, out.count());
            for (int i = 0; i < out.count(); i++) {
                mean[k] += out.getFloat(i, INTENSITY_F32, 0) / out.count();
            }
            k++;
        }
        assertEquals(mean[0], mean[1], 1e-3 * mean[0]);
    }

    @Test
    @DisplayName("[L-MS] [L-14] with sub-rays, a beam's fog return and its wall return stay apart")
    void subRaysLMS_L14_keepFogAndWallApart() {
        // fog in front of a wall at x = 30 (the scene's object 0), 4 sub-rays, both returns: every beam still returns
        // from the wall, the fog candidates merged among themselves, not with the wall's
        LidarRig rig = new LidarRig();
        rig.env.bindAmbientMaterialType(new AtmosphereType());
        rig.env.setAmbient("atmosphere", new AtmosphereMaterial().setReturnProbabilityScaling(0.2).setAttenuationCoefficient(0.001));
        rig.wallAtX("wall", 30, null);
        Vec3[] d = new Vec3[2000];
        for (int i = 0; i < d.length; i++) {
            double az = -0.3 + 0.6 * i / d.length;
            d[i] = new Vec3(Math.cos(az), Math.sin(az), 0);
        }
        PointCloud out = rig.run(config(LidarRig.rays(d), 4).setReturnMode(sensor.lidar.api.ReturnMode.DUAL));
        int wall = 0, fog = 0;
        for (int i = 0; i < out.count(); i++) {
            if (Math.abs(out.getFloat(i, XYZ_VEC3_F32, 0) - 30) < 0.05) {
                wall++;
            } else if (out.getFloat(i, XYZ_VEC3_F32, 0) < 29) {
                fog++;
            }
        }
        assertEquals(2000, wall, "one wall return per beam");
        assertTrue(fog > 100, "and fog returns before it: " + fog);
    }
}
