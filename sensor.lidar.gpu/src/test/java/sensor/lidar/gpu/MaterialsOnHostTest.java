package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.api.material.Lambertian;
import sensor.materials.impl.ExplicitBrdf;
import sensor.materials.impl.Fresnel;
import sensor.materials.impl.Ggx;
import sensor.materials.impl.GgxOrenNayarBrdf;

/**
 * The CUDA materials ({@code materials.cuh}) run on the host against the Java materials, call by call: they use
 * {@code + − × ÷ √} and fdlibm's {@code atan2} (as Java does), so the results are the same bits.
 */
class MaterialsOnHostTest {
    private static final int N = 20_000;
    private final SplittableRandom random = new SplittableRandom(62);

    /** A unit vector of the upper hemisphere (z > 0), or now and then exactly the normal or a grazing one. */
    private double[] direction() {
        int kind = random.nextInt(20);
        if (kind == 0) {
            return new double[] {0, 0, 1};
        }
        double z = kind == 1 ? 1e-9 : random.nextDouble(1e-6, 1), phi = random.nextDouble(0, 2 * Math.PI);
        double s = Math.sqrt(1 - z * z);
        return new double[] {s * Math.cos(phi), s * Math.sin(phi), z};
    }

    private static void assertSameBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                () -> what + ": Java " + expected + ", CUDA " + actual);
    }

    @Test
    void complexFresnelIsJavasToTheBitL5L6() {
        List<double[]> args = HostProgram.rows(N, i -> new double[] {i % 7 == 0 ? 1 : random.nextDouble(1, 1.6),
            random.nextDouble(1, 4), i % 3 == 0 ? 0 : random.nextDouble(0, 6),
            switch (i % 11) { case 0 -> 1; case 1 -> 0; case 2 -> -0.3; default -> random.nextDouble(0, 1); }});
        double[][] cuda = HostProgram.run("fresnel", args);
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            assertSameBits(Fresnel.reflectance(a[0], a[1], a[2], a[3]), cuda[i][0], "R" + List.of(a[0], a[1], a[2], a[3]));
            assertSameBits(Fresnel.transmittance(a[0], a[1], a[2], a[3]), cuda[i][1], "T");
        }
    }

    @Test
    void ggxAndSmithAreJavasToTheBitLDL9L10() {
        List<double[]> args = HostProgram.rows(N, i -> new double[] {i % 13 == 0 ? 1 : random.nextDouble(-0.1, 1),
            i % 17 == 0 ? 1 : random.nextDouble(-0.1, 1), i % 19 == 0 ? 0 : Ggx.alpha2(random.nextDouble(0, 0.8))});
        double[][] cuda = HostProgram.run("ggx", args);
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            assertSameBits(Ggx.distribution(a[0], a[2]), cuda[i][0], "D");
            assertSameBits(Ggx.lambda(a[0], a[2]), cuda[i][1], "Λ");
            assertSameBits(Ggx.smithG(a[0], a[1], a[2]), cuda[i][2], "G");
        }
    }

    @Test
    void lambertianIsJavasToTheBitL4() {
        List<double[]> args = HostProgram.rows(2_000, i -> concat(new double[] {random.nextDouble(0, 1)},
                direction(), i % 5 == 0 ? new double[] {0.1, 0.2, -0.97} : direction()));
        double[][] cuda = HostProgram.run("lambertian", args);
        for (int i = 0; i < args.size(); i++) {
            double[] a = args.get(i);
            assertSameBits(new Lambertian(a[0]).brdf(a[1], a[2], a[3], a[4], a[5], a[6]), cuda[i][0], "Lambertian");
        }
    }

    /** Both the lidar's own direction (l = v, the case the pipeline evaluates) and general pairs, mirrors included. */
    @Test
    void ggxOverOrenNayarIsJavasToTheBitL12() {
        List<double[]> args = HostProgram.rows(N, i -> {
            double[] l = direction(), v = i % 2 == 0 ? l : direction();
            double roughness = i % 9 == 0 ? random.nextDouble(0, GgxOrenNayarBrdf.MIRROR_ROUGHNESS) : random.nextDouble(0, 0.6);
            return concat(new double[] {random.nextDouble(1, 3), i % 4 == 0 ? 0 : random.nextDouble(0, 4), roughness,
                random.nextDouble(0, 1), i % 10 == 0 ? 0 : random.nextDouble(0, 1)}, l, v,
                    new double[] {random.nextDouble(0, 1)});
        });
        double[][] cuda = HostProgram.run("ggx_oren_nayar", args);
        int mirrors = 0;
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            GgxOrenNayarBrdf m = new GgxOrenNayarBrdf(a[0], a[1], a[2], a[3], a[4]);
            assertSameBits(m.brdf(a[5], a[6], a[7], a[8], a[9], a[10]), cuda[i][0], "f of " + m);
            assertSameBits(m.specularReflectance(a[11]), cuda[i][1], "mirror reflectance of " + m);
            mirrors += cuda[i][1] > 0 ? 1 : 0;
        }
        assertTrue(mirrors > N / 20, "mirror coats among the cases: " + mirrors);
    }

    /** [L-BRDF] on random grids; the angles by fdlibm's atan2, as Java's. */
    @Test
    void explicitBrdfIsJavasToTheBitLBRDF() {
        List<double[]> args = new ArrayList<>();
        List<ExplicitBrdf> java = new ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            int tl = 2 + random.nextInt(5), pl = 1 + random.nextInt(6), tv = 2 + random.nextInt(5), pv = 1 + random.nextInt(6);
            double[] samples = random.doubles((long) tl * pl * tv * pv, 0, 2).toArray();
            java.add(new ExplicitBrdf(tl, pl, tv, pv, samples));
            args.add(concat(new double[] {tl, pl, tv, pv}, direction(), direction(), samples));
        }
        double[][] cuda = HostProgram.run("explicit_brdf", args);
        for (int i = 0; i < args.size(); i++) {
            double[] a = args.get(i);
            assertSameBits(java.get(i).brdf(a[4], a[5], a[6], a[7], a[8], a[9]), cuda[i][0], "explicit BRDF, call " + i);
        }
    }

    /** fdlibm's atan2 as Java's, over every quadrant, the axes, zeros, infinities and tiny and huge ratios. */
    @Test
    void atan2IsJavasToTheBit() {
        double[] special = {0.0, -0.0, 1.0, -1.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1e-300,
            -1e300, Double.MIN_VALUE};
        List<double[]> args = HostProgram.rows(N, i -> i < special.length * special.length
                ? new double[] {special[i / special.length], special[i % special.length]}
                : new double[] {random.nextDouble(-1, 1) * Math.pow(10, random.nextInt(-20, 21)),
                    random.nextDouble(-1, 1) * Math.pow(10, random.nextInt(-20, 21))});
        double[][] cuda = HostProgram.run("atan2", args);
        for (int i = 0; i < N; i++) {
            double[] a = args.get(i);
            assertSameBits(Math.atan2(a[0], a[1]), cuda[i][0], "atan2(" + a[0] + ", " + a[1] + ")");
        }
    }

    static double[] concat(double[]... parts) {
        int n = 0;
        for (double[] p : parts) {
            n += p.length;
        }
        double[] r = new double[n];
        int k = 0;
        for (double[] p : parts) {
            System.arraycopy(p, 0, r, k, p.length);
            k += p.length;
        }
        return r;
    }
}
