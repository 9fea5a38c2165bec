package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;

import sensor.api.control.ControllerType;
import sensor.api.material.AmbientMaterialType;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.SensorType;

/** {@link PluginTypes}, {@link FixedCatalog} and {@link ForkJoinComputePool}: the runtime's shared plugin bookkeeping. */
class PluginTypesTest {
    final List<String> heard = new ArrayList<>();
    final PluginTypes types = new PluginTypes();

    {
        types.listen(new PluginTypes.Listener() {
            @Override public void sensorTypeServes(SensorType<?> t, SensorType<?> before) {
                heard.add("serves " + ((SensorScheduleTest.Tagged) t).tag + " after " + (before == null ? "none"
                        : ((SensorScheduleTest.Tagged) before).tag));
            }
            @Override public void sensorTypeLeft(SensorType<?> t, SensorType<?> replacement) {
                heard.add("left " + ((SensorScheduleTest.Tagged) t).tag + " for " + (replacement == null ? "none"
                        : ((SensorScheduleTest.Tagged) replacement).tag));
            }
            @Override public void controllerTypeServes(ControllerType<?> t) { heard.add("controller " + t.id()); }
            @Override public void controllerTypeLeft(ControllerType<?> t, ControllerType<?> r) { heard.add("controller left " + t.id()); }
            @Override public void materialTypesChanged(boolean ambient) { heard.add(ambient ? "ambient" : "surface"); }
        });
    }

    @Test
    void theServiceRankingDecidesWhichTypeServesAnIdAndListenersHearOnlyChanges() {
        var low = new SensorScheduleTest.Tagged("a", 1);
        var high = new SensorScheduleTest.Tagged("a", 2);
        types.bindSensorType(low, Map.of());
        types.bindSensorType(high, Map.of("service.ranking", 5));
        types.bindSensorType(new SensorScheduleTest.Tagged("a", 3), Map.of("service.ranking", -1)); // does not serve
        types.unbindSensorType(low); // did not serve: no change heard
        types.unbindSensorType(high);
        assertEquals(List.of("serves 1.0 after none", "serves 2.0 after 1.0", "left 2.0 for 3.0"), heard);
        assertEquals(3.0, ((SensorScheduleTest.Tagged) types.sensors.find("a")).tag);
    }

    @Test
    void materialsControllersAndBackendsAreTrackedToo() {
        SurfaceMaterialType<?> surface = new EnvironmentTest.TintType();
        types.bindSurfaceMaterialType(surface, Map.of());
        types.unbindSurfaceMaterialType(surface);
        types.unbindSurfaceMaterialType(surface); // already gone: nothing heard
        AmbientMaterialType<?> ambient = new AmbientMaterialType<Double>() {
            @Override public String id() { return "fog"; }
            @Override public Class<Double> configType() { return Double.class; }
            @Override public Double defaultConfig() { return 0.05; }
            @Override public sensor.api.material.AmbientMaterial create(Double alpha) {
                return sensor.api.material.AmbientMaterial.clear(1.0, alpha);
            }
        };
        types.bindAmbientMaterialType(ambient, Map.of());
        types.unbindAmbientMaterialType(ambient);
        ControllersTest.ScriptedType controller = new ControllersTest.ScriptedType();
        types.bindControllerType(controller, Map.of());
        types.unbindControllerType(controller);
        assertEquals(List.of("surface", "surface", "ambient", "ambient", "controller scripted", "controller left scripted"),
                heard);
        types.bindRaytraceBackend(EnvironmentTest.backend("slow", null), Map.of());
        types.bindRaytraceBackend(EnvironmentTest.backend("fast", "packets"), Map.of("service.ranking", 3));
        assertEquals(List.of("fast", "slow"), types.backendIds());
        assertEquals("fast: packets", types.raytrace());
    }

    @Test
    void aFixedCatalogListsItsTypesByKind() {
        var a = new SensorScheduleTest.Tagged("a", 1);
        var catalog = new FixedCatalog(List.of(a, new EnvironmentTest.TintType()));
        assertEquals(List.of(a), catalog.types(SensorType.class));
        assertEquals(Map.of("sensor", new java.util.TreeSet<>(List.of("a")), "surface material",
                new java.util.TreeSet<>(List.of("tint"))), catalog.all());
    }

    @Test
    void aForkJoinPoolRunsEveryTaskOnceAtMostMaxParallelAtATimeAndRethrows() {
        ForkJoinPool fj = new ForkJoinPool(3);
        try {
            var pool = new ForkJoinComputePool(fj);
            assertEquals(3, pool.parallelism());
            AtomicIntegerArray runs = new AtomicIntegerArray(100);
            var active = new java.util.concurrent.atomic.AtomicInteger();
            var most = new java.util.concurrent.atomic.AtomicInteger();
            var nested = new java.util.concurrent.atomic.AtomicInteger();
            pool.run(100, 2, i -> {
                most.accumulateAndGet(active.incrementAndGet(), Math::max);
                runs.incrementAndGet(i);
                pool.run(4, 4, j -> nested.incrementAndGet()); // nested work inside a task helps instead of blocking
                active.decrementAndGet();
            });
            for (int i = 0; i < 100; i++) {
                assertEquals(1, runs.get(i), "task " + i);
            }
            assertTrue(most.get() <= 2, "at most two tasks at once: " + most.get());
            assertEquals(400, nested.get(), "every nested task ran");
            AtomicIntegerArray serial = new AtomicIntegerArray(5);
            pool.run(5, 1, serial::incrementAndGet); // one at a time: on the caller's thread
            assertEquals("[1, 1, 1, 1, 1]", serial.toString());
            var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                    () -> pool.run(10, 3, i -> { if (i == 7) { throw new IllegalStateException("task 7"); } }));
            assertTrue(e.getMessage().endsWith("task 7"), e.getMessage());
        } finally {
            fj.shutdownNow();
        }
    }

    @Test
    void aForkJoinPoolsFreeWorkerTakesTheNextTaskSoOneSlowTaskHoldsUpNoOther() throws Exception {
        ForkJoinPool fj = new ForkJoinPool(2);
        try {
            var pool = new ForkJoinComputePool(fj);
            var others = new java.util.concurrent.CountDownLatch(99);
            var waited = new java.util.concurrent.atomic.AtomicBoolean();
            // task 0 waits for all 99 others: with tasks dealt out in fixed turns it would wait for its own worker's
            pool.run(100, 2, i -> {
                if (i == 0) {
                    try {
                        waited.set(others.await(10, java.util.concurrent.TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                } else {
                    others.countDown();
                }
            });
            assertTrue(waited.get(), "the other worker ran the 99 other tasks while task 0 ran");
            var ran = new java.util.concurrent.atomic.AtomicInteger();
            var started = new java.util.concurrent.CountDownLatch(1);
            org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> pool.run(200, 2, i -> {
                try {
                    if (i == 0) { // fails once the other worker is taking tasks
                        started.await(5, java.util.concurrent.TimeUnit.SECONDS);
                        throw new IllegalStateException("first");
                    }
                    started.countDown();
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                ran.incrementAndGet();
            }));
            assertTrue(ran.get() < 150, "a failed task stops the taking: " + ran.get() + " of 199 others ran");
        } finally {
            fj.shutdownNow();
        }
    }
}
