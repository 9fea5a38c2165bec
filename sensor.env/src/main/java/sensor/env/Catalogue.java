package sensor.env;

import java.lang.reflect.Field;
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
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import sensor.api.PluginCatalog;
import sensor.api.PluginType;

/**
 * The {@link PluginCatalog} service over the service registry: a plugin type is any service implementing
 * {@link PluginType}; its kind is the interface it is registered under; {@link #find} filters on the kind's
 * {@code ID_PROPERTY} service property (falling back to {@code id()} for a type registered without it) and
 * returns the best-ranked match. Nothing is cached.
 */
@Component(service = PluginCatalog.class)
public class Catalogue implements PluginCatalog {
    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public <K extends PluginType<?>> List<K> types(Class<K> kind) {
        return services(kind, refs(kind.getName(), null));
    }

    @Override
    public <K extends PluginType<?>> K find(Class<K> kind, String id) {
        String property = idProperty(kind);
        if (property != null) {
            for (K t : services(kind, refs(kind.getName(), "(" + property + "=" + escape(id) + ")"))) {
                if (t.id().equals(id)) {
                    return t;
                }
            }
        }
        return PluginCatalog.super.find(kind, id);
    }

    @Override
    public sensor.api.ConfigReader reader(java.nio.file.Path baseDir) {
        return new DataReader(this, baseDir);
    }

    @Override
    public Map<String, SortedSet<String>> all() {
        Map<String, SortedSet<String>> m = new TreeMap<>();
        for (ServiceReference<?> ref : refs(null, null)) {
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

    private <K> List<K> services(Class<K> kind, List<ServiceReference<?>> refs) {
        List<K> out = new ArrayList<>();
        for (ServiceReference<?> ref : refs) {
            Object s = context.getService(ref);
            if (kind.isInstance(s)) {
                out.add(kind.cast(s));
            }
        }
        return out;
    }

    /** The kind's {@code ID_PROPERTY} constant, or null. */
    static String idProperty(Class<?> kind) {
        try {
            Field f = kind.getField("ID_PROPERTY");
            return f.get(null) instanceof String s ? s : null;
        } catch (NoSuchFieldException | IllegalAccessException e) {
            return null;
        }
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("*", "\\*").replace("(", "\\(").replace(")", "\\)");
    }

    /** References of {@code clazz} (null: all) matching {@code filter}, best-ranked first. */
    private List<ServiceReference<?>> refs(String clazz, String filter) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(clazz, filter);
            List<ServiceReference<?>> list = refs == null ? new ArrayList<>() : new ArrayList<>(List.of(refs));
            list.sort(Comparator.<ServiceReference<?>>naturalOrder().reversed());
            return list;
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("type id '" + filter + "' cannot be looked up: " + e.getMessage());
        }
    }
}
