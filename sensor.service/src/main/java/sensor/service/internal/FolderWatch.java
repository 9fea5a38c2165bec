package sensor.service.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;

/** A folder polled every 250 ms on a daemon thread of its own: {@link #scan()} runs each time; a failure is one line. */
abstract class FolderWatch implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    protected final Path dir;
    private final String what;
    private final Thread thread;
    private volatile boolean closed;

    /** {@code what} names the folder in a failure's line, e.g. "scenario folder". */
    FolderWatch(Path dir, String what) {
        this.dir = dir;
        this.what = what;
        this.thread = new Thread(this::loop, what.replace(' ', '-'));
        thread.setDaemon(true);
    }

    /** One pass over the folder. */
    abstract void scan() throws IOException;

    void start() {
        thread.start();
    }

    private void loop() {
        while (!closed) {
            try {
                scan();
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "{0} {1}: {2}", what, dir, e.getMessage());
            }
        }
    }

    /** Stops polling; waits up to 2 s for a pass under way. */
    @Override
    public void close() throws IOException {
        closed = true;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
