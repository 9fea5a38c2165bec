package sensor.raytrace;

import java.util.ArrayList;
import java.util.List;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;

/** A mutable scene view for tests: objects with settable world poses and a revision bumped on adds. */
final class TestScene implements SceneView {
    final List<ObjectSpec> objects = new ArrayList<>();
    final List<Pose> poses = new ArrayList<>();
    long revision;

    int add(Shape shape, Pose pose) {
        objects.add(ObjectSpec.fixed("o" + objects.size(), shape, pose));
        poses.add(pose);
        revision++;
        return objects.size() - 1;
    }

    /** Gives object {@code i} a new shape, same id and pose (a deformed mesh: a revision change). */
    void reshape(int i, Shape shape) {
        objects.set(i, ObjectSpec.fixed(objects.get(i).id(), shape, poses.get(i)));
        revision++;
    }

    /** Moves object {@code i} (a body moving: no revision change). */
    void move(int i, Pose pose) {
        poses.set(i, pose);
    }

    @Override
    public List<ObjectSpec> objects() { return List.copyOf(objects); }

    @Override
    public Pose objectPose(int index, double t) { return poses.get(index); }

    @Override
    public SurfaceMaterial material(int index) { return Lambertian.DEFAULT; }

    @Override
    public AmbientMaterial ambient() { return null; }

    @Override
    public long revision() { return revision; }
}
