package sensor.env;

import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.ComputePool;

/**
 * The runtime's {@link ComputePool}: one fork-join pool of {@code sensorsim.threads} workers (framework or system
 * property; default: all processors), daemon threads, shut down with the bundle.
 */
@Component(service = ComputePool.class)
public class Pool implements ComputePool {
    private ForkJoinPool pool;
    private ComputePool delegate;

    @Activate
    void activate(org.osgi.framework.BundleContext context) {
        String t = context.getProperty("sensorsim.threads");
        int threads = t == null ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(t.trim());
        pool = new ForkJoinPool(Math.max(1, threads), p -> {
            var w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            w.setName("sensorsim-worker-" + w.getPoolIndex());
            w.setDaemon(true);
            return w;
        }, null, false);
        delegate = new ForkJoinComputePool(pool);
    }

    @Deactivate
    void deactivate() {
        pool.shutdownNow();
    }

    @Override
    public int parallelism() {
        return delegate.parallelism();
    }

    @Override
    public void run(int n, int maxParallel, IntConsumer task) {
        delegate.run(n, maxParallel, task);
    }
}
