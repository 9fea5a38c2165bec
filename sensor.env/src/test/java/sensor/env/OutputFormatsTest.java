package sensor.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.ServiceReference;

import sensor.api.io.FrameWriter;

/** The runtime's recorder factory: the writers present by their format ids, the best-ranked one per id. */
class OutputFormatsTest {
    @TempDir
    Path dir;

    /** A service reference with a ranking and format ids; ordered as OSGi orders references (ranking, then id). */
    @SuppressWarnings("unchecked")
    static ServiceReference<FrameWriter> ref(int ranking, long id, Object formats) {
        return (ServiceReference<FrameWriter>) Proxy.newProxyInstance(OutputFormatsTest.class.getClassLoader(),
                new Class<?>[] {ServiceReference.class, Ranked.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getProperty" -> FrameWriter.FORMAT_PROPERTY.equals(args[0]) ? formats : null;
                    case "ranking" -> new long[] {ranking, id};
                    case "compareTo" -> {
                        long[] mine = {ranking, id}, other = ((Ranked) args[0]).ranking();
                        yield mine[0] != other[0] ? Long.compare(mine[0], other[0]) : Long.compare(other[1], mine[1]);
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** Lets the fake references compare with each other. */
    interface Ranked {
        long[] ranking();
    }

    /** A writer that records which of them opened. */
    static FrameWriter named(String name, List<String> opened) {
        return (out, stride) -> {
            opened.add(name);
            return List::of;
        };
    }

    @Test
    void theBestRankedWriterOfAnIdWinsAndRemovedWritersLeave() throws Exception {
        OutputFormats f = new OutputFormats();
        List<String> opened = new ArrayList<>();
        ServiceReference<FrameWriter> plain = ref(0, 1, "pcd"), better = ref(10, 2, "pcd"), multi = ref(0, 3,
                new String[] {"csv", "ply"});
        f.addWriter(plain, named("plain", opened));
        f.addWriter(better, named("better", opened));
        f.addWriter(multi, named("multi", opened));
        assertEquals(List.of("csv", "pcd", "ply"), List.copyOf(f.formats()));
        f.open(dir, Set.of("pcd", "ply"), 1).close();
        assertEquals(List.of("better", "multi"), opened);

        f.removeWriter(better);
        opened.clear();
        f.open(dir, Set.of("pcd"), 1).close();
        assertEquals(List.of("plain"), opened, "the override left: the shipped writer again");
        f.removeWriter(multi);
        assertEquals(List.of("pcd"), List.copyOf(f.formats()));
        assertThrows(IllegalArgumentException.class, () -> f.open(dir, Set.of("csv"), 1));
    }
}
