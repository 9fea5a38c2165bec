package sensor.service.internal;

import java.lang.System.Logger.Level;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import sensor.api.PluginCatalog;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.scene.MaterialSpec;

/**
 * The material of objects of a live simulation as a Configuration Admin factory configuration (factory PID
 * {@value #PID}): creating or updating one gives the listed objects that material from the next step on (a
 * material's reflectivity, say), with one log line. Deleting it leaves the objects as they are.
 */
@Component(configurationPid = MaterialConfiguration.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = MaterialConfiguration.Config.class, factory = true)
public class MaterialConfiguration {
    /** The factory PID. */
    public static final String PID = "sensorsim.material";

    /** A material applied to objects of a live simulation. */
    @ObjectClassDefinition(name = "sensorsim material", description = "The material of objects of a live simulation")
    public @interface Config {
        @AttributeDefinition(description = "name of the open simulation")
        String simulation();

        @AttributeDefinition(description = "ids of the objects that get the material")
        String[] objects();

        @AttributeDefinition(description = "material type id, e.g. lambertian")
        String type();

        @AttributeDefinition(description = "the type's fields as JSON or YAML, e.g. {reflectivity: 0.9}")
        String config() default "{}";

        @AttributeDefinition(description = "folder that relative file names in config are taken from (empty: the working folder)")
        String baseDir() default "";
    }

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    private String pid;

    @Activate
    void activate(Config c, Map<String, Object> properties) {
        this.pid = String.valueOf(properties.get("service.pid"));
        apply(c);
    }

    @Modified
    void modified(Config c) {
        apply(c);
    }

    private void apply(Config c) {
        try {
            Simulation sim = LiveConfigurations.simulation(factory, c.simulation());
            MaterialSpec material = LiveConfigurations.material(catalog, c.type(), c.config(), c.baseDir());
            double from = sim.time();
            for (String id : c.objects()) {
                sim.setMaterial(id, material);
            }
            LiveConfigurations.LOG.log(Level.INFO, "objects {0} of simulation ''{1}'' have material {2} {3} from t = {4} s ({5})",
                    java.util.List.of(c.objects()), sim.name(), c.type(), c.config(), from, pid);
        } catch (RuntimeException e) {
            LiveConfigurations.warn(pid, e);
        }
    }
}
