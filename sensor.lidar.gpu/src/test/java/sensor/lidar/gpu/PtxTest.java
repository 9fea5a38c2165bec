package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import sensor.api.raytrace.ShadingTraceScene;

/** The shipped PTX: present on the class path (as bnd put it in the bundle), every kernel, accepted by ptxas. */
class PtxTest {
    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code ptxas -arch=sm_80 <ptx> -o /dev/null}; returns exit code and output. */
    static String ptxas(String ptx) throws Exception {
        Path f = Files.createTempFile("trace", ".ptx");
        try {
            Files.writeString(f, ptx, StandardCharsets.US_ASCII);
            Process p = new ProcessBuilder("ptxas", "-arch=sm_80", f.toString(), "-o", "/dev/null")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() + " " + out;
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void ptxResourceHasEveryKernel() throws Exception {
        String ptx = JCudaProbe.readPtx();
        for (String kernel : new String[] {"closestHit", "philoxBlocks", "lidarMaterials", "lidarTrace", "lidarFinish"}) {
            assertTrue(ptx.contains(".entry " + kernel + "("), kernel + " kernel");
        }
        assertTrue(ptx.contains(".target sm_75"), "built for compute_75, JIT-compiled by the driver for newer GPUs");
    }

    /** The PTX's signature of kernel {@code name}: each parameter's type ({@code u64}, {@code u32}, {@code f64}), in order. */
    static List<String> signature(String ptx, String name) {
        int at = ptx.indexOf(".entry " + name + "(");
        assertTrue(at >= 0, name);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.param \\.(\\w+) " + name + "_param_(\\d+)")
                .matcher(ptx.substring(at, ptx.indexOf(')', at)));
        List<String> types = new ArrayList<>();
        while (m.find()) {
            assertEquals(types.size(), Integer.parseInt(m.group(2)), name + " parameters in order");
            types.add(m.group(1));
        }
        return types;
    }

    /**
     * Every launch of the lidar's kernels passes, in order, the parameters the kernel declares, by count and by PTX
     * type, checked here without a GPU (a wrong list would fail the launch, or read garbage, only on a device).
     * lidarTrace starts with closestHit's 13 scene parameters, passed by the same method as closestHit's.
     */
    @Test
    void everyLidarLaunchPassesTheParametersItsKernelDeclares() throws Exception {
        String ptx = JCudaProbe.readPtx();
        JCudaDevice.LidarBuffers b = new JCudaDevice.LidarBuffers();
        JCudaDevice.Buffer x = new JCudaDevice.Buffer();
        List<String> closest = signature(ptx, "closestHit"), trace = signature(ptx, "lidarTrace");
        assertEquals(closest.subList(13, closest.size()), JCudaDevice.closestHitArgs(x, x, 1, 1, x, x, x).types());
        assertEquals(closest.subList(0, 13), trace.subList(0, 13), "the scene's parameters");
        LidarKernels.Inputs in = ShadingInputs.of(FallbackTest.view(), FallbackTest.shading(1));
        assertEquals(trace.subList(13, trace.size()), JCudaDevice.traceArgs(b, in, 10, 5).types());
        assertEquals(signature(ptx, "lidarMaterials"), JCudaDevice.materialsArgs(b, 3).types());
        for (ShadingTraceScene.Detection d : new ShadingTraceScene.Detection[] {null, new ShadingTraceScene.Detection(
                new double[1], new double[1], new double[1], new double[1], new int[2], new double[0], new double[0],
                0.1, new int[1], new int[1], 7)}) {
            assertEquals(signature(ptx, "lidarFinish"), JCudaDevice.finishArgs(b, new ShadingTraceScene.Finish(1, 1,
                    ShadingTraceScene.Finish.DUAL, 0, 1, 0, 0, d, true), 3, 2).types());
        }
    }

    @Test
    void ptxasAcceptsThePtxAndItsLoweredVersion() throws Exception {
        Assumptions.assumeTrue(onPath("ptxas"), "ptxas is not on the PATH: cannot assemble the PTX here");
        String ptx = JCudaProbe.readPtx();
        assertEquals("0 ", ptxas(ptx));
        String lowered = JCudaProbe.lowerVersion(ptx);
        assertTrue(lowered.contains(".version " + JCudaProbe.FALLBACK_PTX_VERSION + "\n"));
        assertEquals("0 ", ptxas(lowered));
    }
}
