package sensor.raytrace;

import java.util.Random;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.raytrace.HitBuffer;

/**
 * Run in a fresh JVM by {@link TraversalTest}: prints the traversal path this JVM chose and a checksum of the
 * output of a packet trace (distance bits and objects) over a random mesh, from spread and shared origins.
 */
public final class TraversalProbe {
    private TraversalProbe() {
    }

    /** The checksum of the fixed trace, with whatever path this JVM chose. */
    static String checksum() {
        Random rnd = new Random(4);
        TestScene ts = new TestScene();
        ts.add(CpuTraceSceneTest.randomMesh(rnd, 2000), Pose.IDENTITY);
        int n = 8192;
        double[] o = new double[3 * n], d = new double[3 * n];
        for (int r = 0; r < n; r++) {
            double x = rnd.nextGaussian() + 1, y = rnd.nextGaussian(), z = rnd.nextGaussian(),
                    len = Math.sqrt(x * x + y * y + z * z);
            o[3 * r] = -12 + (r % 64 < 32 ? 0 : 0.01 * (r % 5));
            o[3 * r + 1] = 0.5;
            o[3 * r + 2] = 0.25;
            d[3 * r] = x / len;
            d[3 * r + 1] = y / len;
            d[3 * r + 2] = z / len;
        }
        HitBuffer out = new HitBuffer(n);
        try (CpuTraceScene s = (CpuTraceScene) new CpuBvhBackend().createScene(ts, 1)) {
            s.update(ts, 0);
            s.closestHit(o, d, n, 60, out);
        }
        long h = 17;
        int hits = 0;
        for (int r = 0; r < n; r++) {
            h = 31 * h + Double.doubleToRawLongBits(out.distance[r]);
            h = 31 * h + out.objectIndex[r];
            hits += out.objectIndex[r] >= 0 ? 1 : 0;
        }
        return hits + ":" + Long.toHexString(h);
    }

    public static void main(String[] args) {
        String sum = checksum();
        System.out.println(Traversal.describe() + " " + sum);
    }
}
