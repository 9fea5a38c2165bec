package sensor.lidar.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import sensor.api.scene.ObjectSpec;
import sensor.api.scene.SceneView;
import sensor.api.scene.Shape;
import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.material.AmbientMaterial;
import sensor.api.material.Lambertian;
import sensor.api.material.SurfaceMaterial;

/** A mutable scene view for tests, and a mixed scene of every shape kind with random rays. */
final class TestScene implements SceneView {
    final List<ObjectSpec> objects = new ArrayList<>();
    final List<Pose> poses = new ArrayList<>();
    long revision;

    int add(Shape shape, Pose pose) {
        objects.add(ObjectSpec.fixed("o" + objects.size(), shape, pose));
        poses.add(pose);
        revision++;
        return objects.size() - 1;
    }

    void move(int i, Pose pose) {
        poses.set(i, pose);
    }

    @Override
    public List<ObjectSpec> objects() { return List.copyOf(objects); }

    @Override
    public Pose objectPose(int index, double t) { return poses.get(index); }

    @Override
    public SurfaceMaterial material(int index) { return Lambertian.DEFAULT; }

    @Override
    public AmbientMaterial ambient() { return null; }

    @Override
    public long revision() { return revision; }

    static Pose pose(Random rnd, double spread) {
        Quat q = Quat.axisAngle(new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian() + 0.01),
                rnd.nextDouble() * 2 * Math.PI);
        return new Pose(new Vec3(spread * (rnd.nextDouble() - 0.5), spread * (rnd.nextDouble() - 0.5),
                2 * rnd.nextDouble()), q);
    }

    /** Every shape kind: a rotated heightfield, two instances of one mesh, boxes, spheres, cylinders, a plane. */
    static TestScene mixed(long seed) {
        Random rnd = new Random(seed);
        TestScene s = new TestScene();
        int c = 24, r = 20;
        float[] h = new float[c * r];
        for (int i = 0; i < h.length; i++) {
            h[i] = (float) (0.6 * Math.sin(0.7 * (i % c)) * Math.cos(0.5 * (i / c)) + 0.2 * rnd.nextDouble());
        }
        s.add(new Shape.Heightfield(c, r, 1.0, 1.25, h), new Pose(new Vec3(0, 0, -1.5),
                Quat.axisAngle(Vec3.Z, 0.3)));
        Shape.TriangleMesh mesh = soup(rnd, 60);
        s.add(mesh, pose(rnd, 12));
        s.add(mesh, pose(rnd, 12));
        for (int i = 0; i < 6; i++) {
            s.add(new Shape.Box(0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble()), pose(rnd, 16));
            s.add(new Shape.Sphere(0.2 + rnd.nextDouble()), pose(rnd, 16));
            s.add(new Shape.Cylinder(0.2 + rnd.nextDouble(), 0.3 + 2 * rnd.nextDouble()), pose(rnd, 16));
        }
        s.add(new Shape.Plane(), new Pose(new Vec3(0, 0, -4), Quat.axisAngle(Vec3.X, 0.05)));
        return s;
    }

    /** A random triangle soup in a 3 m cube (overlapping triangles, many edges). */
    static Shape.TriangleMesh soup(Random rnd, int n) {
        float[] v = new float[9 * n];
        int[] idx = new int[3 * n];
        for (int t = 0; t < n; t++) {
            double cx = 3 * (rnd.nextDouble() - 0.5), cy = 3 * (rnd.nextDouble() - 0.5), cz = 3 * (rnd.nextDouble() - 0.5);
            for (int k = 0; k < 3; k++) {
                v[9 * t + 3 * k] = (float) (cx + rnd.nextGaussian() * 0.6);
                v[9 * t + 3 * k + 1] = (float) (cy + rnd.nextGaussian() * 0.6);
                v[9 * t + 3 * k + 2] = (float) (cz + rnd.nextGaussian() * 0.6);
                idx[3 * t + k] = 3 * t + k;
            }
        }
        return new Shape.TriangleMesh(v, idx);
    }

    /** {@code n} rays: lidar-like columns from a few origins plus fully random rays; packed into o and d. */
    static void rays(long seed, int n, double[] o, double[] d) {
        Random rnd = new Random(seed);
        for (int i = 0; i < n; i++) {
            int origin = i / 64;
            Random or = new Random(seed * 31 + origin);
            double ox = 8 * (or.nextDouble() - 0.5), oy = 8 * (or.nextDouble() - 0.5), oz = 1 + or.nextDouble();
            if (i % 3 == 0) {
                ox = 20 * (rnd.nextDouble() - 0.5);
                oy = 20 * (rnd.nextDouble() - 0.5);
                oz = 6 * (rnd.nextDouble() - 0.5);
            }
            double x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian() - 0.3;
            double len = Math.sqrt(x * x + y * y + z * z);
            o[3 * i] = ox;
            o[3 * i + 1] = oy;
            o[3 * i + 2] = oz;
            d[3 * i] = x / len;
            d[3 * i + 1] = y / len;
            d[3 * i + 2] = z / len;
        }
    }
}
