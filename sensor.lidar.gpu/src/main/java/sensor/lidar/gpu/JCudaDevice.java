package sensor.lidar.gpu;

import static jcuda.driver.JCudaDriver.*;

import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import sensor.api.raytrace.HitBuffer;

/**
 * Device 0's primary context with the {@code trace.ptx} module loaded, through the JCuda driver API. Every entry
 * makes the context current on the calling thread first, so any thread may call (callers serialise per scene).
 */
final class JCudaDevice implements GpuDevice {
    /** Threads per block of the closest-hit kernel (its {@code __launch_bounds__} in trace.cu). */
    static final int BLOCK = 128;
    /**
     * When true, {@code closestHit} records CUDA events between its phases (benchmarks: {@link GpuKernels#phases});
     * off, it records none.
     */
    static volatile boolean profile;

    private final CUdevice device;
    private final CUcontext context;
    private final CUmodule module;
    private final CUfunction closestHit = new CUfunction(), philox = new CUfunction();
    private final String description;
    private boolean closed;

    JCudaDevice(CUdevice device, CUcontext context, CUmodule module, String description) {
        this.device = device;
        this.context = context;
        this.module = module;
        this.description = description;
        check(cuModuleGetFunction(closestHit, module, "closestHit"), "cuModuleGetFunction(closestHit)");
        check(cuModuleGetFunction(philox, module, "philoxBlocks"), "cuModuleGetFunction(philoxBlocks)");
    }

    /** Throws when {@code result} is not CUDA_SUCCESS, naming the call. */
    static void check(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new IllegalStateException(call + " failed: " + CUresult.stringFor(result));
        }
    }

    @Override
    public String description() {
        return description;
    }

    void makeCurrent() {
        if (closed) {
            throw new IllegalStateException("the CUDA device was closed");
        }
        check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    @Override
    public GpuKernels newKernels() {
        return new Kernels();
    }

    /**
     * Philox4x32-10 blocks on the GPU for counters (index = first + i, step low word, draw) under the key words
     * {@code (k0, k1)}: 4 words per block and the uniform of each (GPU tests compare them with CounterRandom).
     */
    synchronized void philox(int k0, int k1, long first, int n, int step, int draw, int[] words, double[] uniform) {
        makeCurrent();
        CUdeviceptr w = new CUdeviceptr(), u = new CUdeviceptr();
        check(cuMemAlloc(w, 16L * n), "cuMemAlloc");
        try {
            check(cuMemAlloc(u, 8L * n), "cuMemAlloc");
            try {
                Pointer params = Pointer.to(Pointer.to(new int[] {k0}), Pointer.to(new int[] {k1}),
                        Pointer.to(new long[] {first}), Pointer.to(new int[] {n}), Pointer.to(new int[] {step}),
                        Pointer.to(new int[] {draw}), Pointer.to(w), Pointer.to(u));
                check(cuLaunchKernel(philox, (n + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, null, params, null),
                        "cuLaunchKernel(philoxBlocks)");
                check(cuCtxSynchronize(), "cuCtxSynchronize");
                check(cuMemcpyDtoH(Pointer.to(words), w, 16L * n), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(uniform), u, 8L * n), "cuMemcpyDtoH");
            } finally {
                cuMemFree(u);
            }
        } finally {
            cuMemFree(w);
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            cuCtxSetCurrent(context);
            cuModuleUnload(module);
            cuDevicePrimaryCtxRelease(device);
            closed = true;
        }
    }

    /** A device buffer that grows (never shrinks) and is reused while the data fits. */
    private static final class Buffer {
        final CUdeviceptr ptr = new CUdeviceptr();
        long capacity;

        /** Ensures room for {@code bytes}; returns 1 when it had to allocate. */
        int ensure(long bytes) {
            long need = Math.max(16, bytes);
            if (need <= capacity) {
                return 0;
            }
            free();
            long grown = Math.max(need, capacity + capacity / 2);
            check(cuMemAlloc(ptr, grown), "cuMemAlloc(" + grown + ")");
            capacity = grown;
            return 1;
        }

        void free() {
            if (capacity > 0) {
                cuMemFree(ptr);
                capacity = 0;
            }
        }
    }

    private final class Kernels implements GpuKernels {
        // mesh pool, instances, TLAS, planes, rays
        private final Buffer nodeBounds = new Buffer(), nodeChild = new Buffer(), tri = new Buffer(),
                triId = new Buffer(), instInt = new Buffer(), instD = new Buffer(), tlasBounds = new Buffer(),
                tlasChild = new Buffer(), tlasOrder = new Buffer(), planeD = new Buffer(), planeObj = new Buffer(),
                origins = new Buffer(), directions = new Buffer(), distance = new Buffer(), object = new Buffer(),
                normal = new Buffer();
        private final Buffer[] all = {nodeBounds, nodeChild, tri, triId, instInt, instD, tlasBounds, tlasChild,
            tlasOrder, planeD, planeObj, origins, directions, distance, object, normal};
        private int allocations;
        private int instanceCount, planeCount;
        /** Events around upload, kernel and download of the last profiled query (created on first use). */
        private CUevent[] marks;
        private boolean closedKernels;

        @Override
        public void uploadMeshes(FlatScene s) {
            synchronized (JCudaDevice.this) {
                makeCurrent();
                put(nodeBounds, Pointer.to(s.nodeBounds), 4L * s.nodeBounds.length);
                put(nodeChild, Pointer.to(s.nodeChild), 4L * s.nodeChild.length);
                put(tri, Pointer.to(s.tri), 4L * s.tri.length);
                put(triId, Pointer.to(s.triId), 4L * s.triId.length);
            }
        }

        @Override
        public void uploadInstances(FlatScene s) {
            synchronized (JCudaDevice.this) {
                makeCurrent();
                put(instInt, Pointer.to(s.instInt), 4L * 4 * s.instanceCount);
                put(instD, Pointer.to(s.instD), 8L * 16 * s.instanceCount);
                put(tlasBounds, Pointer.to(s.tlasBounds), 4L * 12 * s.tlasNodes);
                put(tlasChild, Pointer.to(s.tlasChild), 4L * 2 * s.tlasNodes);
                put(tlasOrder, Pointer.to(s.tlasOrder), 4L * s.instanceCount);
                put(planeD, Pointer.to(s.planeD), 8L * 4 * s.planeCount);
                put(planeObj, Pointer.to(s.planeObj), 4L * s.planeCount);
                instanceCount = s.instanceCount;
                planeCount = s.planeCount;
            }
        }

        private void put(Buffer b, Pointer host, long bytes) {
            if (closedKernels) {
                throw new IllegalStateException("the GPU scene was closed");
            }
            allocations += b.ensure(bytes);
            if (bytes > 0) {
                check(cuMemcpyHtoD(b.ptr, host, bytes), "cuMemcpyHtoD");
            }
        }

        @Override
        public void closestHit(double[] o, double[] d, int count, double max, HitBuffer out) {
            if (count == 0) {
                return;
            }
            synchronized (JCudaDevice.this) {
                makeCurrent();
                boolean timed = profile;
                mark(timed, 0);
                put(origins, Pointer.to(o), 24L * count);
                put(directions, Pointer.to(d), 24L * count);
                allocations += distance.ensure(8L * count) + object.ensure(4L * count) + normal.ensure(24L * count);
                mark(timed, 1);
                Pointer params = Pointer.to(Pointer.to(nodeBounds.ptr), Pointer.to(nodeChild.ptr), Pointer.to(tri.ptr),
                        Pointer.to(triId.ptr), Pointer.to(instInt.ptr), Pointer.to(instD.ptr),
                        Pointer.to(tlasBounds.ptr), Pointer.to(tlasChild.ptr), Pointer.to(tlasOrder.ptr),
                        Pointer.to(new int[] {instanceCount}), Pointer.to(planeD.ptr), Pointer.to(planeObj.ptr),
                        Pointer.to(new int[] {planeCount}), Pointer.to(origins.ptr), Pointer.to(directions.ptr),
                        Pointer.to(new int[] {count}), Pointer.to(new double[] {max}), Pointer.to(distance.ptr),
                        Pointer.to(object.ptr), Pointer.to(normal.ptr));
                check(cuLaunchKernel(closestHit, (count + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, null, params, null),
                        "cuLaunchKernel(closestHit)");
                mark(timed, 2);
                check(cuCtxSynchronize(), "cuCtxSynchronize(closestHit)");
                check(cuMemcpyDtoH(Pointer.to(out.distance), distance.ptr, 8L * count), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.objectIndex), object.ptr, 4L * count), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.normal), normal.ptr, 24L * count), "cuMemcpyDtoH");
                mark(timed, 3);
            }
        }

        /** Records event {@code i} on the default stream when profiling (0 before the upload, 1 after it, ...). */
        private void mark(boolean timed, int i) {
            if (!timed) {
                return;
            }
            if (marks == null) {
                marks = new CUevent[4];
                for (int k = 0; k < marks.length; k++) {
                    marks[k] = new CUevent();
                    check(cuEventCreate(marks[k], 0), "cuEventCreate");
                }
            }
            check(cuEventRecord(marks[i], null), "cuEventRecord");
            if (i == 3) {
                check(cuEventSynchronize(marks[3]), "cuEventSynchronize");
            }
        }

        @Override
        public float[] phases() {
            synchronized (JCudaDevice.this) {
                if (marks == null) {
                    return null;
                }
                makeCurrent();
                float[] ms = new float[3];
                for (int k = 0; k < 3; k++) {
                    float[] t = new float[1];
                    check(cuEventElapsedTime(t, marks[k], marks[k + 1]), "cuEventElapsedTime");
                    ms[k] = t[0];
                }
                return ms;
            }
        }

        @Override
        public long deviceBytes() {
            long n = 0;
            for (Buffer b : all) {
                n += b.capacity;
            }
            return n;
        }

        @Override
        public int allocations() {
            return allocations;
        }

        @Override
        public void close() {
            synchronized (JCudaDevice.this) {
                if (closedKernels) {
                    return;
                }
                closedKernels = true;
                if (!closed) {
                    cuCtxSetCurrent(context);
                    for (Buffer b : all) {
                        b.free();
                    }
                    if (marks != null) {
                        for (CUevent e : marks) {
                            cuEventDestroy(e);
                        }
                    }
                }
            }
        }
    }
}
