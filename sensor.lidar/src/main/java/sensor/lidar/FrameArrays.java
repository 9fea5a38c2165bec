package sensor.lidar;

import java.lang.reflect.Array;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

import sensor.api.lidar.RayBuffer;

/**
 * A lidar's per-beam frame arrays kept from frame to frame: the fired rays, the world sub-rays and the selected returns
 * are tens of MB a frame, which the sampling thread would otherwise allocate and zero alone. The stages that fill them
 * write every entry a frame reads, so nothing of the previous frame shows through; an array is made anew when the
 * frame's size differs from the last one's. The points, which leave with the frame, are never kept.
 */
final class FrameArrays {
    private RayBuffer rays = new RayBuffer(0);
    private final Map<String, Object> arrays = new HashMap<>();

    /** The ray buffer for {@code n} rays. */
    RayBuffer rays(int n) {
        if (rays.size() != n) {
            rays = new RayBuffer(n);
        }
        return rays;
    }

    /** The kept array {@code name} of length {@code n}, made by {@code make} where the kept one has another length. */
    <T> T get(String name, int n, IntFunction<T> make) {
        @SuppressWarnings("unchecked")
        T a = (T) arrays.get(name);
        if (a == null || Array.getLength(a) != n) {
            a = make.apply(n);
            arrays.put(name, a);
        }
        return a;
    }
}
