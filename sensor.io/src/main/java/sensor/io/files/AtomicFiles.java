package sensor.io.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Atomic file creation: content goes to a temporary file in the target's folder, which is moved onto the
 * final name with {@link StandardCopyOption#ATOMIC_MOVE} only once complete. A failed or interrupted
 * write never leaves a truncated file under a final name.
 */
public final class AtomicFiles {
    /** Suffix of every temporary file. */
    public static final String TEMP_SUFFIX = ".tmp";

    private AtomicFiles() {}

    /** Writes a file's whole content. */
    @FunctionalInterface
    public interface Body {
        /** Writes the content to {@code out} (buffered; do not close it). */
        void write(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} atomically with the content {@code body} produces; a failure names the file
     * ({@code DIR/a.ply: No space left on device}).
     */
    public static void write(Path target, Body body) throws IOException {
        Pending p = open(target);
        boolean ok = false;
        try {
            body.write(p.out());
            p.commit();
            ok = true;
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            throw m.contains(target.toString()) ? e : new IOException(target + ": " + m, e);
        } finally {
            if (!ok) {
                p.abort();
            }
        }
    }

    /** Opens a temporary file that becomes {@code target} on {@link Pending#commit()}. */
    public static Pending open(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // not Files.createTempFile: that makes owner-only files, and the final file keeps the temporary's mode
        for (int attempt = 0;; attempt++) {
            Path tmp = dir.resolve("." + target.getFileName() + "."
                    + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()) + TEMP_SUFFIX);
            try {
                OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return new Pending(target, tmp, new BufferedOutputStream(out, 1 << 16));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) {
                    throw e;
                }
            } catch (IOException e) {
                throw new IOException("cannot create a file in " + dir + ": " + e, e);
            }
        }
    }

    /** A file being written under a temporary name. */
    public static final class Pending {
        private final Path target;
        private final Path tmp;
        private final OutputStream out;
        private boolean done;

        Pending(Path target, Path tmp, OutputStream out) {
            this.target = target;
            this.tmp = tmp;
            this.out = out;
        }

        /** The stream into the temporary file. */
        public OutputStream out() {
            return out;
        }

        /** The final name. */
        public Path target() {
            return target;
        }

        /** Flushes, closes and renames the temporary file to the final name (atomically). */
        public void commit() throws IOException {
            if (done) {
                return;
            }
            done = true;
            out.close();
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }

        /** Closes and deletes the temporary file; the final name is not touched. */
        public void abort() {
            if (done) {
                return;
            }
            done = true;
            try {
                out.close();
            } catch (IOException ignored) {
                // deleting anyway
            }
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort
            }
        }
    }
}
