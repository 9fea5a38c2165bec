package sensor.lidar;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.api.lidar.LidarModelType.Beam;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Source;
import sensor.api.lidar.CatalogModel;
import sensor.lidar.api.LidarConfig;

/**
 * A catalog model for the lidar bundle's own tests (the vendor bundles depend on this one, so their models cannot be
 * used here): Ouster OS1-32 and OS1-64 built from their metadata files ({@code os1-32.json}, {@code os1-64.json},
 * ouster-sdk data, BSD-3-Clause) as the Ouster bundle builds them.
 */
final class TestModels {
    static final List<Mode> MODES = List.of(new Mode("1024x10", 1024, 10), new Mode("512x10", 512, 10),
            new Mode("512x20", 512, 20), new Mode("2048x10", 2048, 10));
    static final CatalogModel OS1_32 = ouster("OS1-32", "os1-32.json", 32), OS1_64 = ouster("OS1-64", "os1-64.json", 64);

    private TestModels() {}

    private static CatalogModel ouster(String id, String file, int channels) {
        JsonNode meta;
        try (InputStream in = TestModels.class.getResourceAsStream(file)) {
            meta = new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Beam> beams = new ArrayList<>();
        double n = meta.findValue("lidar_origin_to_beam_origin_mm").asDouble() / 1000;
        for (int i = 0; i < channels; i++) {
            beams.add(new Beam(Math.toRadians(meta.findValue("beam_altitude_angles").get(i).asDouble()),
                    -Math.toRadians(meta.findValue("beam_azimuth_angles").get(i).asDouble()), n, 0, 0, 0));
        }
        return CatalogModel.spinning(id, "Ouster", "test " + id, new Source(file, "ouster-sdk",
                "BSD-3-Clause", Provenance.UNIT_CALIBRATION, "test"), beams, MODES, 0.3, 120,
                CatalogModel.halfAngleOfFwhm(0.13), List.of("STRONGEST", "DUAL"));
    }

    /** An OS1-32 lidar configuration in {@code mode}. */
    static LidarConfig os1_32(String mode) {
        return LidarConfig.of(OS1_32, OS1_32.mode(mode));
    }
}
