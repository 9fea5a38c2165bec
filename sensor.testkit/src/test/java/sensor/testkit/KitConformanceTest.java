package sensor.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import sensor.api.lidar.OutputNoise;
import sensor.api.lidar.RayInterval;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.material.SurfaceMaterial;
import sensor.lidar.NoiseStages;
import sensor.lidar.PatternTypes;
import sensor.lidar.api.NoiseConfigs;
import sensor.materials.api.GgxAndOrenNayarMaterial;
import sensor.materials.impl.GgxOrenNayarType;

/** The conformance bases on the project's own plugins, and proof that each check fails on a faulty plugin. */
class KitConformanceTest {
    @Nested
    class Lambertian extends SurfaceMaterialConformance {
        @Override
        protected SurfaceMaterial material() {
            return SurfaceMaterial.lambertian(1.0);
        }

        @Test
        void albedoOfAWhiteLambertianIsOne() {
            assertEquals(1.0, albedo(material(), 0, 0, 1), 1e-4);
        }
    }

    @Nested
    class GgxOrenNayar extends SurfaceMaterialConformance {
        @Override
        protected SurfaceMaterial material() {
            return new GgxOrenNayarType().create(new GgxAndOrenNayarMaterial());
        }

        /** [L-9] measured against the half vector lets the two-layer albedo exceed 1 beyond about 75 degrees (docs/MODELS.md). */
        @Override
        protected double maxIncidenceDegrees() {
            return 75;
        }

        /** [L-12] weights the diffuse layer by the transmittance T(l, h) of the incoming direction only. */
        @Override
        protected boolean reciprocal() {
            return false;
        }
    }

    @Nested
    class Sweep extends RayPatternConformance {
        @Override
        protected RayPatternGenerator pattern() {
            return new PatternTypes.Sweep().create(new PatternTypes.Sweep.Config(512, 10, List.of(-10.0, 0.0, 10.0)));
        }
    }

    @Nested
    class DistanceNoise extends OutputNoiseConformance {
        @Override
        protected OutputNoise noise() {
            return new NoiseStages.Distance().create(new NoiseConfigs.DistanceNoise(0, 0.02, 0.001));
        }
    }

    @Test
    void aMaterialThatCreatesEnergyFails() {
        var bright = new SurfaceMaterialConformance() {
            @Override
            protected SurfaceMaterial material() {
                return (lx, ly, lz, vx, vy, vz) -> 1.5 / Math.PI;
            }
        };
        AssertionFailedError e = assertThrows(AssertionFailedError.class, bright::conservesEnergy);
        assertTrue(e.getMessage().contains("directional albedo 1.5"), e.getMessage());
    }

    @Test
    void aNonReciprocalMaterialFails() {
        var skewed = new SurfaceMaterialConformance() {
            @Override
            protected SurfaceMaterial material() {
                return (lx, ly, lz, vx, vy, vz) -> 0.3 * lz / Math.PI;
            }
        };
        assertThrows(AssertionFailedError.class, skewed::isReciprocal);
    }

    @Test
    void aPatternFiringOutsideItsStepFails() {
        var late = new RayPatternConformance() {
            @Override
            protected RayPatternGenerator pattern() {
                RayPatternGenerator g = new PatternTypes.Sweep().create(new PatternTypes.Sweep.Config(64, 10, List.of(0.0)));
                return new RayPatternGenerator() {
                    public List<sensor.api.geom.Pose> rays() { return g.rays(); }
                    public RayInterval interval(double s, double e) { return g.interval(s, e); }
                    public double firingTime(int i, RayInterval iv, double s, double e) { return e + 0.01; }
                };
            }
        };
        assertThrows(AssertionFailedError.class, late::intervalsLieWithinThePatternAndTimesWithinTheStep);
    }

    @Test
    void noiseKeyedByBufferPositionFails() {
        var positional = new OutputNoiseConformance() {
            @Override
            protected OutputNoise noise() {
                return (p, random, step) -> {
                    for (int i = 0; i < p.count(); i++) {
                        p.distance[i] += (float) random.gaussian(step, i, 0); // wrong: i, not p.patternIndex[i]
                    }
                };
            }
        };
        assertThrows(AssertionFailedError.class, positional::noiseOfAPointDependsOnlyOnSeedStepAndPatternIndex);
    }
}
