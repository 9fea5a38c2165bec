package sensor.lidar.ydlidar;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

import sensor.api.lidar.CatalogModel;
import sensor.api.lidar.LidarModelType;
import sensor.api.lidar.LidarModelType.Mode;
import sensor.api.lidar.LidarModelType.Provenance;
import sensor.api.lidar.LidarModelType.Replay;
import sensor.api.lidar.LidarModelType.Source;

/**
 * YDLIDAR 2D scanners, {@link Provenance#APPROXIMATE}: one model per name in the table of YDLidar-SDK's
 * {@code doc/Dataset.md} (YDLIDAR/YDLidar-SDK, MIT), not counted among the catalog's exact models. A unit's real
 * sample angles come in its packets (a triangulation unit even corrects each with its range), so a model made from the
 * table's sample rate and scan frequency is only an approximation: one turn (the table gives no field of view, so
 * 360°) of samples at the first sample rate the table lists, at the SDK's default 10 Hz (the nearest frequency in the
 * table's range), step 360°·f/rate, ray i at −i·step (the unit turns clockwise) fired i/rate into the scan; range
 * limits from the table. One layer, so the lidar publishes it as a LaserScan ({@code PlanarGeometry}, [O]).
 */
@Component(immediate = true)
public class YdlidarCatalog {
    static final String FILE = "YDLidar-SDK/doc/Dataset.md";
    static final String COMMIT = "01cdda4f2b36dff2a706d0535c64228d863c7411";
    static final String LICENCE = "MIT (LICENSE-YDLidar-SDK)";
    /** The SDK's default scan frequency: {@code m_ScanFrequency = 10;} in {@code src/CYdLidar.cpp} line 64. */
    static final double SDK_HZ = 10;

    private final List<ServiceRegistration<LidarModelType>> registrations = new ArrayList<>();

    /** Registers every model as a {@link LidarModelType} service with its id. */
    @Activate
    void activate(BundleContext context) {
        for (CatalogModel m : models()) {
            registrations.add(context.registerService(LidarModelType.class, m,
                    FrameworkUtil.asDictionary(Map.of(LidarModelType.ID_PROPERTY, m.id()))));
        }
    }

    @Deactivate
    void deactivate() {
        registrations.forEach(ServiceRegistration::unregister);
    }

    /** Every model of this bundle. */
    public static List<CatalogModel> models() {
        return models(text(FILE));
    }

    /** The models of the table in {@code text} (the content of {@code Dataset.md}); a name given twice is refused. */
    static List<CatalogModel> models(String text) {
        List<CatalogModel> models = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (DatasetTable.Row row : DatasetTable.read(FILE, text)) {
            for (String name : row.names()) {
                CatalogModel m = model(name, row);
                Integer first = seen.putIfAbsent(m.id(), row.line());
                if (first != null) {
                    throw DatasetTable.error(FILE, row.line(), m.id() + " is already given on line " + first);
                }
                models.add(m);
            }
        }
        return models;
    }

    /** The id of the model {@code name} of the table: {@code X4 Pro} is {@code YDLIDAR-X4-Pro}. */
    static String id(String name) {
        return "YDLIDAR-" + name.replace(' ', '-');
    }

    /** The approximate model {@code name} of {@code row}. */
    static CatalogModel model(String name, DatasetTable.Row row) {
        double rate = row.sampleRates()[0], rangeMin = row.rangeMins()[0];
        double f = Math.min(Math.max(SDK_HZ, row.minHz()), row.maxHz());
        double step = 2 * Math.PI * f / rate;
        int n = (int) Math.ceil(rate / f - 1e-9); // the samples fired within one scan period
        double[] az = new double[n], el = new double[n], t = new double[n];
        for (int i = 0; i < n; i++) {
            az[i] = wrap(-i * step);
            t[i] = i / rate;
        }
        Replay replay = new Replay(az, el, n * f, t, new int[n]);

        String id = id(name), stepDeg = fmt(Math.toDegrees(step));
        String what = "YDLIDAR " + name + ", approximate: " + n + " rays at " + stepDeg + "° clockwise, " + fmt(f)
                + " Hz (" + fmt(rate) + " samples/s)";
        List<String> cells = row.cells();
        String others = row.sampleRates().length == 1 ? "" : "; the other sample rates ("
                + Arrays.stream(row.sampleRates()).skip(1).mapToObj(r -> fmt(r / 1000) + " K")
                        .collect(Collectors.joining(", ")) + ") are not modelled";
        String hz = f == SDK_HZ ? "the SDK's default 10 Hz (src/CYdLidar.cpp line 64), within the table's "
                : "the frequency nearest the SDK's default 10 Hz (src/CYdLidar.cpp line 64) within the table's ";
        String note = what + ". Approximate, not counted among the catalog's exact models: made from " + FILE + " line "
                + row.line() + " (SampleRate(K) '" + cells.get(0) + "', Range(m) '" + cells.get(1) + "', Frequency(HZ) '"
                + cells.get(2) + "'; no field of view given, so 360°) as one turn of evenly spaced samples, not from"
                + " the unit's packets, which carry each sample's angle (a triangulation unit corrects it with the"
                + " range). Sample rate: the first the table lists, " + fmt(rate) + "/s, range_min " + fmt(rangeMin)
                + " m" + (row.rangeMins().length == 1 ? "" : " (its pair)") + others + ". Frequency: " + hz
                + fmt(row.minHz()) + "-" + fmt(row.maxHz()) + " Hz" + (row.pwm() ? " (set by the motor's PWM)" : "")
                + ". Step 360°·f/rate = " + stepDeg + "°; ray i at -i·step from the front (+x), clockwise as the unit"
                + " turns and counts its angles (the SDK's inverted option turns them counter-clockwise,"
                + " src/CYdLidar.cpp line 718), fired i/rate into the scan. No beam divergence (0), one return.";
        Source source = new Source(FILE, "YDLIDAR/YDLidar-SDK doc/Dataset.md @ " + COMMIT, LICENCE,
                Provenance.APPROXIMATE, note);
        return new CatalogModel(id, "YDLIDAR", what, source, List.of(), List.of(new Mode(fmt(f) + "Hz", 0, f)),
                rangeMin, row.rangeMax(), 0, List.of("STRONGEST"), replay);
    }

    /** {@code a} in [-π, π). */
    static double wrap(double a) {
        return a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
    }

    static String fmt(double v) {
        return BigDecimal.valueOf(v).round(new MathContext(10)).stripTrailingZeros().toPlainString();
    }

    /** The copied YDLidar-SDK file at {@code path}. */
    static String text(String path) {
        try (InputStream in = YdlidarCatalog.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("missing YDLidar-SDK file " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
