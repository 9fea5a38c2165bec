package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.LidarStage.Column;
import sensor.lidar.api.LidarConfig;
import sensor.lidar.api.NoiseConfigs;
import sensor.lidar.api.RayPatterns;
import sensor.lidar.api.ReturnMode;
import sensor.lidar.api.StageSpec;

/** The lidar's stage graph [L-P]: what runs for which fields, and that leaving stages out changes no value. */
class StageGraphTest {
    private static final List<OutputField> ALL = List.of(OutputField.XYZ_VEC3_F32, OutputField.INTENSITY_F32,
            OutputField.DISTANCE_F32, OutputField.AZIMUTH_F32, OutputField.ELEVATION_F32, OutputField.RING_ID_U16,
            OutputField.TIME_STAMP_F64, OutputField.ENTITY_ID_I32, OutputField.IS_HIT_I32, OutputField.NORMAL_VEC3_F32,
            OutputField.RETURN_TYPE_U8);

    private static LidarConfig sweep(List<OutputField> fields) {
        return new LidarConfig().setPattern(RayPatterns.horizontalSweep(90, 10, -0.2, -0.05, 0.0, 0.1)).setFields(fields);
    }

    private static StageGraph graph(LidarConfig c) {
        return ((LidarSensor) new LidarRig().type.create(c)).graph();
    }

    @Test
    @DisplayName("[L-P] only the stages the fields need run: positions alone need no field stage and no traced normals")
    void LP_stagesNobodyAskedForAreLeftOut() {
        StageGraph xyz = graph(sweep(List.of(OutputField.XYZ_VEC3_F32)));
        assertEquals("pattern → rays → trace → divergence → selection → points", xyz.toString());
        assertFalse(xyz.needs(Column.CANDIDATE_NORMALS));
        StageGraph ring = graph(sweep(List.of(OutputField.XYZ_VEC3_F32, OutputField.RING_ID_U16)));
        assertEquals("pattern → rays → trace → divergence → selection → points → ring", ring.toString());
        StageGraph all = graph(sweep(ALL).setDistortions(List.of(new StageSpec("ray-angle-gaussian",
                new NoiseConfigs.AngularNoise(NoiseConfigs.Axis.Z, 0, 0.001))))
                .setNoises(List.of(new StageSpec("distance-gaussian",
                new NoiseConfigs.DistanceNoise(0, 0.01, 0.0005)))));
        assertEquals("pattern → ray-angle-gaussian → rays → trace → divergence → selection → points → distance-gaussian"
                + " → ring → azimuth → elevation → entity → hit → return-type → normal", all.toString());
        assertTrue(all.needs(Column.CANDIDATE_NORMALS));
    }

    @Test
    @DisplayName("[L-P] a stage that reads a column no earlier stage writes is refused when the graph is planned")
    void LP_aStageReadingAnUnwrittenColumnIsRefused() {
        LidarStage first = stage("first", Set.of(), Set.of(Column.RAYS));
        LidarStage orphan = stage("orphan", Set.of(Column.RETURNS), Set.of(Column.POINTS));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StageGraph.plan(List.of(first, orphan), Set.of(Column.POINTS)));
        assertEquals("lidar stage 'orphan' reads RETURNS, which no stage before it writes", e.getMessage());
        assertThrows(IllegalStateException.class, () -> StageGraph.plan(List.of(first), Set.of(Column.POINTS)));
        // a stage whose writes nobody reads is left out, and so is what only it read
        StageGraph g = StageGraph.plan(List.of(first, stage("unused", Set.of(Column.RAYS), Set.of(Column.NORMAL))),
                Set.of(Column.RAYS));
        assertEquals("first", g.toString());
    }

    private static LidarStage stage(String name, Set<Column> reads, Set<Column> writes) {
        return new LidarStage() {
            @Override public String name() { return name; }
            @Override public Set<Column> reads() { return reads; }
            @Override public Set<Column> writes() { return writes; }
            @Override public void run(LidarFrame frame) { }
        };
    }

    /** Boxes all around the sensor and a floor, so rays of every column hit at several ranges and angles. */
    private static LidarRig room() {
        LidarRig rig = new LidarRig();
        for (int k = 0; k < 6; k++) {
            double a = k * Math.PI / 3;
            rig.add("box" + k, new Shape.Box(0.8 + 0.1 * k, 1.5, 2), new Pose(new Vec3(6 * Math.cos(a), 6 * Math.sin(a), 0.5),
                    sensor.api.geom.Quat.axisAngle(Vec3.Z, 0.3 * k)), null);
        }
        rig.add("floor", new Shape.Plane(), new Pose(new Vec3(0, 0, -1.5), sensor.api.geom.Quat.IDENTITY), null);
        return rig;
    }

    @Test
    @DisplayName("[L-P] fields asked for or not, every column common to two outputs is the same, dual returns and misses included")
    void LP_fewerFieldsChangeNoValue() {
        LidarConfig all = sweep(ALL).setReturnMode(ReturnMode.DUAL).setEmitMisses(true).setBeamSamples(3);
        LidarConfig few = sweep(List.of(OutputField.INTENSITY_F32, OutputField.XYZ_VEC3_F32)).setReturnMode(ReturnMode.DUAL)
                .setEmitMisses(true).setBeamSamples(3);
        PointCloud a = room().run(all), b = room().run(few);
        assertEquals(a.count(), b.count());
        assertTrue(a.count() >= 4 * 90, "a point per beam at least: " + a.count());
        for (OutputField f : few.fields()) {
            FloatBuffer x = a.floats(f), y = b.floats(f);
            assertEquals(x, y, f + " differs");
        }
        // the column form and the packed form of an output agree point by point
        java.nio.ByteBuffer packed = a.data();
        int misses = 0;
        for (int i = 0; i < a.count(); i++) {
            assertEquals(a.getFloat(i, OutputField.XYZ_VEC3_F32, 2), packed.getFloat(i * a.stride()
                    + a.offset(OutputField.XYZ_VEC3_F32) + 8));
            assertEquals(a.getUnsignedShort(i, OutputField.RING_ID_U16), Short.toUnsignedInt(packed.getShort(i * a.stride()
                    + a.offset(OutputField.RING_ID_U16))));
            misses += a.getInt(i, OutputField.IS_HIT_I32) == 0 ? 1 : 0;
        }
        assertTrue(misses > 0 && misses < a.count(), "the sweep's upward rays miss, the others hit: " + misses);
    }

    @Test
    @DisplayName("[L-P] [O] the ring is the pattern's beam for any pattern, not the elevation rank")
    void LP_ringIsThePatternsBeam() {
        int[] beams = {3, 1, 2, 0};
        List<Pose> rays = LidarRig.rays(new Vec3(1, -0.1, 0), new Vec3(1, -0.03, 0), new Vec3(1, 0.03, 0), new Vec3(1, 0.1, 0));
        RayPatternGenerator pattern = new RayPatternGenerator() {
            @Override public List<Pose> rays() { return rays; }
            @Override public RayInterval interval(double start, double end) { return new RayInterval(0, 4); }
            @Override public int[] beams() { return beams.clone(); }
        };
        LidarRig rig = new LidarRig();
        rig.wallAtX("wall", 5, null);
        PointCloud out = rig.run(new LidarConfig().setPattern(pattern));
        assertEquals(4, out.count());
        int[] ring = new int[4];
        out.ints(OutputField.RING_ID_U16).get(ring);
        assertArrayEquals(beams, ring);
    }
}
