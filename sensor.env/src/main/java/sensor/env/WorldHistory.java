package sensor.env;

import java.util.ArrayList;
import java.util.List;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.world.KinematicWorld.BodyState;

/**
 * Recent world snapshots, oldest first, so a sensor can read body states anywhere in its sample window
 * (e.g. a lidar ray fired 80 ms before the end of its frame, [L-T]). Between two snapshots states are
 * interpolated linearly in position and velocity and by slerp in rotation; exact at snapshot times;
 * clamped to the oldest and newest snapshot outside.
 */
final class WorldHistory {
    private final List<WorldSnapshot> snapshots;

    WorldHistory(WorldSnapshot first) {
        snapshots = new ArrayList<>(List.of(first));
    }

    private WorldHistory(List<WorldSnapshot> list) {
        snapshots = list;
    }

    /** Appends the newest snapshot and drops those older than {@code keep} seconds before it (keeping one bracket). */
    void add(WorldSnapshot s, double keep) {
        snapshots.add(s);
        int drop = 0;
        while (drop < snapshots.size() - 2 && snapshots.get(drop + 1).time() <= s.time() - keep) {
            drop++;
        }
        snapshots.subList(0, drop).clear();
    }

    /** An immutable copy for views handed to sensors. */
    WorldHistory frozen() {
        return new WorldHistory(List.copyOf(snapshots));
    }

    WorldSnapshot latest() {
        return snapshots.get(snapshots.size() - 1);
    }

    WorldSnapshot oldest() {
        return snapshots.get(0);
    }

    int size() {
        return snapshots.size();
    }

    BodyState body(String id, double t) {
        int i = bracket(t);
        WorldSnapshot b = snapshots.get(i);
        BodyState sb = b.bodies().get(id);
        if (sb == null) {
            throw new IllegalArgumentException("bodyId '" + id + "' is unknown; known bodies: " + b.bodies().keySet());
        }
        if (i == 0) {
            return sb;
        }
        WorldSnapshot a = snapshots.get(i - 1);
        BodyState sa = a.bodies().getOrDefault(id, sb);
        double s = fraction(a, b, t);
        if (s >= 1) {
            return sb;
        }
        return new BodyState(Pose.interpolate(sa.pose(), sb.pose(), s),
                Vec3.lerp(sa.linearVelocity(), sb.linearVelocity(), s),
                Vec3.lerp(sa.angularVelocity(), sb.angularVelocity(), s));
    }

    double joint(String id, double t) {
        int i = bracket(t);
        WorldSnapshot b = snapshots.get(i);
        Double pb = b.joints().get(id);
        if (pb == null) {
            throw new IllegalArgumentException("jointId '" + id + "' is unknown; known joints: " + b.joints().keySet());
        }
        if (i == 0) {
            return pb;
        }
        WorldSnapshot a = snapshots.get(i - 1);
        double pa = a.joints().getOrDefault(id, pb);
        return pa + fraction(a, b, t) * (pb - pa);
    }

    /** Index of the first snapshot at or after {@code t} (the newest when none is). */
    private int bracket(double t) {
        int lo = 0, hi = snapshots.size() - 1;
        if (t >= snapshots.get(hi).time()) {
            return hi;
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (snapshots.get(mid).time() < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double fraction(WorldSnapshot a, WorldSnapshot b, double t) {
        double span = b.time() - a.time();
        return span > 0 ? Math.min(1, Math.max(0, (t - a.time()) / span)) : 1;
    }
}
