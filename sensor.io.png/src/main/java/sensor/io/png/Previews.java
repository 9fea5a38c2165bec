package sensor.io.png;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import sensor.io.files.Points;

/**
 * PNG previews drawn headless with java.awt: a lidar range image, a bird's-eye view and a plot of
 * time series (IMU signals).
 */
public final class Previews {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Previews() {}

    /** Encodes {@code img} (one of the types drawn here) as PNG, as ImageIO would ({@link Png}). */
    public static void png(BufferedImage img, OutputStream out) throws IOException {
        Png.write(img, out);
    }

    /**
     * Range image: one row per ring (ring 0 at the top; without a ring field, elevation is binned into
     * 64 rows, highest at the top), one column per azimuth bin (azimuth +π at the left, decreasing to the
     * right, so the forward direction x is in the middle), grey = range (1 … 255 linear from 0 to the
     * frame's maximum range), black = no return. With rings, the image has as many columns as the lidar has per
     * rotation (see {@link #columns}), whatever fraction of its rays returned, so every frame has the same width.
     */
    public static BufferedImage rangeImage(Points p) {
        int rows;
        int[] row = new int[p.n];
        if (p.ring != null) {
            int max = 0;
            for (int i = 0; i < p.n; i++) {
                max = Math.max(max, p.ring[i]);
            }
            rows = max + 1;
            System.arraycopy(p.ring, 0, row, 0, p.n);
        } else {
            rows = 64;
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            double[] el = new double[p.n];
            for (int i = 0; i < p.n; i++) {
                el[i] = Math.atan2(p.z[i], Math.hypot(p.x[i], p.y[i]));
                lo = Math.min(lo, el[i]);
                hi = Math.max(hi, el[i]);
            }
            for (int i = 0; i < p.n; i++) {
                row[i] = hi > lo ? (int) Math.min(rows - 1, (hi - el[i]) / (hi - lo) * rows) : 0;
            }
        }
        int cols = p.ring != null ? columns(p, row) : Math.max(16, Math.min(4096, p.n / Math.max(1, rows)));
        rows = Math.max(rows, 1);
        double maxRange = 0;
        for (int i = 0; i < p.n; i++) {
            maxRange = Math.max(maxRange, p.range(i));
        }
        float[] best = new float[rows * cols];
        for (int i = 0; i < p.n; i++) {
            double az = Math.atan2(p.y[i], p.x[i]);
            int c = (int) Math.min(cols - 1, Math.max(0, (Math.PI - az) / (2 * Math.PI) * cols));
            int k = row[i] * cols + c;
            float r = (float) p.range(i);
            if (best[k] == 0 || r < best[k]) {
                best[k] = r;
            }
        }
        BufferedImage img = new BufferedImage(cols, rows, BufferedImage.TYPE_BYTE_GRAY);
        byte[] grey = ((java.awt.image.DataBufferByte) img.getRaster().getDataBuffer()).getData();
        for (int k = 0; k < rows * cols; k++) {
            float v = best[k];
            grey[k] = (byte) (v <= 0 || maxRange <= 0 ? 0 : 1 + (int) Math.round(254 * Math.min(1, v / maxRange)));
        }
        return img;
    }

    /**
     * The columns per rotation of a ring-scanning lidar, from its azimuth step: the median gap between azimuths of
     * one ring that are next to each other (a ray that returned nothing leaves a gap of two steps, which the median
     * ignores while most rays return), as 2π over that step, in [16, 4096].
     */
    static int columns(Points p, int[] ring) {
        double[] key = new double[p.n]; // ring and azimuth as one sortable number: 8·ring + azimuth + π
        for (int i = 0; i < p.n; i++) {
            key[i] = 8.0 * ring[i] + Math.atan2(p.y[i], p.x[i]) + Math.PI;
        }
        java.util.Arrays.sort(key);
        double[] gaps = new double[p.n];
        int g = 0;
        for (int i = 1; i < p.n; i++) {
            if ((int) (key[i] / 8) == (int) (key[i - 1] / 8) && key[i] - key[i - 1] > 1e-6) { // neighbours in one ring
                gaps[g++] = key[i] - key[i - 1];
            }
        }
        if (g == 0) {
            return 16;
        }
        return (int) Math.max(16, Math.min(4096, Math.round(2 * Math.PI / select(gaps, g, g / 2))));
    }

    /**
     * Bird's-eye view, 800 × 800: points seen from above (x forward = up, y left = left), coloured by
     * height z (blue low → red high), with a ring every 10 m (or a suitable step) and a legend. The extent and the
     * colour scale span 99.9 % of the points, so a few stray ones (false alarms, ghosts) neither shrink the picture nor
     * wash out its colours; the rest are drawn at the edge of the scale or left out.
     */
    public static BufferedImage birdsEye(Points p, String title) {
        int size = 800;
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(20, 20, 28));
        g.fillRect(0, 0, size, size);
        double[] reach = new double[p.n], heights = new double[p.n];
        reachesAndHeights(p, reach, heights);
        double extent = Math.max(1, quantile(reach, 0.999));
        double zlo = p.n > 0 ? quantile(heights, 0.0005) : Double.POSITIVE_INFINITY;
        double zhi = p.n > 0 ? quantile(heights, 0.9995) : Double.NEGATIVE_INFINITY;
        double step = niceStep(extent / 4);
        extent = Math.ceil(extent / step) * step;
        double scale = (size / 2.0 - 20) / extent;
        int cx = size / 2, cy = size / 2;
        g.setColor(new Color(70, 70, 80));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (double r = step; r <= extent + 1e-9; r += step) {
            int pr = (int) Math.round(r * scale);
            g.drawOval(cx - pr, cy - pr, 2 * pr, 2 * pr);
            g.drawString(fmt(r) + " m", cx + 3, cy - pr - 2);
        }
        g.drawLine(cx, 10, cx, size - 10);
        g.drawLine(10, cy, size - 10, cy);
        int[] pixels = ((java.awt.image.DataBufferInt) img.getRaster().getDataBuffer()).getData();
        plotTopView(p, pixels, size, scale, zlo, zhi);
        g.setColor(Color.WHITE);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawString(title + " — top view, x up, y left; colour = z [m]", 10, 18);
        if (p.n > 0) {
            for (int k = 0; k < 150; k++) {
                g.setColor(heat(k / 149.0));
                g.fillRect(size - 170 + k, size - 30, 1, 10);
            }
            g.setColor(Color.WHITE);
            g.drawString(fmt(zlo), size - 170, size - 35);
            String hiText = fmt(zhi) + " m";
            g.drawString(hiText, size - 20 - g.getFontMetrics().stringWidth(hiText), size - 35);
        }
        g.dispose();
        return img;
    }

    /*
     * The per-point loops of birdsEye, each a method of its own: a loop that runs long in a method called a few times is
     * compiled on its stack, with the rest of its method; in birdsEye that rest was the Java 2D drawing (half a second of
     * C2's time over the demo's 20 pictures).
     */

    private static void reachesAndHeights(Points p, double[] reach, double[] heights) {
        for (int i = 0; i < p.n; i++) {
            reach[i] = Math.max(Math.abs(p.x[i]), Math.abs(p.y[i]));
            heights[i] = p.z[i];
        }
    }

    /** The points as dots of {@link #heat} colours by height, x up and y left from the centre, {@code scale} px/m. */
    private static void plotTopView(Points p, int[] pixels, int size, double scale, double zlo, double zhi) {
        int cx = size / 2, cy = size / 2;
        int dot = p.n < 20_000 ? 2 : 1; // sparse clouds get bigger dots
        for (int i = 0; i < p.n; i++) {
            int px = (int) Math.round(cx - p.y[i] * scale);
            int py = (int) Math.round(cy - p.x[i] * scale);
            int rgb = heat(zhi > zlo ? (p.z[i] - zlo) / (zhi - zlo) : 0.5).getRGB();
            for (int dx = 0; dx < dot; dx++) {
                for (int dy = 0; dy < dot; dy++) {
                    if (px + dx >= 0 && px + dx < size && py + dy >= 0 && py + dy < size) {
                        pixels[(py + dy) * size + px + dx] = rgb & 0xffffff;
                    }
                }
            }
        }
    }

    /** The value below which a share {@code q} of {@code values} lie (nearest rank; reorders them); 0 for none. */
    static double quantile(double[] values, double q) {
        int n = values.length;
        return n == 0 ? 0 : select(values, n, (int) Math.min(n - 1, Math.floor(q * n)));
    }

    /**
     * The {@code k}-th smallest of {@code a[0..n)} in {@link Double#compare}'s order, the element a sort would put at
     * {@code k}, reordering {@code a}: quickselect with three-way partitions around a median of three, which finishes
     * by sorting the range left when the partitions stop shrinking it fast enough.
     */
    static double select(double[] a, int n, int k) {
        int lo = 0, hi = n - 1;
        for (int rounds = 2 * (32 - Integer.numberOfLeadingZeros(n)) + 8; lo < hi; rounds--) {
            if (rounds == 0) {
                java.util.Arrays.sort(a, lo, hi + 1);
                break;
            }
            double x = a[lo], y = a[(lo + hi) >>> 1], z = a[hi];
            double p = Double.compare(x, y) < 0 ? (Double.compare(y, z) < 0 ? y : Double.compare(x, z) < 0 ? z : x)
                    : (Double.compare(x, z) < 0 ? x : Double.compare(y, z) < 0 ? z : y);
            int lt = lo, i = lo, gt = hi;
            while (i <= gt) { // a[lo..lt) < p, a[lt..i) = p, a(gt..hi] > p
                int c = Double.compare(a[i], p);
                if (c < 0) {
                    double t = a[lt];
                    a[lt++] = a[i];
                    a[i++] = t;
                } else if (c > 0) {
                    double t = a[gt];
                    a[gt--] = a[i];
                    a[i] = t;
                } else {
                    i++;
                }
            }
            if (k < lt) {
                hi = lt - 1;
            } else if (k > gt) {
                lo = gt + 1;
            } else {
                return p;
            }
        }
        return a[k];
    }

    /** A time series panel: a unit, its channel names and values ({@code values[channel][sample]}). */
    public record Panel(String title, String unit, List<String> names, double[][] values) {}

    /**
     * One panel per channel group, stacked, sharing the time axis; each with labelled, ticked axes
     * ({@code time [s]}, {@code <group> [<unit>]}) and a legend.
     */
    public static BufferedImage plot(String title, double[] time, int count, List<Panel> panels) {
        int w = 1000, ph = 260, top = 30, left = 90, right = 20, bottom = 45;
        int h = top + panels.size() * ph + 10;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.drawString(title, left, 20);
        double t0 = count > 0 ? time[0] : 0, t1 = count > 0 ? time[count - 1] : 1;
        if (t1 <= t0) {
            t1 = t0 + 1;
        }
        Color[] colours = {new Color(0xD62728), new Color(0x2CA02C), new Color(0x1F77B4), new Color(0x9467BD),
            new Color(0xFF7F0E), new Color(0x8C564B)};
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
        for (int pi = 0; pi < panels.size(); pi++) {
            Panel panel = panels.get(pi);
            int y0 = top + pi * ph, plotTop = y0 + 10, plotBottom = y0 + ph - bottom;
            int plotLeft = left, plotRight = w - right;
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (double[] v : panel.values()) {
                for (int i = 0; i < count; i++) {
                    if (Double.isFinite(v[i])) {
                        lo = Math.min(lo, v[i]);
                        hi = Math.max(hi, v[i]);
                    }
                }
            }
            if (!(hi >= lo)) {
                lo = -1;
                hi = 1;
            }
            if (hi - lo < 1e-12 * Math.max(1, Math.abs(hi))) {
                double d = Math.max(Math.abs(hi) * 0.1, 1e-9);
                lo -= d;
                hi += d;
            }
            double ys = niceStep((hi - lo) / 5);
            lo = Math.floor(lo / ys) * ys;
            hi = Math.ceil(hi / ys) * ys;
            double xs = niceStep((t1 - t0) / 8);
            g.setFont(small);
            FontMetrics fm = g.getFontMetrics();
            // grid and ticks
            for (double v = lo; v <= hi + ys * 1e-6; v += ys) {
                int py = (int) Math.round(plotBottom - (v - lo) / (hi - lo) * (plotBottom - plotTop));
                g.setColor(new Color(230, 230, 230));
                g.drawLine(plotLeft, py, plotRight, py);
                g.setColor(Color.BLACK);
                String s = fmt(v);
                g.drawString(s, plotLeft - 6 - fm.stringWidth(s), py + 4);
            }
            for (double t = Math.ceil(t0 / xs) * xs; t <= t1 + xs * 1e-6; t += xs) {
                int px = (int) Math.round(plotLeft + (t - t0) / (t1 - t0) * (plotRight - plotLeft));
                g.setColor(new Color(230, 230, 230));
                g.drawLine(px, plotTop, px, plotBottom);
                g.setColor(Color.BLACK);
                String s = fmt(t);
                g.drawString(s, px - fm.stringWidth(s) / 2, plotBottom + 15);
            }
            g.setColor(Color.BLACK);
            g.drawRect(plotLeft, plotTop, plotRight - plotLeft, plotBottom - plotTop);
            String xl = "time [s]";
            g.drawString(xl, (plotLeft + plotRight) / 2 - fm.stringWidth(xl) / 2, plotBottom + 32);
            String yl = panel.title() + " [" + panel.unit() + "]";
            AffineTransform saved = g.getTransform();
            g.rotate(-Math.PI / 2);
            g.drawString(yl, -((plotTop + plotBottom) / 2 + fm.stringWidth(yl) / 2), 16);
            g.setTransform(saved);
            // series
            g.setStroke(new BasicStroke(1.2f));
            var clip = g.getClip();
            g.clipRect(plotLeft, plotTop, plotRight - plotLeft + 1, plotBottom - plotTop + 1);
            for (int c = 0; c < panel.values().length; c++) {
                double[] v = panel.values()[c];
                Path2D.Double path = new Path2D.Double();
                boolean pen = false;
                for (int i = 0; i < count; i++) {
                    if (!Double.isFinite(v[i])) {
                        pen = false;
                        continue;
                    }
                    double px = plotLeft + (time[i] - t0) / (t1 - t0) * (plotRight - plotLeft);
                    double py = plotBottom - (v[i] - lo) / (hi - lo) * (plotBottom - plotTop);
                    if (pen) {
                        path.lineTo(px, py);
                    } else {
                        path.moveTo(px, py);
                        pen = true;
                    }
                }
                g.setColor(colours[c % colours.length]);
                g.draw(path);
            }
            g.setClip(clip);
            // legend
            int lx = plotRight - 10;
            for (int c = panel.names().size() - 1; c >= 0; c--) {
                String s = panel.names().get(c);
                lx -= fm.stringWidth(s) + 26;
                g.setColor(colours[c % colours.length]);
                g.fillRect(lx, plotTop + 8, 16, 3);
                g.setColor(Color.BLACK);
                g.drawString(s, lx + 20, plotTop + 14);
            }
        }
        g.dispose();
        return img;
    }

    /** 1, 2 or 5 × 10^k not below {@code raw}. */
    static double niceStep(double raw) {
        if (!(raw > 0) || !Double.isFinite(raw)) {
            return 1;
        }
        double e = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / e;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
    }

    static String fmt(double v) {
        if (Math.abs(v) < 1e-12) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e5 || a < 1e-3) {
            return String.format(java.util.Locale.ROOT, "%.2e", v);
        }
        String s = String.format(java.util.Locale.ROOT, "%.4f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static Color heat(double t) {
        t = Math.max(0, Math.min(1, t));
        return Color.getHSBColor((float) (0.66 * (1 - t)), 0.9f, 1f);
    }
}
