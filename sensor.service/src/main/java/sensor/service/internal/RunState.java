package sensor.service.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * {@code run-state.json} in the output folder of each simulation {@code serve} runs, so that a service killed without
 * warning ({@code kill -9}, a power cut) is noticed: the simulation, its scenario, the service's process id, when it
 * started, its state ({@value #RUNNING}, {@value #FINISHED}, {@value #STOPPED}, {@value #FAILED} or
 * {@value #CUT_SHORT}) and the simulated time, rewritten atomically at start, about once a second of wall time, and at
 * the end. The next {@code serve} on the same output folder finds the simulations still marked running by a process
 * that is gone, reports each, and marks it cut short; their files are readable up to the last flush.
 */
final class RunState {
    static final String NAME = "run-state.json";
    static final String RUNNING = "running", FINISHED = "finished", STOPPED = "stopped", FAILED = "failed",
            CUT_SHORT = "cut short";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The file's content. */
    record State(String simulation, String scenario, long pid, String started, String state, double simulatedTime,
            String updated) {
        State with(String newState, double time) {
            return new State(simulation, scenario, pid, started, newState, time, Instant.now().toString());
        }
    }

    private RunState() {}

    /** A simulation of this process starting now. */
    static State starting(String simulation, Path scenario) {
        String now = Instant.now().toString();
        return new State(simulation, scenario.toString(), ProcessHandle.current().pid(), now, RUNNING, 0, now);
    }

    /** Writes {@code state} into {@code dir} atomically. */
    static void write(Path dir, State state) throws IOException {
        Path tmp = Files.createTempFile(dir, ".run-state", ".tmp");
        try {
            JSON.writeValue(tmp.toFile(), state);
            Files.move(tmp, dir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Whether process {@code pid} runs: a zombie (ended, not yet reaped, as an orphan stays where the first process of
     * a container does not reap) has ended.
     */
    static boolean alive(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).trim().startsWith("Z");
        } catch (IOException | RuntimeException e) {
            return true; // no /proc: as the process handle says
        }
    }

    /** A simulation found cut short, by name (null for a file that could not be read), with its log line. */
    record CutShort(String simulation, String line) {}

    /**
     * Marks every simulation under {@code out} that a process no longer alive left running as cut short; returns each
     * with its line for the log. A file that cannot be read is reported, not changed.
     */
    static List<CutShort> cutShort(Path out) throws IOException {
        List<CutShort> lines = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> dirs = Files.list(out)) {
            files = dirs.map(d -> d.resolve(NAME)).filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            State s;
            try {
                s = JSON.readValue(f.toFile(), State.class);
            } catch (IOException e) {
                lines.add(new CutShort(null, f + " cannot be read (" + e.getMessage().lines().findFirst().orElse("")
                        + "); left as it is"));
                continue;
            }
            if (!RUNNING.equals(s.state()) || alive(s.pid())) {
                continue;
            }
            write(f.getParent(), s.with(CUT_SHORT, s.simulatedTime()));
            lines.add(new CutShort(s.simulation(), String.format(Locale.ROOT, "simulation '%s' (%s) was cut short at t = %.3f s: the service that ran it "
                    + "(process %d, started %s) ended without stopping it; its files in %s are readable up to the last "
                    + "flush, and %s now says \"%s\"", s.simulation(), s.scenario(), s.simulatedTime(), s.pid(),
                    s.started(), f.getParent(), NAME, CUT_SHORT)));
        }
        return lines;
    }

    /**
     * Moves an earlier run's files out of {@code dir} so that a new start writes into an empty folder and never mixes
     * two runs: a simulation cut short to the first free {@code <dir>.cut-short-N}, any other folder with files in it
     * to the first free {@code <dir>.N}. Returns where they went, or null when {@code dir} is absent or empty.
     */
    static Path moveAside(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                return null;
            }
        }
        String suffix = isCutShort(dir) ? ".cut-short-" : ".";
        for (int n = 1;; n++) {
            Path aside = dir.resolveSibling(dir.getFileName() + suffix + n);
            if (!Files.exists(aside)) {
                return Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }

    /** True when {@code dir} holds a simulation this service marked cut short. */
    static boolean isCutShort(Path dir) {
        Path f = dir.resolve(NAME);
        try {
            return Files.isRegularFile(f) && CUT_SHORT.equals(JSON.readValue(f.toFile(), State.class).state());
        } catch (IOException e) {
            return false; // not a state this service wrote: the folder is treated as any other
        }
    }
}
