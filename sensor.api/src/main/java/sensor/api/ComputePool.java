package sensor.api;

import java.util.function.IntConsumer;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The runtime's one pool of worker threads, shared by every sensor and backend (registered as a service by the
 * environment bundle). Work is split into independent tasks whose results do not depend on which thread runs
 * them or how many run at once, so output is identical for any pool size. Tasks may themselves call
 * {@link #run} (nested work helps instead of blocking).
 */
@ProviderType
public interface ComputePool {
    /** Threads the pool runs. */
    int parallelism();

    /**
     * Runs {@code task(i)} for every {@code i} in {@code [0, n)} with at most {@code maxParallel} of them at once
     * (on at most {@code min(n, maxParallel, parallelism())} workers; which task runs on which worker is not
     * specified), and returns when all have ended; an exception of a task is rethrown.
     */
    void run(int n, int maxParallel, IntConsumer task);

    /** Work on the indices {@code [from, to)} of one block of {@link #runBlocks}. */
    @FunctionalInterface
    interface Block {
        void run(int from, int to);
    }

    /**
     * Runs {@code block} over {@code [0, n)} cut into fixed blocks of {@code blockSize} indices (the last one may be
     * shorter), at most {@code maxParallel} at once as {@link #run} runs tasks; one block alone runs on the caller's
     * thread. The blocks follow {@code n} and {@code blockSize} only, never the pool's size, so what a block computes
     * is the same on every pool.
     */
    default void runBlocks(int n, int blockSize, int maxParallel, Block block) {
        int blocks = (n + blockSize - 1) / blockSize;
        if (blocks <= 1) {
            block.run(0, n);
            return;
        }
        run(blocks, maxParallel, b -> block.run(b * blockSize, Math.min(n, (b + 1) * blockSize)));
    }

    /**
     * A pool without threads: every task runs on the caller's thread, one after another (the fallback of a component
     * used outside a framework; the runtime's pool is the {@code ComputePool} service).
     */
    static ComputePool serial() {
        return new ComputePool() {
            @Override
            public int parallelism() {
                return 1;
            }

            @Override
            public void run(int n, int maxParallel, IntConsumer task) {
                for (int i = 0; i < n; i++) {
                    task.accept(i);
                }
            }
        };
    }
}
