package sensor.api.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.DetectionLine;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;
import sensor.api.frame.CloudLayout;

/** The lidar model contract: a catalog model's checks and defaults, its modes, datasheet lines, cloud layouts. */
class LidarModelContractTest {
    static final Source SOURCE = new Source("t.csv", "repo", "MIT", Provenance.NOMINAL, "test");
    static final List<Mode> MODES = List.of(new Mode("10Hz", 100, 10), new Mode("20Hz", 50, 20));

    static CatalogModel model() {
        return CatalogModel.spinning("T-1", "Test", "a test model", SOURCE, List.of(new Beam(0, 0, 0, 0, 0, 0)), MODES,
                0.3, 100, 0.001, List.of("STRONGEST"));
    }

    @Test
    void aSpinningModelHasItsModesAndNoReplayOrDetection() {
        CatalogModel m = model();
        assertNull(m.replay());
        assertEquals(List.of(), m.detection());
        assertSame(MODES.get(0), m.defaultConfig());
        assertEquals(Mode.class, m.configType());
        assertSame(MODES.get(1), m.mode("20hz"), "modes match ignoring case");
        assertSame(MODES.get(1), m.readConfig(Map.of("mode", "20Hz"), null));
        assertSame(MODES.get(0), m.readConfig(Map.of(), null));
        var e = assertThrows(IllegalArgumentException.class, () -> m.mode("5Hz"));
        assertEquals("mode '5Hz' is unknown for Test T-1; its modes: [10Hz, 20Hz]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> m.readConfig(Map.of("rate", 5), null));
        assertEquals("unknown field 'rate' of lidar model T-1; expected [mode]", e.getMessage());
    }

    @Test
    void detectionLinesAreCheckedAndCarried() {
        DetectionLine l = new DetectionLine(40, 0.1, 100, 0.9, 1e-4, null, "sheet");
        assertEquals(List.of(), l.channels());
        CatalogModel m = model().withDetection(List.of(l));
        assertEquals(List.of(l), m.detection());
        assertEquals(model().beams(), m.beams());
        assertThrows(IllegalArgumentException.class, () -> new DetectionLine(40, 0.1, 100, 0.9, 1e-4, List.of(0), "s"));
        assertThrows(IllegalArgumentException.class, () -> new DetectionLine(40, 0, 100, 0.9, 1e-4, List.of(), "s"));
        assertThrows(IllegalArgumentException.class, () -> new DetectionLine(40, 0.1, 100, 1, 1e-4, List.of(), "s"));
        // range precision figures: carried, copied, each SNR once, σ in (0, 10] m
        var figures = List.of(new LidarModelType.RangePrecision(250, 0.015), new LidarModelType.RangePrecision(12, 0.1));
        DetectionLine p = l.withPrecision(figures);
        assertEquals(figures, p.precision());
        assertEquals(List.of(), l.precision(), "the seven-figure line has none");
        assertEquals(List.of(l.range(), l.reflectivity(), l.ambientKlx(), l.detectionProbability(), l.falseAlarmRate()),
                List.of(p.range(), p.reflectivity(), p.ambientKlx(), p.detectionProbability(), p.falseAlarmRate()));
        assertEquals(l.source(), p.source());
        assertThrows(IllegalArgumentException.class, () -> l.withPrecision(List.of(new LidarModelType.RangePrecision(12, 0.1),
                new LidarModelType.RangePrecision(12, 0.2))));
        assertThrows(IllegalArgumentException.class, () -> new LidarModelType.RangePrecision(0, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new LidarModelType.RangePrecision(12, 0));
        assertThrows(IllegalArgumentException.class, () -> new LidarModelType.RangePrecision(12, 11));
    }

    @Test
    void halfAngleOfFwhmIsTheGaussianBeamsOneOverESquaredHalfAngle() {
        // I ∝ exp(−2θ²/w²) is half its peak at θ = FWHM/2: w = (FWHM/2)/sqrt(ln 2 / 2)
        double w = CatalogModel.halfAngleOfFwhm(0.13);
        assertEquals(0.5, Math.exp(-2 * Math.pow(Math.toRadians(0.13) / 2, 2) / (w * w)), 1e-12);
    }

    @Test
    void cloudLayoutsAreNamedInLowerCaseAndChosenByVendor() {
        assertEquals("ouster", CloudLayout.OUSTER.id());
        assertEquals(CloudLayout.LIVOX, CloudLayout.of("LIVOX"));
        assertEquals(CloudLayout.VELODYNE, CloudLayout.ofVendor("Velodyne"));
        assertEquals(CloudLayout.GENERIC, CloudLayout.ofVendor("RoboSense"));
        assertEquals(CloudLayout.GENERIC, CloudLayout.ofVendor("generic"));
        var e = assertThrows(IllegalArgumentException.class, () -> CloudLayout.of("pcl"));
        assertEquals("cloudLayout 'pcl' is unknown; the layouts: [generic, velodyne, ouster, livox]", e.getMessage());
    }
}
