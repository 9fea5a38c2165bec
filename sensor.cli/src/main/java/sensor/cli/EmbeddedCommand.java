package sensor.cli;

import java.util.function.ToIntFunction;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;

import sensor.api.PluginCatalog;
import sensor.api.env.SensorEnvironment;
import sensor.api.env.SimulationFactory;
import sensor.api.io.LiveViewFactory;
import sensor.api.io.RecorderFactory;

/**
 * The {@code sensorsim} command line as a service, for a host that embeds the framework (the Spark job boots the
 * distribution's bundles in its executors and runs {@code batch ... --only N} through this). Its type is a JDK
 * interface ({@code ToIntFunction<String[]>}: arguments in, exit code out; output on {@code System.out/err}), so a host
 * needs no package of this bundle; it carries {@code sensorsim.command=cli}. Calls may run concurrently, each in its
 * own simulation. {@code serve} is not offered here.
 */
@Component(service = ToIntFunction.class, property = "sensorsim.command=cli")
public class EmbeddedCommand implements ToIntFunction<String[]> {
    @Reference
    SensorEnvironment env;

    @Reference
    ServiceComponentRuntime scr;

    @Reference
    SimulationFactory simulations;

    @Reference
    PluginCatalog catalog;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile RecorderFactory recorders;

    @Reference(target = "(live.protocol=foxglove.websocket.v1)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile LiveViewFactory liveViews;

    @Reference(target = "(live.protocol=ros2)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile LiveViewFactory ros2Views;

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public int applyAsInt(String[] args) {
        BundleFolder plugins = new BundleFolder(context, scr);
        try {
            return new SensorSimCommand(env, simulations, catalog, () -> recorders, plugins, (options, live) -> {
                System.err.println("sensorsim: serve is not available in an embedded runtime; run sensorsim.jar serve");
                return 2;
            }, System.out, System.err).liveViews(() -> liveViews).ros2Views(() -> ros2Views).execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("sensorsim: out of memory (Java heap limit " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MiB)");
            return 1;
        } finally {
            plugins.uninstall();
        }
    }
}
