package sensor.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import sensor.api.lidar.LidarModelType;

/**
 * docs/lidar-models.md lists every catalog model of the shipped vendor bundles, one table row each: vendor, id, source
 * file, origin and licence, what the table is, its datasheet lines with how each is cited, and the unit file it reads.
 * The rows are compared with the catalog itself, so the page cannot fall behind a bundle; the test writes the table
 * as it should be to {@code sensor.cli/target/lidar-models-table.md}.
 */
class LidarModelsPageTest {
    static final String HEADER = "| vendor | model | source file | origin, licence | what it is | datasheet line | unit file |";

    /** The page's row of model {@code m}. */
    static String row(LidarModelType m) {
        String detection = m.detection().isEmpty() ? "none" : m.detection().stream()
                .map(l -> String.format(Locale.ROOT, "%s m @ %s %%%s (%s)", plain(l.range()), plain(100 * l.reflectivity()),
                        l.detectionProbability() == 0.9 ? "" : String.format(Locale.ROOT, ", P<sub>d</sub> %s",
                                plain(l.detectionProbability())), l.citation()))
                .distinct().collect(Collectors.joining("; "));
        String what = (approximate(m) ? "**APPROXIMATE** (" + APPROXIMATE + "; not counted among the catalog's models)"
                : m.source().provenance().name().toLowerCase(Locale.ROOT).replace('_', ' ')) + ": " + m.source().note();
        return "| " + m.vendor() + " | `" + m.id() + "` | `" + m.source().file() + "` | " + m.source().origin() + ", "
                + m.source().licence() + " | " + what.replace("|", "/") + " | " + detection + " | "
                + (m.calibrationFormat() == null ? "no" : m.calibrationFormat()) + " |";
    }

    static final String APPROXIMATE = "geometry only approximated (from a datasheet's field of view and point rate, or a vendor's formula with assumed angles)";

    static boolean approximate(LidarModelType m) {
        return m.source().provenance() == LidarModelType.Provenance.APPROXIMATE;
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    @Test
    void thePageListsEveryCatalogModelAsTheCatalogHasIt() throws Exception {
        List<LidarModelType> models = new Plugins().catalog.types(LidarModelType.class).stream()
                .sorted(Comparator.comparing(LidarModelType::vendor).thenComparing(LidarModelType::id)).toList();
        String expected = HEADER + "\n" + "| --- | --- | --- | --- | --- | --- | --- |\n"
                + models.stream().map(LidarModelsPageTest::row).collect(Collectors.joining("\n")) + "\n";
        // the table as it should be, to paste into the page when a bundle changes
        Files.writeString(Path.of("target", "lidar-models-table.md"), expected);
        String page = Files.readString(Path.of("..", "docs", "lidar-models.md"));
        int start = page.indexOf(HEADER);
        assertTrue(start >= 0, "docs/lidar-models.md has the models table");
        int end = page.indexOf("\n\n", start);
        assertEquals(expected, page.substring(start, end + 1), "docs/lidar-models.md's table, as the catalog has it");
        // the count: the catalog's models, approximate ones apart
        List<LidarModelType> exact = models.stream().filter(m -> !approximate(m)).toList();
        long approximate = models.size() - exact.size();
        assertTrue(page.contains(exact.size() + " models from " + exact.stream().map(LidarModelType::vendor).distinct().count()
                + " vendors"), "the page states the count");
        assertTrue(approximate == 0 || page.contains(approximate + " approximate models"),
                "the page states the count of approximate models: '" + approximate + " approximate models'");
    }

    /**
     * The approximate models (YDLIDAR, Unitree, Livox HAP and Mid-360) say so in {@code types} and on the page, and are
     * counted apart.
     */
    @Test
    void approximateModelsSaySoInTypesAndOnThePage() {
        List<LidarModelType> models = new Plugins().catalog.types(LidarModelType.class);
        List<LidarModelType> approximate = models.stream().filter(LidarModelsPageTest::approximate).toList();
        assertEquals(38, approximate.size());
        assertEquals(java.util.Set.of("YDLIDAR", "Unitree", "Livox"), approximate.stream().map(LidarModelType::vendor)
                .collect(java.util.stream.Collectors.toSet()));
        assertTrue(models.stream().filter(m -> m.vendor().equals("Hokuyo")).noneMatch(LidarModelsPageTest::approximate));
        String row = row(approximate.get(0));
        assertTrue(row.contains("| **APPROXIMATE** (" + APPROXIMATE + "; not counted among the catalog's models): "), row);
        ScenarioTest.Result r = ScenarioTest.cli("types");
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.matches("(?s).*\\n  YDLIDAR-G4 +YDLIDAR +YDLidar-SDK/doc/Dataset.md +APPROXIMATE +no datasheet line: every"
                + " return kept; approximate: " + java.util.regex.Pattern.quote(APPROXIMATE) + ", not an exact model\\n.*"), out);
        assertTrue(out.matches("(?s).*\\n  UTM-30LX-EW +Hokuyo +hokuyo-pp.txt +nominal +no datasheet line: every return"
                + " kept\\n.*"), out);
        assertTrue(out.contains("\n  " + (models.size() - 38) + " catalog lidar models, and 38 APPROXIMATE ones (" + APPROXIMATE
                + ") not counted among them\n"), out);
    }
}
