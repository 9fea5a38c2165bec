package sensor.lidar.gpu;

import static jcuda.driver.JCudaDriver.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;

/**
 * The real probe, through the JCuda driver API: loads JCuda's JNI library (extracted by JCuda from this bundle's
 * {@code lib/} resources), {@code cuInit}, device 0, its primary context, then {@code cuModuleLoadData} of the
 * shipped PTX ({@code sensor/lidar/gpu/trace.ptx}, built by nvcc for {@code compute_75}; the driver JIT-compiles
 * it for the actual GPU). A driver older than the nvcc that wrote the PTX rejects its {@code .version}; the PTX is
 * then retried with the directive lowered to {@link #FALLBACK_PTX_VERSION} (the kernels use no newer feature;
 * {@code PtxTest} checks that ptxas accepts both).
 *
 * <p>JCuda's JNI library loads into one class loader per JVM: the bundle must not be updated in place (restart the
 * framework instead).
 */
final class JCudaProbe implements CudaProbe {
    /** The PTX resource in this bundle. */
    static final String PTX = "/sensor/lidar/gpu/trace.ptx";
    /** PTX ISA 8.0 = CUDA 12.0, the oldest driver JCuda 12.6 talks to. */
    static final String FALLBACK_PTX_VERSION = "8.0";

    @Override
    public GpuDevice open() throws Unavailable {
        try {
            int r = cuInit(0);
            if (r == CUresult.CUDA_ERROR_NO_DEVICE) {
                throw new Unavailable(Reason.NO_DEVICE, "cuInit: " + CUresult.stringFor(r), null);
            }
            if (r != CUresult.CUDA_SUCCESS) {
                throw new Unavailable(Reason.NO_DRIVER, "cuInit: " + CUresult.stringFor(r), null);
            }
        } catch (LinkageError e) {
            throw new Unavailable(Reason.NO_DRIVER, "the CUDA driver library could not be loaded (" + e + ")", e);
        }
        int[] count = new int[1];
        int r = cuDeviceGetCount(count);
        if (r != CUresult.CUDA_SUCCESS || count[0] == 0) {
            throw new Unavailable(Reason.NO_DEVICE, "cuDeviceGetCount: " + CUresult.stringFor(r) + ", " + count[0]
                    + " devices", null);
        }
        CUdevice device = new CUdevice();
        CUcontext context = new CUcontext();
        try {
            JCudaDevice.check(cuDeviceGet(device, 0), "cuDeviceGet");
            JCudaDevice.check(cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        } catch (RuntimeException e) {
            throw new Unavailable(Reason.NO_DEVICE, e.getMessage(), e);
        }
        try {
            JCudaDevice.check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
            String ptx = readPtx();
            CUmodule module = new CUmodule();
            r = cuModuleLoadData(module, bytes(ptx));
            if (r == CUresult.CUDA_ERROR_UNSUPPORTED_PTX_VERSION) {
                r = cuModuleLoadData(module, bytes(lowerVersion(ptx)));
            }
            JCudaDevice.check(r, "cuModuleLoadData");
            return new JCudaDevice(device, context, module, describe(device));
        } catch (IOException | RuntimeException e) {
            cuDevicePrimaryCtxRelease(device);
            throw new Unavailable(Reason.PTX_FAILED, e.getMessage(), e);
        }
    }

    static String readPtx() throws IOException {
        try (InputStream in = JCudaProbe.class.getResourceAsStream(PTX)) {
            if (in == null) {
                throw new IOException("resource " + PTX + " missing from the bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    /**
     * The PTX with its {@code .version} directive replaced by {@link #FALLBACK_PTX_VERSION}, and without the
     * {@code used_bytes_mask} pragmas (a load-width hint of PTX 8.3 that nvcc emits for some vector loads; dropping it
     * changes no result).
     */
    static String lowerVersion(String ptx) {
        return ptx.replaceFirst("(?m)^\\.version\\s+\\d+\\.\\d+", ".version " + FALLBACK_PTX_VERSION)
                .replaceAll("(?m)^\\s*\\.pragma \"used_bytes_mask \\d+\";\\R", "");
    }

    private static byte[] bytes(String ptx) {
        byte[] b = ptx.getBytes(StandardCharsets.US_ASCII);
        byte[] z = new byte[b.length + 1]; // NUL-terminated for cuModuleLoadData
        System.arraycopy(b, 0, z, 0, b.length);
        return z;
    }

    private static String describe(CUdevice device) {
        byte[] name = new byte[256];
        cuDeviceGetName(name, name.length, device);
        int n = 0;
        while (n < name.length && name[n] != 0) {
            n++;
        }
        int[] major = new int[1], minor = new int[1], driver = new int[1];
        cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
        cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
        cuDriverGetVersion(driver);
        return new String(name, 0, n, StandardCharsets.US_ASCII) + " (sm_" + major[0] + minor[0] + ", CUDA driver "
                + driver[0] / 1000 + "." + driver[0] % 1000 / 10 + ")";
    }
}
