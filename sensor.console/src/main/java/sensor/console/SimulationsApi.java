package sensor.console;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import sensor.scenario.ScenarioException;
import sensor.scenario.run.ScenarioRun;
import sensor.service.Simulations;

/**
 * The simulations page's data and actions, under {@value #PATH} (JSON):
 * <ul>
 * <li>{@code GET status}: every simulation's {@link Simulations#snapshot snapshot};</li>
 * <li>{@code POST scenario?name=F.yaml} (the file as the body, at most {@value #MAX_SCENARIO} bytes): checked as a
 * dropped file is, refused with the same message (line included), else written into the deploy folder, where it starts
 * as a dropped file does;</li>
 * <li>{@code POST bundle?name=F.jar} (at most {@value #MAX_BUNDLE} bytes): refused unless an OSGi bundle, else written
 * into the deploy folder (installed, or checked first under {@code --trust}, as a dropped jar);</li>
 * <li>{@code POST stop?name=SIM}: stops the simulation and completes its files;</li>
 * <li>{@code POST token}: a new token replaces the console's and every login ends; it is written into the token file
 * when the console has one, else given in the answer.</li>
 * </ul>
 * A scenario must be UTF-8 text, and a bundle's manifest at most {@value #MAX_MANIFEST} bytes decompressed (read
 * without inflating more: a small upload cannot exhaust the service's memory).
 * Each action is logged as a folder event is. The {@link ConsoleGate} has checked token and origin.
 */
final class SimulationsApi extends HttpServlet {
    static final String PATH = "/sensorsim/api";
    static final int MAX_SCENARIO = 4 << 20, MAX_BUNDLE = 64 << 20, MAX_MANIFEST = 1 << 20, MAX_NAME = 200;
    private static final long serialVersionUID = 1L;
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final transient Simulations live;
    private final transient Path deploy;
    private final transient ConsoleGate gate;
    private final transient Path tokenFile;

    SimulationsApi(Simulations live, Path deploy, ConsoleGate gate, Path tokenFile) {
        this.live = live;
        this.deploy = deploy;
        this.gate = gate;
        this.tokenFile = tokenFile;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (!"/status".equals(req.getPathInfo())) {
            reply(res, 404, Map.of("error", "no such resource: " + req.getRequestURI()));
            return;
        }
        List<Map<String, Object>> sims = new ArrayList<>();
        for (String name : live.names()) {
            Map<String, Object> snapshot = live.snapshot(name);
            if (snapshot != null) {
                sims.add(snapshot);
            }
        }
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("deploy", deploy.toString());
        status.put("simulations", sims);
        reply(res, 200, status);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        try {
            post(req, res);
        } catch (IOException | RuntimeException | OutOfMemoryError e) { // a log line, not a page with a stack trace
            LOG.log(Level.WARNING, "console: {0} {1} failed: {2}", req.getMethod(), req.getRequestURI(), e.toString());
            if (!res.isCommitted()) {
                reply(res, 500, Map.of("error", "the request failed; the service's log says why"));
            }
        }
    }

    private void post(HttpServletRequest req, HttpServletResponse res) throws IOException {
        // the name from the query only: the body is the file, whatever content type the client gave it
        String action = String.valueOf(req.getPathInfo()), name = queryParameter(req.getQueryString(), "name");
        if ("/token".equals(action)) {
            token(req, res);
            return;
        }
        if (name == null || name.isBlank()) {
            reply(res, 400, Map.of("error", "the request names no file or simulation (?name=...)"));
            return;
        }
        if (name.length() > MAX_NAME) {
            reply(res, 400, Map.of("error", "a name has at most " + MAX_NAME + " characters, this one " + name.length()));
            return;
        }
        switch (action) {
            case "/scenario" -> scenario(req, res, name);
            case "/bundle" -> bundle(req, res, name);
            case "/stop" -> {
                if (live.stop(name)) {
                    LOG.log(Level.INFO, "console: simulation ''{0}'' stopped from the console ({1})", name, req.getRemoteAddr());
                    reply(res, 200, Map.of("message", "simulation '" + name + "' stopped; its files are complete"));
                } else {
                    reply(res, 404, Map.of("error", "no simulation '" + name + "'"));
                }
            }
            default -> reply(res, 404, Map.of("error", "no such action: " + action));
        }
    }

    private void scenario(HttpServletRequest req, HttpServletResponse res, String name) throws IOException {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*\\.(yaml|yml|json)")) {
            reply(res, 400, Map.of("error", "a scenario's file name is letters, digits, '.', '_' and '-' ending in .yaml, "
                    + ".yml or .json, got '" + name + "'"));
            return;
        }
        byte[] body = body(req, res, MAX_SCENARIO, name);
        if (body == null) {
            return;
        }
        if (!isText(body)) {
            LOG.log(Level.WARNING, "console: scenario {0} uploaded ({1}) and refused: not a text file", name, req.getRemoteAddr());
            reply(res, 400, Map.of("error", name + " is not a text file: a scenario is YAML or JSON in UTF-8"));
            return;
        }
        Path target = deploy.resolve(name);
        try {
            live.check(target, body);
        } catch (ScenarioException e) {
            LOG.log(Level.WARNING, "console: scenario {0} uploaded ({1}) and refused: {2}", name, req.getRemoteAddr(), e.getMessage());
            reply(res, 400, Map.of("error", e.getMessage()));
            return;
        }
        write(target, body);
        LOG.log(Level.INFO, "console: scenario {0} uploaded ({1} bytes, {2}) into {3}", name, String.valueOf(body.length),
                req.getRemoteAddr(), deploy);
        reply(res, 200, Map.of("message", name + " is in the deploy folder; simulation '" + ScenarioRun.simulationName(target)
                + "' starts from it"));
    }

    private void bundle(HttpServletRequest req, HttpServletResponse res, String name) throws IOException {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*\\.jar")) {
            reply(res, 400, Map.of("error", "a bundle's file name is letters, digits, '.', '_' and '-' ending in .jar, got '"
                    + name + "'"));
            return;
        }
        byte[] body = body(req, res, MAX_BUNDLE, name);
        if (body == null) {
            return;
        }
        String symbolicName;
        try {
            symbolicName = symbolicName(body);
        } catch (ManifestTooLarge e) {
            LOG.log(Level.WARNING, "console: bundle {0} uploaded ({1}) and refused: its manifest inflates beyond {2} bytes",
                    name, req.getRemoteAddr(), String.valueOf(MAX_MANIFEST));
            reply(res, 400, Map.of("error", name + "'s manifest is larger than " + MAX_MANIFEST + " bytes when decompressed;"
                    + " a bundle's manifest is a few kilobytes"));
            return;
        }
        if (symbolicName == null) {
            LOG.log(Level.WARNING, "console: bundle {0} uploaded ({1}) and refused: not an OSGi bundle", name, req.getRemoteAddr());
            reply(res, 400, Map.of("error", name + " is not an OSGi bundle (a jar whose manifest has a Bundle-SymbolicName)"));
            return;
        }
        write(deploy.resolve(name), body);
        LOG.log(Level.INFO, "console: bundle {0} uploaded ({1} bytes, {2}) into {3}", name, String.valueOf(body.length),
                req.getRemoteAddr(), deploy);
        reply(res, 200, Map.of("message", name + " (" + symbolicName.split(";")[0].strip() + ") is in the deploy folder, "
                + "where it is installed as a dropped jar is"));
    }

    /** Signals a manifest that decompresses beyond {@link #MAX_MANIFEST}. */
    static final class ManifestTooLarge extends Exception {
        private static final long serialVersionUID = 1L;
    }

    /**
     * The {@code Bundle-SymbolicName} of a jar's manifest, or null when it is no jar or has none. The manifest is one of
     * the jar's first two entries (after {@code META-INF/}), as {@link java.util.jar.JarInputStream} looks for it; it
     * is inflated at most to {@link #MAX_MANIFEST} bytes, and no other entry is inflated.
     */
    static String symbolicName(byte[] jar) throws ManifestTooLarge {
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (int i = 0; i < 2; i++) {
                ZipEntry e = zip.getNextEntry();
                if (e == null) {
                    return null;
                }
                if (e.getName().equalsIgnoreCase(JarFile.MANIFEST_NAME)) {
                    byte[] m = zip.readNBytes(MAX_MANIFEST + 1);
                    if (m.length > MAX_MANIFEST) {
                        throw new ManifestTooLarge();
                    }
                    return new Manifest(new ByteArrayInputStream(m)).getMainAttributes().getValue("Bundle-SymbolicName");
                }
            }
            return null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** True for UTF-8 text without NUL characters. */
    static boolean isText(byte[] content) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString();
            return s.indexOf('\0') < 0;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** {@code POST token}: a new token, every login ended; into the token file when there is one. */
    private void token(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String fresh = ConsoleGate.newToken();
        if (tokenFile != null) { // first: a file that cannot be written leaves the old token in force
            write(tokenFile.toAbsolutePath(), (fresh + "\n").getBytes(StandardCharsets.UTF_8));
        }
        gate.replaceToken(fresh);
        LOG.log(Level.INFO, "console: a new token was issued ({0}); every login ended{1}", req.getRemoteAddr(),
                tokenFile == null ? "" : "; it is the first line of " + tokenFile);
        reply(res, 200, tokenFile == null ? Map.of("message", "a new token; every login ended", "token", fresh)
                : Map.of("message", "a new token is the first line of " + tokenFile + "; every login ended"));
    }

    /** A parameter of the query string (URL-decoded), or null. */
    static String queryParameter(String query, String key) {
        if (query != null) {
            for (String p : query.split("&")) {
                if (p.startsWith(key + "=")) {
                    return java.net.URLDecoder.decode(p.substring(key.length() + 1), java.nio.charset.StandardCharsets.UTF_8);
                }
            }
        }
        return null;
    }

    /** The request body, or null after replying 413 when it exceeds {@code max} bytes. */
    private static byte[] body(HttpServletRequest req, HttpServletResponse res, int max, String name) throws IOException {
        if (req.getContentLengthLong() > max) {
            reply(res, 413, Map.of("error", name + " is " + req.getContentLengthLong() + " bytes; uploads are limited to " + max));
            return null;
        }
        try (InputStream in = req.getInputStream()) {
            byte[] b = in.readNBytes(max + 1);
            if (b.length > max) {
                reply(res, 413, Map.of("error", name + " exceeds the upload limit of " + max + " bytes"));
                return null;
            }
            return b;
        }
    }

    /** Writes {@code target} whole at once (a hidden temporary file moved into place), as a dropped file arrives. */
    private static void write(Path target, byte[] content) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), ".console-", ".upload");
        try {
            Files.write(tmp, content);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void reply(HttpServletResponse res, int status, Object body) throws IOException {
        res.setStatus(status);
        res.setContentType("application/json;charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        JSON.writeValue(res.getOutputStream(), body);
    }
}
