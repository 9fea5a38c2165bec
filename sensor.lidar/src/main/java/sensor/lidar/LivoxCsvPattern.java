package sensor.lidar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.ConfigReader;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;

/**
 * {@code livox-csv}: a scan-mode file of Livox's simulation plugin (Livox-SDK/livox_laser_simulation {@code scan_mode/}:
 * Avia, HAP, Horizon, Mid-360, Tele-15, ...) replayed at {@code pointRate}. The plugin's reading
 * ({@code csv_reader.hpp}, {@code livox_points_plugin.cpp}): a header line {@code Time/s,Azimuth/deg,Zenith/deg}, then
 * one ray per line; azimuth in degrees counter-clockwise from +x, zenith in degrees from +z, so the elevation is
 * {@code 90° − zenith}; the time column is a row index and is not used. Rays fire in file order, frames go on where
 * the last stopped, and the table wraps, as in the plugin.
 */
@Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=livox-csv")
public final class LivoxCsvPattern implements RayPatternType<LivoxCsvPattern.Config> {
    /**
     * Configuration of a replayed Livox file.
     *
     * @param file      the CSV file (a relative path is taken from the scenario's folder)
     * @param pointRate rays per second, > 0 (the plugin's samples per update × update rate: 240,000 for the Avia)
     */
    public record Config(Path file, double pointRate) {}

    @Override
    public String id() { return "livox-csv"; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(null, 240_000); }

    @Override
    public String description() { return "a Livox scan-mode CSV (Time/s,Azimuth/deg,Zenith/deg) replayed at pointRate"; }

    @Override
    public Config readConfig(Map<String, Object> fields, ConfigReader reader) {
        for (String k : fields.keySet()) {
            if (!k.equals("file") && !k.equals("pointRate")) {
                throw new IllegalArgumentException("unknown field '" + k + "'; expected one of [file, pointRate]");
            }
        }
        if (!(fields.get("file") instanceof String name)) {
            throw new IllegalArgumentException("file must name a Livox scan-mode CSV (Time/s,Azimuth/deg,Zenith/deg)");
        }
        Object rate = fields.getOrDefault("pointRate", 240_000);
        if (!(rate instanceof Number r)) {
            throw new IllegalArgumentException("pointRate must be a number of rays per second, got " + rate);
        }
        return new Config(reader.path(name), r.doubleValue());
    }

    @Override
    public RayPatternGenerator create(Config c) {
        Args.notNull("file", c.file());
        Args.positive("pointRate", c.pointRate());
        List<String> lines;
        try {
            lines = Files.readAllLines(c.file(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("file " + c.file() + " cannot be read: " + e.getMessage(), e);
        }
        double[][] rays = read(c.file().getFileName().toString(), lines);
        return Patterns.replay(rays[0], rays[1], c.pointRate());
    }

    /** Azimuths and elevations (rad) of the rays of a scan-mode file. */
    static double[][] read(String name, List<String> lines) {
        int first = !lines.isEmpty() && !lines.get(0).isBlank() && Character.isLetter(lines.get(0).strip()
                .replace("\uFEFF", "").charAt(0)) ? 1 : 0;
        double[] az = new double[lines.size()], el = new double[lines.size()];
        int n = 0;
        for (int i = first; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",");
            if (cells.length < 3) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": expected 3 values (time, azimuth [deg], "
                        + "zenith [deg]), got " + cells.length);
            }
            double azimuth, zenith;
            try {
                azimuth = Double.parseDouble(cells[1].strip());
                zenith = Double.parseDouble(cells[2].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": '" + line + "' holds a value that is not "
                        + "a number");
            }
            if (!(zenith >= 0 && zenith <= 180)) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": zenith must be in [0, 180] degrees, got "
                        + zenith);
            }
            if (!Double.isFinite(azimuth)) {
                throw new IllegalArgumentException(name + " line " + (i + 1) + ": azimuth must be finite");
            }
            az[n] = Math.toRadians(azimuth);
            el[n++] = Math.toRadians(90 - zenith);
        }
        if (n == 0) {
            throw new IllegalArgumentException(name + " holds no rays");
        }
        return new double[][] {java.util.Arrays.copyOf(az, n), java.util.Arrays.copyOf(el, n)};
    }
}
