package sensor.materials.impl;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.SurfaceMaterial;
import sensor.api.material.SurfaceMaterialType;
import sensor.materials.api.GgxAndOrenNayarMaterial;

/** The two-layer GGX + Oren–Nayar surface type [L-12], id {@code "ggx-oren-nayar"}. */
@Component(service = SurfaceMaterialType.class, property = SurfaceMaterialType.ID_PROPERTY + "=ggx-oren-nayar")
public class GgxOrenNayarType implements SurfaceMaterialType<GgxAndOrenNayarMaterial> {
    public static final String ID = "ggx-oren-nayar";

    @Override
    public String id() { return ID; }

    @Override
    public Class<GgxAndOrenNayarMaterial> configType() { return GgxAndOrenNayarMaterial.class; }

    @Override
    public GgxAndOrenNayarMaterial defaultConfig() { return new GgxAndOrenNayarMaterial(); }

    @Override
    public String description() {
        return "Two-layer surface: GGX specular coat with complex Fresnel over Oren-Nayar diffuse [L-5..L-12]";
    }

    @Override
    public SurfaceMaterial create(GgxAndOrenNayarMaterial config) {
        return Args.notNull("config", config).build();
    }
}
