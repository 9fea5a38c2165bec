package sensor.console;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashSet;
import java.util.List;

import org.apache.felix.webconsole.spi.SecurityProvider;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.servlet.whiteboard.Preprocessor;

import jakarta.servlet.Servlet;
import sensor.scenario.run.LiveService;
import sensor.service.Simulations;

/**
 * {@code serve --console}: starts the HTTP service (Felix HTTP Jetty, idle until then) on one address and port, behind
 * the {@link ConsoleGate}, with the Apache Felix Web Console (bundles, services, configurations, ...) and its
 * {@link SimulationsPage}. The token is read from a file the user names, or generated (192 random bits) and printed
 * once in the console's address. Closing removes the pages and stops the listener.
 */
final class WebConsole implements AutoCloseable {
    static final String HTTP_PID = "org.apache.felix.http", ROOT = "/system/console";
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private final Configuration http;
    private final List<ServiceRegistration<?>> registrations;
    private String address;

    private WebConsole(Configuration http, List<ServiceRegistration<?>> registrations) {
        this.http = http;
        this.registrations = registrations;
    }

    /**
     * Starts the console on the options' address and port (0: a free port) for the simulations of {@code live}, uploads
     * going into {@code deploy}, behind {@code token} (printed when it was generated, not read from a file).
     *
     * @throws IOException when the listener does not start within 20 s (the port in use, say)
     */
    static WebConsole start(BundleContext context, Simulations live, Path deploy, LiveService.Console options,
            String token) throws IOException, InterruptedException {
        String host = options.address();
        int port = options.port();
        Path tokenFile = options.tokenFile();
        // the gate first: from the moment the listener opens, nothing passes without the token
        List<ServiceRegistration<?>> registrations = new ArrayList<>();
        ConsoleGate gate = new ConsoleGate(token);
        registrations.add(context.registerService(Preprocessor.class, gate, props()));
        registrations.add(context.registerService(SecurityProvider.class, gate, props(SecurityProvider.PROPERTY_ID,
                ConsoleGate.PROVIDER_ID)));
        ConfigurationAdmin admin = context.getService(context.getServiceReference(ConfigurationAdmin.class));
        Configuration http = admin.getConfiguration(HTTP_PID, "?");
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("org.apache.felix.http.enable", "true");
        p.put("org.apache.felix.https.enable", "false");
        p.put("org.apache.felix.http.host", host);
        p.put("org.osgi.service.http.port", Integer.toString(port));
        p.put("org.apache.felix.http.jetty.sendServerHeader", "false");
        http.update(p);
        WebConsole console = new WebConsole(http, registrations);
        int actual = awaitPort(context, port);
        if (actual < 0) {
            console.close();
            throw new IOException("--console: the web server did not start on " + host + ":" + port + " within 20 s "
                    + "(is the port in use?)");
        }
        console.address = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + actual;
        gate.allow(new LinkedHashSet<>(List.of(console.address, "http://localhost:" + actual, "http://127.0.0.1:" + actual)),
                host, actual);
        registrations.add(context.registerService(Servlet.class, new SimulationsApi(live, deploy, gate, tokenFile),
                props("osgi.http.whiteboard.servlet.pattern", SimulationsApi.PATH + "/*")));
        registrations.add(context.registerService(Servlet.class, new SimulationsPage(), props("felix.webconsole.label",
                SimulationsPage.LABEL, "felix.webconsole.title", "Simulations", "felix.webconsole.category", "Sensorsim")));
        String page = console.address + ROOT + "/" + SimulationsPage.LABEL;
        awaitPage(page, token);
        LOG.log(Level.INFO, "console: {0}{1}", page, tokenFile == null ? "?token=" + token
                + " (open this address; the token is printed only here)" : " (its token is the first line of " + tokenFile + ")");
        if (!InetAddress.getByName(host).isLoopbackAddress()) {
            LOG.log(Level.WARNING, "console: it listens on {0}, beyond this machine, over plain HTTP: the token travels "
                    + "unencrypted; prefer an SSH tunnel to 127.0.0.1", host);
        }
        return console;
    }

    /** The console's own address, e.g. {@code http://127.0.0.1:8080}. */
    String address() {
        return address;
    }

    /**
     * The first line of {@code file}, or 192 random bits (base64url) when null.
     *
     * @throws IllegalArgumentException when the file cannot be read or its token is shorter than 16 characters
     */
    static String token(Path file) {
        if (file == null) {
            return ConsoleGate.newToken();
        }
        String t;
        try {
            t = Files.readAllLines(file).stream().findFirst().orElse("").strip();
        } catch (IOException e) {
            throw new IllegalArgumentException("--console-token-file: cannot read " + file + " (" + e.getMessage() + ")");
        }
        if (t.length() < 16) {
            throw new IllegalArgumentException("--console-token-file: the token in " + file + " has " + t.length()
                    + " characters; it needs at least 16");
        }
        return t;
    }

    /**
     * Waits (at most 5 s) until the Web Console serves {@code page}: it picks up a plugin's servlet on a thread of its
     * own, and the address printed must open the page, not a 404.
     */
    static void awaitPage(String page, String token) throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < end) {
            try {
                var c = (java.net.HttpURLConnection) new java.net.URL(page).openConnection();
                c.setRequestProperty(ConsoleGate.HEADER, token);
                c.setConnectTimeout(1000);
                c.setReadTimeout(2000);
                int status = c.getResponseCode();
                c.disconnect();
                if (status == 200) {
                    return;
                }
            } catch (IOException e) {
                // not served yet
            }
            Thread.sleep(50);
        }
    }

    /** The port the HTTP service listens on, from its runtime's endpoint; -1 when it does not within 20 s. */
    private static int awaitPort(BundleContext context, int asked) throws InterruptedException {
        long end = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < end) {
            try {
                ServiceReference<?>[] refs = context.getServiceReferences("org.osgi.service.servlet.runtime.HttpServiceRuntime", null);
                for (ServiceReference<?> r : refs == null ? new ServiceReference<?>[0] : refs) {
                    Object e = r.getProperty("osgi.http.endpoint");
                    for (String endpoint : e instanceof String[] a ? a : e instanceof String s ? new String[] {s} : new String[0]) {
                        var m = java.util.regex.Pattern.compile(":(\\d+)/").matcher(endpoint);
                        if (m.find() && (asked == 0 ? Integer.parseInt(m.group(1)) != 0 : Integer.parseInt(m.group(1)) == asked)) {
                            return Integer.parseInt(m.group(1));
                        }
                    }
                }
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
            Thread.sleep(50);
        }
        return -1;
    }

    private static Dictionary<String, Object> props(String... kv) {
        Hashtable<String, Object> p = new Hashtable<>();
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return p;
    }

    /** Removes the pages and the gate, and stops the listener. */
    @Override
    public void close() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException e) {
                // the framework is stopping
            }
        }
        try {
            http.delete();
        } catch (IOException | IllegalStateException e) {
            // the framework is stopping
        }
    }
}
