package sensor.api.scene;

import sensor.api.Args;
import sensor.api.geom.Pose;

/**
 * An object sensors can see. Its world pose is {@code bodyPose(bodyId) ∘ localPose}, or {@code localPose}
 * when {@code bodyId} is {@code null} (static). A {@code null} material means the default material
 * (Lambertian, C_D = 0.8, [L-4]); a material of an ambient material type makes the object a volume filled
 * with that medium (e.g. a fog bank), see {@link SceneView#volume(int)}.
 */
public record ObjectSpec(String id, Shape shape, String bodyId, Pose localPose, MaterialSpec material) {
    public ObjectSpec {
        Args.id("object id", id);
        Args.notNull("shape", shape);
        Args.notNull("localPose", localPose);
        if (bodyId != null) {
            Args.id("bodyId", bodyId);
        }
    }

    /** A static object with the default material. */
    public static ObjectSpec fixed(String id, Shape shape, Pose pose) {
        return new ObjectSpec(id, shape, null, pose, null);
    }

    /** This object with another material. */
    public ObjectSpec withMaterial(MaterialSpec m) {
        return new ObjectSpec(id, shape, bodyId, localPose, m);
    }

    /** This object attached to a body of the dynamics source, at {@code localPose} relative to it. */
    public ObjectSpec onBody(String body) {
        return new ObjectSpec(id, shape, body, localPose, material);
    }
}
