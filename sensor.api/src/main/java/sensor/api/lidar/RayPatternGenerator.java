package sensor.api.lidar;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.geom.Pose;

/**
 * A lidar ray pattern ([L-P] step 1): an array of ray transforms relative to the lidar frame (each ray
 * travels along the local +z of its transform) and, per sensor step, the interval of that array fired in
 * the step. Output order is the order of rays in the array.
 */
@ConsumerType
public interface RayPatternGenerator {
    /** The ray transforms; the list is not modified afterwards. */
    List<Pose> rays();

    /**
     * The rays fired in the sensor step {@code [start, end]} (s); must lie within {@link #rays()}.
     */
    RayInterval interval(double start, double end);

    /** Firing time of ray {@code index} of {@code interval} within the step {@code [start, end]}; default: the end. */
    default double firingTime(int index, RayInterval interval, double start, double end) {
        return end;
    }
}
