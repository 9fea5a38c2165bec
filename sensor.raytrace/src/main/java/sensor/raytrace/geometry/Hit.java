package sensor.raytrace.geometry;

/** The best hit so far of one ray, as {@link Analytic} reads and updates it; callers extend it with their state. */
public class Hit {
    /** Distance of the best hit so far (an exclusive limit until a hit). */
    public double tBest;
    /** Normal of the best hit (local frame of the shape hit). */
    public double nx, ny, nz;
}
