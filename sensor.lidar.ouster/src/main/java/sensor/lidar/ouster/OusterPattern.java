package sensor.lidar.ouster;

import org.osgi.service.component.annotations.Component;

import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;
import sensor.lidar.api.CatalogModel;

/**
 * {@code ouster}: the beam table of an Ouster model and mode as a bare ray pattern ({@code pattern: {type: ouster,
 * model, mode}}, the form of release 0.1.0); {@code model:} on the lidar gives the same pattern with the model's range
 * and divergence.
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

    @Override
    public String id() { return "ouster"; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config("OS1-64", "1024x10"); }

    @Override
    public String description() { return "Ouster OS0/OS1/OS2 beam tables from the manufacturer's metadata"; }

    @Override
    public RayPatternGenerator create(Config c) {
        String id = c.model() == null ? "OS1-64" : c.model();
        CatalogModel m = OusterCatalog.models().stream().filter(x -> x.id().equalsIgnoreCase(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("model '" + id + "' is unknown; known Ouster models: "
                        + OusterCatalog.models().stream().map(LidarModelType::id).toList()));
        return m.pattern(c.mode() == null ? m.defaultConfig() : m.mode(c.mode()));
    }
}
