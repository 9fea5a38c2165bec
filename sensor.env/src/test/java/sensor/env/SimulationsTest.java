package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.ConfigData;
import sensor.api.ConfigReader;
import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.env.SensorEnvironment.SensorInfo.State;
import sensor.api.scene.Shape;
import sensor.api.env.Simulation;
import sensor.api.geom.Pose;
import sensor.api.material.Lambertian;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;

/** Simulations side by side, sensors waiting for their type, configurations kept as data, gaps recorded. */
class SimulationsTest {
    /** Reads {@code {tag: x}} as the string x. */
    private static final ConfigReader READER = new ConfigReader() {
        @Override public <T> T overlay(T defaults, Map<String, Object> fields, Class<T> type) {
            return type.cast(fields.getOrDefault("tag", defaults));
        }
        @Override public <T> T convert(Object data, Class<T> type) { return type.cast(data); }
        @Override public java.nio.file.Path path(String name) { return java.nio.file.Path.of(name); }
        @Override public Pose pose(Object data) { return Pose.IDENTITY; }
        @Override public <K extends sensor.api.PluginType<?>> Plugin<K> plugin(Object data, Class<K> kind) {
            throw new UnsupportedOperationException();
        }
    };

    private static SensorSpec probe(String id) {
        return new SensorSpec(id, "probe", new ConfigData(Map.of("tag", "ok"), READER), SensorMount.on(null, Pose.IDENTITY), 10, 0);
    }

    @Test
    void simulationsSideBySideHaveTheirOwnClockSensorsAndSinks() {
        Simulations factory = new Simulations();
        factory.types().bindSensorType(new EnvironmentTest.ProbeType(), 0);
        try (Simulation a = factory.create("a"); Simulation b = factory.create("b")) {
            List<SensorFrame> fa = new ArrayList<>(), fb = new ArrayList<>();
            a.addOutputSink(fa::add);
            b.addOutputSink(fb::add);
            a.addSensor(probe("p"));
            b.addSensor(probe("p"));
            a.advance(0.5);
            b.advance(0.2);
            assertEquals(5, fa.size());
            assertEquals(2, fb.size());
            assertEquals(0.5, a.time(), 1e-9);
            assertEquals(0.2, b.time(), 1e-9);
            assertEquals(List.of(a, b), factory.simulations());
            assertThrows(IllegalArgumentException.class, () -> factory.create("a"));
        }
        assertEquals(List.of(), factory.simulations());
    }

    private static final sensor.api.frame.Channels OVERRIDE = new sensor.api.frame.Channels(List.of("override"),
            List.of("1"), new double[] {1});

    @Test
    void aHigherRankedTypeWithTheSameIdOverridesAndTheOtherReturnsWhenItLeaves() {
        Simulations factory = new Simulations();
        factory.types().bindSensorType(new EnvironmentTest.ProbeType(), 0);
        sensor.api.sensor.SensorType<String> override = new EnvironmentTest.ProbeType() {
            @Override public sensor.api.sensor.Sensor create(String config) { return c -> OVERRIDE; }
        };
        try (Simulation sim = factory.create("rank")) {
            List<SensorFrame> frames = new ArrayList<>();
            sim.addOutputSink(frames::add);
            sim.addSensor(probe("p"));
            sim.advance(0.1);
            factory.types().bindSensorType(override, 10);
            sim.advance(0.1);
            factory.types().unbindSensorType(override);
            sim.advance(0.1);
            assertTrue(frames.get(0).data() != OVERRIDE);
            assertEquals(OVERRIDE, frames.get(1).data());
            assertTrue(frames.get(2).data() != OVERRIDE);
            factory.types().bindSensorType(override, -5); // a lower-ranked one does not take over
            sim.advance(0.1);
            assertTrue(frames.get(3).data() != OVERRIDE);
        }
    }

    @Test
    void framesReachSinksOutsideTheEnvironmentsLock() {
        Simulations factory = new Simulations();
        factory.types().bindSensorType(new EnvironmentTest.ProbeType(), 0);
        try (Simulation sim = factory.create("lock")) {
            List<Boolean> held = new ArrayList<>();
            sim.addOutputSink(f -> held.add(Thread.holdsLock(sim)));
            sim.addSensor(probe("p"));
            sim.advance(0.3);
            sim.step();
            assertEquals(List.of(false, false, false), held);
        }
    }

    @Test
    void aSensorWaitsForItsTypeThenProducesAndTheGapIsRecorded() {
        Simulations factory = new Simulations();
        try (Simulation sim = factory.create("s")) {
            List<SensorFrame> frames = new ArrayList<>();
            sim.addOutputSink(frames::add);
            sim.addSensor(probe("p"));
            assertEquals(State.DETACHED, sim.sensors().get(0).state());
            sim.advance(0.3);
            assertTrue(frames.isEmpty());
            EnvironmentTest.ProbeType type = new EnvironmentTest.ProbeType();
            factory.types().bindSensorType(type, 0); // the bundle arrives: the configuration is read now, by this type
            sim.advance(0.3);
            assertEquals(3, frames.size());
            factory.types().unbindSensorType(type);
            sim.advance(0.2);
            assertEquals(3, frames.size());
            List<Simulation.Interruption> gaps = sim.interruptions();
            assertEquals(2, gaps.size(), gaps.toString());
            assertEquals(new Simulation.Interruption("sensor", "p", "probe", 0, 0.3), round(gaps.get(0)));
            assertEquals(0.6, gaps.get(1).from(), 1e-9);
            assertTrue(Double.isNaN(gaps.get(1).to()));
        }
    }

    @Test
    void anObjectWithAnAbsentMaterialUsesTheDefaultUntilItArrives() {
        Simulations factory = new Simulations();
        try (Simulation sim = factory.create("m")) {
            sim.addObject(ObjectSpec.fixed("wall", new Shape.Box(1, 1, 1), Pose.IDENTITY)
                    .withMaterial(new MaterialSpec("tint", new ConfigData(Map.of("tag", 0.25), READER))));
            assertEquals(Lambertian.DEFAULT, sim.scene().material(0));
            factory.types().bindSurfaceMaterialType(new TintFromData(), 0);
            assertEquals(0.25, ((Lambertian) sim.scene().material(0)).reflectivity(), 1e-12);
            assertEquals(1, sim.interruptions().size());
        }
    }

    /** The test's tint type, reading its reflectivity from data. */
    private static final class TintFromData implements sensor.api.material.SurfaceMaterialType<Double> {
        @Override public String id() { return "tint"; }
        @Override public Class<Double> configType() { return Double.class; }
        @Override public Double defaultConfig() { return 0.5; }
        @Override public sensor.api.material.SurfaceMaterial create(Double c) { return new Lambertian(c); }
    }

    private static Simulation.Interruption round(Simulation.Interruption i) {
        return new Simulation.Interruption(i.kind(), i.id(), i.typeId(), Math.round(i.from() * 1e6) / 1e6,
                Math.round(i.to() * 1e6) / 1e6);
    }

    @Test
    void deactivationClosesEverySimulation() {
        Simulations factory = new Simulations();
        EnvironmentTest.ProbeType type = new EnvironmentTest.ProbeType();
        factory.types().bindSensorType(type, 0);
        Simulation a = factory.create("a");
        factory.create("b").addSensor(probe("p"));
        a.addSensor(probe("p"));
        factory.deactivate();
        assertEquals(List.of(), factory.simulations());
        assertEquals(2, type.closed.size(), "both sensors closed");
        factory.create("a").close(); // the name is free again
    }
}
