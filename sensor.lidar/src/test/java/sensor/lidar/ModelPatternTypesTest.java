package sensor.lidar;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;

import org.junit.jupiter.api.Test;

import sensor.api.PluginCatalog;
import sensor.lidar.api.RayPatterns;

/** The pattern types that serve catalog models: {@code ouster} (the 0.1.0 form) and {@code livox-csv}. */
class ModelPatternTypesTest {
    @Test
    void theOusterPatternTypeOfRelease010IsTheModelsBeamTable() {
        OusterPattern type = new OusterPattern();
        type.setCatalog(PluginCatalog.of(List.of(TestModels.OS1_32, TestModels.OS1_64)));
        var p = type.create(new OusterPattern.Config("OS1-32", "512x10"));
        assertEquals(32 * 512, p.rays().size());
        assertEquals(RayPatterns.of(TestModels.OS1_32, TestModels.OS1_32.mode("512x10")).rays(), p.rays());
        var e = assertThrows(IllegalArgumentException.class, () -> type.create(new OusterPattern.Config("OS1-99", "512x10")));
        assertEquals("model 'OS1-99' is unknown; known lidar models: [OS1-32, OS1-64]", e.getMessage());
    }

    @Test
    void aLivoxScanModeFileIsReadAsThePluginReadsItAndBadLinesAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> LivoxCsvPattern.read("avia.csv",
                List.of("Time/s,Azimuth/deg,Zenith/deg", "1,10,80", "2,11,200")));
        assertEquals("avia.csv line 3: zenith must be in [0, 180] degrees, got 200.0", e.getMessage());
        double[][] rays = LivoxCsvPattern.read("mid360.csv", List.of("Time/s,Azimuth/deg,Zenith/deg", "1,268.99,37.838"));
        assertEquals(Math.toRadians(268.99), rays[0][0], 1e-15);
        assertEquals(Math.toRadians(90 - 37.838), rays[1][0], 1e-15, "elevation is 90° − zenith");
    }
}
