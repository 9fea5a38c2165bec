package sensor.service.internal;

import java.nio.file.Path;

import org.apache.felix.service.command.Descriptor;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import sensor.api.PluginCatalog;
import sensor.api.env.SensorEnvironment;
import sensor.scenario.ScenarioException;
import sensor.scenario.run.PluginTypes;

/** Gogo shell commands in scope {@code sim}: the live simulations of this runtime ({@code help sim:start}...). */
@Component(service = SimCommands.class, property = {"osgi.command.scope=sim", "osgi.command.function=list",
        "osgi.command.function=start", "osgi.command.function=stop", "osgi.command.function=status",
        "osgi.command.function=types", "osgi.command.function=exit"})
public class SimCommands {
    @Reference
    LiveSimulations live;

    @Reference
    SensorEnvironment env;

    @Reference
    PluginCatalog catalog;

    private org.osgi.framework.BundleContext context;

    @org.osgi.service.component.annotations.Activate
    void activate(org.osgi.framework.BundleContext context) {
        this.context = context;
    }

    @Descriptor("list the live simulations")
    public String list() {
        StringBuilder b = new StringBuilder();
        for (String name : live.names()) {
            LiveSimulations.LiveRun run = live.get(name);
            if (run != null) {
                b.append(run.status().lines().findFirst().orElse(name)).append('\n');
            }
        }
        return b.length() == 0 ? "no simulations\n" : b.toString();
    }

    @Descriptor("start a simulation from a scenario file (named after the file; output in <out>/<name>/)")
    public String start(@Descriptor("scenario file (.yaml, .yml, .json)") String file) {
        try {
            return live.start(Path.of(file)).status();
        } catch (ScenarioException e) {
            return "invalid scenario: " + e.getMessage() + "\n";
        }
    }

    @Descriptor("stop a simulation and complete its files")
    public String stop(@Descriptor("simulation name") String name) {
        return live.stop(name) ? "stopped " + name + "\n" : "no simulation '" + name + "'; simulations: " + live.names() + "\n";
    }

    @Descriptor("time, real-time factor, sensors and their states of a simulation")
    public String status(@Descriptor("simulation name") String name) {
        LiveSimulations.LiveRun run = live.get(name);
        return run == null ? "no simulation '" + name + "'; simulations: " + live.names() + "\n" : run.status();
    }

    @Descriptor("stop every simulation (completing its files) and the runtime")
    public String exit() throws org.osgi.framework.BundleException {
        context.getBundle(0).stop();
        return "stopping";
    }

    @Descriptor("the plugin types of every kind, output formats, raytrace backends and bundles present")
    public String types() {
        return PluginTypes.listing(catalog, live.recorders, env);
    }
}
