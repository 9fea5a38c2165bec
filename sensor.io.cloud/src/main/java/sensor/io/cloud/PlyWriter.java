package sensor.io.cloud;

import java.io.IOException;
import java.io.OutputStream;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.Points;

/** Format {@code ply}: binary little-endian PLY 1.0 with one vertex element, one file per lidar frame ({@code <sensor>/<sensor>-NNNNNN.ply}; see {@link PointCloudFiles}). */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=ply")
public final class PlyWriter extends CloudFileWriter {
    @Override
    String suffix() {
        return ".ply";
    }

    @Override
    void write(Points p, SensorFrame frame, OutputStream out) throws IOException {
        PointCloudFiles.writePly(p, frame.sensorId(), out);
    }
}
