package sensor.lidar.gpu;

import java.lang.System.Logger.Level;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import sensor.api.raytrace.RaytraceBackend;

/**
 * Registers the GPU raytrace backend {@code "cuda-bvh"} ({@code service.ranking = 100}, above the CPU backend's 0)
 * only when CUDA initialises. An immediate DS component providing no service itself: on activation it probes CUDA
 * (driver and JCuda's JNI library, {@code cuInit}, a device, the shipped PTX loads) and registers the backend with
 * {@link BundleContext#registerService}; otherwise it registers nothing and logs exactly one line saying why
 * (no driver / no device / PTX failed). Deactivation unregisters it and frees the device.
 *
 * <p>It also tracks the other raytrace backends (dynamic, optional): the highest-ranked one is the fallback of a
 * GPU scene whose CUDA calls fail at run time. The JCuda JNI library loads in one class loader per JVM: do not
 * update this bundle in place; restart the framework.
 */
@Component(immediate = true, service = {})
public final class CudaBackendComponent {
    /** The backend id. */
    public static final String ID = "cuda-bvh";
    /** Its service ranking. */
    public static final int RANKING = 100;
    /** Service property naming a backend's id on our registration (lets the fallback reference exclude us). */
    public static final String BACKEND_ID = "backend.id";

    private final CudaProbe probe;
    private final System.Logger log;
    private final Map<RaytraceBackend, Integer> others = new ConcurrentHashMap<>();
    private ServiceRegistration<RaytraceBackend> registration;
    private CudaBvhBackend backend;

    /** The DS constructor: the real JCuda probe, logging to {@code System.getLogger("sensor.lidar.gpu")}. */
    public CudaBackendComponent() {
        this(new JCudaProbe(), System.getLogger("sensor.lidar.gpu"));
    }

    CudaBackendComponent(CudaProbe probe, System.Logger log) {
        this.probe = probe;
        this.log = log;
    }

    @Reference(service = RaytraceBackend.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, target = "(!(" + BACKEND_ID + "=" + ID + "))", unbind = "removeBackend")
    void addBackend(RaytraceBackend b, Map<String, Object> properties) {
        if (!ID.equals(b.id())) {
            Object r = properties.get(Constants.SERVICE_RANKING);
            others.put(b, r instanceof Integer i ? i : 0);
        }
    }

    void removeBackend(RaytraceBackend b) {
        others.remove(b);
    }

    /** The highest-ranked other backend, or null. */
    RaytraceBackend fallback() {
        RaytraceBackend best = null;
        int rank = Integer.MIN_VALUE;
        for (Map.Entry<RaytraceBackend, Integer> e : others.entrySet()) {
            if (best == null || e.getValue() > rank) {
                best = e.getKey();
                rank = e.getValue();
            }
        }
        return best;
    }

    @Activate
    void activate(BundleContext context) {
        GpuDevice device;
        try {
            device = probe.open();
        } catch (CudaProbe.Unavailable e) {
            String why = switch (e.reason) {
                case NO_DRIVER -> "no driver";
                case NO_DEVICE -> "no device";
                case PTX_FAILED -> "PTX failed";
            };
            log.log(Level.DEBUG, "sensor.lidar.gpu: CUDA raytrace backend " + ID + " not registered: " + why + " ("
                    + firstLine(e.getMessage()) + "); the CPU backend serves");
            return;
        } catch (RuntimeException | LinkageError e) {
            log.log(Level.DEBUG, "sensor.lidar.gpu: CUDA raytrace backend " + ID + " not registered: no driver ("
                    + firstLine(e.toString()) + "); the CPU backend serves");
            return;
        }
        backend = new CudaBvhBackend(device, this::fallback, log);
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, RANKING);
        props.put(BACKEND_ID, ID);
        registration = context.registerService(RaytraceBackend.class, backend, props);
        log.log(Level.INFO, "sensor.lidar.gpu: CUDA raytrace backend " + ID + " registered on " + device.description());
    }

    /** The first line of {@code s} (JCuda's link errors span many lines; the log gets exactly one). */
    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    /** True while the backend is registered. */
    boolean registered() {
        return registration != null;
    }

    @Deactivate
    void deactivate() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregisters a stopping bundle's services itself
            }
            registration = null;
        }
        if (backend != null) {
            backend.close();
            backend = null;
        }
    }
}
