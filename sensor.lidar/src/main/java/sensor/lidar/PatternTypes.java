package sensor.lidar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.ConfigReader;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;

/** The ray-pattern types of this bundle ([L-P] step 1), each a service a lidar names with {@code pattern: {type: id}}. */
public final class PatternTypes {
    private PatternTypes() {}

    /** {@code sweep}: a horizontal sweep, {@code columns} per rotation at {@code rate} Hz, one beam per elevation (degrees). */
    @Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=sweep")
    public static final class Sweep implements RayPatternType<Sweep.Config> {
        /**
         * Configuration of a sweep.
         *
         * @param columns    columns per rotation, [1, 65536]
         * @param rate       rotations per second, Hz, > 0
         * @param elevations beam elevations, degrees, in [-90, 90]
         */
        public record Config(int columns, double rate, List<Double> elevations) {}

        @Override
        public String id() { return "sweep"; }

        @Override
        public Class<Config> configType() { return Config.class; }

        @Override
        public Config defaultConfig() { return new Config(1024, 10, List.of(-15.0, -5.0, 5.0, 15.0)); }

        @Override
        public String description() { return "horizontal sweep: columns per rotation, rate, beam elevations"; }

        @Override
        public RayPatternGenerator create(Config c) {
            Args.notNull("elevations", c.elevations());
            return Patterns.sweep(c.columns(), c.rate(), c.elevations().stream().mapToDouble(Math::toRadians).toArray());
        }
    }

    /**
     * {@code file}: a pattern read from a CSV file, one ray per line: azimuth (degrees, counter-clockwise from
     * +x), elevation (degrees, up from the xy plane) and firing time offset within the scan (s, in
     * {@code [0, 1/rate)}); an optional header line and {@code #} comments are skipped. The scan repeats at
     * {@code rate} Hz; each step fires the rays whose firing times fall in it.
     */
    @Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=file")
    public static final class FromFile implements RayPatternType<FromFile.Config> {
        /**
         * Configuration of a file pattern.
         *
         * @param file the CSV file (a relative path is taken from the scenario's folder)
         * @param rate scans per second, Hz, > 0
         */
        public record Config(Path file, double rate) {}

        @Override
        public String id() { return "file"; }

        @Override
        public Class<Config> configType() { return Config.class; }

        @Override
        public Config defaultConfig() { return new Config(null, 10); }

        @Override
        public String description() { return "rays read from a CSV file: azimuth [deg], elevation [deg], time offset [s]"; }

        @Override
        public Config readConfig(Map<String, Object> fields, ConfigReader reader) {
            Object file = fields.get("file");
            Object rate = fields.getOrDefault("rate", 10.0);
            for (String k : fields.keySet()) {
                if (!k.equals("file") && !k.equals("rate")) {
                    throw new IllegalArgumentException("unknown field '" + k + "'; expected one of [file, rate]");
                }
            }
            if (!(file instanceof String name)) {
                throw new IllegalArgumentException("file must name a CSV file of azimuth, elevation, time offset");
            }
            if (!(rate instanceof Number r)) {
                throw new IllegalArgumentException("rate must be a number of scans per second (Hz), got " + rate);
            }
            return new Config(reader.path(name), r.doubleValue());
        }

        @Override
        public RayPatternGenerator create(Config c) {
            Args.notNull("file", c.file());
            Args.positive("rate", c.rate());
            try {
                return read(c.file(), c.rate());
            } catch (IOException e) {
                throw new IllegalArgumentException("file " + c.file() + " cannot be read: " + e.getMessage(), e);
            }
        }

        static FilePattern read(Path file, double rate) throws IOException {
            List<double[]> rows = new ArrayList<>();
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#") || (rows.isEmpty() && Character.isLetter(line.charAt(0)))) {
                    continue;
                }
                String[] cells = line.split("[,;\\s]+");
                if (cells.length != 3) {
                    throw new IllegalArgumentException(file.getFileName() + " line " + (i + 1)
                            + ": expected 3 values (azimuth [deg], elevation [deg], time offset [s]), got " + cells.length);
                }
                double[] row = new double[3];
                for (int j = 0; j < 3; j++) {
                    try {
                        row[j] = Double.parseDouble(cells[j]);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(file.getFileName() + " line " + (i + 1) + ": '" + cells[j]
                                + "' is not a number");
                    }
                }
                String where = file.getFileName() + " line " + (i + 1) + ": ";
                if (!(row[0] >= -360 && row[0] <= 360)) {
                    throw new IllegalArgumentException(where + "azimuth must be in [-360, 360] degrees, got " + row[0]);
                }
                if (!(row[1] >= -90 && row[1] <= 90)) {
                    throw new IllegalArgumentException(where + "elevation must be in [-90, 90] degrees, got " + row[1]);
                }
                if (!(row[2] >= 0 && row[2] < 1 / rate)) {
                    throw new IllegalArgumentException(where + "time offset must be in [0, 1/rate) = [0, " + 1 / rate
                            + ") s, got " + row[2]);
                }
                rows.add(row);
            }
            if (rows.isEmpty()) {
                throw new IllegalArgumentException(file.getFileName() + " holds no rays");
            }
            rows.sort((a, b) -> Double.compare(a[2], b[2]));
            double[] az = rows.stream().mapToDouble(r -> Math.toRadians(r[0])).toArray();
            double[] el = rows.stream().mapToDouble(r -> Math.toRadians(r[1])).toArray();
            double[] t = rows.stream().mapToDouble(r -> r[2]).toArray();
            return new FilePattern(az, el, t, rate, null);
        }
    }
}
