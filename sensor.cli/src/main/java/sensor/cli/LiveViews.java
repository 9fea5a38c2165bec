package sensor.cli;

import java.util.Map;

import sensor.api.io.LiveView;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;

/** Two live views as one (Foxglove and ROS 2 together): every frame and mount goes to both; closing closes both. */
final class LiveViews {
    private LiveViews() {}

    /** {@code a} and the view {@code b} opens as one; {@code a} is closed when opening {@code b} fails. */
    static LiveView both(LiveView a, java.util.function.Supplier<LiveView> b) {
        try {
            return both(a, b.get());
        } catch (RuntimeException e) {
            if (a != null) {
                a.close();
            }
            throw e;
        }
    }

    /** {@code a} and {@code b} as one view; either alone when the other is null; null when both are. */
    static LiveView both(LiveView a, LiveView b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new LiveView() {
            @Override
            public String address() {
                return a.address() + "; " + b.address();
            }

            @Override
            public void accept(SensorFrame frame) {
                a.accept(frame);
                b.accept(frame);
            }

            @Override
            public void mounts(double time, Map<String, SensorMount> mounts) {
                a.mounts(time, mounts);
                b.mounts(time, mounts);
            }

            @Override
            public void close() {
                try {
                    a.close();
                } finally {
                    b.close();
                }
            }
        };
    }
}
