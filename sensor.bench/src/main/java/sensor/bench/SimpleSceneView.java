package sensor.bench;

import java.util.List;
import java.util.function.BiFunction;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;

/**
 * A fixed list of objects for the benchmarks: static objects at their local pose, objects on a body at
 * {@code bodyPose(index, t) ∘ localPose}; default material everywhere; a constant revision.
 */
public final class SimpleSceneView implements SceneView {
    private final List<ObjectSpec> objects;
    private final BiFunction<Integer, Double, Pose> bodyPose;

    /** {@code bodyPose} gives the body pose of object {@code index} at time {@code t} (null: all static). */
    public SimpleSceneView(List<ObjectSpec> objects, BiFunction<Integer, Double, Pose> bodyPose) {
        this.objects = List.copyOf(objects);
        this.bodyPose = bodyPose;
    }

    @Override
    public List<ObjectSpec> objects() { return objects; }

    @Override
    public Pose objectPose(int index, double t) {
        ObjectSpec o = objects.get(index);
        return o.bodyId() == null || bodyPose == null ? o.localPose() : bodyPose.apply(index, t).compose(o.localPose());
    }

    @Override
    public SurfaceMaterial material(int index) { return Lambertian.DEFAULT; }

    @Override
    public AmbientMaterial ambient() { return null; }

    @Override
    public long revision() { return 1; }
}
