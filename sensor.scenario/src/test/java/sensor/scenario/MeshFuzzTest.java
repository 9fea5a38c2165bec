package sensor.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz targets (Jazzer) for the mesh loaders: OBJ, glTF (JSON) and GLB. The invariant: a mesh file either loads or
 * fails with an {@link IOException} or {@link IllegalArgumentException} whose message the scenario error carries;
 * never another exception (a null pointer, an index out of bounds), a hang or an out-of-memory.
 */
class MeshFuzzTest {
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("sensorsim-fuzz-mesh");
            DIR.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @FuzzTest(maxDuration = "10s")
    void obj(byte[] input) throws Exception {
        load(input, "mesh.obj");
    }

    @FuzzTest(maxDuration = "10s")
    void gltf(byte[] input) throws Exception {
        load(input, "mesh.gltf");
    }

    @FuzzTest(maxDuration = "10s")
    void glb(byte[] input) throws Exception {
        load(input, "mesh.glb");
    }

    private static void load(byte[] input, String name) throws Exception {
        Path file = DIR.resolve(Thread.currentThread().getId() + "-" + name);
        Files.write(file, input);
        try {
            Meshes.load(file, 1);
        } catch (IOException | IllegalArgumentException expected) {
            // a mesh error: the outcome the invariant allows
        }
    }
}
