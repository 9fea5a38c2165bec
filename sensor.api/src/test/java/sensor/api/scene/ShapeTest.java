package sensor.api.scene;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class ShapeTest {
    @Test
    void shapesRejectBadParametersNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Shape.Sphere(0)).getMessage().startsWith("radius"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Shape.Box(1, -1, 1)).getMessage().startsWith("halfY"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Shape.Cylinder(1, Double.NaN)).getMessage().startsWith("height"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new Shape.TriangleMesh(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, new int[] {0, 1, 3})).getMessage()
                .startsWith("indices[2]"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> new Shape.Heightfield(2, 2, 1, 1, new float[3])).getMessage().startsWith("heights"));
    }

    @Test
    void meshIsCopiedSoCallersCannotChangeIt() {
        float[] v = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        var mesh = new Shape.TriangleMesh(v, new int[] {0, 1, 2});
        v[0] = 99;
        assertEquals(0, mesh.vertices()[0]);
        assertEquals(1, mesh.triangleCount());
    }
}
