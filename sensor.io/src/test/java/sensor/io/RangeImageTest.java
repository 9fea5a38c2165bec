package sensor.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import sensor.api.lidar.LidarOutput;
import sensor.api.lidar.OutputField;
import sensor.api.lidar.PointBuffer;

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
        return Points.of(new LidarOutput(List.of(OutputField.XYZ_VEC3_F32, OutputField.RING_ID_U16), p, null));
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
