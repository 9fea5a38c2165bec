package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

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
