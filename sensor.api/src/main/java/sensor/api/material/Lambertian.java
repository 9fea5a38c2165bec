package sensor.api.material;

import sensor.api.Args;

/**
 * Lambertian opaque surface ([L-4]): {@code f(l, v) = C_D / π}, {@code 0 ≤ C_D ≤ 1}. With
 * {@code C_D = 0.8} it is the default material of every object that has none.
 */
public record Lambertian(double reflectivity) implements SurfaceMaterial {
    /** The default material: C_D = 0.8. */
    public static final Lambertian DEFAULT = new Lambertian(0.8);

    public Lambertian {
        Args.inRange("reflectivity", reflectivity, 0, 1);
    }

    @Override
    public double brdf(double lx, double ly, double lz, double vx, double vy, double vz) {
        return lz > 0 && vz > 0 ? reflectivity / Math.PI : 0;
    }

    @Override
    public java.util.Optional<KernelForm> kernelForm() {
        return java.util.Optional.of(new KernelForm("lambertian", new double[] {reflectivity}));
    }
}
