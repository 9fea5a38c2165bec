package sensor.imu;

import java.lang.management.ManagementFactory;

import sensor.api.geom.Pose;
import sensor.api.geom.Quat;
import sensor.api.geom.Vec3;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorMount;
import sensor.imu.config.ImuConfig;

/**
 * Benchmark harness (a main class, not a unit test): triaxial samples per second on one core through the
 * full accelerometer chain — specific force [T-29] on a spinning, translating body with an offset mount,
 * then range, bias, cross-axis [T-22], total noise [T-23], spectral noise [T-25] and bias random walk [T-RW].
 * Run: {@code java -cp <classpath> sensor.imu.AccelerometerChainBenchmark [seconds]}.
 */
public final class AccelerometerChainBenchmark {
    private AccelerometerChainBenchmark() {}

    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        System.out.printf("machine: %d cores (availableProcessors), %s %s (%s), %s %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), System.getProperty("java.vendor"),
                System.getProperty("os.name"), System.getProperty("os.arch"));
        System.out.println("load average at start: " + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        var sensor = ImuFactory.create(ImuConfig.of(BenchmarkChain.accelerometer()), BuiltinStages.all());
        Vec3 omega = new Vec3(0.1, -0.2, 0.7);
        var ctx = new StaticContext("acc", 1, 1000, SensorMount.on("b", Pose.translation(0.1, 0.05, 0.02)),
                t -> new Pose(new Vec3(t, 0, 0), Quat.axisAngle(omega, omega.norm() * t)),
                t -> new Vec3(1 + 0.1 * t, 0, 0), t -> omega);
        double sink = 0;
        long k = 0;
        // warm-up
        long warmEnd = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < warmEnd) {
            for (int i = 0; i < 10_000; i++) {
                sink += ((Channels) sensor.sample(ctx.at(++k))).value(0);
            }
        }
        for (int round = 1; round <= 3; round++) {
            long n = 0, start = System.nanoTime(), end = start + (long) (seconds * 1e9), now;
            do {
                for (int i = 0; i < 10_000; i++) {
                    sink += ((Channels) sensor.sample(ctx.at(++k))).value(0);
                }
                n += 10_000;
                now = System.nanoTime();
            } while (now < end);
            double rate = n / ((now - start) * 1e-9);
            System.out.printf("round %d: %,d triaxial samples in %.2f s = %,.0f samples/s on one core (%.0f ns/sample)%n",
                    round, n, (now - start) * 1e-9, rate, 1e9 / rate);
        }
        System.out.println("(checksum " + sink + ")");
    }
}
