package sensor.spark;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;

import org.junit.jupiter.api.Test;

class SparkBatchTest {
    @Test
    void optionsAreParsedAndCheckedWithTheirRanges() {
        SparkBatch.Options o = SparkBatch.Options.parse(new String[] {"m.yaml", "--out", "o", "--master", "local[4]",
                "--retries", "5", "--threads", "2"});
        assertEquals(new SparkBatch.Options("m.yaml", "o", "local[4]", 5, 2), o);
        assertEquals(new SparkBatch.Options("m.yaml", "o", null, 3, 1), SparkBatch.Options.parse(new String[] {"m.yaml", "--out", "o"}));
        var e = assertThrows(IllegalArgumentException.class, () -> SparkBatch.Options.parse(new String[] {"m", "--out", "o",
                "--retries", "0"}));
        assertEquals("--retries must be a whole number in [1, 100], got '0'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SparkBatch.Options.parse(new String[] {"m"}));
        assertThrows(IllegalArgumentException.class, () -> SparkBatch.Options.parse(new String[] {"m", "--out"}));
        assertThrows(IllegalArgumentException.class, () -> SparkBatch.Options.parse(new String[] {"m", "n", "--out", "o"}));
    }

    @Test
    void localMastersRetryAndOthersAreLeftAlone() {
        assertEquals("local[2,3]", SparkBatch.localWithRetries("local[2]", 3));
        assertEquals("local[*,4]", SparkBatch.localWithRetries("local[*]", 4));
        assertEquals("spark://h:7077", SparkBatch.localWithRetries("spark://h:7077", 3));
        assertEquals("local[2,1]", SparkBatch.localWithRetries("local[2,1]", 3).replace("local[2,1]", "local[2,1]"));
    }

    @Test
    void outputPathsBecomeUris() {
        assertEquals("hdfs://nn:8020/data", SparkBatch.outUri("hdfs://nn:8020/data"));
        assertTrue(SparkBatch.outUri("rel/dir").startsWith("file:/") && SparkBatch.outUri("rel/dir").endsWith("/rel/dir"));
    }

    @Test
    void startLevelsAreReadFromTheLauncherProperties() {
        assertEquals(Map.of("a.b", 1, "c", 2), EmbeddedRuntime.startLevels("a.b;version=\"1.0\";startlevel=1,c;version=\"2\";startlevel=2"));
    }
}
