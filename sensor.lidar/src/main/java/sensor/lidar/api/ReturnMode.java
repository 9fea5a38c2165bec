package sensor.lidar.api;

/** Which candidate returns of a beam become points ([L-P] step 4). */
public enum ReturnMode {
    /** The strongest return (the AGX default). */
    STRONGEST,
    /** The nearest return. */
    FIRST,
    /** The farthest return. */
    LAST,
    /** The strongest and the last return (one point when they coincide). */
    DUAL
}
