package sensor.env;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import sensor.api.PluginType;

/** Plugin types by id; when several share an id the first bound serves until it leaves. */
final class TypeRegistry<T extends PluginType<?>> {
    private final String kind;
    private final Map<String, List<T>> byId = new LinkedHashMap<>();

    TypeRegistry(String kind) {
        this.kind = kind;
    }

    void add(T type) {
        byId.computeIfAbsent(type.id(), k -> new ArrayList<>()).add(type);
    }

    /** Removes a type; returns true when the serving type for its id changed. */
    boolean remove(T type) {
        List<T> list = byId.get(type.id());
        if (list == null) {
            return false;
        }
        boolean serving = !list.isEmpty() && list.get(0) == type;
        list.remove(type);
        if (list.isEmpty()) {
            byId.remove(type.id());
        }
        return serving;
    }

    T find(String id) {
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

    TreeSet<String> ids() {
        return new TreeSet<>(byId.keySet());
    }
}
