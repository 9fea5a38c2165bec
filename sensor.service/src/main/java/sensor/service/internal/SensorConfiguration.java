package sensor.service.internal;

import java.lang.System.Logger.Level;
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
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;

/**
 * A sensor of a live simulation as a Configuration Admin factory configuration (factory PID
 * {@value #PID}): creating one adds the sensor, updating it replaces the sensor from the next step on,
 * deleting it removes the sensor; each logs one line. A {@code .cfg} file dropped into the deploy folder,
 * a Configurator resource or any Configuration Admin client can make one. A sensor of an absent type waits.
 */
@Component(configurationPid = SensorConfiguration.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = SensorConfiguration.Config.class, factory = true)
public class SensorConfiguration {
    /** The factory PID. */
    public static final String PID = "sensorsim.sensor";

    /** A sensor of a live simulation. */
    @ObjectClassDefinition(name = "sensorsim sensor", description = "A sensor of a live simulation")
    public @interface Config {
        @AttributeDefinition(description = "name of the open simulation")
        String simulation();

        @AttributeDefinition(description = "sensor id, unique in the simulation")
        String id();

        @AttributeDefinition(description = "sensor type id, e.g. lidar")
        String type();

        @AttributeDefinition(description = "body the sensor is mounted on (empty: the world)")
        String body() default "";

        @AttributeDefinition(description = "mount position [x, y, z], m")
        double[] position() default {0, 0, 0};

        @AttributeDefinition(description = "mount orientation [roll, pitch, yaw], degrees")
        double[] rpy() default {0, 0, 0};

        @AttributeDefinition(description = "sample frequency, Hz (> 0)")
        double frequency() default 10;

        @AttributeDefinition(description = "delivery lag, s (>= 0)")
        double lag() default 0;

        @AttributeDefinition(description = "the type's fields as JSON or YAML, e.g. {model: OS1-32, mode: 512x10}")
        String config() default "{}";

        @AttributeDefinition(description = "folder that relative file names in config are taken from (empty: the working folder)")
        String baseDir() default "";

        @AttributeDefinition(description = "the scenario file the live service made this configuration from (empty: none); "
                + "its additions are logged at debug level, the simulation's start line stands for them")
        String scenario() default "";
    }

    @Reference
    SimulationFactory factory;

    @Reference
    PluginCatalog catalog;

    private Simulation sim;
    private String sensorId;
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
            LiveConfigurations.LOG.log(Level.INFO, "sensor ''{0}'' removed from simulation ''{1}'' ({2})", sensorId,
                    simulation, pid);
        }
    }

    private void apply(Config c, String what) {
        try {
            Simulation s = LiveConfigurations.simulation(factory, c.simulation());
            Pose pose = LiveConfigurations.pose(c.position(), c.rpy());
            double from = s.time();
            s.addSensor(new SensorSpec(c.id(), c.type(), LiveConfigurations.data(catalog, c.config(), c.baseDir()),
                    new SensorMount(c.body().isEmpty() ? null : c.body(), pose), c.frequency(), c.lag()));
            sim = s;
            sensorId = c.id();
            LiveConfigurations.LOG.log(LiveConfigurations.level(what.equals("added"), c.scenario()),
                    "sensor ''{0}'' ({1}) {2} in simulation ''{3}'' from t = {4} s ({5})", c.id(), c.type(), what, s.name(), from, pid);
        } catch (RuntimeException e) {
            LiveConfigurations.warn(pid, e);
        }
    }

    private boolean remove() {
        if (sim == null) {
            return false;
        }
        try {
            sim.removeSensor(sensorId);
            return true;
        } catch (RuntimeException e) {
            return false; // the simulation closed or the sensor was removed otherwise
        } finally {
            sim = null;
        }
    }
}
