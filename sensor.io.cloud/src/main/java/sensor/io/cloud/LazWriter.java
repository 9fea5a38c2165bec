package sensor.io.cloud;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

import org.osgi.service.component.annotations.Component;

import sensor.api.io.FrameWriter;
import sensor.api.sensor.SensorFrame;
import sensor.io.cloud.laz.LazEncoder;
import sensor.io.files.Points;

/**
 * Format {@code laz}: the LAS 1.4 file of {@link LasWriter} (point data record format 6, every extra-bytes field)
 * compressed as LASzip does ({@link LazEncoder}: layered, chunked), one file per lidar frame
 * ({@code <sensor>/<sensor>-NNNNNN.laz}).
 */
@Component(service = FrameWriter.class, property = FrameWriter.FORMAT_PROPERTY + "=laz")
public final class LazWriter extends CloudFileWriter {
    @Override
    String suffix() {
        return ".laz";
    }

    @Override
    void write(Points p, SensorFrame frame, OutputStream out) throws IOException {
        ByteArrayOutputStream las = new ByteArrayOutputStream(64 + p.n * 64);
        PointCloudFiles.writeLas(p, las);
        LazEncoder.compress(las.toByteArray(), out);
    }
}
