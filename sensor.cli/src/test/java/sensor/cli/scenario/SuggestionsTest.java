package sensor.cli.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
