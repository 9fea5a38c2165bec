package sensor.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

import sensor.api.PluginType;
import sensor.cli.scenario.PluginCatalog;

/**
 * The plugin catalog read from the service registry: a plugin type is any service implementing
 * {@link PluginType}; its kind is the interface it is registered under; ranking orders types sharing an id.
 */
final class ServiceCatalog implements PluginCatalog {
    private final BundleContext context;

    ServiceCatalog(BundleContext context) {
        this.context = context;
    }

    @Override
    public <K extends PluginType<?>> List<K> types(Class<K> kind) {
        List<K> out = new ArrayList<>();
        for (ServiceReference<?> ref : refs(kind.getName())) {
            Object s = context.getService(ref);
            if (kind.isInstance(s)) {
                out.add(kind.cast(s));
            }
        }
        return out;
    }

    @Override
    public Map<String, SortedSet<String>> all() {
        Map<String, SortedSet<String>> m = new TreeMap<>();
        for (ServiceReference<?> ref : refs(null)) {
            String[] classes = (String[]) ref.getProperty(Constants.OBJECTCLASS);
            if (Arrays.stream(classes).noneMatch(c -> c.endsWith("Type"))) {
                continue;
            }
            if (context.getService(ref) instanceof PluginType<?> t) {
                for (String c : classes) {
                    if (!c.equals(PluginType.class.getName())) {
                        m.computeIfAbsent(PluginCatalog.kindName(c), k -> new TreeSet<>()).add(t.id());
                    }
                }
            }
        }
        return m;
    }

    @Override
    public List<String> bundles() {
        return Arrays.stream(context.getBundles()).filter(b -> b.getBundleId() != 0)
                .map(b -> b.getSymbolicName() + " " + b.getVersion()).sorted().toList();
    }

    /** References of {@code clazz} (null: all), best-ranked first. */
    private List<ServiceReference<?>> refs(String clazz) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(clazz, null);
            List<ServiceReference<?>> list = refs == null ? new ArrayList<>() : new ArrayList<>(List.of(refs));
            list.sort(Comparator.<ServiceReference<?>>naturalOrder().reversed());
            return list;
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
