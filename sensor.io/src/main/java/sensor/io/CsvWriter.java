package sensor.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.LiveFile;
import sensor.io.files.OutputFiles;
import sensor.io.files.Points;

/**
 * Format {@code csv}: one table per scalar sensor, {@code <sensor>.csv} (header {@code time [s],<name> [<unit>],…};
 * no value is an empty cell), growing while the run goes on ({@link LiveFile}: whole lines, flushed at least twice a
 * second); and for a lidar output with radial velocities (a radar) one detections table per frame,
 * {@code <sensor>/<sensor>-NNNNNN.csv}, written atomically ({@link #writeDetections}).
 */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=csv")
public final class CsvWriter implements FrameWriter {
    @Override
    public Writer open(Path outDir, int lidarFrameStride) {
        return new Tables(new OutputFiles(outDir), lidarFrameStride);
    }

    private static final class Tables implements Writer {
        private final OutputFiles files;
        private final int stride;
        private final Map<String, Table> tables = new LinkedHashMap<>();

        Tables(OutputFiles files, int stride) {
            this.files = files;
            this.stride = stride;
        }

        private record Table(List<String> names, LiveFile file) {}

        @Override
        public void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {
            if (cloud.offset(OutputField.RADIAL_VELOCITY_F32) < 0 || OutputFiles.thinned(frame, stride)) {
                return;
            }
            Points p = Points.of(cloud);
            if (p != null) {
                files.atomic(files.frameFile(frame, ".csv"), o -> writeDetections(p, o));
            }
        }

        @Override
        public void channels(SensorFrame frame, Channels c) throws IOException {
            Table t = tables.get(frame.sensorId());
            if (t == null) {
                t = new Table(c.names(), new LiveFile(files.file(OutputFiles.fileName(frame.sensorId()) + ".csv")));
                tables.put(frame.sensorId(), t);
                StringBuilder h = new StringBuilder("time [s]");
                for (int i = 0; i < c.names().size(); i++) {
                    h.append(',').append(cell(c.names().get(i) + " [" + c.units().get(i) + "]"));
                }
                t.file().line(h);
            }
            if (!c.names().equals(t.names())) {
                throw new IllegalArgumentException("sensor " + frame.sensorId() + " changed its channels from "
                        + t.names() + " to " + c.names());
            }
            StringBuilder row = new StringBuilder().append(frame.time());
            for (double x : c.values()) {
                row.append(',');
                if (!Double.isNaN(x)) { // no value: an empty cell
                    row.append(x);
                }
            }
            t.file().line(row);
        }

        /** Completes every table; each is attempted, the first failure is thrown. */
        @Override
        public List<Path> close() throws IOException {
            IOException first = null;
            for (Table t : tables.values()) {
                try {
                    t.file().close();
                    files.completed(t.file().target());
                } catch (IOException e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            tables.clear();
            if (first != null) {
                throw first;
            }
            return files.list();
        }

        /** Ends the tables where they are: every complete line stays readable. */
        @Override
        public void abort() {
            for (Table t : tables.values()) {
                try {
                    t.file().close();
                } catch (IOException ignored) {
                    // the run already failed; its lines up to the last flush stay
                }
            }
            tables.clear();
        }
    }

    private static String cell(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /**
     * Radar detections as CSV: {@code range [m],azimuth [rad],elevation [rad],radial_velocity [m/s],rcs [dBsm]}, one row
     * per detection; range and angles from the point's coordinates where the output lacks them.
     */
    static void writeDetections(Points p, OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder("range [m],azimuth [rad],elevation [rad],radial_velocity [m/s],rcs [dBsm]\n");
        double[] range = p.column("distance"), az = p.column("azimuth"), el = p.column("elevation");
        double[] v = p.column("radial_velocity"), rcs = p.column("rcs");
        for (int i = 0; i < p.n; i++) {
            b.append(range != null ? range[i] : p.range(i)).append(',')
                    .append(az != null ? az[i] : Math.atan2(p.y[i], p.x[i])).append(',')
                    .append(el != null ? el[i] : Math.atan2(p.z[i], Math.hypot(p.x[i], p.y[i]))).append(',')
                    .append(v == null ? "" : Double.toString(v[i])).append(',')
                    .append(rcs == null ? "" : Double.toString(rcs[i])).append('\n');
        }
        out.write(b.toString().getBytes(StandardCharsets.US_ASCII));
    }
}
