package sensor.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import de.javagl.obj.Obj;
import de.javagl.obj.ObjData;
import de.javagl.obj.ObjReader;
import de.javagl.obj.ObjUtils;

import sensor.api.scene.Shape;

/**
 * Triangle meshes from files, through de.javagl's maintained readers: Wavefront OBJ ({@code de.javagl:obj},
 * faces triangulated) and glTF 2.0 ({@code .gltf} with its buffers, or {@code .glb}; {@code de.javagl:jgltf-model}:
 * every triangle primitive of every mesh, in the mesh's own coordinates — node transforms are not applied).
 */
final class Meshes {
    /** jgltf logs a warning per unknown property (extensions, extras): harmless here, kept out of the output. */
    private static final java.util.logging.Logger JGLTF = java.util.logging.Logger.getLogger("de.javagl.jgltf");

    static {
        JGLTF.setLevel(java.util.logging.Level.SEVERE);
    }

    private Meshes() {}

    static Shape.TriangleMesh load(Path file, double scale) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("mesh file not found: " + file.toAbsolutePath());
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean isObj = name.endsWith(".obj");
        if (!isObj && !name.endsWith(".gltf") && !name.endsWith(".glb")) {
            throw new IOException("mesh file must be .obj, .gltf or .glb: " + file);
        }
        Shape.TriangleMesh mesh;
        try { // the parsers throw runtime exceptions of their own on malformed files
            mesh = checked(isObj ? obj(file) : gltf(file), file);
        } catch (RuntimeException e) {
            throw new IOException(file.getFileName() + " is not a valid " + (isObj ? "OBJ" : "glTF") + " file"
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
        }
        if (scale == 1) {
            return mesh;
        }
        float[] v = mesh.vertices();
        for (int i = 0; i < v.length; i++) {
            v[i] *= (float) scale;
        }
        return new Shape.TriangleMesh(v, mesh.indices());
    }

    /**
     * Checks a binary glTF's header and chunk lengths against the file's size before the reader allocates what they
     * declare (a corrupt length would otherwise ask for gigabytes): magic {@code glTF}, the declared total length, and
     * for version 2 every chunk's length within what remains.
     */
    static void checkGlbLayout(Path file) throws IOException {
        String name = file.getFileName().toString();
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            long size = ch.size();
            java.nio.ByteBuffer header = read(ch, 0, 12);
            if (header == null || header.getInt(0) != 0x46546C67) {
                throw new IOException(name + " is not a valid glTF file: no binary glTF header (magic 'glTF')");
            }
            long declared = Integer.toUnsignedLong(header.getInt(8));
            if (declared > size) {
                throw new IOException(name + " is not a valid glTF file: its header declares " + declared
                        + " bytes, the file has " + size);
            }
            for (long at = 12; header.getInt(4) == 2 && at + 8 <= declared;) {
                long length = Integer.toUnsignedLong(read(ch, at, 8).getInt(0));
                if (length > declared - at - 8) {
                    throw new IOException(name + " is not a valid glTF file: a chunk at byte " + at + " declares " + length
                            + " bytes, " + (declared - at - 8) + " remain");
                }
                at += 8 + length;
            }
        }
    }

    /** {@code n} bytes at {@code position} (little-endian), or null past the end of the file. */
    private static java.nio.ByteBuffer read(java.nio.channels.FileChannel ch, long position, int n) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, position + b.position()) < 0) {
                return null;
            }
        }
        return b.flip();
    }

    /** Rejects a mesh whose indices name no vertex or whose vertices are not finite numbers. */
    private static Shape.TriangleMesh checked(Shape.TriangleMesh mesh, Path file) throws IOException {
        int vertices = mesh.vertices().length / 3;
        for (int i : mesh.indices()) {
            if (i < 0 || i >= vertices) {
                throw new IOException(file.getFileName() + ": a face names vertex " + (i + 1) + " of " + vertices);
            }
        }
        for (float v : mesh.vertices()) {
            if (!Float.isFinite(v)) {
                throw new IOException(file.getFileName() + ": a vertex coordinate is not a finite number");
            }
        }
        return mesh;
    }

    private static Shape.TriangleMesh obj(Path file) throws IOException {
        Obj obj;
        try (InputStream in = Files.newInputStream(file)) {
            obj = ObjUtils.triangulate(ObjReader.read(in));
        }
        if (obj.getNumFaces() == 0) {
            throw new IOException("OBJ file has no faces: " + file);
        }
        return new Shape.TriangleMesh(ObjData.getVerticesArray(obj), ObjData.getFaceVertexIndicesArray(obj, 3));
    }

    private static Shape.TriangleMesh gltf(Path file) throws IOException {
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb")) {
            checkGlbLayout(file);
        }
        GltfModel model = new GltfModelReader().read(file.toUri());
        List<Float> vertices = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        for (MeshModel mesh : model.getMeshModels()) {
            for (MeshPrimitiveModel p : mesh.getMeshPrimitiveModels()) {
                if (p.getMode() != 4) { // TRIANGLES
                    continue;
                }
                AccessorModel positions = p.getAttributes().get("POSITION");
                if (positions == null) {
                    continue;
                }
                int base = vertices.size() / 3;
                AccessorData data = positions.getAccessorData();
                int n = positions.getCount();
                if (!(data instanceof de.javagl.jgltf.model.AccessorFloatData floats) || positions.getElementType()
                        .getNumComponents() != 3) {
                    throw new IOException(file.getFileName() + ": POSITION must be VEC3 of floats");
                }
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < 3; c++) {
                        vertices.add(floats.get(i, c));
                    }
                }
                AccessorModel idx = p.getIndices();
                if (idx == null) {
                    for (int i = 0; i < n; i++) {
                        indices.add(base + i);
                    }
                } else {
                    AccessorData id = idx.getAccessorData();
                    for (int i = 0; i < idx.getCount(); i++) {
                        indices.add(base + index(id, i));
                    }
                }
            }
        }
        if (indices.isEmpty()) {
            throw new IOException("glTF file has no triangle primitives with POSITION: " + file);
        }
        float[] v = new float[vertices.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = vertices.get(i);
        }
        return new Shape.TriangleMesh(v, indices.stream().mapToInt(Integer::intValue).toArray());
    }

    private static int index(AccessorData d, int i) {
        if (d instanceof de.javagl.jgltf.model.AccessorIntData a) {
            return a.get(i);
        }
        if (d instanceof de.javagl.jgltf.model.AccessorShortData s) {
            return s.getInt(i);
        }
        if (d instanceof de.javagl.jgltf.model.AccessorByteData b) {
            return b.getInt(i);
        }
        throw new IllegalArgumentException("unsupported glTF index type " + d.getComponentType());
    }
}
