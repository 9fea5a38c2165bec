package sensor.io.cloud;

import java.io.IOException;
import java.io.OutputStream;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.Points;

/** Format {@code pcd}: PCD v0.7 (PCL), binary, one file per lidar frame ({@code <sensor>/<sensor>-NNNNNN.pcd}; see {@link PointCloudFiles}). */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=pcd")
public final class PcdWriter extends CloudFileWriter {
    @Override
    String suffix() {
        return ".pcd";
    }

    @Override
    void write(Points p, SensorFrame frame, OutputStream out) throws IOException {
        PointCloudFiles.writePcd(p, true, out);
    }
}
