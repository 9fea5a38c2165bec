package sensor.imu;

import java.util.ArrayList;
import java.util.List;

import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.api.world.WorldSource;
import sensor.env.Environment;

/** An environment with the IMU types and built-in stages bound, collecting frames. */
final class Rig {
    final Environment env = new Environment();
    final List<SensorFrame> frames = new ArrayList<>();

    Rig() {
        var stages = BuiltinStages.all();
        env.bindSensorType(new ImuType(stages));
        env.bindSensorType(new AccelerometerType(stages));
        env.bindSensorType(new GyroscopeType(stages));
        env.bindSensorType(new MagnetometerType(stages));
        env.addOutputSink(frames::add);
    }

    /** A kinematic world with step {@code dt} and gravity (0, 0, −g). */
    KinematicWorld world(double dt, double g) {
        KinematicWorld w = env.newKinematicWorld(dt, new Vec3(0, 0, -g));
        return w;
    }

    Rig use(WorldSource w) {
        env.setWorld(w);
        return this;
    }

    Rig add(String id, String type, Object config, SensorMount mount, double frequency) {
        env.addSensor(SensorSpec.of(id, type, config, mount, frequency));
        return this;
    }

    Rig advance(double seconds) {
        env.advance(seconds);
        return this;
    }

    List<SensorFrame> frames(String id) {
        return frames.stream().filter(f -> f.sensorId().equals(id)).toList();
    }

    Channels last(String id) {
        List<SensorFrame> f = frames(id);
        return (Channels) f.get(f.size() - 1).data();
    }
}
