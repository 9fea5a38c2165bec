package sensorsim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The relaunch's stderr filter (the relaunch itself: LauncherIT). */
class VectorRelaunchTest {
    private static String copied(String childStderr) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorRelaunch.copyWithoutNotice(new ByteArrayInputStream(childStderr.getBytes(StandardCharsets.UTF_8)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theIncubatorNoticeIsLeftOutAndEverythingElseKept() {
        assertEquals("sensorsim: bad\n", copied("WARNING: Using incubator modules: jdk.incubator.vector\nsensorsim: bad\n"));
        assertEquals("", copied("WARNING: Using incubator modules: jdk.incubator.vector\n"));
        assertEquals("WARNING: Using incubator modules: jdk.incubator.vectorx\nrest\n",
                copied("WARNING: Using incubator modules: jdk.incubator.vectorx\nrest\n"), "another line is kept whole");
        assertEquals("WARNING: something else\n", copied("WARNING: something else\n"));
        assertEquals("WARNING: Using incubator", copied("WARNING: Using incubator"), "an early end keeps what came");
        assertEquals("", copied(""));
        assertEquals("x\nWARNING: Using incubator modules: jdk.incubator.vector\n",
                copied("x\nWARNING: Using incubator modules: jdk.incubator.vector\n"), "only a first line is the JVM's");
    }

    @Test
    void theEarlyCompiledKernelIsAClassOfTheRaytraceBackend() throws Exception {
        String option = VectorRelaunch.KERNEL_OPTIONS.get(1);
        String pattern = option.substring(option.indexOf(',') + 1, option.lastIndexOf(','));
        String className = pattern.substring(0, pattern.lastIndexOf('.')).replace('/', '.');
        assertEquals("sensor.raytrace.VectorLanes", className);
        Class.forName(className, false, getClass().getClassLoader()); // renamed or moved: the option would match nothing
        assertTrue(new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("src/main/sh/sensorsim")),
                StandardCharsets.UTF_8).contains(String.join(" ", VectorRelaunch.KERNEL_OPTIONS)), "the script passes them too");
    }
}
