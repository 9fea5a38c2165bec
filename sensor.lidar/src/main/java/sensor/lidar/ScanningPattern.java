package sensor.lidar;

/** A ray pattern that repeats one scan at a fixed rate; a frame holds at most one scan. */
interface ScanningPattern {
    /** Scans per second, Hz. */
    double scanRate();
}
