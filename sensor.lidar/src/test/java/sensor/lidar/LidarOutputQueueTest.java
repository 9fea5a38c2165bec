package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayInterval;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.lidar.api.LidarConfig;
import sensor.api.frame.PointCloud;
import sensor.lidar.api.LidarOutputQueue;
import sensor.lidar.api.RayPatterns;

class LidarOutputQueueTest {
    @Test
    @DisplayName("[O] a reader blocks until the simulation, stepping in another thread, delivers the next frame")
    void takeBlocksUntilTheNextFrameIsDelivered() throws Exception {
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 10, null);
        LidarOutputQueue queue = new LidarOutputQueue();
        rig.env.addOutputSink(queue);
        var rays = LidarRig.rays(Vec3.X);
        rig.env.addSensor(SensorSpec.of("lidar", "lidar", new LidarConfig()
                .setPattern(RayPatterns.generic(rays, List.of(new RayInterval(0, 1)))), SensorMount.world(Pose.IDENTITY), 10));
        assertNull(queue.take("lidar", 50, TimeUnit.MILLISECONDS), "nothing before the first step");
        CompletableFuture<SensorFrame> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return queue.take("lidar", 10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        assertFalse(reader.isDone(), "the reader waits");
        rig.env.advance(0.1); // the simulation thread delivers frame 1
        SensorFrame f = reader.get(10, TimeUnit.SECONDS);
        assertEquals(1, f.index());
        assertEquals(10f, ((PointCloud) f.data()).getFloat(0, sensor.api.frame.OutputField.XYZ_VEC3_F32, 0), 1e-4f);
        assertNull(queue.take("lidar", 50, TimeUnit.MILLISECONDS), "frame 1 was taken; frame 2 is not there yet");
        rig.env.advance(0.1);
        assertEquals(2, queue.take("lidar", 1, TimeUnit.SECONDS).index());
    }
}
