package sensor.lidar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.ConfigReader;
import sensor.api.lidar.RayPatternGenerator;
import sensor.api.lidar.RayPatternType;

/**
 * {@code risley}: the rosette of a Risley-prism scanner such as the Livox Mid-40 and Mid-70 [L-RIS]. Each thin wedge
 * prism i deflects the beam by δ_i towards its rotation angle ω_i t + p_i; to first order the deflections add, so the
 * ray at time t has azimuth θ and elevation φ (rad) with
 * {@code θ + iφ = Σ δ_i exp(i(ω_i t + p_i))}. Rays fire at {@code pointRate} per second over {@code duration} seconds,
 * then the table repeats; frames go on where the last stopped.
 * <p>
 * Presets {@code mid-40} and {@code mid-70} are fitted (least squares over the first second of the published patterns
 * the {@code Mid-40} and {@code Mid-70} models replay, at 100,000 rays/s): −4,664.1 and 7,293.9 rpm, the Mid-40's
 * published prism speeds (−4,664 and 7,294 rpm), with δ = 9.55° and 9.73° (Mid-40), 17.23° and 16.49° (Mid-70).
 */
@Component(service = RayPatternType.class, property = RayPatternType.ID_PROPERTY + "=risley")
public final class RisleyPattern implements RayPatternType<RisleyPattern.Config> {
    /**
     * One prism.
     *
     * @param deflection δ, degrees, in (0, 45]
     * @param rpm        rotation rate, revolutions per minute, signed (counter-clockwise positive), non-zero
     * @param phase      angle at t = 0, degrees
     */
    public record Prism(double deflection, double rpm, double phase) {}

    /**
     * Configuration of a Risley pattern.
     *
     * @param prisms    one or more prisms
     * @param pointRate rays per second, in (0, 10^7]
     * @param duration  seconds before the table repeats, in (0, 60]; at most 10^7 rays in all
     */
    public record Config(List<Prism> prisms, double pointRate, double duration) {}

    /** The preset fitted to the Mid-40 table (see the class comment). */
    public static final Config MID_40 = new Config(List.of(new Prism(9.554, -4664.1, 0.021), new Prism(9.729, 7293.9,
            0.738)), 100_000, 4);
    /** The preset fitted to the Mid-70 table. */
    public static final Config MID_70 = new Config(List.of(new Prism(17.229, -4664.1, -179.984), new Prism(16.486,
            7293.9, -179.264)), 100_000, 4);

    @Override
    public String id() { return "risley"; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return MID_40; }

    @Override
    public String description() {
        return "Risley-prism rosette (Livox Mid-40/Mid-70 presets): prisms of deflection and rpm, point rate";
    }

    /** {@code preset: mid-40 | mid-70}, or {@code prisms}, {@code pointRate}, {@code duration} over the Mid-40 preset. */
    @Override
    public Config readConfig(Map<String, Object> fields, ConfigReader reader) {
        if (fields.containsKey("preset")) {
            if (fields.size() > 1) {
                throw new IllegalArgumentException("preset excludes the other fields; give a preset or prisms");
            }
            String p = String.valueOf(fields.get("preset")).toLowerCase(Locale.ROOT);
            return switch (p) {
                case "mid-40" -> MID_40;
                case "mid-70" -> MID_70;
                default -> throw new IllegalArgumentException("preset must be one of [mid-40, mid-70], got '" + p + "'");
            };
        }
        return reader.overlay(MID_40, fields, Config.class);
    }

    @Override
    public RayPatternGenerator create(Config c) {
        Args.notNull("prisms", c.prisms());
        if (c.prisms().isEmpty()) {
            throw new IllegalArgumentException("prisms must hold at least one prism");
        }
        for (int i = 0; i < c.prisms().size(); i++) {
            Prism p = Args.notNull("prisms[" + i + "]", c.prisms().get(i));
            Args.inRange("prisms[" + i + "].deflection", p.deflection(), 1e-9, 45);
            Args.finite("prisms[" + i + "].rpm", p.rpm());
            if (p.rpm() == 0) {
                throw new IllegalArgumentException("prisms[" + i + "].rpm must not be 0");
            }
            Args.finite("prisms[" + i + "].phase", p.phase());
        }
        Args.inRange("pointRate", c.pointRate(), 1e-9, 1e7);
        Args.inRange("duration", c.duration(), 1e-9, 60);
        long n = Math.round(c.pointRate() * c.duration());
        if (n < 1 || n > 10_000_000) {
            throw new IllegalArgumentException("pointRate × duration must give 1 to 10,000,000 rays, got " + n);
        }
        double[] az = new double[(int) n], el = new double[(int) n];
        List<double[]> prisms = new ArrayList<>();
        for (Prism p : c.prisms()) {
            prisms.add(new double[] {Math.toRadians(p.deflection()), 2 * Math.PI * p.rpm() / 60, Math.toRadians(p.phase())});
        }
        for (int i = 0; i < n; i++) {
            double t = i / c.pointRate();
            for (double[] p : prisms) {
                az[i] += p[0] * Math.cos(p[1] * t + p[2]);
                el[i] += p[0] * Math.sin(p[1] * t + p[2]);
            }
        }
        return Patterns.replay(az, el, c.pointRate());
    }
}
