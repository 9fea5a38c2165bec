package sensor.lidar;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import sensor.api.PluginCatalog;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;

/**
 * {@code ouster}: the beam table of a catalog model and mode as a bare ray pattern ({@code pattern: {type: ouster,
 * model, mode}}, the form of release 0.1.0, for the Ouster models); {@code model:} on the lidar gives the same
 * pattern with the model's range and divergence.
 */
@Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=ouster")
public final class OusterPattern implements RayPatternType<OusterPattern.Config> {
    /**
     * Configuration of an Ouster pattern.
     *
     * @param model e.g. {@code OS1-128}
     * @param mode  e.g. {@code 2048x10}
     */
    public record Config(String model, String mode) {}

    /** Where the models are found by id. */
    @Reference
    volatile PluginCatalog catalog;

    /** Sets the catalogue directly (plain Java use without DS). */
    public void setCatalog(PluginCatalog c) { catalog = c; }

    @Override
    public String id() { return "ouster"; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(LidarSensorType.DEFAULT_MODEL, "1024x10"); }

    @Override
    public String description() { return "Ouster OS0/OS1/OS2 beam tables from the manufacturer's metadata"; }

    @Override
    public RayPatternGenerator create(Config c) {
        LidarModelType m = LidarSensorType.model(catalog, c.model() == null ? LidarSensorType.DEFAULT_MODEL : c.model());
        return Patterns.of(m, c.mode() == null ? m.defaultConfig() : m.mode(c.mode()));
    }
}
