package sensor.api.lidar;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;

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

    /**
     * The beam (laser channel) of each ray of {@link #rays()}, as the ring field reports it. Default: the rank of
     * the ray's elevation among the pattern's distinct elevations, 0 the lowest (as a Velodyne's ring); a pattern
     * that knows its beams (a sweep's channels) says so.
     */
    default int[] beams() {
        List<Pose> rays = rays();
        long[] key = new long[rays.size()];
        for (int i = 0; i < key.length; i++) {
            double z = rays.get(i).transformVector(Vec3.Z).z();
            key[i] = Math.round(Math.asin(Math.max(-1, Math.min(1, z))) * 1e9); // elevations equal to a nanoradian
        }
        long[] levels = java.util.Arrays.stream(key).distinct().sorted().toArray();
        int[] beam = new int[key.length];
        for (int i = 0; i < key.length; i++) {
            beam[i] = java.util.Arrays.binarySearch(levels, key[i]);
        }
        return beam;
    }
}
