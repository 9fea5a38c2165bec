package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The packaged bundle (run by surefire in the verify phase, after the jar exists): it holds the PTX, JCuda's
 * driver classes and JNI libraries, and imports no JCuda package; ptxas accepts the PTX taken from the jar.
 */
class PtxInJarTest {
    @Test
    void jarShipsPtxAndJcuda() throws Exception {
        String version = System.getProperty("project.version", "");
        File[] jars = new File("target").listFiles((d, n) -> n.startsWith("sensor.lidar.gpu-" + version) && n.endsWith(".jar")
                && !n.contains("sources") && !n.contains("javadoc") && !n.contains("tests"));
        assertNotNull(jars);
        assertEquals(1, jars.length, "one bundle jar in target/");
        try (JarFile jar = new JarFile(jars[0])) {
            assertNotNull(jar.getEntry("sensor/lidar/gpu/trace.ptx"), "the PTX");
            assertNotNull(jar.getEntry("jcuda/driver/JCudaDriver.class"), "JCuda's driver API, embedded");
            assertNotNull(jar.getEntry("lib/libJCudaDriver-12.6.0-linux-x86_64.so"), "linux JNI library");
            assertNotNull(jar.getEntry("lib/JCudaDriver-12.6.0-windows-x86_64.dll"), "windows JNI library");
            String imports = jar.getManifest().getMainAttributes().getValue("Import-Package");
            assertTrue(!imports.contains("jcuda"), "imports no JCuda package: " + imports);
            String ptx = new String(jar.getInputStream(jar.getEntry("sensor/lidar/gpu/trace.ptx")).readAllBytes(),
                    StandardCharsets.US_ASCII);
            assertTrue(ptx.contains(".entry closestHit("));
            Assumptions.assumeTrue(PtxTest.onPath("ptxas"), "ptxas is not on the PATH: cannot assemble the PTX here");
            assertEquals("0 ", PtxTest.ptxas(ptx));
        }
    }
}
