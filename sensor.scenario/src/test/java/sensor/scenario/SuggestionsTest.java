package sensor.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SuggestionsTest {
    @Test
    void theEditDistanceIsDamerauLevenshteinsRestrictedForm() {
        // textbook values: kitten → sitting 3; a swap of neighbours is one edit, at the start as at the end;
        // "ca" → "abc" is 3 in the restricted form (2 with unrestricted transpositions)
        assertEquals(3, Suggestions.distance("kitten", "sitting"));
        assertEquals(1, Suggestions.distance("ab", "ba"));
        assertEquals(1, Suggestions.distance("lidra", "lidar"));
        assertEquals(1, Suggestions.distance("ilmu", "limu"));
        assertEquals(3, Suggestions.distance("ca", "abc"));
        assertEquals(4, Suggestions.distance("", "abcd"));
        assertEquals(4, Suggestions.distance("abcd", "x"));
    }

    /** A model the catalog lacks is not "meant" as a sibling of its family: Mid-360 is no Mid-40. */
    @Test
    void anotherModelOfAFamilyIsNotSuggestedAsATypo() {
        String known = "known lidar models: [HDL-32E, Mid-40, Mid-70, VLP-16, VLP-32C]";
        String m360 = Suggestions.add("model 'Mid-360' is unknown; " + known);
        assertFalse(m360.contains("did you mean"), m360);
        assertTrue(m360.endsWith("; 'Mid-360' is not in the catalog, whose Mid- models are [Mid-40, Mid-70]; a lidar "
                + "without a catalog model can replay its scan pattern from a file (pattern types 'file' and 'livox-csv', "
                + "docs/lidar-models.md)"), m360);
        assertTrue(Suggestions.add("model 'VLP-61' is unknown; " + known).endsWith("did you mean 'VLP-16'?"), "a swap");
        assertTrue(Suggestions.add("model 'vlp-16' is unknown; " + known).endsWith("[HDL-32E, Mid-40, Mid-70, VLP-16, "
                + "VLP-32C]"), "known in another case: nothing to add");
        assertTrue(Suggestions.add("model 'Mdi-40' is unknown; " + known).endsWith("did you mean 'Mid-40'?"), "a typo");
        assertTrue(Suggestions.anotherProduct("VLP-32", "VLP-16"));
        assertFalse(Suggestions.anotherProduct("OS1-46", "OS1-64"));
        assertFalse(Suggestions.anotherProduct("Puck", "VLP-16"), "a name without a number has no product number");
    }
}
