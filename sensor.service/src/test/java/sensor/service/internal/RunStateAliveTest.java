package sensor.service.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import sensor.scenario.run.RunBudget;

/**
 * Whether the service that left a simulation running still runs (a zombie has ended), the cut-short report, and the
 * estimate against the free disk space.
 */
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

    @Test
    void simulationsLeftRunningByAGoneProcessAreCutShortOthersStay(@org.junit.jupiter.api.io.TempDir Path out)
            throws Exception {
        Path gone = Files.createDirectories(out.resolve("gone")), mine = Files.createDirectories(out.resolve("mine")),
                done = Files.createDirectories(out.resolve("done"));
        RunState.write(gone, new RunState.State("gone", "gone.yaml", Long.MAX_VALUE / 2, "t0", RunState.RUNNING, 2.5, "t1"));
        RunState.write(mine, RunState.starting("mine", Path.of("mine.yaml")));
        RunState.write(done, new RunState.State("done", "done.yaml", Long.MAX_VALUE / 2, "t0", RunState.FINISHED, 9, "t1"));
        Files.createDirectories(out.resolve("batch-output")); // a folder without a state file is none of serve's
        var found = RunState.cutShort(out);
        assertEquals(1, found.size(), found.toString());
        assertEquals("gone", found.get(0).simulation());
        assertTrue(found.get(0).line().startsWith("simulation 'gone' (gone.yaml) was cut short at t = 2.500 s"), found.get(0).line());
        assertTrue(Files.readString(gone.resolve(RunState.NAME)).contains("\"state\" : \"cut short\""));
        assertTrue(Files.readString(mine.resolve(RunState.NAME)).contains("\"state\" : \"running\""), "this process runs");
        assertTrue(Files.readString(done.resolve(RunState.NAME)).contains("\"state\" : \"finished\""));
        assertEquals(java.util.List.of(), RunState.cutShort(out), "reported once");

        // a new start of 'gone' moves its cut-short files aside (first free number)
        Files.createDirectories(out.resolve("gone.cut-short-1"));
        assertEquals(out.resolve("gone.cut-short-2"), RunState.moveAside(gone));
        assertFalse(Files.exists(gone));
        assertTrue(Files.readString(out.resolve("gone.cut-short-2").resolve(RunState.NAME)).contains("cut short"));
        assertNull(RunState.moveAside(out.resolve("absent")));
    }

    /** A new start never writes beside an earlier run's files: a finished or stopped run moves to {@code <name>.N}. */
    @Test
    void aNewStartMovesTheEarlierRunAside(@org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        Path done = Files.createDirectories(out.resolve("street"));
        RunState.write(done, new RunState.State("street", "street.yaml", 1, "t0", RunState.FINISHED, 9, "t1"));
        Files.writeString(done.resolve("run.mcap"), "old");
        assertEquals(out.resolve("street.1"), RunState.moveAside(done));
        assertFalse(Files.exists(done), "the new run starts in an empty folder");
        assertEquals("old", Files.readString(out.resolve("street.1").resolve("run.mcap")));
        Files.createDirectories(done).resolve("run.mcap").toFile().createNewFile(); // a second run, without a state
        assertEquals(out.resolve("street.2"), RunState.moveAside(done));
        Files.createDirectories(done);
        assertNull(RunState.moveAside(done), "an empty folder stays");
        assertTrue(Files.isDirectory(done));
        Files.writeString(done.resolve(RunState.NAME), "not a state"); // written by something else: an ordinary folder
        assertEquals(out.resolve("street.3"), RunState.moveAside(done));
    }

    @Test
    void aFolderOthersMayWriteToIsNamed(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        assertNull(Serve.othersWhoMayWrite(dir));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxr-x"));
        assertEquals("its group", Serve.othersWhoMayWrite(dir));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xrwx"));
        assertEquals("all users", Serve.othersWhoMayWrite(dir));
        Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        assertEquals("all users and its group", Serve.othersWhoMayWrite(dir));
        assertNull(Serve.othersWhoMayWrite(dir.resolve("absent")));
    }

    @Test
    void anEstimateBeyondTheFreeSpaceIsRefusedNamingBoth(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        long free = Files.getFileStore(dir).getUsableSpace();
        RunBudget.Estimate fits = new RunBudget.Estimate(3, java.util.Map.of("a", 1000L), java.util.Map.of(), 0);
        fits.checkSpace(dir.resolve("not/yet/made")); // the nearest existing folder's file system
        RunBudget.Estimate big = new RunBudget.Estimate(3, java.util.Map.of("a", free / 2, "b", free / 2 + (1L << 30)),
                java.util.Map.of(), 0);
        var e = org.junit.jupiter.api.Assertions.assertThrows(RunBudget.Exceeded.class,
                () -> big.checkSpace(dir.resolve("out")));
        assertTrue(e.getMessage().startsWith("the run would write about ") && e.getMessage().contains(" into "
                + dir.resolve("out") + ", whose file system has "), e.getMessage());
        RunBudget.Estimate exact = new RunBudget.Estimate(3, java.util.Map.of("a", Math.max(0, free - (64L << 20))), java.util.Map.of(), 0);
        exact.checkSpace(dir); // within the free space (less a margin for what other processes write meanwhile)
    }
}
