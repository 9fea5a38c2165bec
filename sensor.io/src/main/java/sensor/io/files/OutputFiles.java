package sensor.io.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import sensor.api.sensor.SensorFrame;

/** The files one writer makes in a run's folder: their names, their atomic creation and the list of those completed. */
public final class OutputFiles {
    private final Path outDir;
    private final List<Path> written = new ArrayList<>();

    public OutputFiles(Path outDir) {
        this.outDir = outDir.toAbsolutePath().normalize();
    }

    /** {@code <sensor>/<sensor>-NNNNNN<suffix>} (NNNNNN: the frame index, 6 digits). */
    public Path frameFile(SensorFrame frame, String suffix) {
        String id = fileName(frame.sensorId());
        return outDir.resolve(id).resolve(id + "-" + String.format(Locale.ROOT, "%06d", frame.index()) + suffix);
    }

    /** {@code <name>} in the run's folder. */
    public Path file(String name) {
        return outDir.resolve(name);
    }

    /** Writes {@code target} atomically (its folder created when missing) and lists it. */
    public void atomic(Path target, AtomicFiles.Body body) throws IOException {
        Files.createDirectories(target.getParent());
        AtomicFiles.write(target, body);
        written.remove(target);
        written.add(target);
    }

    /** Lists a file completed otherwise. */
    public void completed(Path file) {
        written.add(file);
    }

    /** The files completed, in order. */
    public List<Path> list() {
        return written;
    }

    /** Whether a lidar's per-frame files skip this frame: they keep every {@code stride}-th frame from the first. */
    public static boolean thinned(SensorFrame frame, int stride) {
        return (frame.index() - 1) % stride != 0;
    }

    /** A sensor id as a safe file name: characters other than letters, digits, '.', '_', '-' become '_'. */
    public static String fileName(String sensorId) {
        String s = sensorId.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() || s.chars().allMatch(ch -> ch == '.') ? "_" + s : s;
    }
}
