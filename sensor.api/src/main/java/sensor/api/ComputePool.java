package sensor.api;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
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
     * (tasks {@code g, g + k, g + 2k...} share a worker, {@code k = min(n, maxParallel, parallelism())}), and returns
     * when all have ended; an exception of a task is rethrown.
     */
    void run(int n, int maxParallel, IntConsumer task);

    /** A pool over a caller-owned {@link ForkJoinPool} (plain Java use; the caller shuts it down). */
    static ComputePool of(ForkJoinPool pool) {
        Args.notNull("pool", pool);
        return new ComputePool() {
            @Override
            public int parallelism() {
                return pool.getParallelism();
            }

            @Override
            public void run(int n, int maxParallel, IntConsumer task) {
                int k = Math.min(n, Math.min(maxParallel, pool.getParallelism()));
                if (k <= 1) {
                    for (int i = 0; i < n; i++) {
                        task.accept(i);
                    }
                    return;
                }
                ForkJoinTask<?>[] groups = new ForkJoinTask<?>[k];
                for (int g = 0; g < k; g++) {
                    int first = g;
                    groups[g] = ForkJoinTask.adapt(() -> {
                        for (int i = first; i < n; i += k) {
                            task.accept(i);
                        }
                    });
                }
                if (ForkJoinTask.getPool() == pool) {
                    ForkJoinTask.invokeAll(groups);
                } else {
                    pool.submit(() -> ForkJoinTask.invokeAll(groups)).join();
                }
            }
        };
    }

    /**
     * The default outside a framework: one pool per JVM with a worker per processor (daemon threads), made on
     * first use. In a framework, use the service.
     */
    static ComputePool common() {
        return Shared.POOL;
    }

    /** Holder of {@link #common()}. */
    final class Shared {
        private static final ComputePool POOL = of(new ForkJoinPool(Runtime.getRuntime().availableProcessors(), p -> {
            var w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            w.setDaemon(true);
            return w;
        }, null, false));

        private Shared() {}
    }
}
