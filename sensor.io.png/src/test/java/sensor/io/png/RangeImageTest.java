package sensor.io.png;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.frame.PointBuffer;
import sensor.io.files.Points;

/** Range images are as wide as the lidar has columns, whatever fraction of its rays returned. */
class RangeImageTest {
    /** A 16-ring spinning lidar of {@code columns} columns, each ray returning with probability {@code kept}. */
    private static Points scan(int columns, double kept, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int rings = 16;
        PointBuffer p = new PointBuffer(columns * rings);
        int n = 0;
        for (int c = 0; c < columns; c++) {
            double az = Math.PI - 2 * Math.PI * (c + 0.5) / columns;
            for (int r = 0; r < rings; r++) {
                if (random.nextDouble() >= kept) {
                    continue;
                }
                double el = Math.toRadians(-15 + 2 * r), range = 5 + 20 * random.nextDouble();
                p.xyz[3 * n] = (float) (range * Math.cos(el) * Math.cos(az));
                p.xyz[3 * n + 1] = (float) (range * Math.cos(el) * Math.sin(az));
                p.xyz[3 * n + 2] = (float) (range * Math.sin(el));
                p.ints(OutputField.RING_ID_U16)[n] = r;
                n++;
            }
        }
        p.count(n);
        for (int i = n - 1; i > 0; i--) { // in any firing order: a pattern need not fire ring by ring or column by column
            int j = random.nextInt(i + 1);
            for (int c = 0; c < 3; c++) {
                float t = p.xyz[3 * i + c];
                p.xyz[3 * i + c] = p.xyz[3 * j + c];
                p.xyz[3 * j + c] = t;
            }
            int[] ringIds = p.ints(OutputField.RING_ID_U16);
            int t = ringIds[i];
            ringIds[i] = ringIds[j];
            ringIds[j] = t;
        }
        return Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.RING_ID_U16), p, null));
    }

    @Test
    void dualReturnsAtOneAzimuthDoNotNarrowTheImage() {
        Points single = scan(1024, 0.9, 5);
        PointBuffer p = new PointBuffer(2 * single.n);
        for (int i = 0; i < 2 * single.n; i++) { // two returns per ray: the same azimuth, another range
            int k = i % single.n;
            float scale = i < single.n ? 1 : 1.5f;
            p.xyz[3 * i] = single.x[k] * scale;
            p.xyz[3 * i + 1] = single.y[k] * scale;
            p.xyz[3 * i + 2] = single.z[k] * scale;
            p.ints(OutputField.RING_ID_U16)[i] = single.ring[k];
        }
        p.count(2 * single.n);
        Points dual = Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32, OutputField.RING_ID_U16), p, null));
        assertEquals(1024, Previews.rangeImage(dual).getWidth());
    }

    @Test
    void aScanWithoutTwoPointsInARingGetsTheNarrowestImage() {
        assertEquals(16, Previews.rangeImage(scan(1, 1, 3)).getWidth());
    }

    @Test
    void theWidthIsTheLidarsColumnsForAnyShareOfReturns() {
        for (int columns : new int[] {512, 1024, 2048}) {
            for (double kept : new double[] {1, 0.8, 0.6}) {
                var img = Previews.rangeImage(scan(columns, kept, columns + (long) (kept * 10)));
                assertEquals(columns, img.getWidth(), columns + " columns, " + kept + " of the rays returned");
                assertEquals(16, img.getHeight());
            }
        }
    }
}
