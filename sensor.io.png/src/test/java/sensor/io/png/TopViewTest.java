package sensor.io.png;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.frame.OutputField;
import sensor.api.frame.PointBuffer;
import sensor.api.frame.PointCloud;
import sensor.io.files.Points;

/**
 * The top-view picture ({@link Previews#birdsEye}) puts each point where its coordinates say: 800 × 800 pixels, x up
 * and y left from the centre, the scale from the 99.9 % quantile of the points' reach rounded up to a whole number of
 * ring steps (here 40 m: 9.5 px/m), 2 × 2 dots for clouds of fewer than 20,000 points, coloured by height from blue
 * (the 0.05 % quantile) to red (the 99.95 %); dots that would leave the picture are cut at its edges.
 */
class TopViewTest {
    private static final int SIZE = 800, BACKGROUND = 0x14141c;
    private static final double SCALE = 380 / 40.0;

    /** The colour of relative height {@code t} on the picture's scale: hue 0.66 (blue) at 0 to 0 (red) at 1. */
    private static int heat(double t) {
        return Color.getHSBColor((float) (0.66 * (1 - t)), 0.9f, 1f).getRGB() & 0xffffff;
    }

    private static final float[][] TESTED = {
        {20, 10, 1}, {-30, -20, 3}, {-10, 24, 2}, // inside
        {4, -42, 2}, {3, 42.1f, 2}, {42.1f, -21.05f, 2}, {-42, 21.05f, 2}, // on the right, left, top and bottom edges
        {0, -1000, 2}}; // far outside: past the reach's quantile, never drawn

    private static BufferedImage picture() {
        int n = 5001; // the 99.9 % quantile of the reach: the 4,996th smallest of 5,001, so the 5 largest are left out
        PointBuffer p = new PointBuffer(n);
        for (int i = 0; i < n; i++) { // the rest: at 40 m straight ahead, half at 1 m and half at 3 m high
            float[] v = i < TESTED.length ? TESTED[i] : new float[] {40, 0, i % 2 == 0 ? 1 : 3};
            System.arraycopy(v, 0, p.xyz, 3 * i, 3);
        }
        p.count(n);
        return Previews.birdsEye(Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32), p, null)), "test");
    }

    private static int rgb(BufferedImage img, int x, int y) {
        return img.getRGB(x, y) & 0xffffff;
    }

    /** The dot's top-left pixel: (400 − y·9.5, 400 − x·9.5), rounded. */
    private static int[] pixel(float[] v) {
        return new int[] {(int) Math.round(SIZE / 2 - v[1] * SCALE), (int) Math.round(SIZE / 2 - v[0] * SCALE)};
    }

    @Test
    void eachPointIsATwoByTwoDotWhereItsCoordinatesSayInItsHeightsColour() {
        BufferedImage img = picture();
        assertEquals(SIZE, img.getWidth());
        for (int k = 0; k < 3; k++) {
            int[] at = pixel(TESTED[k]);
            int colour = heat((TESTED[k][2] - 1) / 2);
            for (int dx = 0; dx < 2; dx++) {
                for (int dy = 0; dy < 2; dy++) {
                    assertEquals(colour, rgb(img, at[0] + dx, at[1] + dy), "point " + k + " at +" + dx + ", +" + dy);
                }
            }
            int[][] around = {{-1, 0}, {2, 0}, {0, -1}, {0, 2}, {2, 2}, {-1, -1}};
            for (int[] o : around) {
                assertEquals(BACKGROUND, rgb(img, at[0] + o[0], at[1] + o[1]), "beside point " + k);
            }
        }
        assertEquals(List.of(305, 210), List.of(pixel(TESTED[0])[0], pixel(TESTED[0])[1]), "worked by hand");
    }

    @Test
    void dotsAtTheEdgesAreCutThereAndNothingWrapsToTheOtherSide() {
        BufferedImage img = picture();
        int mid = heat(0.5);
        // right edge: column 799 of rows 362 and 363; the dot's second column would wrap to column 0 of the next row
        assertEquals(List.of(799, 362), List.of(pixel(TESTED[3])[0], pixel(TESTED[3])[1]));
        assertEquals(mid, rgb(img, 799, 362));
        assertEquals(mid, rgb(img, 799, 363));
        assertEquals(BACKGROUND, rgb(img, 0, 363));
        assertEquals(BACKGROUND, rgb(img, 0, 364));
        // left edge: columns 0 and 1
        assertEquals(List.of(0, 372), List.of(pixel(TESTED[4])[0], pixel(TESTED[4])[1]));
        assertEquals(mid, rgb(img, 0, 372));
        assertEquals(mid, rgb(img, 1, 373));
        // top edge: rows 0 and 1
        assertEquals(List.of(600, 0), List.of(pixel(TESTED[5])[0], pixel(TESTED[5])[1]));
        assertEquals(mid, rgb(img, 600, 0));
        assertEquals(mid, rgb(img, 601, 1));
        // bottom edge: row 799 only
        assertEquals(List.of(200, 799), List.of(pixel(TESTED[6])[0], pixel(TESTED[6])[1]));
        assertEquals(mid, rgb(img, 200, 799));
        assertEquals(mid, rgb(img, 201, 799));
    }

    @Test
    void aCloudOfOneHeightIsMidScaleAndAnEmptyOneHasNoScale() {
        PointBuffer flat = new PointBuffer(2);
        System.arraycopy(new float[] {20, 10, 5, -20, -10, 5}, 0, flat.xyz, 0, 6);
        flat.count(2);
        BufferedImage img = Previews.birdsEye(Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32), flat, null)),
                "flat");
        // reach 20 m: rings of 5 m, 19 px/m
        assertEquals(heat(0.5), rgb(img, 400 - 190, 400 - 380));
        PointBuffer none = new PointBuffer(1);
        none.count(0);
        BufferedImage empty = Previews.birdsEye(Points.of(new PointCloud(List.of(OutputField.XYZ_VEC3_F32), none, null)),
                "empty");
        assertEquals(BACKGROUND, rgb(empty, SIZE - 170, SIZE - 25), "no colour scale without heights");
    }

    @Test
    void ringsTitleAndColourScaleAreDrawn() {
        BufferedImage img = picture();
        // the 10 m ring (95 px) where it crosses the diagonal, antialiased over a pixel or two
        boolean ring = false;
        for (int r = 66; r <= 68; r++) {
            ring |= rgb(img, SIZE / 2 + r, SIZE / 2 - r) != BACKGROUND;
        }
        assertTrue(ring, "the 10 m ring");
        boolean outer = false; // the last ring, at the extent (40 m, 380 px)
        for (int r = 267; r <= 270; r++) {
            outer |= rgb(img, SIZE / 2 + r, SIZE / 2 - r) != BACKGROUND;
        }
        assertTrue(outer, "the 40 m ring");
        assertEquals(BACKGROUND, rgb(img, SIZE / 2 + 50, SIZE / 2 - 50), "between the centre and the first ring");
        boolean title = false;
        for (int x = 10; x < 60 && !title; x++) {
            for (int y = 5; y < 20 && !title; y++) {
                title = rgb(img, x, y) == 0xffffff;
            }
        }
        assertTrue(title, "the title at the top left, in white");
        for (int k : new int[] {0, 74, 149}) { // the colour scale: 150 columns from blue to red at the bottom right
            assertEquals(heat(k / 149.0), rgb(img, SIZE - 170 + k, SIZE - 25), "scale column " + k);
        }
        assertEquals(BACKGROUND, rgb(img, SIZE - 20, SIZE - 25), "the scale ends after 150 columns");
        assertNotEquals(BACKGROUND, rgb(img, SIZE / 2, 100), "the x axis");
        assertNotEquals(BACKGROUND, rgb(img, 100, SIZE / 2), "the y axis");
        assertEquals(BACKGROUND, rgb(img, SIZE / 2, SIZE - 5), "the axes end 10 px short of the edges");
        assertEquals(BACKGROUND, rgb(img, SIZE - 5, SIZE / 2), "the axes end 10 px short of the edges");
    }
}
