package sensor.lidar.gpu;

import java.util.Arrays;

/** A {@link FlatScene} as the host program's trace cases read it: each array as its length and then its values. */
final class HostScene {
    private double[] out = new double[1024];
    private int n;

    private HostScene() {}

    /** The arrays the closestHit kernel takes, in the order trace_cases.cu reads them. */
    static double[] encode(FlatScene f) {
        HostScene e = new HostScene();
        e.floats(f.nodeBounds).floats(f.tri).floats(f.tlasBounds);
        e.ints(f.nodeChild).ints(f.triId).ints(f.instInt).doubles(f.instD).ints(f.tlasChild).ints(f.tlasOrder)
                .value(f.instanceCount);
        e.doubles(f.planeD).ints(f.planeObj).value(f.planeCount);
        return Arrays.copyOf(e.out, e.n);
    }

    private HostScene value(double v) {
        if (n == out.length) {
            out = Arrays.copyOf(out, 2 * n);
        }
        out[n++] = v;
        return this;
    }

    private HostScene floats(float[] a) {
        value(a.length);
        for (float v : a) {
            value(v);
        }
        return this;
    }

    private HostScene ints(int[] a) {
        value(a.length);
        for (int v : a) {
            value(v);
        }
        return this;
    }

    private HostScene doubles(double[] a) {
        value(a.length);
        for (double v : a) {
            value(v);
        }
        return this;
    }
}
