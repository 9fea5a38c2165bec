package sensor.itest;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import sensor.api.env.SensorEnvironment;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.io.OutputSink;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.KinematicWorld;

/** A fresh world on the shared environment service (a car at 5 m/s) and a sink collecting frames. */
final class Rig implements AutoCloseable {
    final SensorEnvironment env;
    final List<SensorFrame> frames = new CopyOnWriteArrayList<>();
    private final OutputSink sink = frames::add;

    Rig(SensorEnvironment env) {
        this.env = env;
        env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
        env.objects().forEach(o -> env.removeObject(o.id()));
        env.setWorld(env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81))
                .addBody("car", new KinematicWorld.ConstantVelocity(Pose.IDENTITY, new Vec3(5, 0, 0))));
        env.addOutputSink(sink);
    }

    @Override
    public void close() {
        env.removeOutputSink(sink);
        env.sensors().forEach(s -> env.removeSensor(s.spec().id()));
    }
}
