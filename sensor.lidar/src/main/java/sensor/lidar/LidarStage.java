package sensor.lidar;

import java.util.Set;

import sensor.api.frame.OutputField;

/**
 * One step of the lidar process [L-P] with one job: it reads some columns of a {@link LidarFrame} and writes
 * others, and says which, so a {@link StageGraph} can leave out every stage whose columns nobody asked for.
 */
interface LidarStage {
    /** The stage's name in the graph's description (a plugin stage: its type id). */
    String name();

    /** Columns it reads; an earlier stage must write each. */
    Set<Column> reads();

    /** Columns it writes (or changes in place). */
    Set<Column> writes();

    /** Runs over one frame. */
    void run(LidarFrame frame);

    /** The columns of a frame: what flows between the stages, then one per output field not in the core points. */
    enum Column {
        /** The fired rays in the lidar frame: origin, direction, pattern index, firing time. */
        RAYS,
        /** Sub-rays in the world frame from the sensor pose at each beam's firing time [L-MS], and those poses. */
        WORLD_RAYS,
        /** Return candidates of every sub-ray and heap node: OPL, intensity, object. */
        CANDIDATES,
        /** The surface normals of the candidates (traced only when the normal field is asked for). */
        CANDIDATE_NORMALS,
        /** The picked returns of each beam. */
        RETURNS,
        /** The core point columns (position, distance, intensity, pattern index, time) and each point's beam and return. */
        POINTS,
        RING, AZIMUTH, ELEVATION, ENTITY, HIT, RETURN_TYPE, NORMAL, REFLECTIVITY;

        /** The column that carries an output field. */
        static Column of(OutputField f) {
            return switch (f) {
                case XYZ_VEC3_F32, DISTANCE_F32, INTENSITY_F32, TIME_STAMP_F64 -> POINTS;
                case RING_ID_U16 -> RING;
                case AZIMUTH_F32 -> AZIMUTH;
                case ELEVATION_F32 -> ELEVATION;
                case ENTITY_ID_I32 -> ENTITY;
                case IS_HIT_I32 -> HIT;
                case RETURN_TYPE_U8 -> RETURN_TYPE;
                case NORMAL_VEC3_F32 -> NORMAL;
                case REFLECTIVITY_F32 -> REFLECTIVITY;
                default -> throw new IllegalArgumentException("fields: " + f + " is a radar field, a lidar cannot produce it");
            };
        }
    }
}
