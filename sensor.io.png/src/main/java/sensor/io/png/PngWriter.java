package sensor.io.png;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.osgi.service.component.annotations.Component;

import sensor.api.frame.CameraImage;
import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.OutputFiles;
import sensor.io.files.Points;

/**
 * Format {@code png}, previews to look at: per lidar frame a range image and a bird's-eye view
 * ({@code <sensor>-NNNNNN-range.png}, {@code -bev.png}); per camera frame the colour, depth (mm, 16 bit) and label
 * images ({@code .png}, {@code -depth.png}, {@code -labels.png}) and {@code labels.json} whenever the labelled objects
 * change; per inertial sensor a plot of the run, {@code <sensor>-plot.png}, on close. A sensor is inertial when one of
 * its channels is an axis ({@code <group>.x|y|z}) of specific force, angular rate or magnetic field
 * ({@code m/s^2}, {@code rad/s}, {@code T}).
 */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=png")
public final class PngWriter implements FrameWriter {
    private static final Set<String> INERTIAL_UNITS = Set.of("m/s^2", "rad/s", "T");

    @Override
    public Writer open(Path outDir, int lidarFrameStride) {
        OutputFiles files = new OutputFiles(outDir);
        Map<String, List<String>> legends = new HashMap<>();
        Map<String, ScalarSeries> plots = new LinkedHashMap<>();
        return new Writer() {
            @Override
            public void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {
                Points p = OutputFiles.thinned(frame, lidarFrameStride) ? null : Points.of(cloud);
                if (p != null) {
                    files.atomic(files.frameFile(frame, "-range.png"), o -> Previews.png(Previews.rangeImage(p), o));
                    files.atomic(files.frameFile(frame, "-bev.png"),
                            o -> Previews.png(Previews.birdsEye(p, frame.sensorId() + " #" + frame.index()), o));
                }
            }

            @Override
            public void image(SensorFrame frame, CameraImage img) throws IOException {
                files.atomic(files.frameFile(frame, ".png"), o -> CameraFiles.rgb(img, o));
                files.atomic(files.frameFile(frame, "-depth.png"), o -> CameraFiles.depth(img, o));
                files.atomic(files.frameFile(frame, "-labels.png"), o -> CameraFiles.labels(img, o));
                if (!img.objectIds().equals(legends.put(frame.sensorId(), img.objectIds()))) {
                    files.atomic(files.frameFile(frame, "").resolveSibling("labels.json"),
                            o -> o.write(CameraFiles.legend(img.objectIds())));
                }
            }

            @Override
            public void channels(SensorFrame frame, Channels c) {
                ScalarSeries s = plots.get(frame.sensorId());
                if (s == null && !plots.containsKey(frame.sensorId())) {
                    s = inertial(c) ? new ScalarSeries(c.names(), c.units()) : null;
                    plots.put(frame.sensorId(), s);
                }
                if (s != null) {
                    s.add(frame.time(), c.values());
                }
            }

            @Override
            public List<Path> close() throws IOException {
                for (Map.Entry<String, ScalarSeries> e : plots.entrySet()) {
                    ScalarSeries s = e.getValue();
                    if (s != null && s.count() > 0) {
                        files.atomic(files.file(OutputFiles.fileName(e.getKey()) + "-plot.png"), o -> Previews.png(
                                Previews.plot(e.getKey() + " — signals over the run", s.time(), s.count(), s.panels()), o));
                    }
                }
                plots.clear();
                return files.list();
            }
        };
    }

    /** Whether a channel is an axis of an inertial or magnetic triad (see the class comment). */
    static boolean inertial(Channels c) {
        for (int i = 0; i < c.names().size(); i++) {
            String n = c.names().get(i);
            if (INERTIAL_UNITS.contains(c.units().get(i)) && (n.endsWith(".x") || n.endsWith(".y") || n.endsWith(".z"))) {
                return true;
            }
        }
        return false;
    }
}
