package sensor.cli;

import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;
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
import sensor.scenario.run.LiveService;
import sensor.scenario.run.MutedLogs;

/**
 * Runs the {@code sensorsim} command named by the exported distribution's command line. bnd's launcher
 * registers a service carrying the arguments ({@code launcher.arguments}) and marks it
 * {@code launcher.ready} once every bundle has started; the command runs on its own thread and the
 * process exits with its code. With no arguments it serves the hot-deploy folder as {@code serve} does (bundles,
 * scenarios and configuration files dropped there) until the framework stops, where the distribution has the live
 * service; the shell distribution adds a Gogo
 * shell. Plugin types are read from the service
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

    @Reference(target = "(live.protocol=foxglove.websocket.v1)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile LiveViewFactory liveViews;

    @Reference(target = "(live.protocol=ros2)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile LiveViewFactory ros2Views;

    @Reference(target = "(sensorsim.command=bench)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile java.util.function.ToIntFunction<String[]> bench;

    @Reference(target = "(sensorsim.command=assemble)", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    volatile java.util.function.ToIntFunction<String[]> assemble;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile LiveService live;

    private String[] args = new String[0];
    private volatile boolean serving;
    /** The framework was stopped from inside (the shell's end of input or 'stop 0'), not by a signal. */
    private volatile boolean stoppedInside;
    private volatile org.osgi.framework.Bundle framework;
    private final java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean stopping;
    private volatile Thread job;
    private volatile boolean done;

    @Reference(service = Object.class, target = "(&(launcher.arguments=*)(launcher.ready=true))")
    void setLauncher(Object launcher, Map<String, Object> properties) {
        if (properties.get("launcher.arguments") instanceof String[] a) {
            args = a;
        }
    }

    /**
     * Waits (up to 10 s) until the framework has reached the start level of every installed bundle (the launcher
     * signals readiness before a start-level change completes), so that a job sees every bundle started.
     */
    private static void awaitStartLevels(BundleContext context) throws InterruptedException {
        FrameworkStartLevel framework = context.getBundle(0).adapt(FrameworkStartLevel.class);
        int target = java.util.Arrays.stream(context.getBundles()).mapToInt(b -> b.adapt(BundleStartLevel.class).getStartLevel())
                .max().orElse(1);
        long end = System.nanoTime() + 10_000_000_000L;
        while (framework.getStartLevel() < target && System.nanoTime() < end) {
            Thread.sleep(5);
        }
    }

    @Activate
    void activate(BundleContext context) {
        framework = context.getBundle(0);
        MutedLogs.install();
        Thread job = new Thread(() -> {
            int code;
            BundleFolder plugins = new BundleFolder(context, scr);
            try {
                awaitStartLevels(context);
                if (args.length == 0 && live == null) { // no live service in this distribution: serve says so
                    args = new String[] {"serve"};
                } else if (args.length == 0) { // no command: serve the launcher's hot-deploy folder (bundles, scenarios, .cfg files)
                    String deploy = context.getProperty("felix.fileinstall.dir");
                    System.out.println("sensorsim running; sensor types " + env.sensorTypes() + "; serving the folder "
                            + (deploy == null ? "deploy" : deploy) + " (as 'sensorsim serve')");
                    args = deploy == null ? new String[] {"serve"} : new String[] {"serve", "--deploy", deploy};
                    serving = true;
                }
                LiveService service = live;
                SensorSimCommand.Server server = service == null ? null : (options, view) -> service.serve(options, view, stopped);
                code = new SensorSimCommand(env, simulations, catalog, () -> recorders, plugins, server, System.out,
                        System.err).cancelledBy(() -> stopping).liveViews(() -> liveViews).ros2Views(() -> ros2Views).bench(() -> bench)
                        .assemble(() -> assemble).execute(args);
            } catch (OutOfMemoryError e) {
                code = outOfMemory(e);
            } catch (Throwable e) { // any fault ends the process with a message, never a hang
                System.err.println("sensorsim: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
                code = 1;
            } finally {
                env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
                env.objects().forEach(o -> env.removeObject(o.id()));
                plugins.uninstall();
            }
            System.out.flush();
            done = true;
            if (!stopping) { // when the framework stops (SIGTERM), the launcher ends the process
                System.exit(code);
            }
        }, "sensorsim-job");
        job.setUncaughtExceptionHandler((t, e) -> { // a fault while reporting a fault: still end the process
            if (!stopping) {
                Runtime.getRuntime().halt(1);
            }
        });
        this.job = job;
        // SIGTERM or SIGINT: the running step ends, every file is completed, then the JVM exits (143 or 130)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            deactivate();
            if (stoppedInside && serving) { // a service told to stop (end of input, 'stop 0') ends with 0, not 117
                Runtime.getRuntime().halt(0);
            }
        }, "sensorsim-shutdown"));
        job.start();
    }

    /** Whether the JVM is running its shutdown hooks (a signal, or System.exit). */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** One line for an out-of-memory fault (no allocation-heavy formatting), exit code 1. */
    private static int outOfMemory(OutOfMemoryError e) {
        System.err.println("sensorsim: out of memory (Java heap limit " + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB): the scenario needs more; run java with a larger -Xmx or make the scenario smaller");
        return 1;
    }

    /** SIGTERM or SIGINT stop the framework: a running job ends its current step and completes its files first. */
    @org.osgi.service.component.annotations.Deactivate
    void deactivate() {
        if (!stopping) { // the framework stopping while the JVM is not: from inside (end of input, 'stop 0')
            stoppedInside = framework != null && framework.getState() == org.osgi.framework.Bundle.STOPPING && !shuttingDown();
        }
        stopping = true;
        stopped.countDown();
        Thread j = job;
        if (j != null && j != Thread.currentThread() && !done) {
            try {
                j.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
