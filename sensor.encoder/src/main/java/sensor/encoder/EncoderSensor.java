package sensor.encoder;

import java.util.List;

import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;

/**
 * An encoder on a joint's free degree of freedom, as read after its microcontroller:
 * <ol>
 * <li>[E-N] noise {@code u' = u + η}, {@code η ~ N(0, σ²)} (drawn per sample index, reproducible by seed);</li>
 * <li>[E-32] binning {@code u_binned = u_res · floor(u / u_res)} (when a resolution is set);</li>
 * <li>[E-33] incremental mode: {@code u_meas = u − (u_upper − u_lower) · floor((u − u_lower)/(u_upper − u_lower))},
 * or [E-34] absolute mode: {@code u_meas = max(u_lower, min(u, u_upper))};</li>
 * <li>[E-V] speed estimated as a microcontroller does: when the measured value changes, the size of the
 * change (in incremental mode the shortest way round the range) divided by the time since the previous
 * change. While it does not change the estimate is held, but once the wait exceeds what the held speed
 * would need to move one resolution step it decays as {@code ±u_res / (time since the last change)}, so it
 * reaches zero when the joint stops. Without binning, "no change" means the value is exactly unchanged and
 * the speed is zero. Before the first change the speed is zero; the first change is timed from the first
 * sample.</li>
 * </ol>
 */
final class EncoderSensor implements Sensor {
    private final String jointId;
    private final boolean incremental;
    private final double lower, upper, range, resolution, sigma;
    private final List<String> names = List.of("position", "speed");
    private final List<String> units;

    private boolean started;
    private double lastValue, lastChange, speed;

    EncoderSensor(String jointId, boolean incremental, double lower, double upper, double resolution, double sigma,
                  String unit) {
        this.jointId = jointId;
        this.incremental = incremental;
        this.lower = lower;
        this.upper = upper;
        this.range = upper - lower;
        this.resolution = resolution;
        this.sigma = sigma;
        this.units = List.of(unit, unit + "/s");
    }

    /** The measured position for the true position {@code u} and a standard normal {@code z}. */
    double measure(double u, double z) {
        if (sigma > 0) {
            u += sigma * z;
        }
        if (resolution > 0) {
            u = resolution * Math.floor(u / resolution);
        }
        if (incremental) {
            return u - range * Math.floor((u - lower) / range);
        }
        return Math.max(lower, Math.min(u, upper));
    }

    @Override
    public Channels sample(SampleContext ctx) {
        double t = ctx.time();
        double z = sigma > 0 ? ctx.random().gaussian(ctx.index(), 0, 0) : 0;
        double m = measure(ctx.jointPosition(jointId, t), z);
        if (!started) {
            started = true;
            lastValue = m;
            lastChange = t;
            speed = 0;
        } else if (m != lastValue) {
            double d = m - lastValue;
            if (incremental) {
                d -= range * Math.rint(d / range);
            }
            double dt = t - lastChange;
            speed = dt > 0 ? d / dt : speed;
            lastValue = m;
            lastChange = t;
        } else if (resolution > 0) {
            double bound = resolution / (t - lastChange);
            if (Math.abs(speed) > bound) {
                speed = Math.copySign(bound, speed);
            }
        } else {
            speed = 0;
        }
        return new Channels(names, units, new double[] {m, speed});
    }
}
