package sensor.env;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.scene.MaterialSpec;
import sensor.api.scene.ObjectSpec;
import sensor.api.env.SensorEnvironment.SensorInfo.State;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorFrame;
import sensor.api.sensor.SensorMount;
import sensor.api.sensor.SensorSpec;
import sensor.api.sensor.SensorType;
import sensor.api.world.KinematicWorld;

class EnvironmentTest {
    /** A sensor type recording its sample times and the sensor x position. */
    static class ProbeType implements SensorType<String> {
        final List<Sensor> closed = new ArrayList<>();

        @Override public String id() { return "probe"; }
        @Override public Class<String> configType() { return String.class; }
        @Override public String defaultConfig() { return "default"; }
        @Override public Sensor create(String config) {
            if (config.equals("bad")) {
                throw new IllegalArgumentException("config must not be 'bad'");
            }
            return new Sensor() {
                @Override public sensor.api.frame.Channels sample(sensor.api.sensor.SampleContext c) {
                    return new sensor.api.frame.Channels(List.of("t", "x"), List.of("s", "m"),
                            new double[] {c.time(), c.sensorPose(c.time()).position().x()});
                }
                @Override public void close() { closed.add(this); }
            };
        }
    }

    static final class TintType implements SurfaceMaterialType<Double> {
        @Override public String id() { return "tint"; }
        @Override public Class<Double> configType() { return Double.class; }
        @Override public Double defaultConfig() { return 0.5; }
        @Override public SurfaceMaterial create(Double c) { return new Lambertian(c); }
    }

    Environment env;
    KinematicWorld world;
    ProbeType probe;
    List<SensorFrame> frames;

    @BeforeEach
    void setUp() {
        env = new Environment();
        world = env.newKinematicWorld(0.001, new Vec3(0, 0, -9.81));
        world.addBody("car", new KinematicWorld.ConstantVelocity(Pose.IDENTITY, new Vec3(10, 0, 0)));
        env.setWorld(world);
        probe = new ProbeType();
        env.bindSensorType(probe);
        frames = new ArrayList<>();
        env.addOutputSink(frames::add);
    }

    private double[] data(int i) {
        return ((sensor.api.frame.Channels) frames.get(i).data()).values();
    }

    @Test
    void theRunSummarySaysHowTheBestRankedBackendTraces() {
        assertEquals("none", env.raytrace());
        env.bindRaytraceBackend(backend("plain", null), java.util.Map.of());
        assertEquals("plain: plain", env.raytrace(), "the default description is the id");
        env.bindRaytraceBackend(backend("fast", "packets of 16"), java.util.Map.of("service.ranking", 10));
        assertEquals("fast: packets of 16", env.raytrace());
        assertEquals(List.of("fast", "plain"), env.raytraceBackends());
    }

    static sensor.api.raytrace.RaytraceBackend backend(String id, String description) {
        return new sensor.api.raytrace.RaytraceBackend() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public sensor.api.raytrace.TraceScene createScene(sensor.api.scene.SceneView scene, int threads) {
                throw new UnsupportedOperationException();
            }

            @Override
            public String describe() {
                return description == null ? sensor.api.raytrace.RaytraceBackend.super.describe() : description;
            }
        };
    }

    @Test
    @DisplayName("[L-T] a sensor samples at its own frequency exactly")
    void multiRateLT_sensorSamplesAtItsOwnFrequencyExactly() {
        env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.on("car", Pose.IDENTITY), 10));
        assertEquals(1000, env.advance(1.0));
        assertEquals(10, frames.size());
        for (int k = 0; k < 10; k++) {
            assertEquals(0.1 * (k + 1), frames.get(k).time(), 1e-12);
            assertEquals(k + 1, frames.get(k).index());
        }
    }

    @Test
    @DisplayName("[L-T] samples between steps see interpolated exact poses")
    void multiRateLT_samplesBetweenStepsSeeInterpolatedExactPoses() {
        env.setWorld(env.newKinematicWorld(0.01, Vec3.ZERO)
                .addBody("car", new KinematicWorld.ConstantVelocity(Pose.IDENTITY, new Vec3(10, 0, 0))));
        env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.on("car", Pose.translation(0.5, 0, 0)), 3));
        env.advance(1.0);
        assertEquals(3, frames.size());
        for (int k = 0; k < 3; k++) {
            double t = (k + 1) / 3.0;
            assertEquals(t, data(k)[0], 1e-12);
            assertEquals(10 * t + 0.5, data(k)[1], 1e-9); // constant velocity: linear interpolation is exact
        }
    }

    @Test
    @DisplayName("[L-T] states are available over the whole sample window")
    void multiRateLT_statesAreAvailableOverTheWholeSampleWindow() {
        List<Double> past = new ArrayList<>();
        env.bindSensorType(new SensorType<String>() {
            @Override public String id() { return "window"; }
            @Override public Class<String> configType() { return String.class; }
            @Override public String defaultConfig() { return ""; }
            @Override public Sensor create(String c) {
                return ctx -> {
                    past.add(ctx.bodyPose("car", ctx.time() - 0.8 * ctx.period()).position().x());
                    return null;
                };
            }
        });
        env.addSensor(SensorSpec.of("w", "window", null, SensorMount.world(Pose.IDENTITY), 2));
        env.advance(1.0);
        assertEquals(2, past.size());
        assertEquals(10 * (0.5 - 0.4), past.get(0), 1e-9); // car at 10 m/s, 0.4 s before the sample at 0.5 s
        assertEquals(10 * (1.0 - 0.4), past.get(1), 1e-9);
    }

    @Test
    @DisplayName("[L-T] a sensor faster than the dynamics samples several times per step")
    void multiRateLT_fasterThanDynamicsSamplesSeveralTimesPerStep() {
        env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.world(Pose.IDENTITY), 4000));
        env.advance(0.01);
        assertEquals(40, frames.size());
    }

    @Test
    @DisplayName("[L-T] lag delays delivery")
    void multiRateLT_lagDelaysDelivery() {
        env.addSensor(new SensorSpec("p", "probe", null, SensorMount.on("car", Pose.IDENTITY), 10, 0.05));
        env.advance(0.12);
        assertEquals(0, frames.size(), "measured at 0.1, due at 0.15");
        env.advance(0.02);
        assertEquals(0, frames.size());
        env.advance(0.01);
        assertEquals(1, frames.size());
        assertEquals(0.1, frames.get(0).time(), 1e-12);
        assertEquals(0.15, frames.get(0).deliveredAt(), 1e-12);
    }

    @Test
    void typeLeavingDetachesItsSensorsAndTheSimulationGoesOn() {
        env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.world(Pose.IDENTITY), 100));
        env.advance(0.1);
        assertEquals(10, frames.size());
        env.unbindSensorType(probe);
        assertEquals(1, probe.closed.size());
        assertEquals(State.DETACHED, env.sensors().get(0).state());
        env.advance(0.1);
        assertEquals(10, frames.size());
        assertEquals(0.2, env.time(), 1e-12);
        env.bindSensorType(probe);
        assertEquals(State.ACTIVE, env.sensors().get(0).state());
        env.advance(0.1);
        assertEquals(20, frames.size());
        assertEquals(0.21, frames.get(10).time(), 1e-12);
    }

    @Test
    @DisplayName("[L-4] the default material is Lambertian 0.8 and missing types fall back to it")
    void defaultMaterialIsLambertian08AndMissingTypesFallBack() {
        env.addObject(ObjectSpec.fixed("wall", new Shape.Box(1, 1, 1), Pose.IDENTITY));
        assertEquals(new Lambertian(0.8), env.scene().material(0));
        var e = assertThrows(IllegalArgumentException.class, () -> env.addObject(
                ObjectSpec.fixed("w2", new Shape.Box(1, 1, 1), Pose.IDENTITY).withMaterial(MaterialSpec.of("tint"))));
        assertTrue(e.getMessage().contains("'tint' is unknown"), e.getMessage());
        assertEquals(1, env.objects().size());
        TintType tint = new TintType();
        env.bindSurfaceMaterialType(tint);
        env.addObject(ObjectSpec.fixed("w2", new Shape.Box(1, 1, 1), Pose.IDENTITY).withMaterial(MaterialSpec.of("tint")));
        assertEquals(new Lambertian(0.5), env.scene().material(1));
        long rev = env.scene().revision();
        env.unbindSurfaceMaterialType(tint);
        assertEquals(Lambertian.DEFAULT, env.scene().material(1));
        assertNotEquals(rev, env.scene().revision());
        env.bindSurfaceMaterialType(tint);
        assertEquals(new Lambertian(0.5), env.scene().material(1));
    }

    @Test
    void aWaitingObjectsMaterialTypeIsLoggedWhenItArrivesAndWhenItReturns() {
        List<String> lines = new ArrayList<>();
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                lines.add(r.getLevel() + " " + new java.util.logging.SimpleFormatter().formatMessage(r));
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("sensor.env");
        log.addHandler(h);
        try {
            Environment tolerant = new Environment(new PluginTypes(), true, "", e -> {});
            tolerant.setWorld(tolerant.newKinematicWorld(0.001, new Vec3(0, 0, -9.81)));
            tolerant.addObject(ObjectSpec.fixed("w", new Shape.Box(1, 1, 1), Pose.IDENTITY).withMaterial(MaterialSpec.of("tint")));
            TintType tint = new TintType();
            tolerant.bindSurfaceMaterialType(tint);
            tolerant.unbindSurfaceMaterialType(tint);
            tolerant.bindSurfaceMaterialType(tint);
            assertEquals(List.of("WARNING object 'w' uses the default material until its type 'tint' is installed",
                    "INFO material type 'tint' is present: objects [w] use it from t = 0.000 s",
                    "WARNING material type 'tint' is absent: its objects use the default material (surfaces: Lambertian "
                            + "C_D = 0.8, volumes: clear air) until it returns",
                    "INFO material type 'tint' is present: objects [w] use it from t = 0.000 s"), lines);
        } finally {
            log.removeHandler(h);
        }
    }

    @Test
    void objectsOnBodiesFollowThem() {
        env.addObject(new ObjectSpec("box", new Shape.Box(1, 1, 1), "car", Pose.translation(0, 0, 1), null));
        env.advance(0.5);
        Pose p = env.scene().objectPose(0, env.time());
        assertEquals(5.0, p.position().x(), 1e-9);
        assertEquals(1.0, p.position().z(), 1e-12);
    }

    @Test
    void badInputIsRejectedNamingTheParameterAndChangesNothing() {
        env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.world(Pose.IDENTITY), 10));
        var e = assertThrows(IllegalArgumentException.class,
                () -> env.addSensor(SensorSpec.of("p", "probe", null, SensorMount.world(Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("sensor id 'p' is already used"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> env.addSensor(SensorSpec.of("q", "radar", null, SensorMount.world(Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("'radar' is unknown") && e.getMessage().contains("[probe]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> env.addSensor(SensorSpec.of("q", "probe", null, SensorMount.on("truck", Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("mount bodyId 'truck'") && e.getMessage().contains("car"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> env.addSensor(SensorSpec.of("q", "probe", "bad", SensorMount.world(Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("'bad'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> env.addSensor(SensorSpec.of("q", "probe", 42, SensorMount.world(Pose.IDENTITY), 10)));
        assertTrue(e.getMessage().contains("must be a java.lang.String"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SensorSpec.of("q", "probe", null, SensorMount.world(Pose.IDENTITY), 0));
        assertTrue(e.getMessage().startsWith("frequency must be finite and > 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new SensorSpec("q", "probe", null, SensorMount.world(Pose.IDENTITY), 10, -1));
        assertTrue(e.getMessage().startsWith("lag"), e.getMessage());
        assertEquals(1, env.sensors().size());

        env.addObject(ObjectSpec.fixed("o", new Shape.Sphere(1), Pose.IDENTITY));
        e = assertThrows(IllegalArgumentException.class,
                () -> env.addObject(ObjectSpec.fixed("o", new Shape.Sphere(2), Pose.IDENTITY)));
        assertTrue(e.getMessage().contains("object id 'o' is already used"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ObjectSpec.fixed("o2", new Shape.Sphere(1),
                new Pose(Vec3.ZERO, new Quat(0.5, 0, 0, 0))));
        assertEquals(1, env.objects().size());

        e = assertThrows(IllegalArgumentException.class, () -> env.newKinematicWorld(0, Vec3.ZERO));
        assertTrue(e.getMessage().startsWith("timeStep must be finite and > 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> env.advance(-1));
        assertTrue(e.getMessage().startsWith("duration"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> world.addBody("car", new KinematicWorld.Fixed(Pose.IDENTITY)));
        assertTrue(e.getMessage().contains("bodyId 'car' is already used"), e.getMessage());
        env.addObject(new ObjectSpec("trailer", new Shape.Sphere(1), "car", Pose.IDENTITY, null));
        e = assertThrows(IllegalArgumentException.class, () -> env.setWorld(env.newKinematicWorld(0.01, Vec3.ZERO)
                .addBody("bike", new KinematicWorld.Fixed(Pose.IDENTITY))));
        assertTrue(e.getMessage().contains("object 'trailer' bodyId 'car' is not a body"), e.getMessage());
        assertSame(world, env.world());
        assertEquals(0, env.time());
    }

    @Test
    void deformingAMeshReplacesItsVerticesAndRejectsBadInput() {
        float[] v = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        env.addObject(ObjectSpec.fixed("cloth", new Shape.TriangleMesh(v, new int[] {0, 1, 2}), Pose.IDENTITY));
        env.addObject(ObjectSpec.fixed("ball", new Shape.Sphere(1), Pose.IDENTITY));
        long rev = env.scene().revision();
        env.deformMesh("cloth", new float[] {0, 0, 1, 1, 0, 1, 0, 1, 1});
        assertEquals(1f, ((Shape.TriangleMesh) env.objects().get(0).shape()).vertices()[2]);
        assertNotEquals(rev, env.scene().revision());
        var e = assertThrows(IllegalArgumentException.class, () -> env.deformMesh("cloth", new float[6]));
        assertTrue(e.getMessage().contains("must hold 9 coordinates, got 6"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> env.deformMesh("ball", new float[9]));
        assertTrue(e.getMessage().contains("must have a triangle mesh"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> env.deformMesh("cloth", new float[] {0, 0, Float.NaN, 1, 0, 1, 0, 1, 1}));
        assertTrue(e.getMessage().startsWith("vertices[2] must be finite"), e.getMessage());
        assertEquals(1f, ((Shape.TriangleMesh) env.objects().get(0).shape()).vertices()[2], "unchanged after errors");
    }

    @Test
    void objectsOfAnAmbientMaterialAreVolumesThatFallBackToClearAir() {
        var fog = new sensor.api.material.AmbientMaterialType<Double>() {
            @Override public String id() { return "fog"; }
            @Override public Class<Double> configType() { return Double.class; }
            @Override public Double defaultConfig() { return 0.05; }
            @Override public sensor.api.material.AmbientMaterial create(Double alpha) {
                return sensor.api.material.AmbientMaterial.clear(1.0, alpha);
            }
        };
        env.bindAmbientMaterialType(fog);
        env.addObject(ObjectSpec.fixed("bank", new Shape.Box(5, 5, 5), Pose.IDENTITY).withMaterial(new MaterialSpec("fog", 0.07)));
        env.addObject(ObjectSpec.fixed("wall", new Shape.Box(1, 1, 1), Pose.IDENTITY));
        assertEquals(0.07, env.scene().volume(0).attenuation());
        assertNull(env.scene().volume(1), "a surface is not a volume");
        env.unbindAmbientMaterialType(fog);
        assertEquals(sensor.api.material.AmbientMaterial.defaultAir().attenuation(), env.scene().volume(0).attenuation(),
                "clear air while the type is away");
        env.bindAmbientMaterialType(fog);
        assertEquals(0.07, env.scene().volume(0).attenuation());
        var e = assertThrows(IllegalArgumentException.class, () -> env.addObject(ObjectSpec.fixed("x", new Shape.Sphere(1),
                Pose.IDENTITY).withMaterial(MaterialSpec.of("smoke"))));
        assertTrue(e.getMessage().contains("'smoke' is unknown") && e.getMessage().contains("ambient material types (volumes): [fog]"),
                e.getMessage());
    }

    @Test
    void jointsFollowTheirScript() {
        env.setWorld(env.newKinematicWorld(0.001, Vec3.ZERO)
                .addJoint("wheel", KinematicWorld.JointScript.constantRate(0.5, 2.0)));
        env.advance(1.5);
        assertEquals(0.5 + 2.0 * 1.5, env.world().jointPosition("wheel"), 1e-9);
        assertEquals(2.0, env.world().jointVelocity("wheel"));
    }
}
