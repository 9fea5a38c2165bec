package sensor.service.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import sensor.api.PluginCatalog;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;
import sensor.api.geom.Pose;
import sensor.api.scene.ObjectSpec;
import sensor.scenario.Scenario;
import sensor.scenario.ScenarioBuilder;
import sensor.scenario.ScenarioReader;

/**
 * An object of a live simulation as a Configuration Admin factory configuration (factory PID {@value #PID}):
 * creating one adds the object, updating it replaces the object in place from the next step on, deleting it
 * removes it; each logs one line. The live service turns the objects of a scenario file into such
 * configurations; a {@code .cfg} file or any Configuration Admin client can make them too.
 */
@Component(configurationPid = ObjectConfiguration.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = ObjectConfiguration.Config.class, factory = true)
public class ObjectConfiguration {
    /** The factory PID. */
    public static final String PID = "sensorsim.object";

    /** An object of a live simulation. */
    @ObjectClassDefinition(name = "sensorsim object", description = "An object of a live simulation")
    public @interface Config {
        @AttributeDefinition(description = "name of the open simulation")
        String simulation();

        @AttributeDefinition(description = "object id, unique in the simulation")
        String id();

        @AttributeDefinition(description = "the shape as JSON or YAML, e.g. {type: box, size: [1, 2, 3]}")
        String shape();

        @AttributeDefinition(description = "folder that mesh files and other relative file names are taken from (empty: the working folder)")
        String baseDir() default "";

        @AttributeDefinition(description = "body the object is fixed to (empty: the world)")
        String body() default "";

        @AttributeDefinition(description = "position [x, y, z] relative to the body, m")
        double[] position() default {0, 0, 0};

        @AttributeDefinition(description = "orientation [roll, pitch, yaw] relative to the body, degrees")
        double[] rpy() default {0, 0, 0};

        @AttributeDefinition(description = "material type id (empty: the default material)")
        String materialType() default "";

        @AttributeDefinition(description = "the material type's fields as JSON or YAML, e.g. {reflectivity: 0.5}")
        String materialConfig() default "{}";

        @AttributeDefinition(description = "the scenario file the live service made this configuration from (empty: none); "
                + "its additions are logged at debug level, the simulation's start line stands for them")
        String scenario() default "";
    }

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    private Simulation sim;
    private String objectId;
    private String pid;

    @Activate
    void activate(Config c, Map<String, Object> properties) {
        pid = String.valueOf(properties.get("service.pid"));
        apply(c, false);
    }

    @Modified
    void modified(Config c) {
        apply(c, sim != null); // not applied before: its simulation has just opened
    }

    @Deactivate
    void deactivate() {
        if (sim != null && factory.simulations().contains(sim)) {
            try {
                sim.removeObject(objectId);
                LiveConfigurations.LOG.log(Level.INFO, "object ''{0}'' removed from simulation ''{1}'' ({2})", objectId,
                        sim.name(), pid);
            } catch (RuntimeException e) {
                // the simulation closed
            }
        }
    }

    private void apply(Config c, boolean update) {
        try {
            Simulation s = LiveConfigurations.simulation(factory, c.simulation());
            ObjectSpec o = new ObjectSpec(c.id(), ScenarioBuilder.shape(shape(c.shape()), Path.of(c.baseDir()).toAbsolutePath()),
                    c.body().isEmpty() ? null : c.body(), LiveConfigurations.pose(c.position(), c.rpy()),
                    c.materialType().isEmpty() ? null
                            : LiveConfigurations.material(catalog, c.materialType(), c.materialConfig(), c.baseDir()));
            double from = s.time();
            if (update && sim == s && c.id().equals(objectId)) {
                s.replaceObject(o);
            } else {
                s.addObject(o);
            }
            sim = s;
            objectId = c.id();
            LiveConfigurations.LOG.log(LiveConfigurations.level(!update, c.scenario()),
                    "object ''{0}'' {1} in simulation ''{2}'' from t = {3} s ({4})", c.id(), update ? "reconfigured" : "added",
                    s.name(), from, pid);
        } catch (IOException | RuntimeException e) {
            LiveConfigurations.warn(pid, e instanceof RuntimeException r ? r : new IllegalArgumentException(e.getMessage()));
        }
    }

    private static Scenario.ShapeSpec shape(String text) throws IOException {
        return ScenarioReader.mapper(Path.of("shape.yaml"), null).readValue(text, Scenario.ShapeSpec.class);
    }
}
