package sensor.materials.impl;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.materials.api.BrdfExplicitMaterial;

/** The explicit (tabulated) BRDF surface type [L-BRDF], id {@code "explicit-brdf"}. */
@Component(service = SurfaceMaterialType.class, property = SurfaceMaterialType.ID_PROPERTY + "=explicit-brdf")
public class ExplicitBrdfType implements SurfaceMaterialType<BrdfExplicitMaterial> {
    public static final String ID = "explicit-brdf";

    @Override
    public String id() { return ID; }

    @Override
    public Class<BrdfExplicitMaterial> configType() { return BrdfExplicitMaterial.class; }

    @Override
    public BrdfExplicitMaterial defaultConfig() { return new BrdfExplicitMaterial(); }

    @Override
    public String description() {
        return "Explicit BRDF on a 4-D (theta_l, phi_l, theta_v, phi_v) grid, quadrilinear, periodic in phi [L-BRDF]";
    }

    @Override
    public SurfaceMaterial create(BrdfExplicitMaterial config) {
        return Args.notNull("config", config).build();
    }
}
