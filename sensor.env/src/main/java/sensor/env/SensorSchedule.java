package sensor.env;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import sensor.api.env.SensorEnvironment.SensorInfo;
import sensor.api.frame.FrameData;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorSpec;
import sensor.api.sensor.SensorType;

/**
 * The sensors of an environment and their multi-rate schedule [L-T]: each sensor samples at
 * {@code t_k = t_0 + k/f} within the dynamics step containing it, and its frame is due once the time reaches
 * {@code t_k + lag}. Sensors whose type is absent wait (or stay detached) and attach when a type of their id serves.
 * Not thread-safe: its environment calls it under its own lock.
 */
final class SensorSchedule {
    private static final System.Logger LOG = System.getLogger("sensor.env");

    /** A sample's context, made by the environment for a slot at a time within the current step. */
    interface Contexts {
        SampleContext at(SensorSlot slot, double t);
    }

    private final Map<String, SensorSlot> slots = new LinkedHashMap<>();
    private final PriorityQueue<SensorFrame> pending = new PriorityQueue<>(Comparator.comparingDouble(SensorFrame::deliveredAt));
    private final Interruptions interruptions;

    SensorSchedule(Interruptions interruptions) {
        this.interruptions = interruptions;
    }

    Collection<SensorSlot> slots() {
        return slots.values();
    }

    /** Adds a sensor created with {@code type}, or waiting for its type when {@code type} is null. */
    void add(SensorSpec spec, SensorType<?> type, double now) {
        if (slots.containsKey(spec.id())) {
            throw new IllegalArgumentException("sensor id '" + spec.id() + "' is already used; sensor ids must be unique");
        }
        slots.put(spec.id(), new SensorSlot(spec, type == null ? null : create(type, spec), now));
        if (type == null) {
            interruptions.begin("sensor", spec.id(), spec.typeId(), now);
            LOG.log(Level.WARNING, "sensor ''{0}'' waits for its type ''{1}'', which is not installed", spec.id(), spec.typeId());
        }
    }

    void remove(String sensorId, double now) {
        SensorSlot slot = slots.get(sensorId);
        if (slot == null) {
            throw new IllegalArgumentException("sensorId '" + sensorId + "' is unknown; known sensors: " + slots.keySet());
        }
        close(slot);
        slots.remove(sensorId);
        interruptions.end("sensor", sensorId, now);
    }

    void removeAll(double now) {
        List.copyOf(slots.keySet()).forEach(id -> remove(id, now));
    }

    /** A new world from {@code now}: every schedule restarts and nothing is pending. */
    void restart(double now) {
        slots.values().forEach(s -> s.resumeAfter(now));
        pending.clear();
    }

    /** {@code type} now serves its id ({@code before} served it): its sensors are (re-)created with it. */
    void attach(SensorType<?> type, SensorType<?> before, double now) {
        for (SensorSlot slot : slots.values()) {
            if (!slot.spec.typeId().equals(type.id())) {
                continue;
            }
            boolean replacing = slot.sensor != null && before != null;
            close(slot);
            try {
                slot.sensor = create(type, slot.spec);
                slot.resumeAfter(now);
                interruptions.end("sensor", slot.spec.id(), now);
                LOG.log(Level.INFO, replacing ? "sensor ''{0}'': type ''{1}'' overridden by a higher-ranked one"
                        : "sensor ''{0}'' attached: type ''{1}'' is present", slot.spec.id(), type.id());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "sensor ''{0}'' stays detached: {1}", slot.spec.id(), e.getMessage());
            }
        }
    }

    /** {@code type} left: its sensors move to {@code replacement}, or are detached until a type of their id returns. */
    void detach(SensorType<?> type, SensorType<?> replacement, double now) {
        List<String> detached = new ArrayList<>();
        for (SensorSlot slot : slots.values()) {
            if (slot.sensor != null && slot.spec.typeId().equals(type.id())) {
                close(slot);
                detached.add(slot.spec.id());
                if (replacement != null) {
                    slot.sensor = create(replacement, slot.spec);
                    slot.resumeAfter(now);
                } else {
                    interruptions.begin("sensor", slot.spec.id(), type.id(), now);
                }
            }
        }
        if (!detached.isEmpty() && replacement == null) {
            LOG.log(Level.WARNING, "sensor type ''{0}'' left: sensors {1} detached until it returns", type.id(), detached);
        }
    }

    /** Frames made elsewhere (the controllers' records), due at their delivery time like the sensors' own. */
    void schedule(Collection<SensorFrame> frames) {
        pending.addAll(frames);
    }

    /**
     * Takes every sample of the step {@code (start, end]} (a sample up to {@code eps} after {@code end} belongs to it)
     * and returns the frames due by {@code end}, in delivery order.
     */
    List<SensorFrame> step(double start, double end, double eps, Contexts contexts) {
        for (SensorSlot slot : slots.values()) {
            while (slot.sensor != null && slot.nextTime() <= end + eps) {
                double t = Math.max(start, Math.min(end, slot.nextTime()));
                FrameData data;
                try {
                    data = slot.sensor.sample(contexts.at(slot, t));
                } catch (RuntimeException e) {
                    throw new IllegalStateException("sensors '" + slot.spec.id() + "' (" + slot.spec.typeId() + ") at t = "
                            + t + " s: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()), e);
                }
                if (data != null) {
                    pending.add(new SensorFrame(slot.spec.id(), slot.spec.typeId(), slot.samples + 1, t,
                            t + slot.spec.lag(), data));
                }
                slot.samples++;
                slot.nextIndex++;
            }
        }
        List<SensorFrame> due = new ArrayList<>();
        while (!pending.isEmpty() && pending.peek().deliveredAt() <= end + eps) {
            due.add(pending.poll());
        }
        return due;
    }

    List<SensorInfo> infos() {
        List<SensorInfo> list = new ArrayList<>();
        for (SensorSlot s : slots.values()) {
            list.add(new SensorInfo(s.spec, s.sensor == null ? SensorInfo.State.DETACHED : SensorInfo.State.ACTIVE, s.samples,
                    s.sensor == null ? null : s.sensor.summary()));
        }
        return list;
    }

    /** The longest sample period of any sensor, s (0 without sensors). */
    double longestPeriod() {
        double span = 0;
        for (SensorSlot s : slots.values()) {
            span = Math.max(span, 1 / s.spec.frequency());
        }
        return span;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Sensor create(SensorType type, SensorSpec spec) {
        var sensor = type.create(type.configFrom(spec.config()));
        if (sensor == null) {
            throw new IllegalStateException("sensor type '" + type.id() + "' created no sensor for '" + spec.id() + "'");
        }
        return sensor;
    }

    private static void close(SensorSlot slot) {
        if (slot.sensor == null) {
            return;
        }
        try {
            slot.sensor.close();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "closing sensor ''{0}'' failed: {1}", slot.spec.id(), e.toString());
        }
        slot.sensor = null;
    }
}
