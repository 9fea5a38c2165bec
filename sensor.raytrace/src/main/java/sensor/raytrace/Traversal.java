package sensor.raytrace;

import java.util.Locale;

/**
 * Chooses, once per JVM (per bundle class loader), how packets are traversed: with the Vector API kernel
 * ({@code VectorLanes}, {@code jdk.incubator.vector}) when that module is in the boot layer and loads, else with
 * {@link MeshBvh}'s scalar loops. Both give bit-identical results. The module is an incubator module on JDK 17:
 * start the JVM with {@code --add-modules jdk.incubator.vector} (the distribution's {@code sensorsim} launcher
 * does, or {@code JDK_JAVA_OPTIONS=--add-modules=jdk.incubator.vector}); a framework must let the bundle see the
 * package ({@code org.osgi.framework.bootdelegation=jdk.incubator.vector}, as the distributions set it). The
 * vector class is only loaded here, after the module was found, so nothing of it is touched without it.
 *
 * <p>The system property {@value #PROPERTY} forces a path: {@code scalar}, or {@code vector} (still scalar, with the
 * reason, when the module is absent); {@code auto} (the default) picks the vector path whenever it loads. The
 * choice is described by {@link CpuBvhBackend#describe()}, which the bench's {@code machine.traversal} line and the
 * run summary print.
 */
final class Traversal {
    /** Forces a path: {@code auto} (default), {@code scalar} or {@code vector}. */
    static final String PROPERTY = "sensorsim.traversal";
    /** The vector kernel's class, loaded only when its module is present. */
    private static final String VECTOR_CLASS = "sensor.raytrace.VectorLanes";

    private static final LaneKernel PROTOTYPE;
    private static final String DESCRIPTION;

    static {
        String mode = System.getProperty(PROPERTY, "auto").strip().toLowerCase(Locale.ROOT);
        LaneKernel k = null;
        String why;
        if (mode.equals("scalar")) {
            why = "forced by -D" + PROPERTY + "=scalar";
        } else if (!mode.equals("auto") && !mode.equals("vector")) {
            why = "-D" + PROPERTY + "=" + mode + " is not auto, scalar or vector";
        } else if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            why = "jdk.incubator.vector not in the JVM: start it with --add-modules jdk.incubator.vector "
                    + "(java -jar sensorsim.jar does, unless -Dsensorsim.relaunch=false)";
        } else {
            String reason;
            try {
                k = ((LaneKernel) Class.forName(VECTOR_CLASS, true, Traversal.class.getClassLoader())
                        .getDeclaredMethod("create").invoke(null));
                reason = k == null ? "the CPU has fewer than 8 float lanes" : null;
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                Throwable t = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
                reason = "the Vector API did not load (" + t + "; in OSGi set "
                        + "org.osgi.framework.bootdelegation=jdk.incubator.vector)";
                k = null;
            }
            why = reason;
        }
        PROTOTYPE = k;
        DESCRIPTION = k != null ? k.describe() : "scalar Java, 4-wide BVH, packets of up to 32 rays (" + why + ")";
    }

    private Traversal() {
    }

    /** Whether packets go through the Vector API kernel. */
    static boolean vector() {
        return PROTOTYPE != null;
    }

    /** What runs, in one line: {@code vector (...)} or {@code scalar Java ... (reason)}. */
    static String describe() {
        return DESCRIPTION;
    }

    /** A new kernel for one {@link TraceContext}, or null for the scalar path. */
    static LaneKernel newKernel() {
        return PROTOTYPE == null ? null : PROTOTYPE.fresh();
    }
}
