package sensor.radar;

import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.Args;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.radar.config.RadarConfig;

/**
 * The {@code radar} sensor type [RAD]: a flash radar on the raytrace backend ({@link RadarSensor}). Each frame is a point
 * cloud of detections with the fields x, y, z, distance, azimuth, elevation, radial velocity and RCS.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + RadarType.ID)
public class RadarType implements SensorType<RadarConfig> {
    /** Type id. */
    public static final String ID = "radar";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RaytraceBackend backend;

    /** Sets the backend directly (plain Java use without DS). */
    public void setBackend(RaytraceBackend b) { backend = b; }

    @Override
    public String id() { return ID; }

    @Override
    public Class<RadarConfig> configType() { return RadarConfig.class; }

    @Override
    public RadarConfig defaultConfig() { return RadarConfig.DEFAULT; }

    @Override
    public String description() {
        return "raytraced flash radar: detections per range, angle and Doppler cell with radial velocity and RCS";
    }

    @Override
    public Sensor create(RadarConfig c) {
        Args.notNull("radar config", c);
        Args.inRange("horizontalFov", c.horizontalFov(), 0.1, 360);
        Args.inRange("verticalFov", c.verticalFov(), 0.1, 179);
        Args.inRange("minRange", c.minRange(), 0, 1e5);
        Args.inRange("maxRange", c.maxRange(), Math.max(c.minRange(), 1e-3), 1e5);
        Args.inRange("azimuthResolution", c.azimuthResolution(), 0.01, c.horizontalFov());
        Args.inRange("elevationResolution", c.elevationResolution(), 0.01, c.verticalFov());
        Args.inRange("rangeResolution", c.rangeResolution(), 1e-3, 1e3);
        Args.inRange("velocityResolution", c.velocityResolution(), 1e-4, 1e3);
        Args.inRange("raysPerCell", c.raysPerCell(), 1, 32);
        Args.inRange("rangeNoise", c.rangeNoise(), 0, 1e3);
        Args.inRange("angleNoise", c.angleNoise(), 0, 90);
        Args.inRange("velocityNoise", c.velocityNoise(), 0, 1e3);
        Args.inRange("minRcsAtMaxRange", c.minRcsAtMaxRange(), -200, 200);
        if (!c.reflectivity().containsKey(RadarConfig.DEFAULT_MATERIAL)) {
            throw new IllegalArgumentException("reflectivity must have a '" + RadarConfig.DEFAULT_MATERIAL
                    + "' entry (dB m²/m²) for materials not listed, got " + c.reflectivity().keySet());
        }
        for (Map.Entry<String, Double> e : c.reflectivity().entrySet()) {
            Args.inRange("reflectivity." + e.getKey(), e.getValue() == null ? Double.NaN : e.getValue(), -100, 60);
        }
        int cells = (int) Math.round(c.horizontalFov() / c.azimuthResolution())
                * (int) Math.round(c.verticalFov() / c.elevationResolution()) * c.raysPerCell() * c.raysPerCell();
        if (cells > 4_000_000) {
            throw new IllegalArgumentException("radar rays per frame (cells × raysPerCell²) must be at most 4000000, got "
                    + cells + ": coarsen the resolution or lower raysPerCell");
        }
        return new RadarSensor(c, () -> backend);
    }
}
