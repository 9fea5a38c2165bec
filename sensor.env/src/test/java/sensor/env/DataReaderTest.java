package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.ConfigReader;
import sensor.api.PluginType;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;

/** The runtime's configuration reader: the scenario's rules, nested plugins from the catalogue, errors in a user's words. */
class DataReaderTest {
    /** A bean configuration with a default, an enum and a list. */
    public static final class Settings {
        public enum Mode { SINGLE, DUAL }

        private double range = 100;
        private Mode mode = Mode.SINGLE;
        private List<Double> gains = List.of();
        private int count;

        public double getRange() { return range; }
        public void setRange(double range) {
            if (!(range > 0)) {
                throw new IllegalArgumentException("range must be > 0 m, got " + range);
            }
            this.range = range;
        }
        public Mode getMode() { return mode; }
        public void setMode(Mode mode) { this.mode = mode; }
        public List<Double> getGains() { return gains; }
        public void setGains(List<Double> gains) { this.gains = gains; }
        public int getCount() { return count; }
        public void setCount(int count) { this.count = count; }
        /** A query, not a setting: must not be read back as a field. */
        public boolean isLong() { return range > 50; }
    }

    /** A plugin kind with one type, "probe". */
    interface ProbeType extends PluginType<Settings> {}

    static final ProbeType PROBE = new ProbeType() {
        @Override public String id() { return "probe"; }
        @Override public Class<Settings> configType() { return Settings.class; }
        @Override public Settings defaultConfig() { return new Settings(); }
    };

    private final ConfigReader reader = new FixedCatalog(List.of(PROBE)).reader(Path.of("/data/scenarios"));

    @Test
    void overlayKeepsDefaultsAndReadsEnumsWithoutCase() {
        Settings defaults = new Settings();
        defaults.setCount(7);
        Settings s = reader.overlay(defaults, Map.of("mode", "dual", "gains", List.of(1, 2.5)), Settings.class);
        assertEquals(100, s.getRange());
        assertEquals(7, s.getCount());
        assertEquals(Settings.Mode.DUAL, s.getMode());
        assertEquals(List.of(1.0, 2.5), s.getGains());
        assertEquals(50, reader.overlay(null, Map.of("range", 50), Settings.class).getRange());
    }

    @Test
    void anUnknownFieldNamesTheKnownOnes() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> reader.overlay(new Settings(), Map.of("rnage", 5), Settings.class));
        assertEquals("unknown field 'rnage'; expected one of [count, gains, mode, range]", e.getMessage());
    }

    @Test
    void aBadValueIsReportedAtItsFieldWithoutClassNames() {
        var e = assertThrows(IllegalArgumentException.class, () -> reader.convert(Map.of("range", -1), Settings.class));
        assertEquals("range: range must be > 0 m, got -1.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> reader.convert(Map.of("gains", List.of(1, "x")), Settings.class));
        assertEquals(true, e.getMessage().startsWith("gains[1]: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> reader.convert(Map.of("gains", List.of("x")), Settings.class));
        assertEquals(true, e.getMessage().startsWith("gains[0]: "), e.getMessage());
        assertEquals(false, e.getMessage().contains("sensor.env"), e.getMessage());
        Map<String, Object> nullCount = new LinkedHashMap<>();
        nullCount.put("count", null);
        e = assertThrows(IllegalArgumentException.class, () -> reader.convert(nullCount, Settings.class));
        assertEquals(true, e.getMessage().startsWith("count: "), e.getMessage());
    }

    @Test
    void anUnknownChoiceNamesTheAllowedOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> reader.convert(Map.of("mode", "triple"), Settings.class));
        assertEquals("mode: must be one of [single, dual], got 'triple'", e.getMessage());
    }

    @Test
    void pathsAreTakenFromTheBaseFolder() {
        assertEquals(Path.of("/data/meshes/car.obj"), reader.path("../meshes/car.obj"));
        assertEquals(Path.of("/data/scenarios/rays.csv"), reader.path("rays.csv"));
        assertEquals("a file name is required", assertThrows(IllegalArgumentException.class, () -> reader.path(" ")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> reader.path(null));
    }

    @Test
    void posesReadPositionAndRollPitchYawInDegrees() {
        assertEquals(Pose.IDENTITY, reader.pose(null));
        Pose p = reader.pose(Map.of("position", List.of(1, 2, 3), "rpy", List.of(0, 0, 90)));
        assertEquals(new Vec3(1, 2, 3), p.position());
        Vec3 x = p.rotation().rotate(new Vec3(1, 0, 0));
        assertEquals(0, x.x(), 1e-12);
        assertEquals(1, x.y(), 1e-12);
        assertEquals(Quat.IDENTITY, reader.pose(Map.of("position", List.of(0, 0, 1))).rotation());
        assertEquals(Vec3.ZERO, reader.pose(Map.of("rpy", List.of(0, 0, 0))).position());
        var e = assertThrows(IllegalArgumentException.class, () -> reader.pose(Map.of("position", List.of(1, 2))));
        assertEquals("position must be [x, y, z] in m, got [1.0, 2.0]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> reader.pose(Map.of("rpy", List.of(1))));
        assertEquals("rpy must be [roll, pitch, yaw] in degrees, got [1.0]", e.getMessage());
    }

    @Test
    void nestedPluginsAreFoundInTheCatalogueAndReadByTheirType() {
        ConfigReader.Plugin<ProbeType> p = reader.plugin(Map.of("type", "probe", "range", 20), ProbeType.class);
        assertSame(PROBE, p.type());
        assertEquals(20, ((Settings) p.config()).getRange());
        var e = assertThrows(IllegalArgumentException.class, () -> reader.plugin(Map.of("type", "prob"), ProbeType.class));
        assertEquals("probe type 'prob' is unknown; known probe types: [probe]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> reader.plugin(Map.of("range", 1), ProbeType.class));
        assertEquals("probe: 'type' must name one of [probe]", e.getMessage());
        assertEquals(100, ((Settings) reader.plugin(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                .put("type", "probe"), ProbeType.class).config()).getRange(), "a tree is read as its fields");
        assertThrows(IllegalArgumentException.class, () -> reader.plugin(null, ProbeType.class), "no data: no type");
        e = assertThrows(IllegalArgumentException.class, () -> reader.plugin(List.of(1), ProbeType.class));
        assertEquals("expected an object with fields, got array", e.getMessage());
        assertEquals(5, ((Settings) reader.plugin(Map.of("type", "probe", "gains", List.of(5)), ProbeType.class)
                .config()).getGains().get(0), 1e-12, "nested values reach the configuration");
    }
}
