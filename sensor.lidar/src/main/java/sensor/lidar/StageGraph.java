package sensor.lidar;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import sensor.lidar.LidarStage.Column;

/**
 * The lidar's stages planned for the columns a consumer asked for: walking the chain backwards, a stage stays
 * when it writes a column that is asked for or that a stage kept after it reads; the rest are left out, so a
 * field nobody asked for is never computed. Planning also checks that every stage kept reads only columns an
 * earlier kept stage writes.
 */
final class StageGraph {
    private final List<LidarStage> stages;
    private final Set<Column> needed;

    private StageGraph(List<LidarStage> stages, Set<Column> needed) {
        this.stages = List.copyOf(stages);
        this.needed = Collections.unmodifiableSet(needed);
    }

    /** Plans {@code chain} (in run order) for the columns {@code wanted}. */
    static StageGraph plan(List<LidarStage> chain, Set<Column> wanted) {
        Set<Column> needed = EnumSet.copyOf(wanted);
        List<LidarStage> kept = new ArrayList<>();
        for (int i = chain.size() - 1; i >= 0; i--) {
            LidarStage s = chain.get(i);
            if (!Collections.disjoint(s.writes(), needed)) {
                kept.add(0, s);
                needed.addAll(s.reads());
            }
        }
        Set<Column> written = EnumSet.noneOf(Column.class);
        for (LidarStage s : kept) {
            for (Column c : s.reads()) {
                if (!written.contains(c)) {
                    throw new IllegalStateException("lidar stage '" + s.name() + "' reads " + c + ", which no stage before it writes");
                }
            }
            written.addAll(s.writes());
        }
        for (Column c : wanted) {
            if (!written.contains(c)) {
                throw new IllegalStateException("no lidar stage writes " + c);
            }
        }
        return new StageGraph(kept, needed);
    }

    /** Whether a column is read by some stage that runs or asked for by the consumer. */
    boolean needs(Column c) {
        return needed.contains(c);
    }

    /** Runs the stages over a frame. */
    void run(LidarFrame frame) {
        for (LidarStage s : stages) {
            s.run(frame);
        }
    }

    /** The stages in order, e.g. {@code pattern → rays → trace → … → ring}. */
    @Override
    public String toString() {
        return stages.stream().map(LidarStage::name).collect(Collectors.joining(" → "));
    }
}
