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

        /** Pointers to the scene's buffers and counts, the kernels' first 13 parameters. */
        Pointer[] sceneParameters() {
            return new Pointer[] {Pointer.to(nodeBounds.ptr), Pointer.to(nodeChild.ptr), Pointer.to(tri.ptr),
                Pointer.to(triId.ptr), Pointer.to(instInt.ptr), Pointer.to(instD.ptr), Pointer.to(tlasBounds.ptr),
                Pointer.to(tlasChild.ptr), Pointer.to(tlasOrder.ptr), Pointer.to(new int[] {instanceCount}),
                Pointer.to(planeD.ptr), Pointer.to(planeObj.ptr), Pointer.to(new int[] {planeCount})};
        }

        /** A buffer freed with the others. */
        Buffer buffer() {
            Buffer b = new Buffer();
            all.add(b);
            return b;
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
                Pointer params = Pointer.to(concat(sceneParameters(), Pointer.to(origins.ptr),
                        Pointer.to(directions.ptr), Pointer.to(new int[] {count}), Pointer.to(new double[] {max}),
                        Pointer.to(distance.ptr), Pointer.to(object.ptr), Pointer.to(normal.ptr)));
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

    /** {@code head} followed by {@code tail}. */
    static Pointer[] concat(Pointer[] head, Pointer... tail) {
        Pointer[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    /** Launches {@code f} over {@code n} threads, BLOCK a block, and waits for it. */
    private static void launch(CUfunction f, String name, int n, Pointer... params) {
        check(cuLaunchKernel(f, (n + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, null, Pointer.to(params), null),
                "cuLaunchKernel(" + name + ")");
        check(cuCtxSynchronize(), "cuCtxSynchronize(" + name + ")");
    }

    private final class PipelineKernels extends Kernels implements LidarKernels {
        private final Buffer objectMaterial = buffer(), spec = buffer(), specOffset = buffer(), material = buffer(),
                brdfTable = buffer(), objectMedium = buffer(), media = buffer(), optics = buffer(), suns = buffer(),
                rayOrigins = buffer(), rayDirections = buffer(), rayKey = buffer(), opl = buffer(),
                intensity = buffer(), mirror = buffer(), power = buffer(), background = buffer(), entity = buffer(),
                normal = buffer(), count = buffer(), returnOpl = buffer(), returnIntensity = buffer(),
                returnEntity = buffer(), returnSlot = buffer(), returnNormal = buffer(), patternIndex = buffer(),
                channelOf = buffer(), scale = buffer(), threshold = buffer(), falseAlarm = buffer(),
                detectionBackground = buffer(), precisionStart = buffer(), logSnr = buffer(), logSigma = buffer();
        private Inputs inputs;

        @Override
        public void uploadInputs(Inputs in) {
            synchronized (JCudaDevice.this) {
                makeCurrent();
                put(objectMaterial, in.objectMaterial());
                put(spec, in.materialSpec());
                put(specOffset, in.materialOffset());
                put(brdfTable, in.brdfTable());
                put(objectMedium, in.objectMedium());
                put(media, in.media());
                put(optics, in.optics());
                put(suns, in.suns());
                int materials = in.materialOffset().length;
                ensure(material, (long) MATERIAL_BYTES * materials);
                if (materials > 0) {
                    launch(JCudaDevice.this.materials, "lidarMaterials", materials, Pointer.to(spec.ptr),
                            Pointer.to(specOffset.ptr), Pointer.to(new int[] {materials}), Pointer.to(material.ptr));
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
                ensure(rayOrigins, 24L * n);
                ensure(rayDirections, 24L * n);
                ensure(rayKey, 4L * n);
                for (Buffer b : new Buffer[] {opl, intensity, mirror, power}) {
                    ensure(b, 8 * slots);
                }
                ensure(entity, 4 * slots);
                ensure(background, in.keepBackground() ? 8 * slots : 8);
                ensure(normal, in.keepNormals() ? 12 * slots : 12);
                if (n == 0) {
                    return;
                }
                check(cuMemcpyHtoD(rayOrigins.ptr, Pointer.to(o).withByteOffset(24L * first), 24L * n), "cuMemcpyHtoD");
                check(cuMemcpyHtoD(rayDirections.ptr, Pointer.to(d).withByteOffset(24L * first), 24L * n), "cuMemcpyHtoD");
                check(cuMemcpyHtoD(rayKey.ptr, Pointer.to(key).withByteOffset(4L * first), 4L * n), "cuMemcpyHtoD");
                launch(lidarTrace, "lidarTrace", n, concat(sceneParameters(), Pointer.to(objectMaterial.ptr),
                        Pointer.to(material.ptr), Pointer.to(brdfTable.ptr), Pointer.to(objectMedium.ptr),
                        Pointer.to(media.ptr), Pointer.to(optics.ptr), Pointer.to(suns.ptr),
                        Pointer.to(new int[] {in.suns().length / 4}), Pointer.to(new double[] {in.skyKlx()}),
                        Pointer.to(new double[] {in.rangeMax()}), Pointer.to(new int[] {in.nodes()}),
                        Pointer.to(new int[] {in.keepNormals() ? 1 : 0}), Pointer.to(new int[] {in.keepBackground() ? 1 : 0}),
                        Pointer.to(new long[] {in.randomKey()}), Pointer.to(new long[] {in.step()}),
                        Pointer.to(rayOrigins.ptr), Pointer.to(rayDirections.ptr), Pointer.to(rayKey.ptr),
                        Pointer.to(new int[] {n}), Pointer.to(new long[] {first}), Pointer.to(opl.ptr),
                        Pointer.to(intensity.ptr), Pointer.to(mirror.ptr), Pointer.to(power.ptr),
                        Pointer.to(background.ptr), Pointer.to(entity.ptr), Pointer.to(normal.ptr)));
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
                get(o, 8 * at, opl, 8 * slots);
                get(i, 8 * at, intensity, 8 * slots);
                get(e, 4 * at, entity, 4 * slots);
                get(m, 8 * at, mirror, 8 * slots);
                get(p, 8 * at, power, 8 * slots);
                if (inputs.keepBackground()) {
                    get(b, 8 * at, background, 8 * slots);
                }
                if (inputs.keepNormals()) {
                    get(nrm, 12 * at, normal, 12 * slots);
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
                ensure(count, 4L * beams);
                ensure(returnOpl, 8L * per * beams);
                ensure(returnIntensity, 8L * per * beams);
                ensure(returnEntity, 4L * per * beams);
                ensure(returnSlot, 4L * per * beams);
                ensure(returnNormal, f.normals() ? 12L * per * beams : 12);
                if (det != null) {
                    put(patternIndex, Pointer.to(det.patternIndex()), 4L * beams);
                    put(channelOf, det.channelOf());
                    put(scale, det.scale());
                    put(threshold, det.threshold());
                    put(falseAlarm, det.falseAlarm());
                    put(detectionBackground, det.background());
                    put(precisionStart, det.precisionStart());
                    put(logSnr, det.logSnr());
                    put(logSigma, det.logSigma());
                }
                if (beams == 0) {
                    return;
                }
                launch(lidarFinish, "lidarFinish", beams, Pointer.to(opl.ptr), Pointer.to(intensity.ptr),
                        Pointer.to(mirror.ptr), Pointer.to(power.ptr), Pointer.to(entity.ptr), Pointer.to(background.ptr),
                        Pointer.to(normal.ptr), Pointer.to(optics.ptr), Pointer.to(new int[] {f.samples()}),
                        Pointer.to(new int[] {inputs.nodes()}), Pointer.to(new int[] {f.mode()}),
                        Pointer.to(new double[] {f.rangeMin()}), Pointer.to(new double[] {f.rangeMax()}),
                        Pointer.to(new double[] {f.minIntensity()}), Pointer.to(new double[] {f.mixingRange()}),
                        Pointer.to(new int[] {beams}), Pointer.to(new long[] {inputs.step()}),
                        Pointer.to(new int[] {det != null ? 1 : 0}), Pointer.to(new long[] {det != null ? det.randomKey() : 0}),
                        Pointer.to(patternIndex.ptr), Pointer.to(channelOf.ptr), Pointer.to(scale.ptr),
                        Pointer.to(threshold.ptr), Pointer.to(falseAlarm.ptr), Pointer.to(detectionBackground.ptr),
                        Pointer.to(precisionStart.ptr), Pointer.to(logSnr.ptr), Pointer.to(logSigma.ptr),
                        Pointer.to(new double[] {det != null ? det.darkShare() : 0}),
                        Pointer.to(new int[] {f.normals() ? 1 : 0}), Pointer.to(count.ptr), Pointer.to(returnOpl.ptr),
                        Pointer.to(returnIntensity.ptr), Pointer.to(returnEntity.ptr), Pointer.to(returnSlot.ptr),
                        Pointer.to(returnNormal.ptr));
                long returns = (long) per * beams;
                check(cuMemcpyDtoH(Pointer.to(out.count()), count.ptr, 4L * beams), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.opl()), returnOpl.ptr, 8 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.intensity()), returnIntensity.ptr, 8 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.entity()), returnEntity.ptr, 4 * returns), "cuMemcpyDtoH");
                check(cuMemcpyDtoH(Pointer.to(out.slot()), returnSlot.ptr, 4 * returns), "cuMemcpyDtoH");
                if (f.normals()) {
                    check(cuMemcpyDtoH(Pointer.to(out.normal()), returnNormal.ptr, 12 * returns), "cuMemcpyDtoH");
                }
            }
        }
    }
}
