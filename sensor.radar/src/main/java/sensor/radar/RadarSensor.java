package sensor.radar;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.PointCloud;
import sensor.api.frame.OutputField;
import sensor.api.raytrace.HitBuffer;
import sensor.api.raytrace.RaytraceBackend;
import sensor.api.raytrace.TraceScene;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.radar.config.RadarConfig;

/**
 * One flash radar [RAD]. At each sample time it traces {@code raysPerCell²} rays per angular cell from the sensor origin; every
 * hit within range contributes its backscatter by Lambert's law, {@code σ = σ° · cos θ · r² · ΔΩ} (θ the incidence
 * angle, ΔΩ the ray's solid angle, σ° the material's normalized cross-section), and its radial velocity
 * {@code (v_target − v_sensor) · û} from the bodies' motion at the hit point. Hits are grouped into cells of azimuth,
 * elevation, range and radial velocity; a cell becomes one detection at the cross-section-weighted mean of its hits
 * (so targets within one cell merge, targets in different cells stay apart) with the cell's summed cross-section, kept
 * when it passes the radar-equation threshold, then noise is added. Detections are ordered by cell, so output does not
 * depend on thread counts.
 */
final class RadarSensor implements Sensor {
    static final List<OutputField> FIELDS = List.of(OutputField.XYZ_VEC3_F32, OutputField.DISTANCE_F32,
            OutputField.AZIMUTH_F32, OutputField.ELEVATION_F32, OutputField.RADIAL_VELOCITY_F32, OutputField.RCS_F32);

    private final RadarConfig config;
    private final Supplier<RaytraceBackend> backends;
    private final int azCells, elCells, n;
    private final double azStep, elStep;
    private final double[] directions, azimuth, elevation, solidAngle;
    private final int[] cellOf;
    private TraceScene scene;
    private RaytraceBackend sceneBackend;

    RadarSensor(RadarConfig c, Supplier<RaytraceBackend> backends) {
        this.config = c;
        this.backends = backends;
        azCells = Math.max(1, (int) Math.round(c.horizontalFov() / c.azimuthResolution()));
        elCells = Math.max(1, (int) Math.round(c.verticalFov() / c.elevationResolution()));
        int k = c.raysPerCell(), nAz = azCells * k, nEl = elCells * k;
        n = nAz * nEl;
        azStep = Math.toRadians(c.horizontalFov()) / nAz;
        elStep = Math.toRadians(c.verticalFov()) / nEl;
        directions = new double[3 * n];
        azimuth = new double[n];
        elevation = new double[n];
        solidAngle = new double[n];
        cellOf = new int[n];
        for (int j = 0, r = 0; j < nEl; j++) {
            double el = -Math.toRadians(c.verticalFov()) / 2 + (j + 0.5) * elStep;
            for (int i = 0; i < nAz; i++, r++) {
                double az = -Math.toRadians(c.horizontalFov()) / 2 + (i + 0.5) * azStep;
                directions[3 * r] = Math.cos(el) * Math.cos(az);
                directions[3 * r + 1] = Math.cos(el) * Math.sin(az);
                directions[3 * r + 2] = Math.sin(el);
                azimuth[r] = Math.atan2(directions[3 * r + 1], directions[3 * r]);
                elevation[r] = Math.asin(directions[3 * r + 2]);
                solidAngle[r] = azStep * elStep * Math.cos(el);
                cellOf[r] = (j / k) * azCells + i / k;
            }
        }
    }

    /** A resolution cell: angular cell, range bin, velocity bin; ordered so that detections come in a fixed order. */
    private record Key(int angular, long range, long velocity) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Integer.compare(angular, o.angular);
            c = c != 0 ? c : Long.compare(range, o.range);
            return c != 0 ? c : Long.compare(velocity, o.velocity);
        }
    }

    /** Hits of one cell: sums weighted by cross-section. */
    private static final class Cell {
        double rcs, range, azimuth, elevation, velocity;
    }

    @Override
    public PointCloud sample(SampleContext ctx) {
        RaytraceBackend backend = backends.get();
        if (backend == null) {
            return null;
        }
        if (backend != sceneBackend) {
            close();
            scene = backend.createScene(ctx.scene(), 1);
            sceneBackend = backend;
        }
        double t = ctx.time();
        SceneView view = ctx.scene();
        scene.update(view, t);
        Pose pose = ctx.sensorPose(t);
        double[] origins = new double[3 * n], world = new double[3 * n];
        for (int r = 0; r < n; r++) {
            Vec3 d = pose.transformVector(new Vec3(directions[3 * r], directions[3 * r + 1], directions[3 * r + 2]));
            origins[3 * r] = pose.position().x();
            origins[3 * r + 1] = pose.position().y();
            origins[3 * r + 2] = pose.position().z();
            world[3 * r] = d.x();
            world[3 * r + 1] = d.y();
            world[3 * r + 2] = d.z();
        }
        HitBuffer hits = new HitBuffer(n);
        scene.closestHit(origins, world, n, config.maxRange(), hits);
        Map<String, BodyMotion> motions = new HashMap<>(); // per body, once per sample
        java.util.function.Function<String, BodyMotion> motion = body -> body == null ? BodyMotion.REST
                : motions.computeIfAbsent(body, b -> new BodyMotion(ctx.linearVelocity(b, t), ctx.angularVelocity(b, t),
                        ctx.bodyPose(b, t).position()));
        Vec3 sensorVelocity = motion.apply(ctx.mount().bodyId()).at(pose.position());
        List<ObjectSpec> objects = view.objects();
        double[] sigma = new double[objects.size()]; // σ° per object, 0 until first needed
        TreeMap<Key, Cell> cells = new TreeMap<>();
        for (int r = 0; r < n; r++) {
            double range = hits.distance[r];
            int object = hits.objectIndex[r];
            if (!(range >= config.minRange() && range <= config.maxRange()) || object < 0) {
                continue;
            }
            Vec3 u = new Vec3(world[3 * r], world[3 * r + 1], world[3 * r + 2]);
            Vec3 p = pose.position().plus(u.times(range));
            double cos = Math.abs(u.x() * hits.normal[3 * r] + u.y() * hits.normal[3 * r + 1] + u.z() * hits.normal[3 * r + 2]);
            if (sigma[object] == 0) {
                sigma[object] = reflectivity(objects.get(object));
            }
            double rcs = sigma[object] * cos * range * range * solidAngle[r];
            double radial = motion.apply(objects.get(object).bodyId()).at(p).minus(sensorVelocity).dot(u);
            Key key = new Key(cellOf[r], Math.round(range / config.rangeResolution()),
                    Math.round(radial / config.velocityResolution()));
            Cell c = cells.computeIfAbsent(key, x -> new Cell());
            c.rcs += rcs;
            c.range += rcs * range;
            c.azimuth += rcs * azimuth[r];
            c.elevation += rcs * elevation[r];
            c.velocity += rcs * radial;
        }
        ByteBuffer out = ByteBuffer.allocate(cells.size() * PointCloud.stride(FIELDS)).order(ByteOrder.LITTLE_ENDIAN);
        int count = 0;
        for (Map.Entry<Key, Cell> e : cells.entrySet()) {
            Cell c = e.getValue();
            double range = c.range / c.rcs, rcsDb = 10 * Math.log10(c.rcs);
            if (rcsDb < config.minRcsAtMaxRange() + 40 * Math.log10(range / config.maxRange())) {
                continue;
            }
            double az = c.azimuth / c.rcs, el = c.elevation / c.rcs, v = c.velocity / c.rcs;
            var random = ctx.random();
            range += config.rangeNoise() * random.gaussian(ctx.index(), count, 0);
            az += Math.toRadians(config.angleNoise()) * random.gaussian(ctx.index(), count, 1);
            el += Math.toRadians(config.angleNoise()) * random.gaussian(ctx.index(), count, 2);
            v += config.velocityNoise() * random.gaussian(ctx.index(), count, 3);
            out.putFloat((float) (range * Math.cos(el) * Math.cos(az))).putFloat((float) (range * Math.cos(el) * Math.sin(az)))
                    .putFloat((float) (range * Math.sin(el))).putFloat((float) range).putFloat((float) az).putFloat((float) el)
                    .putFloat((float) v).putFloat((float) rcsDb);
            count++;
        }
        out.flip();
        return new PointCloud(FIELDS, count, out, pose);
    }

    /** σ° of the object's material type as a ratio (m²/m²). */
    private double reflectivity(ObjectSpec o) {
        Double db = o.material() == null ? null : config.reflectivity().get(o.material().typeId());
        return Math.pow(10, (db == null ? config.reflectivity().get(RadarConfig.DEFAULT_MATERIAL) : db) / 10);
    }

    /** A body's velocity, angular velocity and origin at the sample time. */
    private record BodyMotion(Vec3 velocity, Vec3 angularVelocity, Vec3 origin) {
        /** The world, at rest. */
        static final BodyMotion REST = new BodyMotion(Vec3.ZERO, Vec3.ZERO, Vec3.ZERO);

        /** World velocity of the point {@code p} fixed to the body: {@code v + ω × (p − origin)}. */
        Vec3 at(Vec3 p) {
            return velocity.plus(angularVelocity.cross(p.minus(origin)));
        }
    }

    @Override
    public void close() {
        if (scene != null) {
            scene.close();
            scene = null;
        }
    }
}
