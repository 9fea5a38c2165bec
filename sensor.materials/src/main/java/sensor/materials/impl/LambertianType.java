package sensor.materials.impl;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.materials.api.LambertianOpaqueMaterial;

/** The Lambertian opaque surface type [L-4], id {@code "lambertian"}; creates the kernel's {@code Lambertian}. */
@Component(service = SurfaceMaterialType.class, property = SurfaceMaterialType.ID_PROPERTY + "=lambertian")
public class LambertianType implements SurfaceMaterialType<LambertianOpaqueMaterial> {
    public static final String ID = "lambertian";

    @Override
    public String id() { return ID; }

    @Override
    public Class<LambertianOpaqueMaterial> configType() { return LambertianOpaqueMaterial.class; }

    @Override
    public LambertianOpaqueMaterial defaultConfig() { return new LambertianOpaqueMaterial(); }

    @Override
    public String description() { return "Lambertian opaque surface f = C_D/pi [L-4]"; }

    @Override
    public SurfaceMaterial create(LambertianOpaqueMaterial config) {
        return Args.notNull("config", config).build();
    }
}
