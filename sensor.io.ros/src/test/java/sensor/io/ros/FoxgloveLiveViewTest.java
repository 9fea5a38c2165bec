package sensor.io.ros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.java_websocket.client.WebSocketClient;
import org.java_websocket.drafts.Draft_6455;
import org.java_websocket.handshake.ServerHandshake;
import org.java_websocket.protocols.Protocol;
import org.junit.jupiter.api.Test;

import sensor.api.io.LiveView;
import sensor.io.Fixtures;
import sensor.io.NodeReader;

/**
 * The live view as Foxglove sees it: {@code @foxglove/ws-protocol}'s client (run with node) connects, subscribes to
 * every advertised channel, and decodes the messages with {@code @foxglove/rosmsg2-serialization}; a viewer that stops
 * reading loses messages and never blocks the simulation.
 */
class FoxgloveLiveViewTest {
    static final int FRAMES = 20;

    @Test
    void aFoxgloveClientReceivesAndDecodesEveryLidarFrame() throws Exception {
        try (LiveView view = new LiveViews().open("127.0.0.1", 0)) {
            assertTrue(view.address().matches("ws://127\\.0\\.0\\.1:\\d+"), view.address());
            view.accept(Fixtures.imuFrame("imu1", 0));
            view.accept(Fixtures.lidarFrame("lidar1", 0, Fixtures.FULL)); // channels advertised before the viewer comes
            assertTrue(Files.isDirectory(NodeReader.nodeDir().resolve("node_modules")), "npm packages installed");
            Process node = new ProcessBuilder("node", NodeReader.nodeDir().resolve("foxglove-client.mjs").toString(),
                    view.address(), "/lidar1/points", String.valueOf(FRAMES)).redirectErrorStream(true).start();
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            Thread pump = new Thread(() -> new java.io.BufferedReader(new java.io.InputStreamReader(node.getInputStream(),
                    StandardCharsets.UTF_8)).lines().forEach(lines::add));
            pump.start();
            List<String> seen = new ArrayList<>();
            while (seen.stream().noneMatch(l -> l.equals("ready=/lidar1/points"))) {
                String l = lines.poll(30, TimeUnit.SECONDS);
                assertTrue(l != null, "the viewer subscribes: " + seen);
                seen.add(l);
            }
            FoxgloveServer server = (FoxgloveServer) view;
            for (long end = System.nanoTime() + 10_000_000_000L; server.subscriptions() < 4 && System.nanoTime() < end;) {
                Thread.sleep(5); // points, imu, mag, clock
            }
            assertEquals(4, server.subscriptions(), seen.toString());
            long[] sent = new long[FRAMES + 1];
            for (int k = 1; k <= FRAMES; k++) { // at 10 Hz, as a lidar delivers
                view.accept(Fixtures.imuFrame("imu1", 10 * k));
                sent[k] = System.currentTimeMillis();
                view.accept(Fixtures.lidarFrame("lidar1", k, Fixtures.FULL));
                Thread.sleep(100);
            }
            assertTrue(node.waitFor(30, TimeUnit.SECONDS), "the viewer got its frames");
            pump.join(5000);
            seen.addAll(lines);
            assertTrue(seen.contains("server=sensorsim"), seen.toString());
            assertTrue(seen.contains("advertised=/lidar1/points sensor_msgs/msg/PointCloud2 cdr"), seen.toString());
            assertTrue(seen.contains("advertised=/imu1/imu sensor_msgs/msg/Imu cdr"), seen.toString());
            List<String[]> received = seen.stream().filter(l -> l.startsWith("recv=")).map(l -> l.substring(5).split(" "))
                    .toList();
            assertEquals(FRAMES, received.size(), seen.toString());
            long[] latency = new long[FRAMES];
            for (int k = 1; k <= FRAMES; k++) {
                String[] r = received.get(k - 1); // topic, wall ms, log time ns, header stamp ns, points
                assertEquals(Math.round((0.025 + 0.1 * k) * 1e9), Long.parseLong(r[3]), "stamp of frame " + k);
                assertEquals(Math.round((0.045 + 0.1 * k) * 1e9), Long.parseLong(r[2]), "log time = delivery of frame " + k);
                assertEquals(String.valueOf(Fixtures.RINGS * Fixtures.COLS), r[4]);
                latency[k - 1] = Long.parseLong(r[1]) - sent[k];
            }
            Arrays.sort(latency);
            System.out.printf("live view: frame to Foxglove client latency median %d ms, max %d ms (%d frames of %d points)%n",
                    latency[FRAMES / 2], latency[FRAMES - 1], FRAMES, Fixtures.RINGS * Fixtures.COLS);
        }
    }

    @Test
    void aViewerThatStopsReadingLosesMessagesAndNeverBlocks() throws Exception {
        try (FoxgloveServer view = new FoxgloveServer("127.0.0.1", 0, 64 << 10)) {
            view.accept(Fixtures.lidarFrame("lidar1", 0, Fixtures.FULL));
            CountDownLatch subscribed = new CountDownLatch(1), release = new CountDownLatch(1);
            WebSocketClient stuck = new WebSocketClient(URI.create(view.address()),
                    new Draft_6455(List.of(), List.of(new Protocol(FoxgloveServer.PROTOCOL)))) {
                @Override
                public void onOpen(ServerHandshake h) {}

                @Override
                public void onMessage(String text) {
                    Matcher id = Pattern.compile("\"id\":(\\d+),\"topic\"").matcher(text);
                    while (id.find()) {
                        send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":" + id.group(1) + ",\"channelId\":" + id.group(1)
                                + "}]}");
                        subscribed.countDown();
                    }
                }

                @Override
                public void onMessage(ByteBuffer bytes) {
                    try {
                        release.await(); // stops reading: the server's unsent data grows
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public void onClose(int code, String reason, boolean remote) {}

                @Override
                public void onError(Exception ex) {}
            };
            assertTrue(stuck.connectBlocking(10, TimeUnit.SECONDS));
            assertTrue(subscribed.await(10, TimeUnit.SECONDS));
            for (long end = System.nanoTime() + 10_000_000_000L; view.subscriptions() == 0 && System.nanoTime() < end;) {
                Thread.sleep(5);
            }
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> { // 2,000 frames of 8 KiB, never blocked
                for (int k = 1; k <= 2000; k++) {
                    view.accept(Fixtures.lidarFrame("lidar1", k, Fixtures.FULL));
                }
            });
            assertTrue(view.dropped() > 0, "a stuck viewer loses messages");
            release.countDown();
            stuck.closeBlocking();
        }
    }

    @Test
    void aTakenPortIsNamed() throws Exception {
        try (LiveView first = new LiveViews().open("127.0.0.1", 0)) {
            int port = Integer.parseInt(first.address().substring(first.address().lastIndexOf(':') + 1));
            var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> new LiveViews().open("127.0.0.1", port));
            assertTrue(e.getMessage().startsWith("cannot serve the live view on 127.0.0.1:" + port + ": "), e.getMessage());
        }
    }

    @Test
    void aViewerConnectingLaterGetsTheSensorMountsOnTfStatic() throws Exception {
        try (LiveView view = new LiveViews().open("127.0.0.1", 0)) {
            // published before anyone watches: /tf_static is latched (transient local), the rest is not even encoded
            view.mounts(0, java.util.Map.of("lidar1", sensor.api.sensor.SensorMount.on("car",
                    sensor.api.geom.Pose.translation(0, 0, 1.9))));
            view.accept(Fixtures.imuFrame("imu1", 0));
            Process node = new ProcessBuilder("node", NodeReader.nodeDir().resolve("foxglove-client.mjs").toString(),
                    view.address(), "/tf_static", "1").redirectErrorStream(true).start();
            String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(node.waitFor(60, TimeUnit.SECONDS));
            assertTrue(out.contains("advertised=/tf_static tf2_msgs/msg/TFMessage cdr"), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("recv=/tf_static ")), "the mounts reach a late viewer: " + out);
            assertTrue(out.contains("received=1"), out);
        }
    }
}
