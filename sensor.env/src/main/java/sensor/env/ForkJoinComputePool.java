package sensor.env;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import sensor.api.Args;
import sensor.api.ComputePool;

/**
 * A {@link ComputePool} over a caller-owned {@link ForkJoinPool} (the runtime's {@link Pool} uses one; plain Java
 * makes its own and shuts it down). {@code k = min(n, maxParallel, parallelism)} workers take the tasks in index
 * order, each the next one as it frees up; a task of the pool that calls {@link #run} helps instead of blocking.
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
        // each of the k workers takes the next task as it frees up, so a worker slowed by other threads (the writer,
        // the compiler) or given the costlier tasks holds up no other; a failed task stops the taking
        AtomicInteger next = new AtomicInteger();
        ForkJoinTask<?>[] groups = new ForkJoinTask<?>[k];
        for (int g = 0; g < k; g++) {
            groups[g] = ForkJoinTask.adapt(() -> {
                try {
                    for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                        task.accept(i);
                    }
                } catch (RuntimeException | Error e) {
                    next.set(n);
                    throw e;
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
