package sensor.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Whether the service that left a simulation running still runs: a zombie has ended. */
class RunStateAliveTest {
    @Test
    void aRunningProcessIsAliveAGoneOneAndAZombieAreNot() throws Exception {
        assertTrue(RunState.alive(ProcessHandle.current().pid()));
        assertFalse(RunState.alive(Long.MAX_VALUE / 2));
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "zombies are seen through /proc");
        // a child of a process that never reaps it: 'sleep 0.1' ends and stays a zombie under 'sleep 5'
        Process keeper = new ProcessBuilder("sh", "-c", "sleep 0.1 & echo $!; exec sleep 5").start();
        try {
            long zombie = Long.parseLong(new BufferedReader(new InputStreamReader(keeper.getInputStream(),
                    StandardCharsets.UTF_8)).readLine().trim());
            long end = System.nanoTime() + 5_000_000_000L;
            while (!Files.readString(Path.of("/proc", Long.toString(zombie), "stat")).replaceFirst(".*\\) ", "")
                    .startsWith("Z")) {
                assertTrue(System.nanoTime() < end, "the child ended");
                Thread.sleep(20);
            }
            assertTrue(ProcessHandle.of(zombie).map(ProcessHandle::isAlive).orElse(false), "the JDK calls a zombie alive");
            assertFalse(RunState.alive(zombie));
        } finally {
            keeper.destroyForcibly();
        }
    }
}
