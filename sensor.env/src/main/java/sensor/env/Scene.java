package sensor.env;

import java.lang.System.Logger.Level;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.PluginType;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;

/**
 * The objects of the environment with their resolved materials and the ambient material. An object
 * whose material type is absent uses the default material ({@link Lambertian#DEFAULT}, [L-4]); one
 * warning is logged when a type goes missing, and the material is restored when the type returns.
 * Not thread-safe: the environment serialises access.
 */
final class Scene {
    private static final System.Logger LOG = System.getLogger("sensor.env");

    private final TypeRegistry<SurfaceMaterialType<?>> surfaceTypes;
    private final TypeRegistry<AmbientMaterialType<?>> ambientTypes;
    private final Map<String, AmbientMaterial> volumes = new LinkedHashMap<>();
    private final Map<String, ObjectSpec> objects = new LinkedHashMap<>();
    private final Map<String, SurfaceMaterial> materials = new LinkedHashMap<>();
    private final Set<String> missingTypes = new HashSet<>();
    private MaterialSpec ambientSpec;
    private boolean tolerant;
    private Interruptions interruptions;
    private java.util.function.DoubleSupplier clock = () -> 0;
    private AmbientMaterial ambient = AmbientMaterial.defaultAir();
    private List<sensor.api.scene.Light> lights = List.of();
    private long revision;
    private SceneView cached;
    private WorldSnapshot cachedFor;

    Scene(TypeRegistry<SurfaceMaterialType<?>> surfaceTypes, TypeRegistry<AmbientMaterialType<?>> ambientTypes) {
        this.surfaceTypes = surfaceTypes;
        this.ambientTypes = ambientTypes;
    }

    /** When tolerant, an object whose material type is absent gets the default material until the type arrives. */
    void tolerate(boolean tolerant, Interruptions interruptions, java.util.function.DoubleSupplier clock) {
        this.tolerant = tolerant;
        this.interruptions = interruptions;
        this.clock = clock;
    }

    void add(ObjectSpec object) {
        if (objects.containsKey(object.id())) {
            throw new IllegalArgumentException("object id '" + object.id() + "' is already used; object ids must be unique");
        }
        place(object);
    }

    /** Resolves the object's material (or volume) and puts it (a replaced id keeps its position). */
    private void place(ObjectSpec object) {
        MaterialSpec spec = object.material();
        SurfaceMaterial m = Lambertian.DEFAULT;
        AmbientMaterial volume = null;
        if (spec != null) {
            if (surfaceTypes.find(spec.typeId()) == null && ambientTypes.find(spec.typeId()) != null) {
                volume = createAmbient(ambientTypes.get(spec.typeId()), spec.config());
            } else if (surfaceTypes.find(spec.typeId()) == null && tolerant) {
                LOG.log(Level.WARNING, "object ''{0}'' uses the default material until its type ''{1}'' is installed",
                        object.id(), spec.typeId());
                interruptions.begin("material", object.id(), spec.typeId(), clock.getAsDouble());
                missingTypes.add(spec.typeId()); // its arrival is logged by resolveMaterials
            } else if (surfaceTypes.find(spec.typeId()) == null) {
                throw new IllegalArgumentException("material typeId '" + spec.typeId() + "' is unknown; known surface "
                        + "material types: " + surfaceTypes.ids() + ", ambient material types (volumes): " + ambientTypes.ids());
            } else {
                m = create(surfaceTypes.get(spec.typeId()), spec.config());
            }
        }
        objects.put(object.id(), object);
        materials.put(object.id(), m);
        if (volume != null) {
            volumes.put(object.id(), volume);
        } else {
            volumes.remove(object.id());
        }
        revision++;
    }

    /** Replaces an object in place (same id, same position in the list), e.g. with another material. */
    void replace(ObjectSpec object) {
        if (!objects.containsKey(object.id())) {
            throw new IllegalArgumentException("objectId '" + object.id() + "' is unknown; known objects: " + objects.keySet());
        }
        place(object);
    }

    void remove(String id) {
        if (!objects.containsKey(id)) {
            throw new IllegalArgumentException("objectId '" + id + "' is unknown; known objects: " + objects.keySet());
        }
        objects.remove(id);
        materials.remove(id);
        volumes.remove(id);
        if (interruptions != null) {
            interruptions.end("material", id, clock.getAsDouble());
        }
        revision++;
    }

    void deform(String id, float[] vertices) {
        ObjectSpec o = objects.get(id);
        if (o == null) {
            throw new IllegalArgumentException("objectId '" + id + "' is unknown; known objects: " + objects.keySet());
        }
        if (!(o.shape() instanceof Shape.TriangleMesh mesh)) {
            throw new IllegalArgumentException("object '" + id + "' must have a triangle mesh to deform, it has a "
                    + o.shape().getClass().getSimpleName());
        }
        int expected = mesh.vertexCount() * 3;
        if (vertices == null || vertices.length != expected) {
            throw new IllegalArgumentException("vertices of '" + id + "' must hold " + expected + " coordinates, got "
                    + (vertices == null ? "null" : vertices.length));
        }
        objects.put(id, new ObjectSpec(id, new Shape.TriangleMesh(vertices, mesh.indices()), o.bodyId(), o.localPose(),
                o.material()));
        revision++;
    }

    List<ObjectSpec> objects() {
        return List.copyOf(objects.values());
    }

    /**
     * Re-resolves every object's material after material types came or went. A volume whose ambient type
     * left stays a volume of clear default air until the type returns.
     */
    void resolveMaterials() {
        Set<String> missing = new HashSet<>();
        java.util.Map<String, List<String>> returned = new java.util.TreeMap<>();
        for (ObjectSpec o : objects.values()) {
            MaterialSpec spec = o.material();
            if (spec == null) {
                continue;
            }
            boolean volume = volumes.containsKey(o.id());
            PluginType<?> type = volume ? ambientTypes.find(spec.typeId()) : surfaceTypes.find(spec.typeId());
            if (type == null) {
                missing.add(spec.typeId());
            } else if (missingTypes.contains(spec.typeId())) {
                returned.computeIfAbsent(spec.typeId(), k -> new java.util.ArrayList<>()).add(o.id());
            }
            if (interruptions != null) {
                if (type == null) {
                    interruptions.begin("material", o.id(), spec.typeId(), clock.getAsDouble());
                } else {
                    interruptions.end("material", o.id(), clock.getAsDouble());
                }
            }
            try {
                if (volume) {
                    volumes.put(o.id(), type == null ? AmbientMaterial.defaultAir()
                            : createAmbient((AmbientMaterialType<?>) type, spec.config()));
                } else {
                    materials.put(o.id(), type == null ? Lambertian.DEFAULT : create((SurfaceMaterialType<?>) type, spec.config()));
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "object ''{0}'' uses the default material: {1}", o.id(), e.getMessage());
                materials.put(o.id(), Lambertian.DEFAULT);
            }
        }
        for (String id : missing) {
            if (!missingTypes.contains(id)) {
                LOG.log(Level.WARNING, "material type ''{0}'' is absent: its objects use the default material "
                        + "(surfaces: Lambertian C_D = 0.8, volumes: clear air) until it returns", id);
            }
        }
        returned.forEach((id, objects) -> LOG.log(Level.INFO, "material type ''{0}'' is present: objects {1} use it "
                + "from t = {2} s", id, objects, String.format(java.util.Locale.ROOT, "%.3f", clock.getAsDouble())));
        missingTypes.retainAll(missing);
        missingTypes.addAll(missing);
        revision++;
    }

    void setAmbient(String typeId, Object config) {
        AmbientMaterial a = createAmbient(ambientTypes.get(typeId), config);
        ambientSpec = new MaterialSpec(typeId, config);
        ambient = a;
        revision++;
    }

    void setAmbient(AmbientMaterial a) {
        ambientSpec = null;
        ambient = a;
        revision++;
    }

    /** Re-resolves the ambient material after ambient types came or went. */
    void resolveAmbient() {
        if (ambientSpec == null) {
            return;
        }
        AmbientMaterialType<?> type = ambientTypes.find(ambientSpec.typeId());
        if (type == null) {
            LOG.log(Level.WARNING, "ambient material type ''{0}'' is absent: default air until it returns", ambientSpec.typeId());
            ambient = AmbientMaterial.defaultAir();
        } else {
            ambient = createAmbient(type, ambientSpec.config());
        }
        revision++;
    }

    AmbientMaterial ambient() {
        return ambient;
    }

    void setLights(List<sensor.api.scene.Light> lights) {
        this.lights = List.copyOf(lights);
        revision++;
    }

    /** An immutable view over the recent world history. */
    SceneView view(WorldHistory history) {
        if (cached == null || cached.revision() != revision || cachedFor != history.latest()) {
            List<AmbientMaterial> vols = new java.util.ArrayList<>();
            objects.keySet().forEach(id -> vols.add(volumes.get(id)));
            cached = new View(List.copyOf(objects.values()), List.copyOf(materials.values()),
                    java.util.Collections.unmodifiableList(vols), ambient, lights, revision, history.frozen());
            cachedFor = history.latest();
        }
        return cached;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SurfaceMaterial create(SurfaceMaterialType type, Object config) {
        return type.create(type.configFrom(config));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static AmbientMaterial createAmbient(AmbientMaterialType type, Object config) {
        return type.create(type.configFrom(config));
    }

    private record View(List<ObjectSpec> objects, List<SurfaceMaterial> materials, List<AmbientMaterial> volumes,
            AmbientMaterial ambient, List<sensor.api.scene.Light> lights, long revision, WorldHistory history)
            implements SceneView {
        @Override
        public AmbientMaterial volume(int index) {
            return volumes.get(index);
        }

        @Override
        public Pose objectPose(int index, double t) {
            ObjectSpec o = objects.get(index);
            if (o.bodyId() == null) {
                return o.localPose();
            }
            return history.body(o.bodyId(), t).pose().compose(o.localPose());
        }

        @Override
        public SurfaceMaterial material(int index) {
            return materials.get(index);
        }
    }
}
