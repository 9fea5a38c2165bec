package sensor.cli;

import java.util.Map;

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
import sensor.api.io.RecorderFactory;

/**
 * Runs the {@code sensorsim} command named by the exported distribution's command line. bnd's launcher
 * registers a service carrying the arguments ({@code launcher.arguments}) and marks it
 * {@code launcher.ready} once every bundle has started; the command runs on its own thread and the
 * process exits with its code. With no arguments the framework keeps running (FileInstall watches the
 * hot-deploy folder; the shell distribution adds a Gogo shell). Plugin types are read from the service
 * registry through kernel contracts only: this bundle imports no plugin package.
 */
@Component(immediate = true)
public class LauncherJob {
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

    @Reference
    LiveSimulations live;

    private String[] args = new String[0];
    private final java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean stopping;

    @Reference(service = Object.class, target = "(&(launcher.arguments=*)(launcher.ready=true))")
    void setLauncher(Object launcher, Map<String, Object> properties) {
        if (properties.get("launcher.arguments") instanceof String[] a) {
            args = a;
        }
    }

    @Activate
    void activate(BundleContext context) {
        if (args.length == 0) {
            System.out.println("sensorsim running; sensor types " + env.sensorTypes() + "; hot-deploy folder: "
                    + context.getProperty("felix.fileinstall.dir"));
            return;
        }
        Thread job = new Thread(() -> {
            int code;
            BundleFolder plugins = new BundleFolder(context, scr);
            try {
                code = new SensorSimCommand(env, simulations, catalog, () -> recorders, plugins,
                        new Serve(context, live, stopped), System.out, System.err).execute(args);
            } catch (RuntimeException e) {
                System.err.println("sensorsim: " + e);
                code = 1;
            } finally {
                env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
                env.objects().forEach(o -> env.removeObject(o.id()));
                plugins.uninstall();
            }
            System.out.flush();
            if (!stopping) { // when the framework stops (SIGTERM), the launcher ends the process
                System.exit(code);
            }
        }, "sensorsim-job");
        job.start();
    }

    @org.osgi.service.component.annotations.Deactivate
    void deactivate() {
        stopping = true;
        stopped.countDown();
    }
}
