package sensor.encoder;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.encoder.config.EncoderConfig;
import sensor.encoder.config.EncoderMode;

/**
 * The {@code encoder} sensor type: noise [E-N], binning [E-32], incremental [E-33] or absolute [E-34] mode,
 * speed [E-V]; see {@link EncoderSensor}.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=encoder")
public class EncoderType implements SensorType<EncoderConfig> {
    /** Type id. */
    public static final String ID = "encoder";

    @Override
    public String id() { return ID; }

    @Override
    public Class<EncoderConfig> configType() { return EncoderConfig.class; }

    @Override
    public EncoderConfig defaultConfig() { return EncoderConfig.of(null); }

    @Override
    public String description() { return "encoder on a joint: noise, binning, incremental/absolute/signed, speed"; }

    @Override
    public Sensor create(EncoderConfig c) {
        Args.notNull("encoder config", c);
        if (c.jointId() == null) {
            throw new IllegalArgumentException("encoder jointId must be set to the id of a joint of the world, got null");
        }
        Args.id("encoder jointId", c.jointId());
        Args.notNull("encoder mode (INCREMENTAL, ABSOLUTE or SIGNED)", c.mode());
        Args.finite("encoder lower", c.lower());
        Args.finite("encoder upper", c.upper());
        if (!(c.lower() < c.upper())) {
            throw new IllegalArgumentException("encoder lower must be < encoder upper, got lower " + c.lower()
                    + ", upper " + c.upper());
        }
        if (c.resolution() != null) {
            Args.positive("encoder resolution", c.resolution());
        }
        Args.nonNegative("encoder noiseSigma", c.noiseSigma());
        Args.notNull("encoder unit", c.unit());
        double half = (c.upper() - c.lower()) / 2;
        boolean signed = c.mode() == EncoderMode.SIGNED;
        return new EncoderSensor(c.jointId(), c.mode() != EncoderMode.ABSOLUTE, signed ? -half : c.lower(),
                signed ? half : c.upper(), c.resolution() == null ? 0 : c.resolution(), c.noiseSigma(), c.unit());
    }
}
