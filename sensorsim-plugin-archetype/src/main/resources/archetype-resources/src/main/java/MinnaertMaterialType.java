package ${package};

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;

/**
 * The surface material type {@value #ID}: Minnaert's limb-darkening BRDF, used for lunar and dusty surfaces,
 * {@code f(l, v) = (rho / pi) (cos theta_l cos theta_v)^(k - 1)}. With {@code k = 1} it is Lambertian; larger
 * {@code k} darkens grazing views. It is reciprocal, and its directional albedo has the closed form
 * {@code 2 rho cos(theta_l)^(k - 1) / (k + 1)} (at most rho), which the tests check.
 *
 * <p>A scenario defines it under {@code materials:} as {@code {type: ${artifactId}-material, reflectivity: 0.6, k: 1.5}}.
 */
@Component(service = SurfaceMaterialType.class, property = SurfaceMaterialType.ID_PROPERTY + "=" + MinnaertMaterialType.ID)
public class MinnaertMaterialType implements SurfaceMaterialType<MinnaertMaterialType.Config> {
    /** The type id a scenario names. */
    public static final String ID = "${artifactId}-material";

    /**
     * Configuration of a Minnaert surface.
     *
     * @param reflectivity rho, in [0, 1]
     * @param k            the Minnaert exponent, in [1, 2]
     */
    public record Config(double reflectivity, double k) {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(0.5, 1.5); }

    @Override
    public String description() { return "Minnaert limb-darkening surface: (rho/pi)(cos l cos v)^(k-1)"; }

    @Override
    public SurfaceMaterial create(Config c) {
        double rho = Args.inRange("reflectivity", c.reflectivity(), 0, 1), k = Args.inRange("k", c.k(), 1, 2);
        return (lx, ly, lz, vx, vy, vz) -> lz <= 0 || vz <= 0 ? 0 : rho / Math.PI * Math.pow(lz * vz, k - 1);
    }
}
