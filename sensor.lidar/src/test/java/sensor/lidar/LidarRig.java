package sensor.lidar;

import java.util.ArrayList;
import java.util.List;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.env.Environment;
import sensor.lidar.api.LidarConfig;
import sensor.api.frame.PointCloud;
import sensor.raytrace.CpuBvhBackend;

/** A real environment with the CPU backend, the lidar type and its noise stages, collecting lidar outputs. */
final class LidarRig {
    final Environment env = new Environment();
    final LidarSensorType type = new LidarSensorType();
    final KinematicWorld world;
    final List<SensorFrame> frames = new ArrayList<>();

    LidarRig() {
        type.setBackend(new CpuBvhBackend());
        type.setCatalog(new sensor.env.FixedCatalog(java.util.List.of(new NoiseStages.RayAngle(), new NoiseStages.HitpointAngle(),
                new NoiseStages.Distance())));
        env.bindSensorType(type);
        world = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        world.addBody("car", new KinematicWorld.Fixed(Pose.IDENTITY));
        env.setWorld(world);
        env.setAmbient(AmbientMaterial.clear(1.0, 0.0));
        env.addOutputSink(frames::add);
    }

    /** Registers a surface material type "test/<name>" returning {@code m}. */
    void material(String name, SurfaceMaterial m) {
        env.bindSurfaceMaterialType(new SurfaceMaterialType<String>() {
            @Override public String id() { return "test-" + name; }
            @Override public Class<String> configType() { return String.class; }
            @Override public String defaultConfig() { return ""; }
            @Override public SurfaceMaterial create(String c) { return m; }
        });
    }

    void add(String id, Shape shape, Pose pose, String material) {
        ObjectSpec o = ObjectSpec.fixed(id, shape, pose);
        env.addObject(material == null ? o : o.withMaterial(sensor.api.scene.MaterialSpec.of("test-" + material)));
    }

    /** A wall: the plane x = d facing −x (towards the origin). */
    void wallAtX(String id, double d, String material) {
        add(id, new Shape.Plane(), new Pose(new Vec3(d, 0, 0), Quat.axisAngle(Vec3.Y, -Math.PI / 2)), material);
    }

    PointCloud run(LidarConfig config, double frequency, SensorMount mount, double seconds) {
        frames.clear();
        env.addSensor(SensorSpec.of("lidar", "lidar", config, mount, frequency));
        env.advance(seconds);
        return frames.isEmpty() ? null : (PointCloud) frames.get(frames.size() - 1).data();
    }

    PointCloud run(LidarConfig config) {
        return run(config, 10, SensorMount.world(Pose.IDENTITY), 0.1);
    }

    /** Rays from the origin with the given unit directions (each along local +z of its pose). */
    static List<Pose> rays(Vec3... dirs) {
        List<Pose> list = new ArrayList<>();
        for (Vec3 d : dirs) {
            list.add(new Pose(Vec3.ZERO, SweepPattern.zTo(d.normalized())));
        }
        return list;
    }
}
