package sensor.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Where a missing plugin type ships, read from the table (outside a framework no distribution runs, so none is named
 * as lacking it; {@code DistributionsIT} and {@code FeaturesIT} check that clause in the exported jars).
 */
class DistributionsTest {
    @Test
    void aShippedTypeNamesItsDistributionsAndAnUnknownOneSaysSo() {
        assertEquals("; it ships in the distributions sensorsim, sensorsim-lidar (or install a bundle that provides it with "
                + "--plugins DIR, or assemble a distribution with it: sensorsim assemble --help)",
                Distributions.whereShipped("sensor", "lidar"));
        assertEquals("; it ships in the distributions sensorsim, sensorsim-lidar (or install a bundle that provides it with "
                + "--plugins DIR, or assemble a distribution with it: sensorsim assemble --help)",
                Distributions.whereShipped("lidar model", "VLP-16"), "a kind of two words is looked up with a hyphen");
        assertEquals("; no shipped distribution has it: install the bundle that provides it (--plugins DIR)",
                Distributions.whereShipped("sensor", "sonar"));
    }
}
