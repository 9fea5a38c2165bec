package distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console of {@code serve --console} as a security reviewer probes it, over loopback: a manifest bomb, TRACE,
 * a foreign Host (DNS rebinding), the web server's own error pages, a very long name, a binary scenario, logging out,
 * and a new token without a restart. Each is refused with a plain message and a log line, and the service goes on.
 * A finished simulation's page shows its members as the run left them.
 */
class ConsoleHardeningIT {
    @TempDir
    Path work;

    @Test
    void theConsoleRefusesWhatAReviewerTried() throws Exception {
        Process serve = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                Path.of("target", "sensorsim.jar").toAbsolutePath().toString(), "serve", "--deploy", "deploy", "--out", "out",
                "--console", "0").directory(work.toFile()).redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (var lines = serve.inputReader(StandardCharsets.UTF_8)) {
                for (String l; (l = lines.readLine()) != null;) {
                    synchronized (log) {
                        log.append(l).append('\n');
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        reader.start();
        try {
            Matcher printed = await(log, Pattern.compile("console: (http://127\\.0\\.0\\.1:(\\d+))(/system/console/simulations)"
                    + "\\?token=([A-Za-z0-9_-]+)"));
            String origin = printed.group(1), page = origin + printed.group(3), token = printed.group(4);
            int port = Integer.parseInt(printed.group(2));
            HttpClient http = HttpClient.newHttpClient();
            URI status = URI.create(origin + "/sensorsim/api/status");

            // a finished simulation shows its sensors and materials as the run left them, not as running or gone
            Files.writeString(work.resolve("short.yaml"), "version: 1\nduration: 0.5\nmaterials:\n"
                    + "  paint: {type: lambertian, reflectivity: 0.5}\nobjects:\n"
                    + "  - {id: wall, shape: {type: box, size: [0.2, 10, 10]}, pose: {position: [5, 0, 0]}, material: paint}\n"
                    + "sensors:\n  - {id: scan, type: lidar, frequency: 10, config: {model: OS1-32, mode: 512x10}}\n"
                    + "output: {formats: [csv]}\n");
            Files.move(work.resolve("short.yaml"), work.resolve("deploy/short.yaml"));
            await(log, Pattern.compile("simulation 'short' finished"));
            String finished = get(http, status, "X-Sensorsim-Token", token).body();
            assertTrue(finished.contains("\"state\":\"finished\""), finished);
            assertTrue(finished.matches("(?s).*\\{[^}]*\"kind\":\"sensor\"[^}]*\"id\":\"scan\"[^}]*\"state\":\"finished\"[^}]*}.*")
                    || finished.matches("(?s).*\\{[^}]*\"state\":\"finished\"[^}]*\"id\":\"scan\"[^}]*}.*"), finished);
            assertFalse(finished.contains("\"running\""), "nothing of an ended run is running: " + finished);
            assertTrue(finished.contains("\"id\":\"paint\""), finished);

            // a manifest that inflates from a few kilobytes to 50 MB: refused, logged, the service lives on
            HttpResponse<String> bomb = post(http, origin + "/sensorsim/api/bundle?name=bomb.jar", token, manifestBomb());
            assertEquals(400, bomb.statusCode(), bomb.body());
            assertEquals("{\"error\":\"bomb.jar's manifest is larger than 1048576 bytes when decompressed; a bundle's "
                    + "manifest is a few kilobytes\"}", bomb.body());
            await(log, Pattern.compile("console: bundle bomb\\.jar uploaded \\(127\\.0\\.0\\.1\\) and refused: its manifest "
                    + "inflates beyond 1048576 bytes"));
            assertFalse(Files.exists(work.resolve("deploy/bomb.jar")));

            // TRACE would echo the token header back
            String trace = raw(port, "TRACE /sensorsim/api/status HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nX-Sensorsim-Token: " + token + "\r\nConnection: close\r\n\r\n");
            assertTrue(trace.startsWith("HTTP/1.1 405"), trace);
            assertFalse(trace.contains(token), trace);

            // a DNS name rebound to 127.0.0.1 reaches the port with its own Host: refused even with the token
            String rebound = raw(port, "GET /sensorsim/api/status HTTP/1.1\r\nHost: attacker.example:" + port
                    + "\r\nX-Sensorsim-Token: " + token + "\r\nConnection: close\r\n\r\n");
            assertTrue(rebound.startsWith("HTTP/1.1 421"), rebound);
            assertTrue(raw(port, "GET /sensorsim/api/status HTTP/1.1\r\nHost: localhost:" + port + "\r\nX-Sensorsim-Token: "
                    + token + "\r\nConnection: close\r\n\r\n").startsWith("HTTP/1.1 200"), "localhost is this console");

            // the web server's own pages, and a very long name: one plain line, no class or path
            HttpResponse<String> missing = http.send(HttpRequest.newBuilder(URI.create(origin + "/no/such/page"))
                    .header("X-Sensorsim-Token", token).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, missing.statusCode());
            assertEquals("404: no such page\n", missing.body());
            HttpResponse<String> longName = post(http, origin + "/sensorsim/api/scenario?name=" + "a".repeat(5000) + ".yaml",
                    token, "version: 1\n".getBytes(StandardCharsets.UTF_8));
            assertEquals(400, longName.statusCode(), longName.body());
            assertEquals("{\"error\":\"a name has at most 200 characters, this one 5005\"}", longName.body());

            // a binary file sent as a scenario
            byte[] binary = new byte[4096];
            new java.util.Random(7).nextBytes(binary);
            HttpResponse<String> notText = post(http, origin + "/sensorsim/api/scenario?name=photo.yaml", token, binary);
            assertEquals(400, notText.statusCode(), notText.body());
            assertEquals("{\"error\":\"photo.yaml is not a text file: a scenario is YAML or JSON in UTF-8\"}", notText.body());

            // a login, then logging out: the same cookie opens nothing afterwards
            HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(page + "?token=" + token)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(302, login.statusCode());
            String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
            assertTrue(cookie.startsWith("sensorsim-console="), cookie);
            assertNotEquals("sensorsim-console=" + token, cookie, "the cookie carries a session key, not the token");
            assertEquals(200, get(http, status, "Cookie", cookie).statusCode());
            get(http, URI.create(origin + "/system/console/logout"), "Cookie", cookie);
            assertEquals(401, get(http, status, "Cookie", cookie).statusCode(), "logged out");

            // a new token without a restart: the old one opens nothing, the new one does
            HttpResponse<String> renewed = post(http, origin + "/sensorsim/api/token", token, new byte[0]);
            assertEquals(200, renewed.statusCode(), renewed.body());
            Matcher fresh = Pattern.compile("\"token\":\"([A-Za-z0-9_-]+)\"").matcher(renewed.body());
            assertTrue(fresh.find(), renewed.body());
            assertEquals(401, get(http, status, "X-Sensorsim-Token", token).statusCode(), "the old token");
            assertEquals(200, get(http, status, "X-Sensorsim-Token", fresh.group(1)).statusCode(), "the new token");
            await(log, Pattern.compile("console: a new token was issued \\(127\\.0\\.0\\.1\\); every login ended"));
            synchronized (log) {
                assertFalse(log.toString().contains("OutOfMemoryError"), log.toString());
            }
        } finally {
            serve.destroy();
            serve.waitFor(20, TimeUnit.SECONDS);
            serve.destroyForcibly();
        }
    }

    /** A jar whose manifest names a bundle, then pads a header to 50 MB of one letter (about 50 KB compressed). */
    private static byte[] manifestBomb() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zip.write("Manifest-Version: 1.0\r\nBundle-SymbolicName: bomb\r\nX-Pad: ".getBytes(StandardCharsets.UTF_8));
            byte[] pad = "a".repeat(1 << 20).getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 50; i++) {
                zip.write(pad);
            }
            zip.closeEntry();
        }
        assertTrue(bytes.size() < 200_000, "compressed to " + bytes.size());
        return bytes.toByteArray();
    }

    private static HttpResponse<String> post(HttpClient http, String uri, String token, byte[] body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(uri)).header("X-Sensorsim-Token", token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(HttpClient http, URI uri, String header, String value) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).header(header, value).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends {@code request} as it is over a new loopback connection; the whole answer. */
    private static String raw(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** Waits (at most 60 s) until the log has a match of {@code p}. */
    private static Matcher await(StringBuilder log, Pattern p) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            synchronized (log) {
                Matcher m = p.matcher(log);
                if (m.find()) {
                    return m;
                }
            }
            Thread.sleep(100);
        }
        synchronized (log) {
            throw new AssertionError("no match of " + p + " in:\n" + log);
        }
    }
}
