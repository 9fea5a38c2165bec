package sensor.groundtruth;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.world.KinematicWorld;
import sensor.env.Environment;

class GroundTruthSensorTypeTest {
    @Test
    void reportsThePoseAndTheVelocityOfTheMountPointOnASpinningBody() {
        Environment env = new Environment();
        env.bindSensorType(new GroundTruthSensorType());
        double w = 2.0;
        env.setWorld(env.newKinematicWorld(0.001, Vec3.ZERO).addBody("table",
                new KinematicWorld.ConstantAngularVelocity(Pose.IDENTITY, new Vec3(1, 0, 0), new Vec3(0, 0, w))));
        List<Channels> out = new ArrayList<>();
        env.addOutputSink(f -> out.add((Channels) f.data()));
        env.addSensor(SensorSpec.of("gt", GroundTruthSensorType.ID, null, SensorMount.on("table", Pose.translation(0.5, 0, 0)), 4));
        env.advance(1.0);
        assertEquals(4, out.size());
        Channels c = out.get(3); // t = 1 s: body at (1, 0, 0), turned by 2 rad about z
        double t = 1.0;
        assertEquals(1 + 0.5 * Math.cos(w * t), c.value(0), 1e-9);
        assertEquals(0.5 * Math.sin(w * t), c.value(1), 1e-9);
        // v = v_body + ω × r, r = 0.5 (cos ωt, sin ωt, 0)
        assertEquals(1 - w * 0.5 * Math.sin(w * t), c.value(7), 1e-9);
        assertEquals(w * 0.5 * Math.cos(w * t), c.value(8), 1e-9);
        assertEquals(w, c.value(12), 0);
        assertEquals(List.of("x", "y", "z", "qw", "qx", "qy", "qz", "vx", "vy", "vz", "wx", "wy", "wz"), c.names());
    }
}
