package sensor.cli;

import java.io.IOException;
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

/**
 * {@code sensorsim serve}: keeps the runtime up, watching a deploy folder. Bundles ({@code .jar}) there are
 * FileInstall's (installed and started when dropped, updated when replaced, uninstalled when deleted); scenario
 * files are the {@link ScenarioFolder}'s. Every bundle event and every simulation start and stop prints one log
 * line. Returns when the framework stops (SIGTERM, Ctrl-C); live simulations then close their files. Opens no
 * network listener unless given a live view ({@code --live}).
 */
final class Serve implements SensorSimCommand.Server {
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private final BundleContext context;
    private final LiveSimulations live;
    private final CountDownLatch stopped;

    Serve(BundleContext context, LiveSimulations live, CountDownLatch stopped) {
        this.context = context;
        this.live = live;
        this.stopped = stopped;
    }

    @Override
    public int serve(Path deploy, Path out, LiveView view) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(deploy).toAbsolutePath().normalize();
        live.setOut(Files.createDirectories(out).toAbsolutePath().normalize());
        for (String line : RunState.cutShort(out)) {
            LOG.log(Level.WARNING, line);
        }
        live.setLiveView(view);
        BundleListener events = (org.osgi.framework.SynchronousBundleListener) this::log; // in order with the sensors' lines
        context.addBundleListener(events);
        Configuration watcher = watchBundles(dir);
        try (ScenarioFolder scenarios = new ScenarioFolder(dir, live)) {
            scenarios.start();
            LOG.log(Level.INFO, "serving: drop scenarios (.yaml, .yml, .json), configurations (.cfg) and plugin bundles (.jar) into {0}; output in {1}; "
                    + "SIGTERM or Ctrl-C stops", dir, out.toAbsolutePath().normalize());
            stopped.await();
        } finally {
            context.removeBundleListener(events);
            if (watcher != null) {
                try {
                    watcher.delete();
                } catch (IOException | IllegalStateException e) {
                    // the framework is stopping
                }
            }
        }
        return 0;
    }

    /**
     * FileInstall already watches the launcher's folder ({@code felix.fileinstall.dir}); another folder gets a
     * FileInstall configuration of its own. Returns it, or null.
     */
    private Configuration watchBundles(Path dir) throws IOException {
        String launcherDir = context.getProperty("felix.fileinstall.dir");
        if (launcherDir != null && Path.of(launcherDir).toAbsolutePath().normalize().equals(dir)) {
            return null;
        }
        ServiceReference<ConfigurationAdmin> ref = context.getServiceReference(ConfigurationAdmin.class);
        if (ref == null) {
            LOG.log(Level.WARNING, "no Configuration Admin: bundles dropped into {0} are not installed", dir);
            return null;
        }
        Configuration c = context.getService(ref).createFactoryConfiguration("org.apache.felix.fileinstall", "?");
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("felix.fileinstall.dir", dir.toString());
        p.put("felix.fileinstall.poll", "250");
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
