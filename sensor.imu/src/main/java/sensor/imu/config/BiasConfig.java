package sensor.imu.config;

import sensor.api.geom.Vec3;

/** A constant zero bias (zero-g, zero-rate or zero-flux bias) added per axis; finite. Default: zero. */
public record BiasConfig(Vec3 bias) {
    /** Stage type id. */
    public static final String TYPE_ID = "bias";
    /** No bias. */
    public static final BiasConfig NONE = new BiasConfig(Vec3.ZERO);
}
