package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped ode4j scenarios, run by the exported distribution, against closed forms computed here from the CSV
 * files they write: the drop's free fall, landing and rest (ground truth and accelerometer), the pendulum's period
 * and energy, the rover's rolling, the scheduled car's yaw rate (bicycle model) and its determinism.
 */
class DynamicsScenariosIT {
    static final double G = 9.81;

    @TempDir
    Path work;

    private List<double[]> csv(Path file) throws Exception {
        List<double[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file).subList(1, Files.readAllLines(file).size())) {
            rows.add(java.util.Arrays.stream(line.split(",")).mapToDouble(Double::parseDouble).toArray());
        }
        return rows;
    }

    private Path run(String scenario) throws Exception {
        Path out = work.resolve(scenario);
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", Path.of("scenarios", scenario + ".yaml").toAbsolutePath()
                .toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.output());
        return out;
    }

    @Test
    void aDroppedCubeFallsFreelyLandsAndRestsReadingGUp() throws Exception {
        Path out = run("drop");
        for (double[] r : csv(out.resolve("box-truth.csv"))) { // time, x, y, z, ...
            if (r[0] < 0.6) { // lands at sqrt(2 · 2 / g) = 0.639 s
                assertEquals(2.1 - G * r[0] * r[0] / 2, r[3], 1e-3, "z at t = " + r[0]);
            } else if (r[0] > 2) {
                assertEquals(0.1, r[3], 2e-3, "resting on the floor at t = " + r[0]);
            }
        }
        for (double[] r : csv(out.resolve("box-imu.csv"))) { // time, acc.x, acc.y, acc.z
            if (r[0] < 0.6) {
                assertEquals(0, Math.sqrt(r[1] * r[1] + r[2] * r[2] + r[3] * r[3]), 1e-6, "free fall at t = " + r[0]);
            } else if (r[0] > 2) {
                assertEquals(G, r[3], 0.01 * G, "+g up at rest, t = " + r[0]);
            }
        }
    }

    @Test
    void thePendulumSwingsWithThePhysicalPendulumsPeriodAndKeepsItsEnergy() throws Exception {
        Path out = run("pendulum");
        double theta0 = Math.toRadians(10), r = 0.05, inertia = 0.4 * r * r + 1; // about the pivot, m = 1 kg, L = 1 m
        double period = 2 * Math.PI * Math.sqrt(inertia / G) * (1 + theta0 * theta0 / 16 + 11 * Math.pow(theta0, 4) / 3072);
        double energy0 = G * (1 - Math.cos(theta0));
        List<double[]> rows = csv(out.resolve("bob-truth.csv")); // time, x, y, z, q, v, w
        List<Double> crossings = new ArrayList<>();
        double drift = 0;
        for (int i = 0; i < rows.size(); i++) {
            double[] a = rows.get(i);
            if (i > 0 && rows.get(i - 1)[1] > 0 && a[1] <= 0) {
                double[] p = rows.get(i - 1);
                crossings.add(p[0] + (a[0] - p[0]) * p[1] / (p[1] - a[1]));
            }
            double e = G * (a[3] - 1) + 0.5 * (a[8] * a[8] + a[9] * a[9] + a[10] * a[10])
                    + 0.5 * 0.4 * r * r * (a[11] * a[11] + a[12] * a[12] + a[13] * a[13]);
            drift = Math.max(drift, Math.abs(e - energy0) / energy0);
        }
        assertTrue(crossings.size() >= 9, "swings: " + crossings.size());
        double measured = (crossings.get(crossings.size() - 1) - crossings.get(0)) / (crossings.size() - 1);
        assertEquals(period, measured, 0.002 * period, "period");
        assertTrue(drift < 0.005, "energy drift " + drift);
        // the hinge angle, read by an absolute encoder (4096 counts a turn by default): the rotation from the release
        // position, θ0 − θ with θ the bob's angle from the vertical
        List<double[]> encoder = csv(out.resolve("pivot-angle.csv"));
        assertEquals(rows.size(), encoder.size());
        for (int i = 0; i < rows.size(); i++) {
            double theta = Math.atan2(rows.get(i)[1], 2 - rows.get(i)[3]);
            assertEquals(theta0 - theta, encoder.get(i)[1], 2 * Math.PI / 1024, "encoder at t = " + rows.get(i)[0]);
        }
    }

    @Test
    void theRoverDrivesDownTheStreetAndItsWheelSensorsMeasureTheRolling() throws Exception {
        Path out = run("rover");
        List<double[]> truth = csv(out.resolve("ground-truth.csv")), odometer = csv(out.resolve("odometer.csv"));
        double path = 0;
        for (int i = 1; i < truth.size(); i++) {
            path += Math.hypot(truth.get(i)[1] - truth.get(i - 1)[1], truth.get(i)[2] - truth.get(i - 1)[2]);
        }
        // the motors turn the 0.3 m wheels at 10 rad/s: 3 m/s once rolling; the odometer counts the wheel's turns
        double[] last = truth.get(truth.size() - 1);
        assertEquals(3, Math.hypot(last[8], last[9]), 0.1, "cruising at ω R");
        assertTrue(path > 25 && path < 30, "path " + path);
        double counted = odometer.get(odometer.size() - 1)[1];
        assertTrue(counted >= path && counted < path * 1.1, "odometer " + counted + " m: the path plus a little slip, path " + path);
        assertTrue(Files.list(out.resolve("os1")).count() > 0, "lidar frames on the chassis");
    }

    /**
     * The scheduled drive: the car follows its schedule (speed ramp, S-curve, brake) with the yaw rate of the bicycle
     * model, v · tan δ / L, while the steering is held; two runs, on 1 and 2 threads, write byte-identical files.
     */
    @Test
    void theScheduledDriveFollowsTheBicycleModelAndIsByteIdenticalAcrossRunsAndThreads() throws Exception {
        Path a = run("drive");
        Path b = work.resolve("drive-2");
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", Path.of("scenarios", "drive.yaml").toAbsolutePath()
                .toString(), "--out", b.toString(), "--threads", "2");
        assertEquals(0, r.code(), r.output());
        List<Path> files;
        try (var walk = Files.walk(a)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("run-manifest.json"))
                    .sorted().toList();
        }
        assertTrue(files.size() > 10, "files " + files);
        for (Path f : files) {
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(f), Files.readAllBytes(b.resolve(a.relativize(f)))),
                    "byte-identical: " + a.relativize(f));
        }
        List<double[]> truth = csv(a.resolve("ground-truth.csv"));
        // steering held at 0.08 rad from 4.5 to 5.5 s at 6 m/s: yaw rate 6 · tan(0.08) / 2.7 (the schedule ramps around it)
        int checked = 0;
        for (double[] row : truth) {
            if (row[0] > 4.9 && row[0] < 5.5) {
                double v = Math.hypot(row[8], row[9]);
                assertEquals(v * Math.tan(0.08) / 2.7, row[13], 0.05 * v * Math.tan(0.08) / 2.7, "yaw rate at t = " + row[0]);
                checked++;
            }
        }
        assertTrue(checked > 20, "rows checked: " + checked);
        double[] last = truth.get(truth.size() - 1);
        assertEquals(0, Math.hypot(last[8], last[9]), 0.01, "braked to rest");
        assertEquals(List.of("time [s],level [1]", "9.0,0.6"), Files.readAllLines(a.resolve("driver.brake.car.csv")));
    }

    /** A schedule's command the vehicle cannot take is refused with one line naming it and the range; the run goes on. */
    @Test
    void aCommandOutOfRangeIsRefusedWithOneLineAndTheRunGoesOn() throws Exception {
        Path scenario = work.resolve("oversteer.yaml");
        Files.writeString(scenario, Files.readString(Path.of("scenarios", "drive.yaml")).replace("value: 0.08, ramp: 0.5",
                "value: 0.9").replace("duration: 12", "duration: 5"));
        Sensorsim.Run r = Sensorsim.run(work, "sensorsim.jar", "run", scenario.toString(), "--out", "oversteer");
        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("controller 'driver' at t = 4 s: steering of 'car' refused: angle must be in "
                + "[-0.6109, 0.6109] rad (the vehicle's maxSteer), got 0.9; none of its 1 command(s) of this step applied"), r.output());
        assertEquals(1, r.output().split("refused", -1).length - 1, "said once:\n" + r.output());
        assertTrue(!Files.exists(work.resolve("oversteer/driver.steering.car.csv")), "no steering applied, none recorded");
        assertTrue(Files.exists(work.resolve("oversteer/driver.drive.car.csv")), "the drive commands were applied");
    }
}
