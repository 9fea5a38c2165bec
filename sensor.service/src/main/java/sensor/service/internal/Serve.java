package sensor.service.internal;

import java.io.IOException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.concurrent.CountDownLatch;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

import sensor.api.io.LiveView;
import sensor.scenario.run.KernelImports;
import sensor.scenario.run.LiveService;
import sensor.scenario.run.ScenarioRun;
import sensor.service.ConsoleFactory;

/**
 * {@code sensorsim serve}: keeps the runtime up, watching a deploy folder. Bundles ({@code .jar}) there are
 * FileInstall's (installed and started when dropped, updated when replaced, uninstalled when deleted); scenario
 * files are the {@link ScenarioFolder}'s. Every bundle event and every simulation start and stop prints one log
 * line. Returns when the framework stops (SIGTERM, Ctrl-C); live simulations then close their files. Opens no
 * network listener unless given a live view ({@code --live}). With {@code --trust KEYSTORE} only jars whose signature
 * verifies are installed ({@link TrustedDeploy}); without it, a deploy folder others may write to is warned about once.
 * Simulations an earlier service left cut short are reported, and restarted or left stopped ({@code --after-crash}).
 */
@Component(service = LiveService.class)
public class Serve implements LiveService {
    private static final System.Logger LOG = System.getLogger("sensor.cli");

    @Reference
    LiveSimulations live;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ConsoleFactory consoles;

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public int serve(LiveService.Options o, LiveView view, CountDownLatch stopped) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(o.deploy()).toAbsolutePath().normalize();
        JarTrust trust = null;
        String token = null;
        try {
            trust = o.trust() == null ? null : JarTrust.load(o.trust(), o.trustPassword());
            ConsoleFactory consoles = this.consoles;
            if (o.console() != null) {
                if (consoles == null) {
                    throw new IllegalArgumentException("--console: this distribution has no web console (it lacks the Felix HTTP Jetty and Web Console bundles)");
                }
                token = consoles.token(o.console().tokenFile());
            }
        } catch (IllegalArgumentException e) {
            System.err.println("sensorsim: " + e.getMessage());
            return 2;
        }
        Path out = Files.createDirectories(o.out()).toAbsolutePath().normalize();
        live.setOut(out);
        java.util.Set<Path> held = new java.util.HashSet<>();
        for (RunState.CutShort c : RunState.cutShort(out)) {
            LOG.log(Level.WARNING, c.line());
            Path scenario = scenarioOf(dir, c.simulation());
            if (scenario != null && o.afterCrash() == LiveService.AfterCrash.STOP) {
                held.add(scenario);
                LOG.log(Level.WARNING, "simulation ''{0}'' stays stopped (--after-crash stop): change or drop {1} again to "
                        + "start it", c.simulation(), scenario.getFileName());
            }
        }
        if (trust == null) {
            warnIfOthersMayWrite(dir);
        } else {
            LOG.log(Level.INFO, "--trust: only bundles signed by {0} run", String.join("; ", trust.subjects()));
        }
        live.setLiveView(view);
        BundleListener events = (org.osgi.framework.SynchronousBundleListener) this::log; // in order with the sensors' lines
        context.addBundleListener(events);
        TrustedDeploy gate = trust == null ? null
                : new TrustedDeploy(dir, Files.createTempDirectory("sensorsim-trusted").resolve("bundles"), trust);
        Configuration watcher = watchBundles(gate == null ? dir : gate.folder());
        AutoCloseable console = null;
        try (ScenarioFolder scenarios = new ScenarioFolder(dir, live, held)) {
            if (gate != null) {
                gate.start();
            }
            scenarios.start();
            if (o.console() != null) {
                console = consoles.open(live, dir, o.console(), token);
            }
            LOG.log(Level.INFO, "serving: drop scenarios (.yaml, .yml, .json), configurations (.cfg) and plugin bundles (.jar) into {0}; output in {1}; "
                    + "SIGTERM or Ctrl-C stops", dir, out);
            stopped.await();
        } finally {
            if (console != null) {
                try {
                    console.close();
                } catch (Exception e) {
                    LOG.log(Level.WARNING, "console: {0}", e.getMessage());
                }
            }
            context.removeBundleListener(events);
            if (watcher != null) {
                try {
                    watcher.delete();
                } catch (IOException | IllegalStateException e) {
                    // the framework is stopping
                }
            }
            if (gate != null) {
                gate.close();
            }
        }
        return 0;
    }

    /** The scenario file of simulation {@code name} in the deploy folder, or null. */
    private static Path scenarioOf(Path dir, String name) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            return files.filter(ScenarioFolder::isScenario).filter(p -> ScenarioRun.simulationName(p).equals(name))
                    .sorted().findFirst().orElse(null);
        }
    }

    /**
     * Warns once when users other than the owner may write to the deploy folder: whoever can drop a jar there runs code
     * in this service.
     */
    static void warnIfOthersMayWrite(Path dir) {
        String others = othersWhoMayWrite(dir);
        if (others != null) {
            LOG.log(Level.WARNING, "the deploy folder {0} is writable by {1}: anyone who can write there runs code in this "
                    + "service; restrict it (chmod go-w) or start with --trust KEYSTORE", dir, others);
        }
    }

    /** "its group", "all users" or both, when the folder's permissions let them write to it; null otherwise. */
    static String othersWhoMayWrite(Path dir) {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> p;
        try {
            p = Files.getPosixFilePermissions(dir);
        } catch (IOException | UnsupportedOperationException e) {
            return null; // no POSIX permissions to judge
        }
        boolean group = p.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE);
        boolean all = p.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        return all ? "all users" + (group ? " and its group" : "") : group ? "its group" : null;
    }

    /**
     * A FileInstall configuration watching {@code dir} (the launcher's own watcher stays inactive: cnf/runtime.bnd);
     * returns it, or null without Configuration Admin.
     */
    private Configuration watchBundles(Path dir) throws IOException {
        ServiceReference<ConfigurationAdmin> ref = context.getServiceReference(ConfigurationAdmin.class);
        if (ref == null) {
            LOG.log(Level.WARNING, "no Configuration Admin: bundles dropped into {0} are not installed", dir);
            return null;
        }
        Configuration c = context.getService(ref).createFactoryConfiguration("org.apache.felix.fileinstall", "?");
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("felix.fileinstall.dir", dir.toString());
        p.put("felix.fileinstall.poll", "250");
        p.put("felix.fileinstall.filter", ".*\\.(jar|cfg)"); // not scenarios, nor an upload's temporary file
        p.put("felix.fileinstall.noInitialDelay", "true");
        p.put("felix.fileinstall.bundles.startTransient", "true"); // as the launcher's folder (cnf/runtime.bnd)
        p.put("felix.fileinstall.log.level", "1");
        c.update(p);
        return c;
    }

    private void log(BundleEvent e) {
        String what = switch (e.getType()) {
            case BundleEvent.INSTALLED -> "installed";
            case BundleEvent.STARTED -> "started";
            case BundleEvent.STOPPED -> "stopped";
            case BundleEvent.UPDATED -> "updated";
            case BundleEvent.UNINSTALLED -> "uninstalled";
            default -> null;
        };
        if (what != null) {
            Bundle b = e.getBundle();
            LOG.log(Level.INFO, "bundle {0}: {1} {2}", what, b.getSymbolicName(), b.getVersion());
            String kernel = e.getType() == BundleEvent.INSTALLED || e.getType() == BundleEvent.UPDATED
                    ? KernelImports.mismatch(b, context) : null;
            if (kernel != null) {
                LOG.log(Level.WARNING, "bundle {0} {1}; it is not started", new Object[] {b.getSymbolicName(), kernel});
            }
        }
    }
}
