package sensor.env;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;

import sensor.api.Args;
import sensor.api.ComputePool;

/**
 * A {@link ComputePool} over a caller-owned {@link ForkJoinPool} (the runtime's {@link Pool} uses one; plain Java
 * makes its own and shuts it down). Tasks {@code g, g + k, g + 2k...} share a worker, {@code k = min(n,
 * maxParallel, parallelism)}; a task of the pool that calls {@link #run} helps instead of blocking.
 */
public final class ForkJoinComputePool implements ComputePool {
    private final ForkJoinPool pool;

    /** Runs tasks on {@code pool}. */
    public ForkJoinComputePool(ForkJoinPool pool) {
        this.pool = Args.notNull("pool", pool);
    }

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
}
