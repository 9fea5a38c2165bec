package sensor.api.material;

import java.util.Arrays;

import sensor.api.Args;

/**
 * A built-in material's closed form, by which a device (a GPU pipeline) evaluates it without calling Java [L-3]: its
 * {@code kind} and {@code parameters}. The kinds: {@code lambertian} {C_D} [L-4]; {@code ggx-oren-nayar} {n, k, σ_B,
 * σ_ON, C_D} [L-12]; {@code explicit-brdf} {nθ_l, nφ_l, nθ_v, nφ_v, then the samples} [L-BRDF]; {@code atmosphere}
 * {n, α, A, k, θ, ln Γ(k)} [L-13] [L-14] (ln Γ(k) as the material computes it, so a device uses the same value); {@code clear} {n, α} (no returns). A material without a kernel form (every
 * third-party one) is evaluated in Java only.
 */
public record KernelForm(String kind, double[] parameters) {
    public KernelForm {
        Args.notNull("kind", kind);
        parameters = Args.notNull("parameters", parameters).clone();
    }

    @Override
    public double[] parameters() {
        return parameters.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KernelForm k && kind.equals(k.kind) && Arrays.equals(parameters, k.parameters);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + Arrays.hashCode(parameters);
    }

    @Override
    public String toString() {
        return kind + Arrays.toString(parameters);
    }
}
