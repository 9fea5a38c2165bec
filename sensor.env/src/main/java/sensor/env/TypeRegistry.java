package sensor.env;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import sensor.api.PluginType;

/**
 * The plugin types an environment has bound, by id: when several share an id, the highest
 * {@code service.ranking} serves (the first bound among equals) until it leaves. {@link PluginTypes}' record
 * of what DS bound, so that a leaving type is known before the service registry forgets it. Thread-safe.
 */
final class TypeRegistry<T extends PluginType<?>> {
    private final String kind;
    private final Map<String, List<T>> byId = new LinkedHashMap<>();
    private final Map<T, Integer> rankings = new java.util.IdentityHashMap<>();

    TypeRegistry(String kind) {
        this.kind = kind;
    }

    /** Adds a type; returns true when it now serves its id. */
    synchronized boolean add(T type, int ranking) {
        List<T> list = byId.computeIfAbsent(type.id(), k -> new ArrayList<>());
        rankings.put(type, ranking);
        int at = 0;
        while (at < list.size() && rankings.get(list.get(at)) >= ranking) {
            at++;
        }
        list.add(at, type);
        return at == 0;
    }

    /** Removes a type; returns true when the serving type for its id changed. */
    synchronized boolean remove(T type) {
        List<T> list = byId.get(type.id());
        if (list == null) {
            return false;
        }
        boolean serving = !list.isEmpty() && list.get(0) == type;
        list.remove(type);
        rankings.remove(type);
        if (list.isEmpty()) {
            byId.remove(type.id());
        }
        return serving;
    }

    synchronized T find(String id) {
        List<T> list = byId.get(id);
        return list == null ? null : list.get(0);
    }

    /** The serving type for {@code id}; an unknown id gets an error listing the known ones. */
    T get(String id) {
        T t = find(id);
        if (t == null) {
            throw new IllegalArgumentException(kind + " typeId '" + id + "' is unknown; known " + kind + " types: " + ids());
        }
        return t;
    }

    synchronized TreeSet<String> ids() {
        return new TreeSet<>(byId.keySet());
    }
}
