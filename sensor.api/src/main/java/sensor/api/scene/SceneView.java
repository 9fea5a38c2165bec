package sensor.api.scene;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

import sensor.api.geom.Pose;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.SurfaceMaterial;

/**
 * The objects sensors can see, with resolved materials and world poses, for raytracing sensors. Indices
 * are stable until {@link #revision()} changes (an object or material added, removed or replaced).
 */
@ProviderType
public interface SceneView {
    /** The objects, indexed. */
    List<ObjectSpec> objects();

    /** World pose of object {@code index} at time {@code t} (within the current step). */
    Pose objectPose(int index, double t);

    /** The resolved surface material of object {@code index} (the default one when none is assigned). */
    SurfaceMaterial material(int index);

    /** The ambient material. */
    AmbientMaterial ambient();

    /**
     * The medium filling object {@code index} when it is a volume (a fog bank, smoke, a rain curtain: an
     * object whose material is an ambient material type), else {@code null}. A volume has no surface: rays
     * cross its boundary and are attenuated and scattered inside by its medium ([L-P], [L-13], [L-14]).
     * Volumes do not nest.
     */
    default AmbientMaterial volume(int index) {
        return null;
    }

    /** The lights of visible-light sensors (cameras); none by default. */
    default List<Light> lights() {
        return List.of();
    }

    /** Changes whenever objects or materials change. */
    long revision();
}
