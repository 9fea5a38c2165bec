package sensor.io.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A text file that grows under its final name while the run goes on, so it can be read (tailed, plotted) during the
 * run and after a crash: lines are kept in memory and written whole, when {@value #BUFFER} bytes are pending and at
 * least every {@value #FLUSH_MS} ms of wall time (by one shared daemon thread that runs only while a live file is
 * open), so the file only ever ends with a complete line. A run that stops loses at most the last
 * {@value #FLUSH_MS} ms.
 */
public final class LiveFile {
    /** Pending bytes that trigger a write. */
    static final int BUFFER = 1 << 16;
    /** Wall time between background flushes, ms. */
    static final long FLUSH_MS = 500;

    private static final Set<LiveFile> OPEN = ConcurrentHashMap.newKeySet();
    private static ScheduledExecutorService flusher;

    private final Path target;
    private final OutputStream out;
    private final StringBuilder pending = new StringBuilder();
    private boolean closed;
    /** A failure of the background flush, reported by the next call. */
    private IOException failure;

    /** Creates (or truncates) {@code target}, its folder too. */
    public LiveFile(Path target) throws IOException {
        this.target = target;
        Files.createDirectories(target.toAbsolutePath().getParent());
        try {
            out = Files.newOutputStream(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IOException("cannot create " + target + ": " + e.getMessage(), e);
        }
        register(this);
    }

    public Path target() {
        return target;
    }

    /** Appends one line ({@code line} without its end; a newline is added). */
    public synchronized void line(CharSequence line) throws IOException {
        if (closed) {
            throw new IllegalStateException(target + " is closed");
        }
        if (failure != null) {
            throw failure;
        }
        pending.append(line).append('\n');
        if (pending.length() >= BUFFER) {
            flush();
        }
    }

    /** Writes the pending lines. */
    synchronized void flush() throws IOException {
        if (pending.length() == 0 || closed || failure != null) {
            return;
        }
        byte[] b = pending.toString().getBytes(StandardCharsets.UTF_8);
        pending.setLength(0);
        try {
            out.write(b);
            out.flush();
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** Writes what is pending and closes the file; idempotent. */
    public void close() throws IOException {
        unregister(this);
        synchronized (this) {
            try {
                if (failure != null) {
                    throw failure;
                }
                flush();
            } finally {
                if (!closed) {
                    closed = true;
                    out.close();
                }
            }
        }
    }

    private static synchronized void register(LiveFile f) {
        OPEN.add(f);
        if (flusher == null) {
            flusher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "sensorsim-live-files");
                t.setDaemon(true);
                return t;
            });
            flusher.scheduleWithFixedDelay(LiveFile::flushAll, FLUSH_MS, FLUSH_MS, TimeUnit.MILLISECONDS);
        }
    }

    private static synchronized void unregister(LiveFile f) {
        if (OPEN.remove(f) && OPEN.isEmpty() && flusher != null) {
            flusher.shutdown();
            flusher = null;
        }
    }

    private static void flushAll() {
        for (LiveFile f : OPEN) {
            synchronized (f) {
                try {
                    f.flush();
                } catch (IOException e) { // the run's next line or its close reports it
                    f.failure = e;
                }
            }
        }
    }
}
