package sensor.io.cloud;

import java.io.IOException;
import java.io.OutputStream;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.sensor.SensorFrame;
import sensor.io.files.Points;

/** Format {@code las}: LAS 1.4, point data record format 6 with extra bytes, one file per lidar frame ({@code <sensor>/<sensor>-NNNNNN.las}; see {@link PointCloudFiles}). */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=las")
public final class LasWriter extends CloudFileWriter {
    @Override
    String suffix() {
        return ".las";
    }

    @Override
    void write(Points p, SensorFrame frame, OutputStream out) throws IOException {
        PointCloudFiles.writeLas(p, out);
    }
}
