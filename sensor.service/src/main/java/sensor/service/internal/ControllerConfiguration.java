package sensor.service.internal;

import java.lang.System.Logger.Level;
import java.util.List;
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
import sensor.api.control.ControllerSpec;
import sensor.api.env.Simulation;
import sensor.api.env.SimulationFactory;

/**
 * A controller of a live simulation as a Configuration Admin factory configuration (factory PID {@value #PID}):
 * creating one adds the controller, updating it replaces the controller from the next step on, deleting it removes
 * it; each logs one line. A controller of an absent type waits, like a sensor.
 */
@Component(configurationPid = ControllerConfiguration.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = ControllerConfiguration.Config.class, factory = true)
public class ControllerConfiguration {
    /** The factory PID. */
    public static final String PID = "sensorsim.controller";

    /** A controller of a live simulation. */
    @ObjectClassDefinition(name = "sensorsim controller", description = "A controller of a live simulation")
    public @interface Config {
        @AttributeDefinition(description = "name of the open simulation")
        String simulation();

        @AttributeDefinition(description = "controller id, unique in the simulation")
        String id();

        @AttributeDefinition(description = "controller type id, e.g. schedule")
        String type();

        @AttributeDefinition(description = "ids of the sensors whose frames the controller receives")
        String[] sensors() default {};

        @AttributeDefinition(description = "the type's fields as JSON or YAML")
        String config() default "{}";

        @AttributeDefinition(description = "folder that relative file names in config are taken from (empty: the working folder)")
        String baseDir() default "";

        @AttributeDefinition(description = "the scenario file the live service made this configuration from (empty: none)")
        String scenario() default "";
    }

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    private Simulation sim;
    private String controllerId;
    private String pid;

    @Activate
    void activate(Config c, Map<String, Object> properties) {
        this.pid = String.valueOf(properties.get("service.pid"));
        apply(c, "added");
    }

    @Modified
    void modified(Config c) {
        apply(c, remove() ? "reconfigured" : "added"); // not applied before: its simulation has just opened
    }

    @Deactivate
    void deactivate() {
        String simulation = sim == null ? null : sim.name();
        if (remove()) {
            LiveConfigurations.LOG.log(Level.INFO, "controller ''{0}'' removed from simulation ''{1}'' ({2})", controllerId,
                    simulation, pid);
        }
    }

    private void apply(Config c, String what) {
        try {
            Simulation s = LiveConfigurations.simulation(factory, c.simulation());
            s.addController(new ControllerSpec(c.id(), c.type(), List.of(c.sensors()),
                    LiveConfigurations.data(catalog, c.config(), c.baseDir())));
            sim = s;
            controllerId = c.id();
            LiveConfigurations.LOG.log(LiveConfigurations.level(what.equals("added"), c.scenario()),
                    "controller ''{0}'' ({1}) {2} in simulation ''{3}'' from t = {4} s ({5})", c.id(), c.type(), what, s.name(),
                    s.time(), pid);
        } catch (RuntimeException e) {
            LiveConfigurations.warn(pid, e);
        }
    }

    private boolean remove() {
        if (sim == null) {
            return false;
        }
        try {
            sim.removeController(controllerId);
            return true;
        } catch (RuntimeException e) {
            return false; // the simulation closed or the controller was removed otherwise
        } finally {
            sim = null;
        }
    }
}
