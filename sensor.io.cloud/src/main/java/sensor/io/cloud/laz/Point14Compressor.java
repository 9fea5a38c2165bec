package sensor.io.cloud.laz;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import sensor.io.cloud.laz.ArithmeticEncoder.Model;

/**
 * The 30 core bytes of a LAS 1.4 point (LASzip item POINT14, version 3) in nine layers: returns and X Y, Z,
 * classification, flags, intensity, scan angle, user data, point source id, GPS time. Every point is coded against
 * the last point of its scanner channel, with separate models per channel. Follows LASzip (Apache-2.0),
 * src/laswriteitemcompressed_v3.cpp, {@code LASwriteItemCompressed_POINT14_v3}, and src/laszip_common_v3.hpp; one
 * deliberate difference: a GPS time counts as changed when its bits differ (LASzip compares the doubles, which
 * loses -0.0 after +0.0), which the format carries as it is.
 */
final class Point14Compressor implements ItemCompressor {
    private static final int XY = 0, Z = 1, CLASSIFICATION = 2, FLAGS = 3, INTENSITY = 4, SCAN_ANGLE = 5,
            USER_DATA = 6, POINT_SOURCE = 7, GPS_TIME = 8;

    /** GPS time multipliers coded directly: 1 to 499 and -1 to -9; beyond them the extreme codes. */
    private static final int MULTI = 500, MULTI_MINUS = -10, MULTI_CODE_FULL = MULTI - MULTI_MINUS + 1,
            MULTI_TOTAL = MULTI - MULTI_MINUS + 5;

    /** Context (0 to 5) of a number of returns n (row) and return number r (column), laszip_common_v3.hpp. */
    private static final byte[][] RETURN_MAP = {
        {0, 1, 2, 3, 4, 5, 3, 4, 4, 5, 5, 5, 5, 5, 5, 5},
        {1, 0, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
        {2, 1, 2, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3},
        {3, 3, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
        {4, 3, 4, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
        {5, 3, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
        {3, 3, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4},
        {4, 3, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4},
        {4, 3, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4, 4},
        {5, 3, 4, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4},
        {5, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4},
        {5, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 4, 4, 4},
        {5, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 4, 4},
        {5, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 4},
        {5, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5},
        {5, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5},
    };

    private final ArithmeticEncoder[] enc = new ArithmeticEncoder[9];
    /** Whether a layer holds information; the returns-XY and Z layers always do. */
    private final boolean[] changed = new boolean[9];
    private final Channel[] channels = new Channel[4];
    private final boolean[] used = new boolean[4];
    private int current;
    private final Point item = new Point();

    Point14Compressor() {
        for (int i = 0; i < enc.length; i++) {
            enc[i] = new ArithmeticEncoder();
        }
    }

    @Override
    public int init(byte[] buf, int off, int context) {
        for (ArithmeticEncoder e : enc) {
            e.init();
        }
        Arrays.fill(changed, false);
        changed[XY] = changed[Z] = true;
        Arrays.fill(used, false);
        item.read(buf, off);
        current = item.channel();
        initChannel(current, item);
        return current;
    }

    /** Starts (or restarts) the models of a scanner channel, its last point {@code from}. */
    private void initChannel(int c, Point from) {
        if (channels[c] == null) {
            channels[c] = new Channel(enc);
        }
        channels[c].init(from);
        used[c] = true;
    }

    @Override
    public int write(byte[] buf, int off, int context) {
        Point p = item.read(buf, off);
        Channel c = channels[current];
        Point last = c.last;
        // single (3), first (1), last (2) or intermediate (0) return of the last point, and its GPS time change
        int lpr = (last.returnNumber == 1 ? 1 : 0) + (last.returnNumber >= last.returns ? 2 : 0)
                + (last.gpsTimeChange ? 4 : 0);
        int channel = p.channel();
        if (channel != current && used[channel]) {
            last = channels[channel].last;
        }
        boolean pointSourceChange = p.pointSource != last.pointSource;
        boolean gpsTimeChange = p.gpsTime != last.gpsTime;
        boolean scanAngleChange = p.scanAngle != last.scanAngle;
        int lastN = last.returns, lastR = last.returnNumber, n = p.returns, r = p.returnNumber;
        int changedValues = (channel != current ? 1 << 6 : 0) | (pointSourceChange ? 1 << 5 : 0)
                | (gpsTimeChange ? 1 << 4 : 0) | (scanAngleChange ? 1 << 3 : 0) | (n != lastN ? 1 << 2 : 0);
        if (r != lastR) {
            changedValues |= r == ((lastR + 1) & 15) ? 1 : r == ((lastR + 15) & 15) ? 2 : 3;
        }
        ArithmeticEncoder xy = enc[XY];
        xy.encodeSymbol(c.changedValues[lpr], changedValues);
        if (channel != current) {
            int diff = channel - current;
            xy.encodeSymbol(c.scannerChannel, diff > 0 ? diff - 1 : diff + 4 - 1);
            if (!used[channel]) {
                initChannel(channel, c.last);
                last = channels[channel].last;
            }
            current = channel;
            context = channel; // LASzip v3 hands the channel on only on a change
            c = channels[channel];
        }
        if (n != lastN) {
            xy.encodeSymbol(Channel.model(c.numberOfReturns, lastN, 16), n);
        }
        if ((changedValues & 3) == 3) {
            if (gpsTimeChange) {
                xy.encodeSymbol(Channel.model(c.returnNumber, lastR, 16), r);
            } else {
                int diff = r - lastR;
                xy.encodeSymbol(c.returnNumberGpsSame, diff > 1 ? diff - 2 : diff + 16 - 2);
            }
        }
        int m = RETURN_MAP[n][r];
        int level = Math.min(Math.abs(n - r), 7); // levels of penetration, laszip_common_v3.hpp
        int cpr = (r == 1 ? 2 : 0) + (r >= n ? 1 : 0);
        int t = gpsTimeChange ? 1 : 0;

        int diff = p.x - last.x;
        StreamingMedian5 median = c.xDiffMedian[(m << 1) | t];
        c.dx.compress(median.get(), diff, n == 1 ? 1 : 0);
        median.add(diff);
        int kBits = c.dx.k();
        diff = p.y - last.y;
        median = c.yDiffMedian[(m << 1) | t];
        c.dy.compress(median.get(), diff, (n == 1 ? 1 : 0) + (kBits < 20 ? kBits & ~1 : 20));
        median.add(diff);

        kBits = (c.dx.k() + c.dy.k()) / 2;
        c.z.compress(c.lastZ[level], p.z, (n == 1 ? 1 : 0) + (kBits < 18 ? kBits & ~1 : 18));
        c.lastZ[level] = p.z;

        changed[CLASSIFICATION] |= p.classification != last.classification;
        int ccc = ((last.classification & 0x1F) << 1) + (cpr == 3 ? 1 : 0);
        enc[CLASSIFICATION].encodeSymbol(Channel.model(c.classification, ccc, 256), p.classification);

        changed[FLAGS] |= p.flags() != last.flags();
        enc[FLAGS].encodeSymbol(Channel.model(c.flags, last.flags(), 64), p.flags());

        changed[INTENSITY] |= p.intensity != last.intensity;
        c.intensity.compress(c.lastIntensity[(cpr << 1) | t], p.intensity, cpr);
        c.lastIntensity[(cpr << 1) | t] = p.intensity;

        if (scanAngleChange) {
            changed[SCAN_ANGLE] = true;
            c.scanAngle.compress(last.scanAngle, p.scanAngle, t);
        }

        changed[USER_DATA] |= p.userData != last.userData;
        enc[USER_DATA].encodeSymbol(Channel.model(c.userData, last.userData / 4, 256), p.userData);

        if (pointSourceChange) {
            changed[POINT_SOURCE] = true;
            c.pointSource.compress(last.pointSource, p.pointSource, 0);
        }

        if (gpsTimeChange) {
            changed[GPS_TIME] = true;
            writeGpsTime(c, p.gpsTime);
        }
        last.set(p);
        last.gpsTimeChange = gpsTimeChange;
        return context;
    }

    /** Codes a GPS time (its bits) against the last times of up to four interleaved sequences of the channel. */
    private void writeGpsTime(Channel c, long gpsTime) {
        ArithmeticEncoder e = enc[GPS_TIME];
        long diff64 = gpsTime - c.lastGpsTime[c.seq];
        int diff = (int) diff64;
        if (c.lastGpsTimeDiff[c.seq] == 0) {
            if (diff64 == diff) {
                e.encodeSymbol(c.gpsTime0Diff, 0);
                c.gpsTime.compress(0, diff, 0);
                c.lastGpsTimeDiff[c.seq] = diff;
                c.multiExtremeCounter[c.seq] = 0;
            } else {
                for (int i = 1; i < 4; i++) {
                    long other = gpsTime - c.lastGpsTime[(c.seq + i) & 3];
                    if (other == (int) other) { // it belongs to another sequence
                        e.encodeSymbol(c.gpsTime0Diff, i + 1);
                        c.seq = (c.seq + i) & 3;
                        writeGpsTime(c, gpsTime);
                        return;
                    }
                }
                e.encodeSymbol(c.gpsTime0Diff, 1);
                startSequence(c, gpsTime);
            }
        } else if (diff64 == diff) {
            int lastDiff = c.lastGpsTimeDiff[c.seq];
            float multiF = (float) diff / (float) lastDiff;
            int multi = multiF >= 0 ? (int) (multiF + 0.5) : (int) (multiF - 0.5);
            if (multi == 1) { // regularly spaced pulses
                e.encodeSymbol(c.gpsTimeMulti, 1);
                c.gpsTime.compress(lastDiff, diff, 1);
                c.multiExtremeCounter[c.seq] = 0;
            } else if (multi > 0 && multi < MULTI) {
                e.encodeSymbol(c.gpsTimeMulti, multi);
                c.gpsTime.compress(multi * lastDiff, diff, multi < 10 ? 2 : 3);
            } else if (multi >= MULTI) {
                e.encodeSymbol(c.gpsTimeMulti, MULTI);
                c.gpsTime.compress(MULTI * lastDiff, diff, 4);
                countExtreme(c, diff);
            } else if (multi < 0 && multi > MULTI_MINUS) {
                e.encodeSymbol(c.gpsTimeMulti, MULTI - multi);
                c.gpsTime.compress(multi * lastDiff, diff, 5);
            } else if (multi < 0) {
                e.encodeSymbol(c.gpsTimeMulti, MULTI - MULTI_MINUS);
                c.gpsTime.compress(MULTI_MINUS * lastDiff, diff, 6);
                countExtreme(c, diff);
            } else {
                e.encodeSymbol(c.gpsTimeMulti, 0);
                c.gpsTime.compress(0, diff, 7);
                countExtreme(c, diff);
            }
        } else {
            for (int i = 1; i < 4; i++) {
                long other = gpsTime - c.lastGpsTime[(c.seq + i) & 3];
                if (other == (int) other) { // it belongs to another sequence
                    e.encodeSymbol(c.gpsTimeMulti, MULTI_CODE_FULL + i);
                    c.seq = (c.seq + i) & 3;
                    writeGpsTime(c, gpsTime);
                    return;
                }
            }
            e.encodeSymbol(c.gpsTimeMulti, MULTI_CODE_FULL);
            startSequence(c, gpsTime);
        }
        c.lastGpsTime[c.seq] = gpsTime;
    }

    /** Codes the time in full (high half against the last time's, low half raw) as a new sequence. */
    private void startSequence(Channel c, long gpsTime) {
        c.gpsTime.compress((int) (c.lastGpsTime[c.seq] >>> 32), (int) (gpsTime >>> 32), 8);
        enc[GPS_TIME].writeInt((int) gpsTime);
        c.nextSeq = (c.nextSeq + 1) & 3;
        c.seq = c.nextSeq;
        c.lastGpsTimeDiff[c.seq] = 0;
        c.multiExtremeCounter[c.seq] = 0;
    }

    /** After more than three extreme multipliers in a row, the current difference becomes the reference. */
    private static void countExtreme(Channel c, int diff) {
        if (++c.multiExtremeCounter[c.seq] > 3) {
            c.lastGpsTimeDiff[c.seq] = diff;
            c.multiExtremeCounter[c.seq] = 0;
        }
    }

    @Override
    public void writeSizes(ByteArrayOutputStream out) {
        for (int i = 0; i < enc.length; i++) {
            enc[i].done();
            ItemCompressor.putInt(out, changed[i] ? enc[i].size() : 0);
        }
    }

    @Override
    public void writeLayers(ByteArrayOutputStream out) {
        for (int i = 0; i < enc.length; i++) {
            if (changed[i]) {
                enc[i].writeTo(out);
            }
        }
    }

    /** The fields of a point record of format 6 (the first 30 bytes), as the compressor reads them. */
    static final class Point {
        int x, y, z, intensity, returnNumber, returns, flagBits, classification, userData, scanAngle, pointSource;
        /** The bits of the GPS time. */
        long gpsTime;
        /** Whether the GPS time changed from the point before (kept for the last point of a channel). */
        boolean gpsTimeChange;

        Point read(byte[] b, int o) {
            x = i32(b, o);
            y = i32(b, o + 4);
            z = i32(b, o + 8);
            intensity = (b[o + 12] & 0xFF) | (b[o + 13] & 0xFF) << 8;
            returnNumber = b[o + 14] & 0x0F;
            returns = (b[o + 14] >> 4) & 0x0F;
            flagBits = b[o + 15] & 0xFF;
            classification = b[o + 16] & 0xFF;
            userData = b[o + 17] & 0xFF;
            scanAngle = (short) ((b[o + 18] & 0xFF) | b[o + 19] << 8);
            pointSource = (b[o + 20] & 0xFF) | (b[o + 21] & 0xFF) << 8;
            gpsTime = (i32(b, o + 22) & 0xFFFFFFFFL) | (long) i32(b, o + 26) << 32;
            return this;
        }

        private static int i32(byte[] b, int o) {
            return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | b[o + 3] << 24;
        }

        void set(Point p) {
            x = p.x;
            y = p.y;
            z = p.z;
            intensity = p.intensity;
            returnNumber = p.returnNumber;
            returns = p.returns;
            flagBits = p.flagBits;
            classification = p.classification;
            userData = p.userData;
            scanAngle = p.scanAngle;
            pointSource = p.pointSource;
            gpsTime = p.gpsTime;
            gpsTimeChange = p.gpsTimeChange;
        }

        int channel() {
            return (flagBits >> 4) & 3;
        }

        /** Edge of flight line (bit 5), scan direction (bit 4), classification flags (bits 0 to 3). */
        int flags() {
            return ((flagBits >> 2) & 0x30) | (flagBits & 0x0F);
        }
    }

    /** The models and last values of one scanner channel (LASzip's {@code LAScontextPOINT14}). */
    private static final class Channel {
        final Point last = new Point();
        final Model[] changedValues = new Model[8];
        final Model scannerChannel = new Model(3);
        final Model[] numberOfReturns = new Model[16];
        final Model returnNumberGpsSame = new Model(13);
        final Model[] returnNumber = new Model[16];
        final IntegerCompressor dx;
        final IntegerCompressor dy;
        final StreamingMedian5[] xDiffMedian = new StreamingMedian5[12];
        final StreamingMedian5[] yDiffMedian = new StreamingMedian5[12];
        final IntegerCompressor z;
        final int[] lastZ = new int[8];
        final Model[] classification = new Model[64];
        final Model[] flags = new Model[64];
        final Model[] userData = new Model[64];
        final IntegerCompressor intensity;
        final int[] lastIntensity = new int[8];
        final IntegerCompressor scanAngle;
        final IntegerCompressor pointSource;
        final Model gpsTimeMulti = new Model(MULTI_TOTAL);
        final Model gpsTime0Diff = new Model(5);
        final IntegerCompressor gpsTime;
        final long[] lastGpsTime = new long[4];
        final int[] lastGpsTimeDiff = new int[4];
        final int[] multiExtremeCounter = new int[4];
        /** The GPS time sequence coded against, and the one a new sequence takes. */
        int seq;
        int nextSeq;

        Channel(ArithmeticEncoder[] enc) {
            for (int i = 0; i < 8; i++) {
                changedValues[i] = new Model(128);
            }
            for (int i = 0; i < 12; i++) {
                xDiffMedian[i] = new StreamingMedian5();
                yDiffMedian[i] = new StreamingMedian5();
            }
            dx = new IntegerCompressor(enc[XY], 32, 2);
            dy = new IntegerCompressor(enc[XY], 32, 22);
            z = new IntegerCompressor(enc[Z], 32, 20);
            intensity = new IntegerCompressor(enc[INTENSITY], 16, 4);
            scanAngle = new IntegerCompressor(enc[SCAN_ANGLE], 16, 2);
            pointSource = new IntegerCompressor(enc[POINT_SOURCE], 16, 1);
            gpsTime = new IntegerCompressor(enc[GPS_TIME], 32, 9);
        }

        /** Model {@code i} of {@code models}, made (equiprobable) on its first use in a chunk. */
        static Model model(Model[] models, int i, int symbols) {
            Model m = models[i];
            return m != null ? m : (models[i] = new Model(symbols));
        }

        void init(Point from) {
            for (Model m : changedValues) {
                m.init();
            }
            scannerChannel.init();
            returnNumberGpsSame.init();
            Arrays.fill(numberOfReturns, null);
            Arrays.fill(returnNumber, null);
            Arrays.fill(classification, null);
            Arrays.fill(flags, null);
            Arrays.fill(userData, null);
            dx.init();
            dy.init();
            for (int i = 0; i < 12; i++) {
                xDiffMedian[i].init();
                yDiffMedian[i].init();
            }
            z.init();
            Arrays.fill(lastZ, from.z);
            intensity.init();
            Arrays.fill(lastIntensity, from.intensity);
            scanAngle.init();
            pointSource.init();
            gpsTimeMulti.init();
            gpsTime0Diff.init();
            gpsTime.init();
            seq = 0;
            nextSeq = 0;
            Arrays.fill(lastGpsTimeDiff, 0);
            Arrays.fill(multiExtremeCounter, 0);
            Arrays.fill(lastGpsTime, 0);
            lastGpsTime[0] = from.gpsTime;
            last.set(from);
            last.gpsTimeChange = false;
        }
    }

    /** The median of the last five values (LASzip's {@code StreamingMedian5}, src/laszip_common_v2.hpp). */
    static final class StreamingMedian5 {
        private final int[] v = new int[5];
        private boolean high = true;

        void init() {
            Arrays.fill(v, 0);
            high = true;
        }

        int get() {
            return v[2];
        }

        void add(int x) {
            if (high) {
                if (x < v[2]) {
                    v[4] = v[3];
                    v[3] = v[2];
                    if (x < v[0]) {
                        v[2] = v[1];
                        v[1] = v[0];
                        v[0] = x;
                    } else if (x < v[1]) {
                        v[2] = v[1];
                        v[1] = x;
                    } else {
                        v[2] = x;
                    }
                } else {
                    if (x < v[3]) {
                        v[4] = v[3];
                        v[3] = x;
                    } else {
                        v[4] = x;
                    }
                    high = false;
                }
            } else {
                if (v[2] < x) {
                    v[0] = v[1];
                    v[1] = v[2];
                    if (v[4] < x) {
                        v[2] = v[3];
                        v[3] = v[4];
                        v[4] = x;
                    } else if (v[3] < x) {
                        v[2] = v[3];
                        v[3] = x;
                    } else {
                        v[2] = x;
                    }
                } else {
                    if (v[1] < x) {
                        v[0] = v[1];
                        v[1] = x;
                    } else {
                        v[0] = x;
                    }
                    high = true;
                }
            }
        }
    }
}
