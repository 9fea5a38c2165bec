package sensor.api;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The one catalogue of the plugin types present, by kind (the contract interface a type is registered under:
 * {@code SensorType}, {@code SurfaceMaterialType}, a bundle's own {@code TriaxialStageType}...) and id. The
 * environment bundle registers it as a service reading the service registry on every call: a type is found by
 * its kind's {@code ID_PROPERTY} service property ({@code (sensor.type=lidar)}), the best-ranked first, so a
 * bundle overrides a type by registering the same id with a higher {@code service.ranking}. It keeps no map.
 */
@ProviderType
public interface PluginCatalog {
    /** The types registered under {@code kind}, best-ranked first (so an override of an id comes first). */
    <K extends PluginType<?>> List<K> types(Class<K> kind);

    /** Every plugin type present: kind name (e.g. "sensor", "ray pattern") to its type ids. */
    Map<String, SortedSet<String>> all();

    /**
     * A reader of configuration data for the types of this catalogue: it reads a type's fields into its
     * configuration class ({@link PluginType#readConfig}) and finds nested plugins (a lidar's noise stages) here;
     * relative file names are taken from {@code baseDir} (the folder of the scenario file).
     */
    ConfigReader reader(java.nio.file.Path baseDir);

    /** The bundles present as {@code symbolic-name version}, when the catalogue reads a framework; else empty. */
    default List<String> bundles() {
        return List.of();
    }

    /** The best-ranked type of {@code kind} with {@code id}, or null. */
    default <K extends PluginType<?>> K find(Class<K> kind, String id) {
        return types(kind).stream().filter(t -> t.id().equals(id)).findFirst().orElse(null);
    }

    /** The ids of {@code kind} present, sorted. */
    default SortedSet<String> ids(Class<? extends PluginType<?>> kind) {
        TreeSet<String> ids = new TreeSet<>();
        types(kind).forEach(t -> ids.add(t.id()));
        return ids;
    }

    /** A kind's name for people: the interface's simple name in words without "Type" ("RayPatternType": "ray pattern"; a nested interface by its own name). */
    static String kindName(String interfaceName) {
        String simple = interfaceName.substring(Math.max(interfaceName.lastIndexOf('.'), interfaceName.lastIndexOf('$')) + 1).replaceAll("Type$", "");
        return simple.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

}
