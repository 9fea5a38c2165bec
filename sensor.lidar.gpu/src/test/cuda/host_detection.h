// What the detection and pipeline cases share: 64-bit integers as two words, and the Detection tables of a row.
#pragma once
#include "detection.cuh"

/** A 64-bit integer from two doubles, its high and its low 32-bit word. */
inline unsigned long long word64(const double *a) {
    return ((unsigned long long) (unsigned int) a[0] << 32) | (unsigned int) a[1];
}

/** The Detection tables of one row: darkShare, C, F, scale[C], threshold[C], falseAlarm[C], background[C],
 *  precisionStart[C + 1], logSnr[F], logSigma[F] (DetectionReference.Calibration.tables()). */
struct RowTables {
    DetectionTables t;
    int start[64];
    int channels;
};

/** Reads the tables at a into rt (which points into a); returns the number of doubles read. */
inline int readTables(const double *a, RowTables &rt) {
    rt.t.darkShare = a[0];
    int c = (int) a[1], f = (int) a[2];
    rt.channels = c;
    const double *p = a + 3;
    rt.t.scale = p;
    rt.t.threshold = p + c;
    rt.t.falseAlarm = p + 2 * c;
    rt.t.background = p + 3 * c;
    for (int i = 0; i <= c; i++) rt.start[i] = (int) p[4 * c + i];
    rt.t.precisionStart = rt.start;
    rt.t.logSnr = p + 5 * c + 1;
    rt.t.logSigma = p + 5 * c + 1 + f;
    return 3 + 5 * c + 1 + 2 * f;
}
