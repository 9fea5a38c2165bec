package sensor.materials.impl;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.AmbientMaterialType;
import sensor.materials.api.AtmosphereMaterial;

/** The atmospheric ambient material type [L-13] [L-14], id {@code "atmosphere"}. */
@Component(service = AmbientMaterialType.class)
public class AtmosphereType implements AmbientMaterialType<AtmosphereMaterial> {
    public static final String ID = "atmosphere";

    @Override
    public String id() { return ID; }

    @Override
    public Class<AtmosphereMaterial> configType() { return AtmosphereMaterial.class; }

    @Override
    public AtmosphereMaterial defaultConfig() { return new AtmosphereMaterial(); }

    @Override
    public String description() {
        return "Homogeneous atmosphere: Beer-Lambert attenuation and gamma-distributed atmospheric returns [L-13][L-14]";
    }

    @Override
    public AmbientMaterial create(AtmosphereMaterial config) {
        return Args.notNull("config", config).build();
    }
}
