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
        String what = m.source().provenance().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + m.source().note();
        return "| " + m.vendor() + " | `" + m.id() + "` | `" + m.source().file() + "` | " + m.source().origin() + ", "
                + m.source().licence() + " | " + what.replace("|", "/") + " | " + detection + " | "
                + (m.calibrationFormat() == null ? "no" : m.calibrationFormat()) + " |";
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
        assertTrue(page.contains(models.size() + " models from " + models.stream().map(LidarModelType::vendor).distinct().count()
                + " vendors"), "the page states the count");
    }
}
