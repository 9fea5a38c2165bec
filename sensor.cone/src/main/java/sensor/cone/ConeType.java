package sensor.cone;

import java.util.ArrayList;
import java.util.List;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SampleContext;
import sensor.api.sensor.Sensor;
import sensor.api.sensor.SensorType;
import sensor.cone.Primitives.Primitive;
import sensor.cone.config.ConeConfig;

/**
 * The {@code cone} sensor type [C]: the nearest point of any object surface inside an elliptic cone with its apex at
 * the sensor and its axis along the sensor frame's +z ({@link EllipticCone}, exact rather than the thesis's sampled
 * lines), within {@code range} of the apex. Channels {@code range [m], azimuth [rad] = atan2(x, z), elevation [rad] =
 * atan2(y, z), speed [m/s]} (the range rate between consecutive readings over simulated time, negative when closing)
 * and {@code object} (the index of the object in the scene's list, in scenario order); all are NaN (empty in CSV) when
 * nothing is inside, speed also on the first reading after an empty one. Volumes (fog banks) have no surface and are
 * not seen.
 */
@Component(service = SensorType.class, property = SensorType.ID_PROPERTY + "=" + ConeType.ID)
public class ConeType implements SensorType<ConeConfig> {
    /** Type id. */
    public static final String ID = "cone";
    private static final List<String> NAMES = List.of("range", "azimuth", "elevation", "speed", "object");
    private static final List<String> UNITS = List.of("m", "rad", "rad", "m/s", "1");

    @Override
    public String id() { return ID; }

    @Override
    public Class<ConeConfig> configType() { return ConeConfig.class; }

    @Override
    public ConeConfig defaultConfig() { return ConeConfig.DEFAULT; }

    @Override
    public String description() { return "nearest object point inside an elliptic cone: range, azimuth, elevation, range rate [C]"; }

    @Override
    public Sensor create(ConeConfig c) {
        Args.notNull("cone config", c);
        Args.inRange("horizontalAngle", c.horizontalAngle(), 1e-6, 179);
        Args.inRange("verticalAngle", c.verticalAngle(), 1e-6, 179);
        Args.inRange("range", c.range(), 1e-6, 1e6);
        EllipticCone cone = new EllipticCone(Math.toRadians(c.horizontalAngle()), Math.toRadians(c.verticalAngle()),
                c.range());
        return new Sensor() {
            private double lastRange = Double.NaN, lastTime;

            @Override
            public Channels sample(SampleContext ctx) {
                double t = ctx.time();
                EllipticCone.Nearest n = cone.nearest(pieces(ctx.scene(), ctx.sensorPose(t), t));
                double range = n == null ? Double.NaN : n.distance();
                double speed = (range - lastRange) / (t - lastTime);
                lastRange = range;
                lastTime = t;
                return n == null
                        ? new Channels(NAMES, UNITS, new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN})
                        : new Channels(NAMES, UNITS, new double[] {range, Math.atan2(n.x(), n.z()), Math.atan2(n.y(), n.z()),
                            speed, n.owner()});
            }
        };
    }

    /** The scene's surfaces as convex pieces in the sensor frame at time {@code t}. */
    static List<Primitive> pieces(SceneView scene, Pose sensor, double t) {
        List<Primitive> out = new ArrayList<>();
        Pose toSensor = sensor.inverse();
        List<ObjectSpec> objects = scene.objects();
        for (int i = 0; i < objects.size(); i++) {
            if (scene.volume(i) != null) {
                continue;
            }
            Pose local = toSensor.compose(scene.objectPose(i, t));
            add(out, i, objects.get(i).shape(), local);
        }
        return out;
    }

    private static void add(List<Primitive> out, int owner, Shape shape, Pose pose) {
        double[] centre = xyz(pose.position());
        if (shape instanceof Shape.Sphere s) {
            out.add(new Primitives.Sphere(owner, centre, s.radius()));
        } else if (shape instanceof Shape.Cylinder c) {
            out.add(new Primitives.Cylinder(owner, centre, xyz(pose.transformVector(Vec3.Z)), c.radius(), c.height() / 2));
        } else if (shape instanceof Shape.Plane) {
            out.add(new Primitives.Plane(owner, centre, xyz(pose.transformVector(Vec3.Z))));
        } else if (shape instanceof Shape.Box b) {
            double[] v = new double[24];
            for (int k = 0; k < 8; k++) { // corner k: bit 0 picks −x or +x, bit 1 ±y, bit 2 ±z
                v[3 * k] = ((k & 1) * 2 - 1) * b.halfX();
                v[3 * k + 1] = ((k >> 1 & 1) * 2 - 1) * b.halfY();
                v[3 * k + 2] = ((k >> 2 & 1) * 2 - 1) * b.halfZ();
            }
            int[] faces = {0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 1, 3, 0, 3, 2, 4, 6, 7,
                4, 7, 5};
            triangles(out, owner, v, faces, pose);
        } else if (shape instanceof Shape.TriangleMesh m) {
            triangles(out, owner, doubles(m.vertices()), m.indices(), pose);
        } else if (shape instanceof Shape.Heightfield h) {
            triangles(out, owner, doubles(h.meshVertices()), h.meshIndices(), pose);
        }
    }

    private static void triangles(List<Primitive> out, int owner, double[] v, int[] idx, Pose pose) {
        double[][] w = new double[v.length / 3][];
        for (int k = 0; k < w.length; k++) {
            w[k] = xyz(pose.transformPoint(new Vec3(v[3 * k], v[3 * k + 1], v[3 * k + 2])));
        }
        for (int k = 0; k < idx.length; k += 3) {
            out.add(new Primitives.Triangle(owner, w[idx[k]], w[idx[k + 1]], w[idx[k + 2]]));
        }
    }

    private static double[] doubles(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    private static double[] xyz(Vec3 v) {
        return new double[] {v.x(), v.y(), v.z()};
    }
}
