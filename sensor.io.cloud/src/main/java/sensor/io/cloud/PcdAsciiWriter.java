package sensor.io.cloud;

import java.io.IOException;
import java.io.OutputStream;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.Points;

/** Format {@code pcd-ascii}: PCD v0.7 (PCL), ASCII, one file per lidar frame ({@code <sensor>/<sensor>-NNNNNN-ascii.pcd}; see {@link PointCloudFiles}). */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=pcd-ascii")
public final class PcdAsciiWriter extends CloudFileWriter {
    @Override
    String suffix() {
        return "-ascii.pcd";
    }

    @Override
    void write(Points p, SensorFrame frame, OutputStream out) throws IOException {
        PointCloudFiles.writePcd(p, false, out);
    }
}
