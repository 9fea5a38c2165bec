package sensor.assemble;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

import sensor.api.PluginCatalog;
import sensor.api.PluginType;
import sensor.api.io.FrameWriter;
import sensor.api.raytrace.RaytraceBackend;

/**
 * Which bundle provides each plugin type id ({@code kind/id}: {@code sensor/imu}, {@code lidar-model/VLP-16},
 * {@code output-format/mcap}, {@code raytrace-backend/cpu-bvh}...), read from the service registry of the running
 * framework, as {@code types} lists them: plugin types are registered at run time (a vendor bundle registers one
 * service per model), so no manifest says them. Bundles of the repository that do not run here (a plugin of a
 * {@code --repo} folder) are installed and started for the look, then uninstalled.
 */
final class TypeIndex {
    /** kind/id to the symbolic name and version ("bsn version") of the bundle that provides it. */
    private final Map<String, String> providers = new TreeMap<>();

    TypeIndex(BundleContext context, List<Repository.Candidate> notRunning) {
        List<Bundle> probes = new ArrayList<>();
        for (Repository.Candidate c : notRunning) {
            try {
                probes.add(context.installBundle("sensorsim-assemble-probe:" + c.entry(), java.nio.file.Files
                        .newInputStream(c.file())));
            } catch (BundleException | java.io.IOException e) {
                // already installed (the same symbolic name and version) or not installable: its types stay unknown
            }
        }
        for (Bundle b : probes) {
            try {
                b.start(Bundle.START_TRANSIENT);
            } catch (BundleException e) {
                // it does not resolve here: its types stay unknown
            }
        }
        int before = -1;
        for (int tries = 0; tries < 20 && !probes.isEmpty(); tries++) { // Declarative Services registers asynchronously
            int now = read(context).size();
            if (now == before) {
                break;
            }
            before = now;
            sleep();
        }
        providers.putAll(read(context));
        for (Bundle b : probes) {
            try {
                b.uninstall();
            } catch (BundleException | IllegalStateException e) {
                // gone already
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(150);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, String> read(BundleContext context) {
        Map<String, String> out = new TreeMap<>();
        ServiceReference<?>[] refs;
        try {
            refs = context.getAllServiceReferences(null, null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
            Bundle b = ref.getBundle();
            String[] classes = (String[]) ref.getProperty(Constants.OBJECTCLASS);
            if (b == null || java.util.Arrays.stream(classes).noneMatch(c -> c.endsWith("Type")
                    || c.equals(FrameWriter.class.getName()) || c.equals(RaytraceBackend.class.getName()))) {
                continue;
            }
            String by = b.getSymbolicName() + " " + b.getVersion();
            Object format = ref.getProperty(FrameWriter.FORMAT_PROPERTY);
            if (format != null && List.of(classes).contains(FrameWriter.class.getName())) {
                for (Object f : format instanceof String[] a ? a : new Object[] {format}) {
                    out.putIfAbsent("output-format/" + f, by);
                }
            }
            Object service = context.getService(ref);
            try {
                if (service instanceof RaytraceBackend r) {
                    out.putIfAbsent("raytrace-backend/" + r.id(), by);
                }
                if (service instanceof PluginType<?> t) {
                    for (String c : classes) {
                        if (!c.equals(PluginType.class.getName())) {
                            out.putIfAbsent(PluginCatalog.kindName(c).replace(' ', '-') + "/" + t.id(), by);
                        }
                    }
                }
            } catch (RuntimeException e) {
                // a type that fails to answer its id is not offered
            } finally {
                context.ungetService(ref);
            }
        }
        return out;
    }

    /** The bundle ("bsn version") providing {@code kind/id}; kind {@code *} matches any kind; null when none. */
    String provider(String kind, String id) {
        if (!kind.equals("*")) {
            return providers.get(kind + "/" + id);
        }
        return providers.entrySet().stream().filter(e -> e.getKey().endsWith("/" + id)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    /** Up to three known type ids close to {@code kind/id} (for "did you mean"), closest first. */
    List<String> near(String kind, String id) {
        String wanted = kind + "/" + id;
        return providers.keySet().stream().filter(k -> distance(k, wanted) <= Math.max(3, wanted.length() / 3))
                .sorted(Comparator.comparingInt((String k) -> distance(k, wanted)).thenComparing(k -> k)).limit(3).toList();
    }

    /** The kinds known, for a message. */
    List<String> kinds() {
        return providers.keySet().stream().map(k -> k.substring(0, k.lastIndexOf('/'))).distinct().toList();
    }

    private static int distance(String a, String b) {
        a = a.toLowerCase(java.util.Locale.ROOT);
        b = b.toLowerCase(java.util.Locale.ROOT);
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
