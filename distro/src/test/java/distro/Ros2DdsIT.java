package distro;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live ROS 2 over DDS against stacks we did not write: subscribers built from Debian's Eclipse Cyclone DDS (its IDL
 * compiled by Cyclone's {@code idlc}) and eProsima Fast DDS (by {@code fastddsgen}), and the npm {@code @foxglove/ros2}
 * node (pure TypeScript RTPS), each receive the demo's lidar and IMU topics from {@code sensorsim run --ros2} and count
 * 10 s of them. Both run in a private network namespace ({@code unshare --net}, multicast enabled on its loopback), so no
 * discovery traffic leaves it.
 */
class Ros2DdsIT {
    static final Path PEER_SOURCES = Path.of("..", "sensor.io.dds", "src", "test", "dds").toAbsolutePath();
    static Path peer, fastPeer;

    @TempDir
    static Path build;

    @TempDir
    Path work;

    /**
     * Compiles the peers: Cyclone DDS's (idlc for the ROS 2 messages, gcc against libddsc) and Fast DDS's (fastddsgen,
     * g++ against libfastrtps).
     */
    @BeforeAll
    static void buildPeer() throws Exception {
        exec(build, 60, "idlc", PEER_SOURCES.resolve("ros2.idl").toString());
        exec(build, 120, "gcc", "-O2", "-o", "cyclone_peer", PEER_SOURCES.resolve("cyclone_peer.c").toString(), "ros2.c",
                "-I.", "-lddsc");
        peer = build.resolve("cyclone_peer");
        Path fast = Files.createDirectories(build.resolve("fastdds"));
        exec(fast, 120, "fastddsgen", "-replace", PEER_SOURCES.resolve("ros2.idl").toString());
        exec(fast, 300, "g++", "-O1", "-std=c++17", "-o", "fastdds_peer", PEER_SOURCES.resolve("fastdds_peer.cpp").toString(),
                "ros2.cxx", "ros2PubSubTypes.cxx", "-I.", "-lfastrtps", "-lfastcdr");
        fastPeer = fast.resolve("fastdds_peer");
    }

    static String exec(Path dir, int seconds, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), String.join(" ", cmd) + " did not finish");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + " (Debian's cyclonedds-dev, cyclonedds-tools, libfastrtps-dev "
                + "and fastddsgen, installed by .ci/run):\n" + out);
        return out;
    }

    /** A command line run in a new network namespace whose loopback has multicast (and nothing else). */
    static String inNamespace(Path dir, int seconds, String script) throws Exception {
        return exec(dir, seconds, "unshare", "--net", "--map-root-user", "bash", "-c",
                "set -e; ip link set lo up; ip link set lo multicast on; ip route add 224.0.0.0/4 dev lo; " + script);
    }

    /**
     * The demo street without the camera (so that it keeps wall-clock pace on two cores), MCAP only, real time, with
     * {@code extra} appended.
     */
    Path scenario(String extra) throws Exception {
        Files.copy(Path.of("scenarios", "house.obj"), work.resolve("house.obj"));
        String demo = Files.readString(Path.of("scenarios", "demo.yaml"));
        String noCamera = demo.replaceAll("(?ms)^  - id: camera\n.*?(?=^  - id: imu)", "");
        assertNotEquals(demo, noCamera);
        Files.writeString(work.resolve("live.yaml"), noCamera.replace("formats: [pcd, ply, las, csv, mcap, png]",
                "formats: [mcap]").replace("duration: 10\n", "duration: 10\nrealtime: true\n") + extra);
        return work.resolve("live.yaml");
    }

    static final String TOPICS = " rt/os1/points=points rt/imu/imu=imu";

    /**
     * Also: Cyclone reads each writer's type hash from its SEDP user data, as ROS 2 Iron and later announce it; the
     * values are those ROS 2's generator published (sensor.io.ros's TypeHashTest cites them).
     */
    @Test
    void aCycloneDdsSubscriberReceivesTheDemosLidarAndImuWithTheMcapsBytes() throws Exception {
        List<String> lines = receivesTheDemo(peer + " sub 0 16 ." + TOPICS, "", "");
        assertTrue(lines.contains("userdata rt/os1/points "
                + "typehash=RIHS01_9198cabf7da3796ae6fe19c4cb3bdd3525492988c70522628af5daa124bae2b5;"), String.join("\n", lines));
        assertTrue(lines.contains("userdata rt/imu/imu "
                + "typehash=RIHS01_7d9a00ff131080897a5ec7e26e315954b8eae3353c3f995c55faf71574000b5b;"), String.join("\n", lines));
    }

    @Test
    void aFastDdsSubscriberReceivesTheDemosLidarAndImuWithTheMcapsBytes() throws Exception {
        receivesTheDemo(fastPeer + " sub 0 16 ." + TOPICS, "", "");
    }

    /**
     * The npm {@code @foxglove/ros2} node subscribes reliable and transient local (keep last 1), as Foxglove's native
     * ROS 2 connection does; a volatile writer does not match such a reader (DDS's request-offer rule), so the
     * scenario offers both topics transient local through its {@code ros2.qos} field. The node decodes on one
     * JavaScript thread, so the simulation raytraces on one core ({@code --threads 1}) and leaves it the other.
     */
    @Test
    void theFoxgloveRos2NodeReceivesTheDemosLidarAndImuWithTheMcapsBytes() throws Exception {
        receivesTheDemo("node " + ScenarioRunIT.READERS.resolve("foxglove-ros2-sub.mjs") + " 0 16 . 127.0.0.1" + TOPICS,
                "ros2:\n  qos:\n    /os1/points: {durability: transient_local, depth: 1}\n"
                        + "    /imu/imu: {durability: transient_local, depth: 1}\n", "--threads 1");
    }

    /**
     * {@code subscriber} (a command line printing the peers' lines) gets 10 s of the demo's lidar and IMU: see the class
     * comment and the checks below. {@code scenarioExtra}: fields added to the scenario; {@code runOptions}: more
     * options of {@code run}. Returns the subscriber's lines.
     */
    List<String> receivesTheDemo(String subscriber, String scenarioExtra, String runOptions) throws Exception {
        scenario(scenarioExtra);
        Path jar = Path.of("target", "sensorsim.jar").toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String log = inNamespace(work, 240, subscriber + " > sub.txt 2>&1 & "
                + "date +%s%3N > start.txt; " + java + " -jar " + jar + " run live.yaml --out o --ros2 --ros2-interface lo "
                + "--duration 22 " + runOptions + " 2>&1 | while IFS= read -r l; do echo \"$(date +%s%3N) $l\"; done; wait");
        List<String> lines = Files.readAllLines(work.resolve("sub.txt"));
        // the bridge starts publishing when it says so; both topics match within 5 s of that
        long publishing = log.lines().filter(l -> l.contains("ros2: publishing")).mapToLong(l -> Long.parseLong(l.split(" ")[0]))
                .findFirst().orElseThrow(() -> new AssertionError(log));
        Map<String, Long> matched = new HashMap<>();
        lines.stream().filter(l -> l.startsWith("matched ")).forEach(l -> matched.put(l.split(" ")[1], Long.parseLong(l.split(" ")[2])));
        assertEquals(Set.of("rt/os1/points", "rt/imu/imu"), matched.keySet(), String.join("\n", lines) + log);
        matched.forEach((t, ms) -> assertTrue(ms - publishing < 5000, t + " matched " + (ms - publishing) + " ms after start"));

        // each sample counted once: @foxglove/rtps hands on a sample again when a repair of it arrives late (it keeps no
        // record of the sequence numbers it delivered); a handful at most
        Map<String, List<String[]>> samples = new HashMap<>();
        Set<String> seen = new java.util.HashSet<>();
        int duplicates = 0;
        for (String l : lines) {
            String[] p = l.split(" ");
            if (l.startsWith("rt/") && !seen.add(p[0] + " " + p[3])) {
                duplicates++;
            } else if (l.startsWith("rt/")) {
                samples.computeIfAbsent(p[0], k -> new ArrayList<>()).add(p);
            }
        }
        assertTrue(duplicates <= 3, duplicates + " samples delivered twice");
        List<String[]> points = samples.get("rt/os1/points"), imu = samples.get("rt/imu/imu");
        // 10 s at the configured rates (lidar 10 Hz, IMU 100 Hz), within ±10 %: from 5 s after the first match, by the
        // subscriber's clock (the simulation's first seconds run slower while the JIT compiles; it then catches up with
        // the wall clock, and from about 4 s on keeps its pace)
        long from = (matched.values().stream().mapToLong(Long::longValue).min().getAsLong() + 5000) * 1_000_000L;
        long clouds = points.stream().filter(p -> inWindow(p, from)).count(), imus = imu.stream().filter(p -> inWindow(p, from)).count();
        assertTrue(clouds >= 90 && clouds <= 110, clouds + " clouds in 10 s\n" + log);
        assertTrue(imus >= 900 && imus <= 1100, imus + " IMU samples in 10 s\n" + log);
        Map<String, String> mcap = ScenarioRunIT.node("mcap-crc.mjs", work.resolve("o/run.mcap").toString(), "/os1/points",
                "/imu/imu");
        checkSamples(points, Set.of(mcap.get("crc./os1/points").split(" ")), "os1");
        checkSamples(imu, Set.of(mcap.get("crc./imu/imu").split(" ")), "imu");
        for (String[] p : points) { // every field decoded: width x height returns of point_step bytes, the named fields
            long width = Long.parseLong(p[7]), height = Long.parseLong(p[8]), step = Long.parseLong(p[9]), row = Long.parseLong(p[10]);
            assertTrue(width * height > 10_000 && width * height <= 64 * 1024, String.join(" ", p)); // returns of 64 x 1024 rays
            assertEquals(width * step, row, String.join(" ", p));
            assertEquals(row * height, Long.parseLong(p[11]), String.join(" ", p));
            assertEquals(Integer.parseInt(p[12]), p.length - 14, String.join(" ", p));
            assertTrue(p[14].startsWith("x:0:7:1"), String.join(" ", p));
        }
        for (String[] s : imu) { // gravity on the z axis, a unit orientation quaternion
            assertEquals(9.81, Double.parseDouble(s[16]), 0.5, String.join(" ", s));
        }
        // the first cloud's bytes, written whole by the subscriber, are the MCAP's (CRC-32 here by java.util.zip)
        CRC32 crc = new CRC32();
        crc.update(Files.readAllBytes(work.resolve("0.bin")));
        assertEquals(points.get(0)[3], String.format("%08x", crc.getValue()));
        return lines;
    }

    /**
     * The loop closed from ROS 2: a Cyclone DDS writer sends a Twist (3 m/s, 0.3 rad/s) at 20 Hz for 7 s on
     * {@code rt/teleop/cmd_vel}; the car of {@code teleop.yaml} follows as it does from Foxglove, and brakes once the
     * messages stop.
     */
    @Test
    void aCycloneDdsPublisherOfTwistSteersTheCar() throws Exception {
        Path jar = Path.of("target", "sensorsim.jar").toAbsolutePath(), scenario = Path.of("scenarios", "teleop.yaml").toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String log = inNamespace(work, 240, peer + " pub 0 7 rt/teleop/cmd_vel 3 0.3 > pub.txt 2>&1 & " + java + " -jar " + jar
                + " run " + scenario + " --out teleop --ros2 --ros2-interface lo --duration 14 2>&1; wait");
        String sent = Files.readString(work.resolve("pub.txt")).trim();
        assertTrue(sent.matches("sent 1[3-4]\\d"), sent + "\n" + log); // 20 Hz for 7 s, less the writer's sleep overruns
        assertFalse(log.contains("does not decode"), log);
        ScenarioRunIT.yawRateFollowsTheTwist(work.resolve("teleop/ground-truth.csv"));
    }

    static boolean inWindow(String[] sample, long fromNanos) {
        long t = Long.parseLong(sample[1]);
        return t >= fromNanos && t < fromNanos + 10_000_000_000L;
    }

    /** Each sample: CRC-32 among the MCAP's messages of the topic, size positive, stamps increasing, frame id the sensor's. */
    static void checkSamples(List<String[]> samples, Set<String> mcapCrcs, String frameId) {
        double last = -1;
        for (String[] s : samples) {
            assertTrue(mcapCrcs.contains(s[3]), "a sample not in the run's MCAP: " + String.join(" ", s));
            double stamp = Long.parseLong(s[4]) + Long.parseLong(s[5]) * 1e-9;
            assertTrue(stamp > last, "stamps increase: " + String.join(" ", s));
            last = stamp;
            assertEquals(frameId, s[6]);
        }
    }
}
