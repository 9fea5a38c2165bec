package sensor.materials.impl;

import java.util.LinkedHashMap;
import java.util.Map;

import sensor.api.ConfigReader;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.AmbientMaterialType;
import sensor.materials.api.AtmosphereMaterial;

/** The atmospheric ambient material type [L-13] [L-14], id {@code "atmosphere"}. */
@Component(service = AmbientMaterialType.class, property = AmbientMaterialType.ID_PROPERTY + "=atmosphere")
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

    /**
     * Scenario fields: {@code air: {visibility}}, {@code fog: {visibility, wavelength, maritimeness}},
     * {@code rain: {rate, tropicalness}}, {@code snow: {rate, wavelength, wet}} (the weather helpers, applied in
     * that order), then any setting of {@link AtmosphereMaterial} laid over the result.
     */
    @Override
    public AtmosphereMaterial readConfig(Map<String, Object> fields, ConfigReader reader) {
        Map<String, Object> rest = new LinkedHashMap<>(fields);
        Weather air = weather(rest.remove("air"), reader), fog = weather(rest.remove("fog"), reader),
                rain = weather(rest.remove("rain"), reader), snow = weather(rest.remove("snow"), reader);
        AtmosphereMaterial m = new AtmosphereMaterial();
        if (air != null) {
            m.configureAsAir(air.visibility(Double.NaN));
        }
        if (fog != null) {
            m.configureAsFog(fog.visibility(Double.NaN), or(fog.wavelength(), 865), or(fog.maritimeness(), 0));
        }
        if (rain != null) {
            m.configureAsRainfall(or(rain.rate(), Double.NaN), or(rain.tropicalness(), 0));
        }
        if (snow != null) {
            m.configureAsSnowfall(or(snow.rate(), Double.NaN), or(snow.wavelength(), 865),
                    Boolean.TRUE.equals(snow.wet()) ? AtmosphereMaterial.Snow.WET : AtmosphereMaterial.Snow.DRY);
        }
        return reader.overlay(m, rest, AtmosphereMaterial.class);
    }

    /** The fields of one weather helper (each uses some). */
    record Weather(Double visibility, Double wavelength, Double maritimeness, Double rate, Double tropicalness, Boolean wet) {
        double visibility(double otherwise) {
            return or(visibility, otherwise);
        }
    }

    private static Weather weather(Object data, ConfigReader reader) {
        return data == null ? null : reader.convert(data, Weather.class);
    }

    private static double or(Double v, double otherwise) {
        return v == null ? otherwise : v;
    }

    @Override
    public AmbientMaterial create(AtmosphereMaterial config) {
        return Args.notNull("config", config).build();
    }
}
