package sensor.odometer;

import java.util.List;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.odometer.config.OdometerConfig;

/**
 * The {@code odometer} sensor type [OD]: {@code distance = R_wheel · u}, {@code u} the wheel joint angle after
 * optional noise [E-N] {@code u + η, η ~ N(0, σ²)} and optional binning [E-32]
 * {@code u_res · floor(u / u_res)} with the encoder cycle length {@code u_res}.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=odometer")
public class OdometerType implements SensorType<OdometerConfig> {
    /** Type id. */
    public static final String ID = "odometer";

    @Override
    public String id() { return ID; }

    @Override
    public Class<OdometerConfig> configType() { return OdometerConfig.class; }

    @Override
    public OdometerConfig defaultConfig() { return OdometerConfig.of(null, OdometerConfig.DEFAULT_WHEEL_RADIUS); }

    @Override
    public String description() { return "odometer: wheel radius times wheel joint angle"; }

    @Override
    public Sensor create(OdometerConfig c) {
        Args.notNull("odometer config", c);
        if (c.jointId() == null) {
            throw new IllegalArgumentException("odometer jointId must be set to the id of a wheel joint of the world, got null");
        }
        Args.id("odometer jointId", c.jointId());
        double radius = Args.positive("odometer wheelRadius", c.wheelRadius());
        double cycle = c.encoderCycle() == null ? 0 : Args.positive("odometer encoderCycle", c.encoderCycle());
        double sigma = Args.nonNegative("odometer noiseSigma", c.noiseSigma());
        return new Odometer(c.jointId(), radius, cycle, sigma);
    }

    /** [OD] with optional [E-N] and [E-32]. */
    static final class Odometer implements Sensor {
        private static final List<String> NAMES = List.of("distance"), UNITS = List.of("m");
        private final String jointId;
        private final double radius, cycle, sigma;

        Odometer(String jointId, double radius, double cycle, double sigma) {
            this.jointId = jointId;
            this.radius = radius;
            this.cycle = cycle;
            this.sigma = sigma;
        }

        /** Distance for wheel angle {@code u} and a standard normal {@code z}. */
        double distance(double u, double z) {
            u += sigma * z;
            if (cycle > 0) {
                u = cycle * Math.floor(u / cycle);
            }
            return radius * u;
        }

        @Override
        public Channels sample(SampleContext ctx) {
            double z = ctx.random().gaussian(ctx.index(), 0, 0); // counter-based: a draw changes no other draw
            return new Channels(NAMES, UNITS, new double[] {distance(ctx.jointPosition(jointId, ctx.time()), z)});
        }
    }
}
