package sensor.lidar.gpu;

import static jcuda.driver.JCudaDriver.*;

import java.util.List;

import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.ShadingTraceScene;

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
    /** Bytes of one Material on the device (trace.cu checks it with a static_assert). */
    static final int MATERIAL_BYTES = 136;

    private final CUfunction closestHit = new CUfunction(), philox = new CUfunction(), materials = new CUfunction(),
            lidarTrace = new CUfunction(), lidarFinish = new CUfunction();
    private final String description;
    private boolean closed;

    JCudaDevice(CUdevice device, CUcontext context, CUmodule module, String description) {
        this.device = device;
        this.context = context;
        this.module = module;
        this.description = description;
        check(cuModuleGetFunction(closestHit, module, "closestHit"), "cuModuleGetFunction(closestHit)");
        check(cuModuleGetFunction(philox, module, "philoxBlocks"), "cuModuleGetFunction(philoxBlocks)");
        check(cuModuleGetFunction(materials, module, "lidarMaterials"), "cuModuleGetFunction(lidarMaterials)");
        check(cuModuleGetFunction(lidarTrace, module, "lidarTrace"), "cuModuleGetFunction(lidarTrace)");
        check(cuModuleGetFunction(lidarFinish, module, "lidarFinish"), "cuModuleGetFunction(lidarFinish)");
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

    /** Fresh device state for one scene: closest hits, and the lidar's trace stage ({@link LidarKernels}). */
    @Override
    public LidarKernels newKernels() {
        return new PipelineKernels();
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

    /**
     * A device buffer that grows (never shrinks) and is reused while the data fits; allocated on first use, so making
     * one touches no device.
     */
    static final class Buffer {
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

    private abstract class Kernels implements GpuKernels {
        // mesh pool, instances, TLAS, planes, rays
        private final Buffer nodeBounds = new Buffer(), nodeChild = new Buffer(), tri = new Buffer(),
                triId = new Buffer(), instInt = new Buffer(), instD = new Buffer(), tlasBounds = new Buffer(),
                tlasChild = new Buffer(), tlasOrder = new Buffer(), planeD = new Buffer(), planeObj = new Buffer(),
                origins = new Buffer(), directions = new Buffer(), distance = new Buffer(), object = new Buffer(),
                normal = new Buffer();
        private final java.util.List<Buffer> all = new java.util.ArrayList<>(java.util.List.of(nodeBounds, nodeChild, tri,
                triId, instInt, instD, tlasBounds, tlasChild, tlasOrder, planeD, planeObj, origins, directions, distance,
                object, normal));
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

        /** The scene's buffers and counts, the kernels' first 13 parameters. */
        KernelArgs sceneArgs() {
            return new KernelArgs().ptr(nodeBounds.ptr).ptr(nodeChild.ptr).ptr(tri.ptr).ptr(triId.ptr).ptr(instInt.ptr)
                    .ptr(instD.ptr).ptr(tlasBounds.ptr).ptr(tlasChild.ptr).ptr(tlasOrder.ptr).i32(instanceCount)
                    .ptr(planeD.ptr).ptr(planeObj.ptr).i32(planeCount);
        }

        /** Frees {@code b} with the others. */
        void register(Buffer b) {
            all.add(b);
        }

        /** Ensures room for {@code bytes} in {@code b}, counting an allocation. */
        void ensure(Buffer b, long bytes) {
            allocations += b.ensure(bytes);
        }

        /** Uploads all of {@code a} into {@code b}. */
        void put(Buffer b, double[] a) {
            put(b, Pointer.to(a), 8L * a.length);
        }

        /** Uploads all of {@code a} into {@code b}. */
        void put(Buffer b, int[] a) {
            put(b, Pointer.to(a), 4L * a.length);
        }

        void put(Buffer b, Pointer host, long bytes) {
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
                Pointer params = sceneArgs().then(closestHitArgs(origins, directions, count, max, distance, object,
                        normal)).params();
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

    /** closestHit's parameters after the scene's. */
    static KernelArgs closestHitArgs(Buffer origins, Buffer directions, int count, double max, Buffer distance,
            Buffer object, Buffer normal) {
        return new KernelArgs().ptr(origins.ptr).ptr(directions.ptr).i32(count).f64(max).ptr(distance.ptr)
                .ptr(object.ptr).ptr(normal.ptr);
    }

    /** Launches {@code f} over {@code n} threads, BLOCK a block, and waits for it. */
    private static void launch(CUfunction f, String name, int n, KernelArgs args) {
        check(cuLaunchKernel(f, (n + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, null, args.params(), null),
                "cuLaunchKernel(" + name + ")");
        check(cuCtxSynchronize(), "cuCtxSynchronize(" + name + ")");
    }

    /** The lidar kernels' buffers: inputs, the frame's sub-rays and candidates, its returns, the detection tables. */
    static final class LidarBuffers {
        final Buffer objectMaterial = new Buffer(), spec = new Buffer(), specOffset = new Buffer(),
                material = new Buffer(), brdfTable = new Buffer(), objectMedium = new Buffer(), media = new Buffer(),
                optics = new Buffer(), suns = new Buffer(), rayOrigins = new Buffer(), rayDirections = new Buffer(),
                rayKey = new Buffer(), opl = new Buffer(), intensity = new Buffer(), mirror = new Buffer(),
                power = new Buffer(), background = new Buffer(), entity = new Buffer(), normal = new Buffer(),
                count = new Buffer(), returnOpl = new Buffer(), returnIntensity = new Buffer(),
                returnEntity = new Buffer(), returnSlot = new Buffer(), returnNormal = new Buffer(),
                patternIndex = new Buffer(), channelOf = new Buffer(), scale = new Buffer(), threshold = new Buffer(),
                falseAlarm = new Buffer(), detectionBackground = new Buffer(), precisionStart = new Buffer(),
                logSnr = new Buffer(), logSigma = new Buffer();

        List<Buffer> all() {
            return List.of(objectMaterial, spec, specOffset, material, brdfTable, objectMedium, media, optics, suns,
                    rayOrigins, rayDirections, rayKey, opl, intensity, mirror, power, background, entity, normal, count,
                    returnOpl, returnIntensity, returnEntity, returnSlot, returnNormal, patternIndex, channelOf, scale,
                    threshold, falseAlarm, detectionBackground, precisionStart, logSnr, logSigma);
        }
    }

    /** lidarMaterials's parameters. */
    static KernelArgs materialsArgs(LidarBuffers b, int materials) {
        return new KernelArgs().ptr(b.spec.ptr).ptr(b.specOffset.ptr).i32(materials).ptr(b.material.ptr);
    }

    /** lidarTrace's parameters after the scene's: n sub-rays of a slice, the frame's from {@code first}. */
    static KernelArgs traceArgs(LidarBuffers b, LidarKernels.Inputs in, int n, long first) {
        return new KernelArgs().ptr(b.objectMaterial.ptr).ptr(b.material.ptr).ptr(b.brdfTable.ptr)
                .ptr(b.objectMedium.ptr).ptr(b.media.ptr).ptr(b.optics.ptr).ptr(b.suns.ptr).i32(in.suns().length / 4)
                .f64(in.skyKlx()).f64(in.rangeMax()).i32(in.nodes()).i32(in.keepNormals()).i32(in.keepBackground())
                .i64(in.randomKey()).i64(in.step()).ptr(b.rayOrigins.ptr).ptr(b.rayDirections.ptr).ptr(b.rayKey.ptr)
                .i32(n).i64(first).ptr(b.opl.ptr).ptr(b.intensity.ptr).ptr(b.mirror.ptr).ptr(b.power.ptr)
                .ptr(b.background.ptr).ptr(b.entity.ptr).ptr(b.normal.ptr);
    }

    /** lidarFinish's parameters: the frame's candidates, the selection of {@code f}, its detection, the returns. */
    static KernelArgs finishArgs(LidarBuffers b, ShadingTraceScene.Finish f, int nodes, long step) {
        ShadingTraceScene.Detection det = f.detection();
        return new KernelArgs().ptr(b.opl.ptr).ptr(b.intensity.ptr).ptr(b.mirror.ptr).ptr(b.power.ptr)
                .ptr(b.entity.ptr).ptr(b.background.ptr).ptr(b.normal.ptr).ptr(b.optics.ptr).i32(f.samples()).i32(nodes)
                .i32(f.mode()).f64(f.rangeMin()).f64(f.rangeMax()).f64(f.minIntensity()).f64(f.mixingRange())
                .i32(f.beams()).i64(step).i32(det != null).i64(det != null ? det.randomKey() : 0)
                .ptr(b.patternIndex.ptr).ptr(b.channelOf.ptr).ptr(b.scale.ptr).ptr(b.threshold.ptr)
                .ptr(b.falseAlarm.ptr).ptr(b.detectionBackground.ptr).ptr(b.precisionStart.ptr).ptr(b.logSnr.ptr)
                .ptr(b.logSigma.ptr).f64(det != null ? det.darkShare() : 0).i32(f.normals()).ptr(b.count.ptr)
                .ptr(b.returnOpl.ptr).ptr(b.returnIntensity.ptr).ptr(b.returnEntity.ptr).ptr(b.returnSlot.ptr)
                .ptr(b.returnNormal.ptr);
    }

    private final class PipelineKernels extends Kernels implements LidarKernels {
        private final LidarBuffers buf = new LidarBuffers();
        private Inputs inputs;

        PipelineKernels() {
            buf.all().forEach(this::register);
        }

        @Override
        public void uploadInputs(Inputs in) {
            synchronized (JCudaDevice.this) {
                makeCurrent();
                put(buf.objectMaterial, in.objectMaterial());
                put(buf.spec, in.materialSpec());
                put(buf.specOffset, in.materialOffset());
                put(buf.brdfTable, in.brdfTable());
                put(buf.objectMedium, in.objectMedium());
                put(buf.media, in.media());
                put(buf.optics, in.optics());
                put(buf.suns, in.suns());
                int materials = in.materialOffset().length;
                ensure(buf.material, (long) MATERIAL_BYTES * materials);
                if (materials > 0) {
                    launch(JCudaDevice.this.materials, "lidarMaterials", materials, materialsArgs(buf, materials));
                }
                inputs = in;
            }
        }

        @Override
        public void trace(double[] o, double[] d, int[] key, int first, int n) {
            synchronized (JCudaDevice.this) {
                makeCurrent();
                Inputs in = inputs;
                long slots = 2L * in.nodes() * key.length; // the frame's: its candidates stay here until finish
                ensure(buf.rayOrigins, 24L * n);
                ensure(buf.rayDirections, 24L * n);
                ensure(buf.rayKey, 4L * n);
                for (Buffer b : new Buffer[] {buf.opl, buf.intensity, buf.mirror, buf.power}) {
                    ensure(b, 8 * slots);
                }
                ensure(buf.entity, 4 * slots);
                ensure(buf.background, in.keepBackground() ? 8 * slots : 8);
                ensure(buf.normal, in.keepNormals() ? 12 * slots : 12);
                if (n == 0) {
                    return;
                }
                check(cuMemcpyHtoD(buf.rayOrigins.ptr, Pointer.to(o).withByteOffset(24L * first), 24L * n),
                        "cuMemcpyHtoD");
                check(cuMemcpyHtoD(buf.rayDirections.ptr, Pointer.to(d).withByteOffset(24L * first), 24L * n),
                        "cuMemcpyHtoD");
                check(cuMemcpyHtoD(buf.rayKey.ptr, Pointer.to(key).withByteOffset(4L * first), 4L * n), "cuMemcpyHtoD");
                launch(lidarTrace, "lidarTrace", n, sceneArgs().then(traceArgs(buf, in, n, first)));
            }
        }

        @Override
        public void candidates(int first, int n, double[] o, double[] i, int[] e, double[] m, double[] p, double[] b,
                float[] nrm) {
            long slots = 2L * inputs.nodes() * n, at = 2L * inputs.nodes() * first;
            if (slots == 0) {
                return;
            }
            synchronized (JCudaDevice.this) {
                makeCurrent();
                get(o, 8 * at, buf.opl, 8 * slots);
                get(i, 8 * at, buf.intensity, 8 * slots);
                get(e, 4 * at, buf.entity, 4 * slots);
                get(m, 8 * at, buf.mirror, 8 * slots);
                get(p, 8 * at, buf.power, 8 * slots);
                if (inputs.keepBackground()) {
                    get(b, 8 * at, buf.background, 8 * slots);
                }
                if (inputs.keepNormals()) {
                    get(nrm, 12 * at, buf.normal, 12 * slots);
                }
            }
        }

        /** Copies {@code bytes} at byte {@code at} of device buffer {@code from} to the same place of {@code host}. */
        private void get(Object host, long at, Buffer from, long bytes) {
            Pointer to = host instanceof double[] d ? Pointer.to(d) : host instanceof int[] i ? Pointer.to(i)
                    : Pointer.to((float[]) host);
            check(cuMemcpyDtoH(to.withByteOffset(at), from.ptr.withByteOffset(at), bytes), "cuMemcpyDtoH");
        }

        @Override
        public void finish(ShadingTraceScene.Finish f, ShadingTraceScene.Returns out) {
            int beams = f.beams(), per = f.mode() == ShadingTraceScene.Finish.DUAL ? 2 : 1;
            ShadingTraceScene.Detection det = f.detection();
            synchronized (JCudaDevice.this) {
                makeCurrent();
                ensure(buf.count, 4L * beams);
                ensure(buf.returnOpl, 8L * per * beams);
                ensure(buf.returnIntensity, 8L * per * beams);
                ensure(buf.returnEntity, 4L * per * beams);
                ensure(buf.returnSlot, 4L * per * beams);
                ensure(buf.returnNormal, f.normals() ? 12L * per * beams : 12);
                if (det != null) {
                    put(buf.patternIndex, Pointer.to(det.patternIndex()), 4L * beams);
                    put(buf.channelOf, det.channelOf());
                    put(buf.scale, det.scale());
                    put(buf.threshold, det.threshold());
                    put(buf.falseAlarm, det.falseAlarm());
                    put(buf.detectionBackground, det.background());
                    put(buf.precisionStart, det.precisionStart());
                    put(buf.logSnr, det.logSnr());
                    put(buf.logSigma, det.logSigma());
                }
                if (beams == 0) {
                    return;
                }
                launch(lidarFinish, "lidarFinish", beams, finishArgs(buf, f, inputs.nodes(), inputs.step()));
                long returns = (long) per * beams;
                check(cuMemcpyDtoH(Pointer.to(out.count()), buf.count.ptr, 4L * beams), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.opl()), buf.returnOpl.ptr, 8 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.intensity()), buf.returnIntensity.ptr, 8 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.entity()), buf.returnEntity.ptr, 4 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.slot()), buf.returnSlot.ptr, 4 * returns), "cuMemcpyDtoH");
                if (f.normals()) {
                    check(cuMemcpyDtoH(Pointer.to(out.normal()), buf.returnNormal.ptr, 12 * returns), "cuMemcpyDtoH");
                }
            }
        }
    }
}
