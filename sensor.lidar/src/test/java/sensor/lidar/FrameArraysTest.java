package sensor.lidar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The lidar's kept frame arrays: the same array while the frame's size stays, a new one of the new size when not. */
class FrameArraysTest {
    @Test
    void keepsAnArrayWhileTheSizeStaysAndMakesOneOfTheNewSizeWhenItChanges() {
        FrameArrays kept = new FrameArrays();
        int[] a = kept.get("keys", 3, int[]::new);
        assertEquals(3, a.length);
        assertSame(a, kept.get("keys", 3, int[]::new));
        assertNotSame(a, kept.get("other", 3, int[]::new), "arrays are kept by name");
        int[] b = kept.get("keys", 5, int[]::new);
        assertEquals(5, b.length);
        assertEquals(2, kept.get("keys", 2, int[]::new).length, "a smaller frame gets an array of its own size");
        var rays = kept.rays(4);
        assertEquals(4, rays.size());
        assertSame(rays, kept.rays(4));
        assertEquals(6, kept.rays(6).size());
    }
}
