package sensor.api.material;

import org.osgi.annotation.versioning.ConsumerType;

import sensor.api.Args;

/**
 * The medium rays travel through: refractive index (for the optical path length [L-OPL]), Beer–Lambert
 * attenuation [L-13] and atmospheric returns [L-14].
 */
@ConsumerType
public interface AmbientMaterial {
    /** Refractive index {@code n >= 1}. */
    double refractiveIndex();

    /** Attenuation coefficient {@code α} (1/m): {@code I_T = I·exp(−α x)} over OPL {@code x} ([L-13]). */
    double attenuation();

    /** Probability of an atmospheric return with OPL in {@code [x0, x1)} from the medium entry ([L-14]). */
    default double returnProbability(double x0, double x1) {
        return 0;
    }

    /**
     * An upper bound of {@link #returnProbability} over every segment (default 1; 0 when there are no returns): a
     * uniform number at or above it decides "no return" without evaluating the probability.
     */
    default double maxReturnProbability() {
        return 1;
    }

    /**
     * OPL of an atmospheric return in {@code [x0, x1)}, given that one occurs, from a uniform number
     * {@code u} in [0, 1) ([L-14]).
     */
    default double sampleReturn(double x0, double x1, double u) {
        return x0 + u * (x1 - x0);
    }

    /** Its closed form for a device pipeline; empty (the default) when it is evaluated in Java only. */
    default java.util.Optional<KernelForm> kernelForm() {
        return java.util.Optional.empty();
    }

    /** A clear medium: index and attenuation, no atmospheric returns. */
    static AmbientMaterial clear(double refractiveIndex, double attenuation) {
        Args.inRange("refractiveIndex", refractiveIndex, 1, 10);
        Args.nonNegative("attenuation", attenuation);
        return new AmbientMaterial() {
            @Override
            public double refractiveIndex() { return refractiveIndex; }

            @Override
            public double attenuation() { return attenuation; }

            @Override
            public double maxReturnProbability() { return 0; }

            @Override
            public java.util.Optional<KernelForm> kernelForm() {
                return java.util.Optional.of(new KernelForm("clear", new double[] {refractiveIndex, attenuation}));
            }

            @Override
            public String toString() { return "clear(n=" + refractiveIndex + ", alpha=" + attenuation + ")"; }
        };
    }

    /** Air with the manual's defaults, {@code n = 1.000273}, {@code α = 0.000402272 /m}, without atmospheric returns. */
    static AmbientMaterial defaultAir() {
        return clear(1.000273, 0.000402272);
    }
}
