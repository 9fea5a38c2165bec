package sensor.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.component.runtime.dto.UnsatisfiedReferenceDTO;
import sensor.scenario.run.KernelImports;

/**
 * The {@code --plugins DIR} loader: installs every {@code .jar} of the folder (sorted by name), starts them,
 * activates the services they register and checks their Declarative Services components. The first file
 * that is not a bundle, does not resolve, or whose activation fails ends the command with one line naming
 * the file and the reason; every bundle installed so far is uninstalled again.
 */
final class BundleFolder implements SensorSimCommand.PluginLoader {
    private static final Pattern MISSING_PACKAGE = Pattern.compile("osgi\\.wiring\\.package; \\(&\\(osgi\\.wiring\\.package=([^)]+)\\)"
            + "(?:\\(version>=([^)]+)\\))?");
    private final BundleContext context;
    private final ServiceComponentRuntime scr;
    private final List<Bundle> installed = new ArrayList<>();

    BundleFolder(BundleContext context, ServiceComponentRuntime scr) {
        this.context = context;
        this.scr = scr;
    }

    @Override
    public void load(Path dir) throws SensorSimCommand.PluginException {
        if (!Files.isDirectory(dir)) {
            throw new SensorSimCommand.PluginException("--plugins: " + dir + " is not a folder");
        }
        List<Path> jars;
        try (Stream<Path> s = Files.list(dir)) {
            jars = s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new SensorSimCommand.PluginException("--plugins: cannot list " + dir + ": " + e.getMessage());
        }
        try {
            for (Path jar : jars) {
                checkBundle(jar);
                try (InputStream in = Files.newInputStream(jar)) {
                    Bundle b = context.installBundle("sensorsim-plugin:" + jar.toAbsolutePath(), in);
                    installed.add(b);
                    // level 1: it starts now, while the framework may still be raising its start level (the command
                    // runs as soon as the kernel is up; the web console's HTTP service starts at a later level)
                    b.adapt(org.osgi.framework.startlevel.BundleStartLevel.class).setStartLevel(1);
                } catch (IOException | BundleException e) {
                    throw fail(jar, "cannot be installed: " + e.getMessage());
                }
            }
            awaitStartLevelRequests();
            for (int i = 0; i < installed.size(); i++) {
                try {
                    installed.get(i).start();
                } catch (BundleException e) {
                    String kernel = KernelImports.mismatch(installed.get(i), context);
                    throw fail(jars.get(i), kernel != null ? kernel : reason(e));
                }
            }
            for (int i = 0; i < installed.size(); i++) {
                checkComponents(jars.get(i), installed.get(i));
            }
        } catch (SensorSimCommand.PluginException e) {
            uninstall();
            throw e;
        }
    }

    /**
     * Waits (up to 5 s) until the framework has handled the start-level requests made so far (the launcher gives
     * each installed bundle its start level asynchronously), so that only {@link Bundle#start()} here starts them.
     */
    private void awaitStartLevelRequests() {
        var framework = context.getBundle(0).adapt(org.osgi.framework.startlevel.FrameworkStartLevel.class);
        var handled = new java.util.concurrent.CountDownLatch(1);
        framework.setStartLevel(framework.getStartLevel(), e -> handled.countDown());
        try {
            handled.await(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Uninstalls the bundles this loader installed. */
    void uninstall() {
        for (Bundle b : installed) {
            try {
                b.uninstall();
            } catch (BundleException | IllegalStateException e) {
                // already gone
            }
        }
        installed.clear();
    }

    private static void checkBundle(Path jar) throws SensorSimCommand.PluginException {
        try (JarFile f = new JarFile(jar.toFile())) {
            if (f.getManifest() == null || f.getManifest().getMainAttributes().getValue("Bundle-SymbolicName") == null) {
                throw fail(jar, "is not an OSGi bundle (its manifest has no Bundle-SymbolicName)");
            }
        } catch (IOException e) {
            throw fail(jar, "is not a readable jar: " + e.getMessage());
        }
    }

    /** Activates every service the bundle registers, then reports a component that failed or is unsatisfied. */
    private void checkComponents(Path jar, Bundle bundle) throws SensorSimCommand.PluginException {
        ServiceReference<?>[] refs = bundle.getRegisteredServices();
        if (refs != null) {
            for (ServiceReference<?> r : refs) {
                context.getService(r);
            }
        }
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs(bundle)) {
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                if (c.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                    throw fail(jar, "component " + d.name + " failed to activate: " + c.failure.lines().findFirst().orElse(""));
                }
                if (c.state == ComponentConfigurationDTO.UNSATISFIED_REFERENCE) {
                    StringBuilder missing = new StringBuilder();
                    for (UnsatisfiedReferenceDTO u : c.unsatisfiedReferences) {
                        missing.append(missing.length() == 0 ? "" : ", ").append(u.name).append(" (").append(u.target == null
                                ? "" : u.target).append(')');
                    }
                    throw fail(jar, "component " + d.name + " cannot start: no service for its reference " + missing);
                }
            }
        }
    }

    /** A resolution or activation failure in a user's words. */
    private static String reason(BundleException e) {
        String m = String.valueOf(e.getMessage());
        Matcher p = MISSING_PACKAGE.matcher(m);
        if (e.getType() == BundleException.RESOLVE_ERROR || m.contains("Unable to resolve")) {
            return p.find() ? "does not resolve: it imports package " + p.group(1)
                    + (p.group(2) == null ? "" : " (version " + p.group(2) + " or later)")
                    + ", which no installed bundle exports" : "does not resolve: " + m;
        }
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (cause instanceof ClassNotFoundException) {
            return "failed to start: a class its manifest names is not in the bundle (" + cause.getMessage().split(" ")[0] + ")";
        }
        return "failed to start: " + (cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName());
    }

    private static SensorSimCommand.PluginException fail(Path jar, String reason) {
        return new SensorSimCommand.PluginException("--plugins: " + jar.getFileName() + " " + reason);
    }
}
