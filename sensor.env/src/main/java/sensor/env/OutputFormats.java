package sensor.env;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import sensor.api.io.FrameWriter;
import sensor.api.io.Recorder;
import sensor.api.io.RecorderFactory;

/**
 * The {@link RecorderFactory} of the runtime: writes with the {@link FrameWriter} services present, found by their
 * {@code output.format} property (the best-ranked writer of an id wins, so a bundle can override a format).
 */
@Component(service = RecorderFactory.class)
public class OutputFormats implements RecorderFactory {
    private final Map<ServiceReference<FrameWriter>, FrameWriter> writers = new ConcurrentHashMap<>();

    @Reference(service = FrameWriter.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addWriter(ServiceReference<FrameWriter> ref, FrameWriter writer) {
        writers.put(ref, writer);
    }

    void removeWriter(ServiceReference<FrameWriter> ref) {
        writers.remove(ref);
    }

    private RecorderFactory current() {
        Map<String, FrameWriter> byId = new TreeMap<>();
        writers.entrySet().stream().sorted(Map.Entry.<ServiceReference<FrameWriter>, FrameWriter>comparingByKey(
                Comparator.reverseOrder())).forEach(e -> { // best-ranked first
                    Object ids = e.getKey().getProperty(FrameWriter.FORMAT_PROPERTY);
                    for (Object id : ids instanceof String[] a ? a : new Object[] {ids}) {
                        if (id instanceof String s) {
                            byId.putIfAbsent(s, e.getValue());
                        }
                    }
                });
        return new WriterRecorders(byId);
    }

    @Override
    public Set<String> formats() {
        return current().formats();
    }

    @Override
    public Recorder open(Path outDir, Set<String> formats, int lidarFrameStride, Map<String, Map<String, Object>> settings)
            throws IOException {
        return current().open(outDir, formats, lidarFrameStride, settings);
    }

    @Override
    public void checkSettings(String format, Map<String, Object> settings) {
        current().checkSettings(format, settings);
    }
}
