package sensor.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.PluginCatalog;
import sensor.api.env.SensorEnvironment;
import sensor.api.io.RecorderFactory;
import sensor.scenario.run.PluginTypes;

/** Gogo shell commands in scope {@code sensor}: inspect and step the environment interactively. */
@Component(service = SensorCommands.class, property = {"osgi.command.scope=sensor", "osgi.command.function=types",
        "osgi.command.function=objects", "osgi.command.function=sensors", "osgi.command.function=advance",
        "osgi.command.function=demo"})
public class SensorCommands {
    @Reference
    SensorEnvironment env;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RecorderFactory recorders;

    @Reference
    PluginCatalog catalog;

    /** {@code sensor:types}: the plugin types of every kind, output formats and raytrace backends present. */
    public String types() {
        return PluginTypes.listing(catalog, recorders, env);
    }

    /** {@code sensor:objects}: the objects of the scene. */
    public String objects() {
        StringBuilder b = new StringBuilder();
        env.objects().forEach(o -> b.append(o.id()).append(' ').append(o.shape()).append(" body=").append(o.bodyId())
                .append(" material=").append(o.material() == null ? "default" : o.material().typeId()).append('\n'));
        return b.toString();
    }

    /** {@code sensor:sensors}: the sensors and their states. */
    public String sensors() {
        StringBuilder b = new StringBuilder();
        env.sensors().forEach(s -> b.append(s.spec().id()).append(" type=").append(s.spec().typeId()).append(' ')
                .append(s.state()).append(" samples=").append(s.samples()).append('\n'));
        return b.toString();
    }

    /** {@code sensor:advance SECONDS}: steps the environment. */
    public String advance(double seconds) throws Exception {
        return ShellInterrupts.interruptible(() -> {
            long n = env.advance(seconds);
            return n + " steps, t = " + env.time() + " s" + (Thread.currentThread().isInterrupted() ? " (interrupted)" : "");
        });
    }

    /** {@code sensor:demo SECONDS}: builds and runs the demo world. */
    public String demo(double seconds) throws Exception {
        return ShellInterrupts.interruptible(() -> {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            DemoJob.run(env, catalog, seconds, new PrintStream(buf, true, StandardCharsets.UTF_8));
            return buf.toString(StandardCharsets.UTF_8) + (Thread.currentThread().isInterrupted() ? "interrupted (Ctrl-C)\n" : "");
        });
    }
}
