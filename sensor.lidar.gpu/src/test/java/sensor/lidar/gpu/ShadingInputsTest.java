package sensor.lidar.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.KernelForm;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;
import sensor.api.raytrace.ShadingTraceScene.Shading;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.materials.impl.Atmosphere;
import sensor.materials.impl.ExplicitBrdf;
import sensor.materials.impl.GgxOrenNayarBrdf;

/** How a scene's kernel forms become the lidarTrace kernel's inputs, and why a scene cannot be shaded on the device. */
class ShadingInputsTest {
    static final Atmosphere AIR = new Atmosphere(1.000273, 0.004, 0.15, 1.5, 12);

    /** A third-party surface material: no kernel form. */
    static SurfaceMaterial acmePaint() {
        return new SurfaceMaterial() {
            @Override
            public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0.1; }

            @Override
            public String toString() { return "acme-paint"; }
        };
    }

    /** A third-party medium: no kernel form. */
    static AmbientMaterial acmeFog() {
        return new AmbientMaterial() {
            @Override
            public double refractiveIndex() { return 1.0; }

            @Override
            public double attenuation() { return 0.2; }

            @Override
            public String toString() { return "acme-fog"; }
        };
    }

    static Shading shading(double[] suns) {
        return new Shading(7, 180, 0.0015, 0.004, 0.012, 0.03, 0x1234_5678_9abcL, 42, true, false, suns, 12.5);
    }

    // ---- unsupported

    @Test
    void aSceneOfBuiltInsIsSupported() {
        assertEquals(Optional.empty(), ShadingInputs.unsupported(PipelineOnHostTest.scene(7, AIR)));
        assertEquals(Optional.empty(), ShadingInputs.unsupported(PipelineOnHostTest.scene(8,
                AmbientMaterial.clear(1.0, 0))));
    }

    @Test
    void aThirdPartySurfaceMaterialIsNamedWithItsObject() {
        PipelineOnHostTest.View v = PipelineOnHostTest.scene(7, AIR);
        v.materials.set(5, acmePaint());
        v.materials.set(9, acmePaint());
        String why = ShadingInputs.unsupported(v).orElseThrow();
        assertTrue(why.contains("object 'o5'"), why); // the first one
        assertTrue(why.contains("acme-paint"), why);
        assertTrue(why.contains("no kernel form"), why);
        assertFalse(why.contains("'o9'"), why);
    }

    @Test
    void aMaterialOfAnUnknownKindOrNoneIsUnsupported() {
        PipelineOnHostTest.View v = PipelineOnHostTest.scene(7, AIR);
        v.materials.set(3, new SurfaceMaterial() { // a kernel form the kernel does not know
            @Override
            public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) { return 0; }

            @Override
            public Optional<KernelForm> kernelForm() { return Optional.of(new KernelForm("toon", new double[] {1})); }

            @Override
            public String toString() { return "toon"; }
        });
        String why = ShadingInputs.unsupported(v).orElseThrow();
        assertTrue(why.contains("object 'o3'") && why.contains("toon"), why);
        v.materials.set(3, null);
        why = ShadingInputs.unsupported(v).orElseThrow();
        assertTrue(why.contains("object 'o3'") && why.contains("null"), why);
    }

    @Test
    void everyKnownSurfaceKindIsSupported() {
        for (SurfaceMaterial m : List.of(new Lambertian(0.3), new GgxOrenNayarBrdf(1.5, 0, 0.1, 0.2, 0.4),
                new ExplicitBrdf(2, 1, 2, 1, new double[] {0.1, 0.2, 0.3, 0.4}))) {
            Mixed v = small(AIR);
            for (int i = 0; i < v.materials.size(); i++) {
                v.materials.set(i, m);
                v.volumes.set(i, null);
            }
            assertEquals(Optional.empty(), ShadingInputs.unsupported(v), m.toString());
        }
    }

    @Test
    void aThirdPartyAmbientIsNamed() {
        String why = ShadingInputs.unsupported(PipelineOnHostTest.scene(7, acmeFog())).orElseThrow();
        assertTrue(why.contains("ambient medium acme-fog"), why);
        assertTrue(why.contains("no kernel form"), why);
    }

    @Test
    void aNullAmbientIsNamed() {
        String why = ShadingInputs.unsupported(PipelineOnHostTest.scene(7, null)).orElseThrow();
        assertEquals("the ambient medium null has no kernel form", why);
    }

    @Test
    void anAmbientOfAnUnknownKindIsUnsupported() {
        AmbientMaterial odd = new AmbientMaterial() {
            @Override
            public double refractiveIndex() { return 1.0; }

            @Override
            public double attenuation() { return 0; }

            @Override
            public Optional<KernelForm> kernelForm() {
                return Optional.of(new KernelForm("lambertian", new double[] {0.5})); // a surface's kind
            }

            @Override
            public String toString() { return "odd"; }
        };
        String why = ShadingInputs.unsupported(PipelineOnHostTest.scene(7, odd)).orElseThrow();
        assertTrue(why.contains("ambient medium odd"), why);
    }

    @Test
    void aThirdPartyVolumeIsNamedWithItsObject() {
        Mixed v = Mixed.of(PipelineOnHostTest.scene(7, AIR));
        int last = v.objects().size() - 1;
        v.volumes.set(last, acmeFog());
        String why = ShadingInputs.unsupported(v).orElseThrow();
        assertTrue(why.contains("object 'o" + last + "'"), why);
        assertTrue(why.contains("acme-fog"), why);
        assertFalse(why.contains("ambient"), why);
    }

    @Test
    void aVolumesSurfaceMaterialIsNotAsked() {
        // a volume object is shaded by its medium: a third-party surface material on it does not matter
        PipelineOnHostTest.View v = PipelineOnHostTest.scene(7, AIR);
        int last = v.objects().size() - 1;
        v.materials.set(last, acmePaint());
        assertEquals(Optional.empty(), ShadingInputs.unsupported(v));
        LidarKernels.Inputs in = ShadingInputs.of(v, shading(new double[0]));
        assertEquals(-1, in.objectMaterial()[last]);
    }

    // ---- of

    static final GgxOrenNayarBrdf GGX = new GgxOrenNayarBrdf(1.45, 0.3, 0.12, 0.25, 0.6);
    static final double[] S1 = {0.11, 0.12, 0.13, 0.14}, S2 = {0.21, 0.22, 0.23, 0.24, 0.25, 0.26, 0.27, 0.28};
    static final Atmosphere FOG = new Atmosphere(1.01, 0.08, 0.5, 2, 2.5);

    /** A scene view whose volumes may be any medium (PipelineOnHostTest.View holds Atmospheres only). */
    static final class Mixed implements SceneView {
        final TestScene shapes;
        final AmbientMaterial ambient;
        final List<SurfaceMaterial> materials = new ArrayList<>();
        final List<AmbientMaterial> volumes = new ArrayList<>();

        Mixed(TestScene shapes, AmbientMaterial ambient) {
            this.shapes = shapes;
            this.ambient = ambient;
        }

        /** The same scene as {@code v}. */
        static Mixed of(PipelineOnHostTest.View v) {
            Mixed m = new Mixed(v.shapes, v.ambient);
            m.materials.addAll(v.materials);
            m.volumes.addAll(v.volumes);
            return m;
        }

        @Override public List<ObjectSpec> objects() { return shapes.objects(); }
        @Override public Pose objectPose(int index, double t) { return shapes.objectPose(index, t); }
        @Override public SurfaceMaterial material(int index) { return materials.get(index); }
        @Override public AmbientMaterial ambient() { return ambient; }
        @Override public AmbientMaterial volume(int index) { return volumes.get(index); }
        @Override public long revision() { return shapes.revision(); }
    }

    /**
     * Seven objects, surfaces and volumes interleaved: 0 Lambertian 0.3, 1 the fog bank, 2 GGX, 3 an explicit BRDF
     * (2·1·2·1), 4 a clear volume, 5 an explicit BRDF (2·2·2·1), 6 Lambertian 0.9.
     */
    static Mixed small(AmbientMaterial ambient) {
        TestScene s = new TestScene();
        for (int i = 0; i < 7; i++) {
            s.add(new Shape.Sphere(0.5), new Pose(new Vec3(3 * i, 0, 0), Quat.IDENTITY));
        }
        Mixed v = new Mixed(s, ambient);
        v.materials.addAll(Arrays.asList(new Lambertian(0.3), Lambertian.DEFAULT, GGX,
                new ExplicitBrdf(2, 1, 2, 1, S1), Lambertian.DEFAULT, new ExplicitBrdf(2, 2, 2, 1, S2),
                new Lambertian(0.9)));
        v.volumes.addAll(Arrays.asList(null, FOG, null, null, AmbientMaterial.clear(1.33, 0.2), null, null));
        return v;
    }

    @Test
    void objectsAreMappedToMaterialsAndMedia() {
        LidarKernels.Inputs in = ShadingInputs.of(small(AIR), shading(new double[0]));
        assertArrayEquals(new int[] {0, -1, 1, 2, -1, 3, 4}, in.objectMaterial());
        assertArrayEquals(new int[] {-1, 1, -1, -1, 2, -1, -1}, in.objectMedium());
    }

    @Test
    void specsAreLaidOutPerKindWithTheExplicitSamplesInTheTable() {
        LidarKernels.Inputs in = ShadingInputs.of(small(AIR), shading(new double[0]));
        assertArrayEquals(new double[] {
            0, 0.3, //
            1, 1.45, 0.3, 0.12, 0.25, 0.6, //
            2, 2, 1, 2, 1, 0, //
            2, 2, 2, 2, 1, 4, //
            0, 0.9}, in.materialSpec(), 0);
        assertArrayEquals(new int[] {0, 2, 8, 14, 20}, in.materialOffset());
        double[] table = new double[S1.length + S2.length];
        System.arraycopy(S1, 0, table, 0, S1.length);
        System.arraycopy(S2, 0, table, S1.length, S2.length);
        assertArrayEquals(table, in.brdfTable(), 0);
        // each explicit BRDF's samples at the offset its spec names
        for (int m = 0; m < in.materialOffset().length; m++) {
            int o = in.materialOffset()[m];
            if (in.materialSpec()[o] == 2) {
                double[] s = m == 2 ? S1 : S2;
                int at = (int) in.materialSpec()[o + 5];
                assertArrayEquals(s, Arrays.copyOfRange(in.brdfTable(), at, at + s.length), 0);
            }
        }
    }

    @Test
    void mediaAreSixDoublesEachTheAmbientFirstClearWithoutReturns() {
        LidarKernels.Inputs in = ShadingInputs.of(small(AmbientMaterial.clear(1.000273, 0.0004)),
                shading(new double[0]));
        double[] fog = FOG.kernelForm().orElseThrow().parameters();
        double[] expected = new double[18];
        System.arraycopy(new double[] {1.000273, 0.0004, 0, 1, 1, 0}, 0, expected, 0, 6);
        System.arraycopy(fog, 0, expected, 6, 6);
        System.arraycopy(new double[] {1.33, 0.2, 0, 1, 1, 0}, 0, expected, 12, 6);
        assertArrayEquals(expected, in.media(), 0);
        in = ShadingInputs.of(small(AIR), shading(new double[0]));
        assertArrayEquals(AIR.kernelForm().orElseThrow().parameters(), Arrays.copyOf(in.media(), 6), 0);
    }

    @Test
    void theShadingRecordIsCarriedOver() {
        double[] suns = {0.3, -0.5, 0.8, 90, 0, 0, 1, 5};
        Shading s = shading(suns);
        LidarKernels.Inputs in = ShadingInputs.of(small(AIR), s);
        assertArrayEquals(new double[] {0.0015, 0.004, 0.012, 0.03}, in.optics(), 0);
        assertArrayEquals(new double[] {0.3, -0.5, 0.8, 90, 0, 0, 1, 5}, in.suns(), 0);
        assertEquals(12.5, in.skyKlx());
        assertEquals(180, in.rangeMax());
        assertEquals(7, in.nodes());
        assertTrue(in.keepNormals());
        assertFalse(in.keepBackground());
        assertEquals(0x1234_5678_9abcL, in.randomKey());
        assertEquals(42, in.step());
        suns[3] = -1; // the caller's array, after of: no effect
        s.suns()[0] = -1;
        assertArrayEquals(new double[] {0.3, -0.5, 0.8, 90, 0, 0, 1, 5}, in.suns(), 0);
        LidarKernels.Inputs other = ShadingInputs.of(small(AIR),
                new Shading(3, 90, 0.5, 0.1, 0.2, 0.3, -7, 3, false, true, new double[0], 0));
        assertArrayEquals(new double[] {0.5, 0.1, 0.2, 0.3}, other.optics(), 0);
        assertFalse(other.keepNormals());
        assertTrue(other.keepBackground());
        assertEquals(-7, other.randomKey());
        assertEquals(3, other.nodes());
        assertEquals(90, other.rangeMax());
        assertEquals(0, other.suns().length);
    }

    @Test
    void theTestSceneIsEncodedObjectByObject() {
        // the mixed scene of PipelineOnHostTest: every surface in order, the two fog banks last
        PipelineOnHostTest.View v = PipelineOnHostTest.scene(7, AIR);
        LidarKernels.Inputs in = ShadingInputs.of(v, shading(new double[0]));
        int n = v.objects().size(), material = 0;
        for (int i = 0; i < n; i++) {
            if (i >= n - 2) {
                assertEquals(-1, in.objectMaterial()[i]);
                assertEquals(1 + i - (n - 2), in.objectMedium()[i]);
                assertArrayEquals(v.volumes.get(i).kernelForm().orElseThrow().parameters(),
                        Arrays.copyOfRange(in.media(), 6 * in.objectMedium()[i], 6 * in.objectMedium()[i] + 6), 0);
                continue;
            }
            assertEquals(material, in.objectMaterial()[i]);
            assertEquals(-1, in.objectMedium()[i]);
            KernelForm f = v.materials.get(i).kernelForm().orElseThrow();
            double[] p = f.parameters();
            int o = in.materialOffset()[material++];
            double[] spec = in.materialSpec();
            switch (f.kind()) {
                case "lambertian" -> assertArrayEquals(new double[] {0, p[0]}, Arrays.copyOfRange(spec, o, o + 2), 0);
                case "ggx-oren-nayar" -> {
                    assertEquals(1, spec[o]);
                    assertArrayEquals(p, Arrays.copyOfRange(spec, o + 1, o + 6), 0);
                }
                default -> {
                    assertEquals(2, spec[o]);
                    assertArrayEquals(Arrays.copyOf(p, 4), Arrays.copyOfRange(spec, o + 1, o + 5), 0);
                    int at = (int) spec[o + 5];
                    assertArrayEquals(Arrays.copyOfRange(p, 4, p.length),
                            Arrays.copyOfRange(in.brdfTable(), at, at + p.length - 4), 0);
                }
            }
        }
        assertEquals(n - 2, material);
        assertEquals(n - 2, in.materialOffset().length);
        assertEquals(18, in.media().length);
    }
}
