package sensor.io.cloud;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import sensor.api.io.FrameWriter;
import sensor.api.frame.PointCloud;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.OutputFiles;
import sensor.io.files.Points;

/**
 * A format writing one file per lidar frame, {@code <sensor>/<sensor>-NNNNNN<suffix>}, atomically as each frame
 * completes: the frame's {@link Points} (finite coordinates; hits only when the output flags hits). A lidar output
 * without {@code XYZ_VEC3_F32} writes no file (logged once per sensor).
 */
abstract class CloudFileWriter implements FrameWriter {
    /** The file name's ending, e.g. {@code .pcd}. */
    abstract String suffix();

    /** Encodes one frame's points. */
    abstract void write(Points points, SensorFrame frame, OutputStream out) throws IOException;

    @Override
    public Writer open(Path outDir, int lidarFrameStride) {
        OutputFiles files = new OutputFiles(outDir);
        Set<String> warned = new HashSet<>();
        return new Writer() {
            @Override
            public void pointCloud(SensorFrame frame, PointCloud cloud) throws IOException {
                if (OutputFiles.thinned(frame, lidarFrameStride)) {
                    return;
                }
                Points p = Points.of(cloud);
                if (p == null) {
                    if (warned.add(frame.sensorId())) {
                        System.getLogger(CloudFileWriter.class.getName()).log(System.Logger.Level.WARNING, "lidar "
                                + frame.sensorId() + " has no XYZ_VEC3_F32 field: no " + suffix() + " files written");
                    }
                    return;
                }
                files.atomic(files.frameFile(frame, suffix()), o -> write(p, frame, o));
            }

            @Override
            public List<Path> close() {
                return files.list();
            }
        };
    }
}
