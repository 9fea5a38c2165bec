package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.List;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The parameters of one kernel launch, in order: JCuda pointers to their values, and each one's type as the PTX
 * declares it ({@code u64} for a device pointer or a 64-bit integer, {@code u32} for a 32-bit integer, {@code f64}),
 * so that a test can hold a launch's parameters against the kernel's signature in the PTX without a GPU.
 */
final class KernelArgs {
    private final List<Pointer> values = new ArrayList<>();
    private final List<String> types = new ArrayList<>();

    private KernelArgs add(Pointer value, String type) {
        values.add(value);
        types.add(type);
        return this;
    }

    KernelArgs ptr(CUdeviceptr p) { return add(Pointer.to(p), "u64"); }

    KernelArgs i32(int v) { return add(Pointer.to(new int[] {v}), "u32"); }

    KernelArgs i32(boolean v) { return i32(v ? 1 : 0); }

    KernelArgs i64(long v) { return add(Pointer.to(new long[] {v}), "u64"); }

    KernelArgs f64(double v) { return add(Pointer.to(new double[] {v}), "f64"); }

    /** Appends {@code tail}'s parameters. */
    KernelArgs then(KernelArgs tail) {
        values.addAll(tail.values);
        types.addAll(tail.types);
        return this;
    }

    /** The kernel parameters as cuLaunchKernel takes them. */
    Pointer params() {
        return Pointer.to(values.toArray(Pointer[]::new));
    }

    /** The PTX type of each parameter, in order. */
    List<String> types() {
        return List.copyOf(types);
    }
}
