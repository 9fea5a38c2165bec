package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import sensor.api.material.AmbientMaterial;
import sensor.api.material.KernelForm;
import sensor.api.material.SurfaceMaterial;
import sensor.api.raytrace.ShadingTraceScene.Shading;
import sensor.api.scene.SceneView;

/**
 * A scene's materials and media as the lidarTrace kernel reads them ({@link LidarKernels.Inputs}), from their
 * {@link KernelForm}s: the kernel knows the Lambertian, GGX + Oren–Nayar and explicit BRDF surfaces and the atmosphere
 * and clear media; any other material (a third-party one, without a kernel form) keeps the scene in Java.
 */
final class ShadingInputs {
    private ShadingInputs() {}

    /** Why the kernel cannot shade {@code view}: the first object or medium it does not know; empty when it can. */
    static Optional<String> unsupported(SceneView view) {
        if (view.ambient() == null || medium(view.ambient()) == null) {
            return Optional.of("the ambient medium " + view.ambient() + " has no kernel form");
        }
        for (int i = 0; i < view.objects().size(); i++) {
            AmbientMaterial volume = view.volume(i);
            if (volume != null ? medium(volume) == null : surface(view.material(i)) == null) {
                Object m = volume != null ? volume : view.material(i);
                return Optional.of("object '" + view.objects().get(i).id() + "' has material " + m
                        + ", which has no kernel form (a third-party material: it runs in Java)");
            }
        }
        return Optional.empty();
    }

    /** The kernel's inputs for {@code view}; only where {@link #unsupported} is empty. */
    static LidarKernels.Inputs of(SceneView view, Shading s) {
        int n = view.objects().size();
        List<Double> spec = new ArrayList<>(), table = new ArrayList<>(), media = new ArrayList<>();
        int[] offset = new int[n], objectMaterial = new int[n], objectMedium = new int[n];
        add(media, medium(view.ambient()));
        int materials = 0;
        for (int i = 0; i < n; i++) {
            AmbientMaterial volume = view.volume(i);
            objectMaterial[i] = -1;
            objectMedium[i] = -1;
            if (volume != null) {
                objectMedium[i] = media.size() / 6;
                add(media, medium(volume));
                continue;
            }
            KernelForm f = surface(view.material(i));
            double[] p = f.parameters();
            offset[materials] = spec.size();
            objectMaterial[i] = materials++;
            switch (f.kind()) {
                case "lambertian" -> add(spec, new double[] {0, p[0]});
                case "ggx-oren-nayar" -> add(spec, new double[] {1, p[0], p[1], p[2], p[3], p[4]});
                default -> {
                    add(spec, new double[] {2, p[0], p[1], p[2], p[3], table.size()});
                    add(table, java.util.Arrays.copyOfRange(p, 4, p.length));
                }
            }
        }
        return new LidarKernels.Inputs(objectMaterial, doubles(spec), java.util.Arrays.copyOf(offset, materials),
                doubles(table), objectMedium, doubles(media), new double[] {s.tanDivergence(), s.emitterRadius(),
                    s.detectorRadius(), s.detectorOffset()}, s.suns().clone(), s.skyKlx(), s.rangeMax(), s.nodes(),
                s.normals(), s.background(), s.randomKey(), s.step());
    }

    /** A surface's kernel form, or null when the kernel does not know it. */
    private static KernelForm surface(SurfaceMaterial m) {
        KernelForm f = m == null ? null : m.kernelForm().orElse(null);
        return f != null && List.of("lambertian", "ggx-oren-nayar", "explicit-brdf").contains(f.kind()) ? f : null;
    }

    /** A medium as six doubles (n, α, A, k, θ, ln Γ(k)), or null when the kernel does not know it. */
    private static double[] medium(AmbientMaterial m) {
        KernelForm f = m.kernelForm().orElse(null);
        if (f == null) {
            return null;
        }
        double[] p = f.parameters();
        return switch (f.kind()) {
            case "atmosphere" -> p;
            case "clear" -> new double[] {p[0], p[1], 0, 1, 1, 0}; // no returns: A = 0
            default -> null;
        };
    }

    private static void add(List<Double> to, double[] values) {
        for (double v : values) {
            to.add(v);
        }
    }

    private static double[] doubles(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
