package sensor.scenario;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import sensor.api.scene.Shape;

class MeshesTest {
    @TempDir
    Path dir;

    @Test
    void objQuadsAreTriangulated() throws Exception {
        Path obj = dir.resolve("quad.obj");
        Files.writeString(obj, "v 0 0 0\nv 2 0 0\nv 2 3 0\nv 0 3 0\nf 1 2 3 4\n");
        Shape.TriangleMesh m = Meshes.load(obj, 2);
        assertEquals(2, m.triangleCount());
        assertEquals(4, m.vertices()[6], 0); // vertex 3 x = 2, scaled by 2
    }

    @Test
    void gltfTrianglesAreRead() throws Exception {
        // one triangle, positions as 3 float VEC3 in an embedded base64 buffer, indices as 3 unsigned shorts
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(36 + 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float f : new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}) {
            b.putFloat(f);
        }
        b.putShort((short) 0).putShort((short) 1).putShort((short) 2).putShort((short) 0);
        String data = Base64.getEncoder().encodeToString(b.array());
        String gltf = """
                {"asset": {"version": "2.0"},
                 "buffers": [{"byteLength": 44, "uri": "data:application/octet-stream;base64,%s"}],
                 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36},
                                 {"buffer": 0, "byteOffset": 36, "byteLength": 6}],
                 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                                "min": [0, 0, 0], "max": [1, 1, 0]},
                               {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}],
                 "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
                 "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0}
                """.formatted(data);
        Path file = dir.resolve("tri.gltf");
        Files.writeString(file, gltf);
        Shape.TriangleMesh m = Meshes.load(file, 1);
        assertEquals(1, m.triangleCount());
        assertArrayEquals(new int[] {0, 1, 2}, m.indices());
        assertEquals(1, m.vertices()[3], 0);
    }

    @Test
    void missingAndUnsupportedFilesAreNamed() {
        var e = assertThrows(java.io.IOException.class, () -> Meshes.load(dir.resolve("none.obj"), 1));
        assertTrue(e.getMessage().contains("none.obj"));
        assertThrows(java.io.IOException.class, () -> Meshes.load(Files.writeString(dir.resolve("x.stl"), "solid"), 1));
    }
}
