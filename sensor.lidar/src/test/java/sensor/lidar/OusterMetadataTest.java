package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.lidar.RayPatternGenerator;
import sensor.lidar.api.OusterModel;
import sensor.lidar.api.OusterModel.Mode;
import sensor.lidar.api.OusterModel.Product;
import sensor.lidar.api.OusterModel.Spacing;
import sensor.lidar.api.RayPatterns;

/**
 * Every ray of each predefined Ouster model whose beams Ouster publishes, against the manufacturer's
 * metadata file (the sensor's own {@code get_sensor_info} JSON, ouster-sdk test data) read with a general JSON
 * parser and put through the manufacturer's "Lidar Range to XYZ" formula (OS1 user guide v1.14 §8.2):
 * θ_e = 2π(1 − column/W), θ_a = −2π·azimuth/360, φ = 2π·altitude/360, beam origin n(cos θ_e, sin θ_e, 0) and
 * direction (cos(θ_e + θ_a) cos φ, sin(θ_e + θ_a) cos φ, sin φ), n the lidar-origin-to-beam-origin offset.
 */
class OusterMetadataTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0}-{1} {2} against {3}")
    @CsvSource({
        "OS0, 128, UNIFORM, OS-0-128_v3.0.1_1024x10.json, -1",
        "OS0, 32, UNIFORM, OS-0-32-U1_v2.2.0_1024x10.json, -1",
        "OS1, 128, UNIFORM, OS-1-128_v2.3.0_1024x10.json, -1",
        // the first-generation file states no beam-origin offset: the 15.806 mm of every later OS1 file
        "OS1, 64, UNIFORM, 1_12_os1-991913000010-64.json, 15.806",
        "OS1, 32, UNIFORM, 2_0_rc2_os-992011000121-32U0_legacy.json, -1",
        "OS1, 64, ABOVE_HORIZON, same_ports.2.json, -1",
        "OS2, 128, UNIFORM, OS-2-128-U1_v2.3.0_1024x10.json, -1",
        "OS2, 32, UNIFORM, OS-2-32-U0_v2.0.0_1024x10.json, -1",
    })
    void everyRayFollowsTheManufacturersMetadataAndFormula(Product product, int channels, Spacing spacing,
            String file, double statedOffsetMm) throws IOException {
        JsonNode meta;
        try (InputStream in = OusterMetadataTest.class.getResourceAsStream("ouster/" + file)) {
            meta = JSON.readTree(in);
        }
        JsonNode altitude = meta.findValue("beam_altitude_angles"), azimuth = meta.findValue("beam_azimuth_angles");
        JsonNode offset = meta.findValue("lidar_origin_to_beam_origin_mm");
        double n = (offset != null ? offset.asDouble() : statedOffsetMm) / 1000;
        assertEquals(channels, altitude.size(), "channels in " + file);
        assertEquals(channels, azimuth.size(), "azimuth offsets in " + file);

        for (Mode mode : new Mode[] {Mode.M512x10, Mode.M2048x10}) {
            RayPatternGenerator p = RayPatterns.ouster(new OusterModel(product, channels, spacing, mode));
            int width = mode.columns();
            assertEquals(width * channels, p.rays().size());
            for (int column = 0; column < width; column++) {
                double encoder = 2 * Math.PI * (1 - column / (double) width);
                for (int c = 0; c < channels; c++) {
                    double az = -2 * Math.PI * azimuth.get(c).asDouble() / 360;
                    double phi = 2 * Math.PI * altitude.get(c).asDouble() / 360;
                    Pose ray = p.rays().get(column * channels + c);
                    Vec3 d = ray.transformVector(Vec3.Z);
                    String where = file + " column " + column + " channel " + c;
                    assertEquals(Math.cos(encoder + az) * Math.cos(phi), d.x(), 1e-12, where);
                    assertEquals(Math.sin(encoder + az) * Math.cos(phi), d.y(), 1e-12, where);
                    assertEquals(Math.sin(phi), d.z(), 1e-12, where);
                    assertEquals(n * Math.cos(encoder), ray.position().x(), 1e-12, where);
                    assertEquals(n * Math.sin(encoder), ray.position().y(), 1e-12, where);
                    assertEquals(0, ray.position().z(), 1e-15, where);
                }
            }
        }
    }
}
