package sensor.env;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import sensor.api.PluginCatalog;
import sensor.api.PluginType;

/**
 * A {@link PluginCatalog} of fixed plugin instances, for plain Java and tests; a type's kinds are the plugin-type
 * interfaces it implements. The runtime's catalogue ({@link Catalogue}) reads the service registry instead.
 */
public final class FixedCatalog implements PluginCatalog {
    private final List<PluginType<?>> plugins;

    /** A catalogue of {@code plugins}, in that order. */
    public FixedCatalog(Collection<? extends PluginType<?>> plugins) {
        this.plugins = List.copyOf(plugins);
    }

    @Override
    public <K extends PluginType<?>> List<K> types(Class<K> kind) {
        List<K> out = new ArrayList<>();
        plugins.stream().filter(kind::isInstance).map(kind::cast).forEach(out::add);
        return out;
    }

    @Override
    public sensor.api.ConfigReader reader(java.nio.file.Path baseDir) {
        return new DataReader(this, baseDir);
    }

    @Override
    public Map<String, SortedSet<String>> all() {
        Map<String, SortedSet<String>> m = new TreeMap<>();
        for (PluginType<?> t : plugins) {
            for (Class<?> c : t.getClass().getInterfaces()) {
                if (PluginType.class.isAssignableFrom(c) && c != PluginType.class) {
                    m.computeIfAbsent(PluginCatalog.kindName(c.getName()), k -> new TreeSet<>()).add(t.id());
                }
            }
        }
        return m;
    }
}
