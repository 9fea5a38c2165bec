package sensor.cli;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.nio.file.Path;
import java.util.Map;

import sensor.api.scene.MagneticField;
import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.env.SensorEnvironment;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;

/**
 * The built-in demo job: a small kinematic world (a car driving round a block of buildings at 10 m/s on a smooth
 * spline path, at most 0.6 g, a turntable,
 * a wheel joint), one sensor of every discovered sensor type with its default configuration on the car,
 * stepped for a few simulated seconds; prints what happened.
 */
final class DemoJob {
    private DemoJob() {}

    /** Builds the demo world into {@code env} (replacing its world, objects and sensors). */
    static KinematicWorld build(SensorEnvironment env) {
        env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
        env.objects().forEach(o -> env.removeObject(o.id()));
        KinematicWorld world = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        world.addBody("car", new KinematicWorld.Waypoints(List.of(0.0, 4.0, 8.0, 12.0, 16.0),
                        List.of(new Vec3(-20, -20, 0), new Vec3(20, -20, 0), new Vec3(20, 20, 0), new Vec3(-20, 20, 0),
                                new Vec3(-20, -20, 0))))
                .addBody("turntable", new KinematicWorld.ConstantAngularVelocity(Pose.translation(0, 0, 0.5),
                        Vec3.ZERO, new Vec3(0, 0, Math.PI)))
                .addJoint("car/wheel", KinematicWorld.JointScript.constantRate(0, 10 / 0.35));
        env.setWorld(world);
        env.setMagneticField(MagneticField.fromElements(Math.toRadians(3), Math.toRadians(70), 50e-6));
        env.addObject(ObjectSpec.fixed("ground", new Shape.Plane(), Pose.IDENTITY));
        for (int i = 0; i < 4; i++) {
            double x = (i % 2 == 0 ? -1 : 1) * 8, y = (i < 2 ? -1 : 1) * 8;
            env.addObject(ObjectSpec.fixed("building-" + i, new Shape.Box(4, 4, 6), Pose.translation(x, y, 6)));
        }
        env.addObject(new ObjectSpec("turntable-top", new Shape.Cylinder(1, 0.2), "turntable", Pose.IDENTITY, null));
        if (env.surfaceMaterialTypes().contains("lambertian")) {
            env.addObject(ObjectSpec.fixed("pole", new Shape.Cylinder(0.1, 5), Pose.translation(0, -15, 2.5))
                    .withMaterial(MaterialSpec.of("lambertian")));
        }
        return world;
    }

    /** Runs the demo for {@code seconds} of simulated time and prints a report; returns the exit code. */
    static int run(SensorEnvironment env, sensor.api.PluginCatalog catalog, double seconds, PrintStream out) {
        out.println("sensorsim demo");
        out.println("  sensor types:           " + env.sensorTypes());
        out.println("  surface material types: " + env.surfaceMaterialTypes());
        out.println("  ambient material types: " + env.ambientMaterialTypes());
        out.println("  raytrace backends:      " + env.raytraceBackends());
        build(env);
        Pose roof = new Pose(new Vec3(0, 0, 1.8), Quat.IDENTITY);
        for (String type : env.sensorTypes()) {
            try {
                env.addSensor(SensorSpec.of(type, type, null, SensorMount.on("car", roof), 10));
            } catch (IllegalArgumentException e) { // a type that measures a joint (encoder, odometer): the wheel's
                try {
                    var reader = catalog.reader(Path.of("."));
                    env.addSensor(SensorSpec.of(type, type, new sensor.api.ConfigData(
                            new java.util.LinkedHashMap<>(Map.of("jointId", "car/wheel")), reader), SensorMount.on("car", roof), 10));
                } catch (IllegalArgumentException again) {
                    out.println("  skipped sensor type " + type + ": its default configuration is incomplete ("
                            + e.getMessage() + ")");
                }
            }
        }
        Map<String, Integer> counts = new HashMap<>();
        Map<String, SensorFrame> last = new HashMap<>();
        sensor.api.io.OutputSink sink = f -> {
            counts.merge(f.sensorId(), 1, Integer::sum);
            last.put(f.sensorId(), f);
        };
        env.addOutputSink(sink);
        try {
            long wall = System.nanoTime();
            long steps = env.advance(seconds);
            double wallSeconds = (System.nanoTime() - wall) * 1e-9;
            out.printf("  world: %d bodies, %d joints, %d objects; stepped %d steps of %.4f s%n",
                    env.world().bodyIds().size(), env.world().jointIds().size(), env.objects().size(), steps,
                    env.world().timeStep());
            Pose car = env.world().bodyPose("car");
            out.printf("  simulated %.3f s in %.3f s wall; car at (%.2f, %.2f, %.2f), wheel joint at %.2f rad%n",
                    env.time(), wallSeconds, car.position().x(), car.position().y(), car.position().z(),
                    env.world().jointPosition("car/wheel"));
            for (var s : env.sensors()) {
                SensorFrame f = last.get(s.spec().id());
                out.printf("  sensor %s (%s, %s): %d frames%s%n", s.spec().id(), s.spec().typeId(), s.state(),
                        counts.getOrDefault(s.spec().id(), 0), f == null ? "" : ", last at t=" + f.time() + ": " + Format.data(f.data()));
            }
            out.println("demo done");
            return 0;
        } finally {
            env.removeOutputSink(sink);
        }
    }
}
