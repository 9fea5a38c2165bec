package sensor.scenario.internal;

import java.nio.file.Path;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import sensor.api.PluginCatalog;
import sensor.api.env.ScenarioLoader;
import sensor.api.env.SensorEnvironment;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioException;
import sensor.scenario.ScenarioReader;

/** The scenario reader and builder of the command line as a {@link ScenarioLoader} service. */
@Component
public class ScenarioLoaderComponent implements ScenarioLoader {
    @Reference
    SensorEnvironment env;

    @Reference
    PluginCatalog catalog;

    @Override
    public double load(Path scenario) {
        try {
            return new ScenarioBuilder(env, catalog).build(new ScenarioReader().read(scenario),
                    new ScenarioBuilder.Overrides(null, null, null)).duration();
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
