package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.env.SensorEnvironment.SensorInfo;
import sensor.api.env.Simulation.Interruption;
import sensor.api.frame.Channels;
import sensor.api.geom.Pose;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.sensor.SensorType;

/** {@link SensorSchedule}: the multi-rate schedule [L-T], delivery at t + lag, and sensors following their types. */
class SensorScheduleTest {
    /** A type whose sensors report which type made them; counts the sensors it made and the ones closed. */
    static class Tagged implements SensorType<String> {
        final String id;
        final double tag;
        int made, closed;

        Tagged(String id, double tag) {
            this.id = id;
            this.tag = tag;
        }

        @Override public String id() { return id; }
        @Override public Class<String> configType() { return String.class; }
        @Override public String defaultConfig() { return ""; }
        @Override public Sensor create(String config) {
            made++;
            return new Sensor() {
                @Override public Channels sample(sensor.api.sensor.SampleContext c) {
                    return new Channels(List.of("tag"), List.of("1"), new double[] {tag});
                }
                @Override public void close() { closed++; }
            };
        }
    }

    final Interruptions interruptions = new Interruptions();
    final SensorSchedule schedule = new SensorSchedule(interruptions);

    static SensorSpec spec(String id, String type, double frequency, double lag) {
        return new SensorSpec(id, type, null, SensorMount.world(Pose.IDENTITY), frequency, lag);
    }

    /** Steps of 0.01 s from {@code from} to {@code to}; every frame due. */
    List<sensor.api.sensor.SensorFrame> run(double from, double to) {
        List<sensor.api.sensor.SensorFrame> all = new ArrayList<>();
        for (int k = (int) Math.round(from / 0.01); k < Math.round(to / 0.01); k++) {
            all.addAll(schedule.step(k * 0.01, (k + 1) * 0.01, 1e-9, (slot, t) -> null));
        }
        return all;
    }

    @Test
    void L_T_eachSensorSamplesAtItsRateAndIsDeliveredAfterItsLag() {
        schedule.add(spec("fast", "a", 50, 0), new Tagged("a", 1), 0);
        schedule.add(spec("slow", "a", 10, 0.05), new Tagged("a", 1), 0);
        var frames = run(0, 1);
        assertEquals(50, frames.stream().filter(f -> f.sensorId().equals("fast")).count());
        var slow = frames.stream().filter(f -> f.sensorId().equals("slow")).toList();
        assertEquals(9, slow.size(), "t = 0.1 ... 0.9 are delivered by 1.0; the sample at 1.0 is due at 1.05, after it");
        assertEquals(0.1, slow.get(0).time(), 1e-12);
        assertEquals(0.15, slow.get(0).deliveredAt(), 1e-12);
        assertEquals(1, slow.get(0).index());
        for (int i = 1; i < frames.size(); i++) {
            assertTrue(frames.get(i).deliveredAt() >= frames.get(i - 1).deliveredAt(), "in delivery order");
        }
        assertEquals(0.1, schedule.longestPeriod(), 1e-15);
        assertEquals(List.of(50L, 10L), schedule.infos().stream().map(SensorInfo::samples).toList());
    }

    @Test
    void L_T_aSampleAtTheStepsEndBelongsToThatStepAndIsDueThen() {
        schedule.add(spec("s", "a", 100, 0), new Tagged("a", 1), 0);
        var due = schedule.step(0, 0.01, 1e-9, (slot, t) -> null);
        assertEquals(1, due.size(), "t = 0.01 is sampled and delivered in the step that ends there");
        assertEquals(0.01, due.get(0).time(), 1e-15);
    }

    @Test
    void aWaitingSensorAttachesWhenItsTypeServesAndAHigherRankedTypeReplacesIt() {
        schedule.add(spec("s", "a", 100, 0), null, 0);
        assertEquals(List.of(), run(0, 0.1), "waiting: no samples");
        assertEquals(SensorInfo.State.DETACHED, schedule.infos().get(0).state());
        Tagged first = new Tagged("a", 1), better = new Tagged("a", 2);
        schedule.attach(first, null, 0.1);
        assertEquals(SensorInfo.State.ACTIVE, schedule.infos().get(0).state());
        var frames = run(0.1, 0.2);
        assertEquals(10, frames.size());
        assertEquals(0.11, frames.get(0).time(), 1e-12, "resumes after the attach");
        assertEquals(List.of(new Interruption("sensor", "s", "a", 0, 0.1)), interruptions.list(0.2));

        schedule.attach(better, first, 0.2);
        assertEquals(1, first.closed, "the replaced sensor is closed");
        assertEquals(2.0, run(0.2, 0.21).get(0).data() instanceof Channels c ? c.value(0) : 0);

        schedule.detach(better, first, 0.305); // the better one leaves: back to the first type, from then on
        assertEquals(1, better.closed);
        assertEquals(2, first.made);
        var after = run(0.31, 0.32).get(0);
        assertEquals(1.0, after.data() instanceof Channels c ? c.value(0) : 0);
        assertEquals(0.315, after.time(), 1e-12, "the replacement's first sample is one period after the swap");

        run(0.32, 0.4);
        schedule.detach(first, null, 0.4); // no type left: detached, an open interruption
        assertEquals(2, first.closed);
        assertEquals(SensorInfo.State.DETACHED, schedule.infos().get(0).state());
        assertEquals(List.of(), run(0.4, 0.5));
        assertEquals(new Interruption("sensor", "s", "a", 0.4, Double.NaN), interruptions.list(0.5).get(1));
    }

    @Test
    void typesOfOtherIdsAreLeftAlone() {
        Tagged a = new Tagged("a", 1);
        schedule.add(spec("s", "a", 100, 0), a, 0);
        schedule.attach(new Tagged("b", 2), null, 0.1);
        schedule.detach(new Tagged("b", 2), null, 0.1);
        assertEquals(1, a.made);
        assertEquals(0, a.closed);
        assertEquals(List.of(), interruptions.list(0.1));
    }

    @Test
    void removingClosesTheSensorAndEndsItsInterruption() {
        Tagged a = new Tagged("a", 1);
        schedule.add(spec("s", "a", 100, 0), a, 0);
        schedule.add(spec("w", "z", 100, 0), null, 0);
        assertThrows(IllegalArgumentException.class, () -> schedule.add(spec("s", "a", 1, 0), a, 0));
        var e = assertThrows(IllegalArgumentException.class, () -> schedule.remove("x", 0));
        assertEquals("sensorId 'x' is unknown; known sensors: [s, w]", e.getMessage());
        schedule.removeAll(0.5);
        assertEquals(1, a.closed);
        assertEquals(List.of(), schedule.infos());
        assertEquals(List.of(new Interruption("sensor", "w", "z", 0, 0.5)), interruptions.list(0.5));
    }

    @Test
    void aRestartDropsWhatIsPendingAndSamplesAfterTheNewStart() {
        schedule.add(spec("s", "a", 10, 0.5), new Tagged("a", 1), 0);
        assertEquals(List.of(), run(0, 0.2), "two samples pending (due at 0.6 and 0.7)");
        schedule.restart(5);
        assertEquals(1, schedule.slots().size());
        var frames = new ArrayList<sensor.api.sensor.SensorFrame>();
        for (int k = 500; k < 570; k++) {
            frames.addAll(schedule.step(k * 0.01, (k + 1) * 0.01, 1e-9, (slot, t) -> null));
        }
        assertEquals(2, frames.size(), "only the new world's samples: 5.1 and 5.2, due at 5.6 and 5.7");
        assertEquals(5.1, frames.get(0).time(), 1e-9);
    }

    @Test
    void aFailingSampleNamesTheSensorItsTypeAndTheTime() {
        SensorType<String> failing = new Tagged("a", 1) {
            @Override public Sensor create(String config) {
                return c -> {
                    throw new IllegalArgumentException("no light");
                };
            }
        };
        schedule.add(spec("cam", "a", 100, 0), failing, 0);
        var e = assertThrows(IllegalStateException.class, () -> run(0, 0.01));
        assertEquals("sensors 'cam' (a) at t = 0.01 s: no light", e.getMessage());
        SensorType<String> silent = new Tagged("a", 1) {
            @Override public Sensor create(String config) {
                return c -> {
                    throw new UnsupportedOperationException();
                };
            }
        };
        schedule.attach(silent, failing, 0.01);
        e = assertThrows(IllegalStateException.class, () -> run(0.01, 0.02));
        assertEquals("sensors 'cam' (a) at t = 0.02 s: UnsupportedOperationException", e.getMessage());
    }
}
