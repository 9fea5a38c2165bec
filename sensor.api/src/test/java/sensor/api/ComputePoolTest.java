package sensor.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;

/** Fixed blocks over a pool: they follow the count and the block size, never the pool. */
class ComputePoolTest {
    /** A pool that records each call of {@link ComputePool#run} and runs the tasks in reverse order. */
    private static final class Recording implements ComputePool {
        final List<int[]> calls = new ArrayList<>();

        @Override
        public int parallelism() {
            return 7;
        }

        @Override
        public void run(int n, int maxParallel, IntConsumer task) {
            calls.add(new int[] {n, maxParallel});
            for (int i = n - 1; i >= 0; i--) {
                task.accept(i);
            }
        }
    }

    private static List<String> blocks(ComputePool pool, int n, int size) {
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        pool.runBlocks(n, size, 3, (from, to) -> seen.add(from + ".." + to));
        return seen.stream().sorted((a, b) -> Integer.compare(Integer.parseInt(a.split("\\.\\.")[0]),
                Integer.parseInt(b.split("\\.\\.")[0]))).toList();
    }

    @Test
    void blocksCoverTheRangeWithTheLastOneShorterOnEveryPool() {
        List<String> expected = List.of("0..4", "4..8", "8..10");
        assertEquals(expected, blocks(ComputePool.serial(), 10, 4));
        assertEquals(1, ComputePool.serial().parallelism());
        Recording pool = new Recording();
        assertEquals(expected, blocks(pool, 10, 4));
        assertEquals(1, pool.calls.size());
        assertEquals(3, pool.calls.get(0)[0], "three tasks");
        assertEquals(3, pool.calls.get(0)[1], "at most maxParallel at once");
        assertEquals(List.of("0..8", "8..16"), blocks(new Recording(), 16, 8), "no empty last block");
    }

    @Test
    void oneBlockOrNoneRunsOnTheCallersThreadWithoutThePool() {
        Recording pool = new Recording();
        assertEquals(List.of("0..4"), blocks(pool, 4, 4));
        assertEquals(List.of("0..0"), blocks(pool, 0, 4));
        assertEquals(0, pool.calls.size());
    }
}
