package sensor.materials.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import sensor.api.material.AmbientMaterial;
import sensor.api.material.SurfaceMaterial;
import sensor.materials.api.AtmosphereMaterial;
import sensor.materials.api.BrdfExplicitMaterial;
import sensor.materials.api.GgxAndOrenNayarMaterial;
import sensor.materials.api.LambertianOpaqueMaterial;

/**
 * Throughput harness (not a unit test): BRDF evaluations per second per core for each surface model,
 * through the {@link SurfaceMaterial} interface (a megamorphic call site, as in the lidar pipeline), and
 * the atmospheric-return calls. Run:
 *
 * <pre>
 * java -cp sensor.materials/target/classes:sensor.materials/target/test-classes:sensor.api/target/classes \
 *     sensor.materials.bench.MaterialsBenchmark [seconds-per-measurement]
 * </pre>
 */
public final class MaterialsBenchmark {
    private static final int PAIRS = 4096;
    private static volatile double sink;

    private MaterialsBenchmark() {}

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("machine: %d cores (availableProcessors), %s %s (%s), %s %s%n", cores,
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.vendor"), System.getProperty("os.name"), System.getProperty("os.arch"));

        double[] dirs = directions(new SplittableRandom(42));
        List<String> names = new ArrayList<>();
        List<SurfaceMaterial> models = new ArrayList<>();
        names.add("lambertian (C_D=0.8)");
        models.add(new LambertianOpaqueMaterial().build());
        names.add("ggx-oren-nayar (manual defaults)");
        models.add(new GgxAndOrenNayarMaterial().build());
        names.add("ggx-oren-nayar (silver mirror)");
        models.add(GgxAndOrenNayarMaterial.silverMirror().build());
        names.add("explicit-brdf (9x16x9x16 grid)");
        models.add(explicit());

        for (int r = 0; r < 3; r++) { // warm-up: every model through the same call site
            for (SurfaceMaterial m : models) {
                time(m, dirs, 0.3);
            }
        }
        System.out.printf("%-34s %16s %20s%n", "model", "evals/s 1 thread", "evals/s/core " + cores + " thr");
        for (int i = 0; i < models.size(); i++) {
            SurfaceMaterial m = models.get(i);
            double single = 0;
            for (int r = 0; r < 3; r++) {
                single = Math.max(single, time(m, dirs, seconds));
            }
            double parallel = parallel(m, dirs, seconds, cores) / cores;
            System.out.printf("%-34s %16.3e %20.3e%n", names.get(i), single, parallel);
        }

        AmbientMaterial atm = new AtmosphereMaterial().build();
        for (int r = 0; r < 2; r++) {
            timeAmbient(atm, 0.5, true);
            timeAmbient(atm, 0.5, false);
        }
        System.out.printf("%-34s %16.3e%n", "atmosphere returnProbability", timeAmbient(atm, seconds, false));
        System.out.printf("%-34s %16.3e%n", "atmosphere sampleReturn", timeAmbient(atm, seconds, true));
    }

    private static SurfaceMaterial explicit() {
        int nt = 9, np = 16;
        double[] s = new double[nt * np * nt * np];
        SplittableRandom rnd = new SplittableRandom(1);
        for (int i = 0; i < s.length; i++) {
            s[i] = rnd.nextDouble(0, 1);
        }
        return new BrdfExplicitMaterial().setSamples(nt, np, nt, np, s).build();
    }

    /** Random unit directions in the upper hemisphere, l and v interleaved, 6 doubles per pair. */
    private static double[] directions(SplittableRandom rnd) {
        double[] d = new double[PAIRS * 6];
        for (int i = 0; i < PAIRS * 2; i++) {
            double z = rnd.nextDouble(0.02, 1), phi = rnd.nextDouble(0, 2 * Math.PI), s = Math.sqrt(1 - z * z);
            d[3 * i] = s * Math.cos(phi);
            d[3 * i + 1] = s * Math.sin(phi);
            d[3 * i + 2] = z;
        }
        return d;
    }

    /** Evaluations per second on the calling thread. */
    private static double time(SurfaceMaterial m, double[] d, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long count = 0;
        double acc = 0;
        long start = System.nanoTime(), now;
        do {
            acc += pass(m, d);
            count += PAIRS;
            now = System.nanoTime();
        } while (now < end);
        sink += acc;
        return count / ((now - start) * 1e-9);
    }

    private static double pass(SurfaceMaterial m, double[] d) {
        double acc = 0;
        for (int i = 0; i < d.length; i += 6) {
            acc += m.brdf(d[i], d[i + 1], d[i + 2], d[i + 3], d[i + 4], d[i + 5]);
        }
        return acc;
    }

    private static double parallel(SurfaceMaterial m, double[] d, double seconds, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Double>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> time(m, d, seconds)));
            }
            double total = 0;
            for (Future<Double> f : fs) {
                total += f.get();
            }
            return total;
        } finally {
            pool.shutdown();
        }
    }

    private static double timeAmbient(AmbientMaterial a, double seconds, boolean sample) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long count = 0;
        double acc = 0;
        long start = System.nanoTime(), now;
        do {
            for (int i = 0; i < 1024; i++) {
                double x0 = (i & 63) * 0.25, x1 = x0 + 0.5 + (i & 7);
                acc += sample ? a.sampleReturn(x0, x1, (i * 0.618033988749895) % 1.0) : a.returnProbability(x0, x1);
            }
            count += 1024;
            now = System.nanoTime();
        } while (now < end);
        sink += acc;
        return count / ((now - start) * 1e-9);
    }
}
