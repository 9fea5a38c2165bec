package sensor.io.ros.msg;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import sensor.api.control.Teleoperation;
import sensor.api.geom.Vec3;

/**
 * The latest {@code Twist} and {@code Joy} received per topic, each with the count received on its topic so far: what
 * every teleoperation source (the Foxglove view, the DDS bridge) keeps. Topics are named without a leading slash.
 */
public final class LatestMessages implements Teleoperation {
    private final Map<String, TwistMessage> twists = new ConcurrentHashMap<>();
    private final Map<String, JoyMessage> joys = new ConcurrentHashMap<>();

    /** A twist (linear x, y, z, angular x, y, z) received on {@code topic}. */
    public void twist(String topic, double[] v) {
        twists.merge(name(topic), new TwistMessage(new Vec3(v[0], v[1], v[2]), new Vec3(v[3], v[4], v[5]), 1),
                (old, now) -> new TwistMessage(now.linear(), now.angular(), old.count() + 1));
    }

    /** A joystick state received on {@code topic}. */
    public void joy(String topic, JoyMessage j) {
        joys.merge(name(topic), j, (old, now) -> new JoyMessage(now.axes(), now.buttons(), old.count() + 1));
    }

    @Override
    public TwistMessage twist(String topic) {
        return twists.get(name(topic));
    }

    @Override
    public JoyMessage joy(String topic) {
        return joys.get(name(topic));
    }

    private static String name(String topic) {
        return topic.replaceFirst("^/", "");
    }
}
