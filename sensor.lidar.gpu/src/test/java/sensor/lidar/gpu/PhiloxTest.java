package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

import sensor.api.random.CounterRandom;

/** The Java port of the kernel's Philox4x32-10 (constants, key words, unit conversion) against CounterRandom. */
class PhiloxTest {
    @Test
    void blocksMatchCounterRandom() {
        Random rnd = new Random(5);
        int[] a = new int[4], b = new int[4];
        for (int i = 0; i < 10_000; i++) {
            long key = rnd.nextLong();
            int c0 = rnd.nextInt(), c1 = rnd.nextInt(), c2 = rnd.nextInt(), c3 = rnd.nextInt();
            CounterRandom.ofKey(key).block(c0, c1, c2, c3, a);
            Philox.block((int) key, (int) (key >>> 32), c0, c1, c2, c3, b);
            assertArrayEquals(a, b);
        }
    }

    @Test
    void uniformsMatchIncludingStepsAbove32Bits() {
        Random rnd = new Random(6);
        for (int i = 0; i < 10_000; i++) {
            CounterRandom g = CounterRandom.of(rnd.nextLong(), "lidar-" + i % 7);
            long step = i % 2 == 0 ? rnd.nextInt(1 << 20) : rnd.nextLong();
            long index = rnd.nextLong() >>> rnd.nextInt(64);
            int draw = rnd.nextInt(8);
            assertEquals(g.uniform(step, index, draw), Philox.uniform(g.key(), step, index, draw));
        }
    }

    /** The published Philox4x32-10 known-answer vector (Random123 kat_vectors): counter and key all ones. */
    @Test
    void knownAnswer() {
        int[] out = new int[4];
        Philox.block(-1, -1, -1, -1, -1, -1, out);
        assertArrayEquals(new int[] {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}, out);
        Philox.block(0, 0, 0, 0, 0, 0, out);
        assertArrayEquals(new int[] {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}, out);
    }
}
