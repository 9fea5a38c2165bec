package sensor.console;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.apache.felix.webconsole.spi.SecurityProvider;
import org.osgi.service.servlet.whiteboard.Preprocessor;

/**
 * The web console's door, in front of every request the HTTP service receives (a Servlet Whiteboard preprocessor):
 * <ul>
 * <li>a request without the console's token is refused (401): the token comes once in the query of the address
 * {@code serve --console} prints ({@code ?token=...}), which sets an {@code HttpOnly}, {@code SameSite=Strict} cookie
 * and redirects to the same page without it, or in the {@code X-Sensorsim-Token} header (scripts, curl);</li>
 * <li>a state-changing request (any method but GET, HEAD and OPTIONS) whose {@code Origin} (or {@code Referer}) is not
 * the console's own is refused (403), and one with neither must carry the token in the header;</li>
 * <li>a request whose {@code Host} is neither an IP address, {@code localhost} nor the console's own host, or names
 * another port, is refused (421): a page of another site that a DNS name rebinds to this address gets nothing;</li>
 * <li>{@code TRACE} and {@code TRACK}, which would echo the request's headers, are refused (405);</li>
 * <li>an error answered behind the gate (an unknown page, a failure) gets one plain page naming its status, never the
 * web server's page with class names and paths; the details go to the log.</li>
 * </ul>
 * The query's token opens a login: the cookie carries a random session key, not the token, and logging out ends that
 * session on the server. {@link #replaceToken} ends every session.
 * It is also the Felix Web Console's security provider, so the console's own {@code admin/admin} login never applies.
 */
final class ConsoleGate implements Preprocessor, SecurityProvider {
    static final String COOKIE = "sensorsim-console", HEADER = "X-Sensorsim-Token", PROVIDER_ID = "sensorsim-token";
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private static final SecureRandom RANDOM = new SecureRandom();
    private volatile byte[] token;
    private final Set<String> sessions = ConcurrentHashMap.newKeySet();
    private volatile Set<String> origins = Set.of();
    private volatile String ownHost;
    private volatile int port = -1;

    ConsoleGate(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The console's own origins, e.g. {@code http://127.0.0.1:8080}, its host as configured and its port, known once
     * it listens; until then every request is refused.
     */
    void allow(Set<String> own, String host, int port) {
        origins = Set.copyOf(own);
        ownHost = host;
        this.port = port;
    }

    /** Replaces the token: the old one and every login end. */
    void replaceToken(String fresh) {
        token = fresh.getBytes(StandardCharsets.UTF_8);
        sessions.clear();
    }

    /** 192 random bits, URL-safe Base64. */
    static String newToken() {
        byte[] b = new byte[24];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        HttpServletResponse res = new PlainErrors((HttpServletResponse) response, req);
        if (req.getMethod().equals("TRACE") || req.getMethod().equals("TRACK")) {
            refuse(req, res, HttpServletResponse.SC_METHOD_NOT_ALLOWED, req.getMethod() + " is not served here");
            return;
        }
        if (!hostAllowed(req.getHeader("Host"))) {
            refuse(req, res, 421, "this console answers only at its own address, not at host '" + req.getHeader("Host")
                    + "'");
            return;
        }
        String query = SimulationsApi.queryParameter(req.getQueryString(), "token");
        String session = cookie(req);
        boolean byQuery = matches(query), byHeader = matches(req.getHeader(HEADER));
        boolean byCookie = session != null && sessions.contains(session);
        if (!byQuery && !byHeader && !byCookie) {
            refuse(req, res, HttpServletResponse.SC_UNAUTHORIZED, "this console needs its token: open the address 'serve "
                    + "--console' printed (it ends in ?token=...), or send the token in the " + HEADER + " header");
            return;
        }
        if (!safe(req.getMethod())) {
            String origin = origin(req);
            if (origin == null ? !byHeader : !origins.contains(origin)) {
                refuse(req, res, HttpServletResponse.SC_FORBIDDEN, origin == null
                        ? "a change without an Origin header needs the token in the " + HEADER + " header"
                        : "a change from another site (" + origin + ") is refused");
                return;
            }
        }
        if (byQuery && safe(req.getMethod())) { // the token leaves the address bar: a session's cookie from now on
            String key = newToken();
            sessions.add(key);
            res.addHeader("Set-Cookie", COOKIE + "=" + key + "; Path=/; HttpOnly; SameSite=Strict");
            String rest = req.getQueryString().replaceAll("(^|&)token=[^&]*", "").replaceFirst("^&", "");
            res.sendRedirect(req.getRequestURI() + (rest.isEmpty() ? "" : "?" + rest));
            return;
        }
        if (byCookie && req.getRequestURI().equals(WebConsole.ROOT + "/logout")) {
            sessions.remove(session); // ended here, whether or not the Web Console asks its security provider to
        }
        try {
            chain.doFilter(request, res);
        } catch (IOException | ServletException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "console: " + req.getMethod() + " " + req.getRequestURI() + " failed", e);
            if (!res.isCommitted()) {
                res.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
            }
        }
    }

    /** The Host header names this console: its port, and an IP address, {@code localhost} or the configured host. */
    boolean hostAllowed(String host) {
        if (host == null || port < 0) {
            return false;
        }
        int colon = host.lastIndexOf(':');
        if (colon < 0 || host.endsWith("]") || !host.substring(colon + 1).equals(Integer.toString(port))) {
            return false;
        }
        String name = host.substring(0, colon);
        return name.equalsIgnoreCase("localhost") || name.equalsIgnoreCase(ownHost)
                || name.matches("\\d{1,3}(\\.\\d{1,3}){3}") || name.matches("\\[[0-9A-Fa-f:.]+\\]");
    }

    /** Answers every error with one plain line naming the status, whatever the servlet behind it would have shown. */
    private static final class PlainErrors extends HttpServletResponseWrapper {
        private final HttpServletRequest req;

        PlainErrors(HttpServletResponse res, HttpServletRequest req) {
            super(res);
            this.req = req;
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            LOG.log(System.Logger.Level.DEBUG, "console: {0} {1} answered {2}: {3}", req.getMethod(), req.getRequestURI(),
                    status, message);
            sendError(status);
        }

        @Override
        public void sendError(int status) throws IOException {
            resetBuffer();
            setStatus(status);
            setContentType("text/plain;charset=utf-8");
            getWriter().println(status == SC_NOT_FOUND ? "404: no such page" : status + ": the request could not be served"
                    + (status >= 500 ? " (the service's log says why)" : ""));
        }
    }

    private static boolean safe(String method) {
        return method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS");
    }

    /** The request's origin: its Origin header, else the scheme, host and port of its Referer, else null. */
    static String origin(HttpServletRequest req) {
        String origin = req.getHeader("Origin");
        if (origin != null && !origin.equals("null")) {
            return origin;
        }
        String referer = req.getHeader("Referer");
        if (referer == null) {
            return origin; // "null" (an opaque origin) stays refused
        }
        try {
            URI u = URI.create(referer);
            return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort());
        } catch (IllegalArgumentException e) {
            return "unreadable referer";
        }
    }

    private static String cookie(HttpServletRequest req) {
        if (req.getCookies() != null) {
            for (Cookie c : req.getCookies()) {
                if (c.getName().equals(COOKIE)) {
                    return c.getValue();
                }
            }
        }
        return null;
    }

    /** Constant-time comparison with the token. */
    private boolean matches(String given) {
        return given != null && MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8));
    }

    private static void refuse(HttpServletRequest req, HttpServletResponse res, int status, String why) throws IOException {
        LOG.log(System.Logger.Level.WARNING, "console: refused {0} {1} from {2}: {3}", req.getMethod(), req.getRequestURI(),
                req.getRemoteAddr(), why);
        res.setStatus(status);
        res.setContentType("text/plain;charset=utf-8");
        res.getWriter().println(why);
    }

    // the Web Console's security provider: every request that reaches the console has passed the gate

    @Override
    public Object authenticate(HttpServletRequest request, HttpServletResponse response) {
        return "console-token";
    }

    @Override
    public boolean authorize(Object user, String role) {
        return true;
    }

    @Override
    public void logout(HttpServletRequest request, HttpServletResponse response) {
        String session = cookie(request);
        if (session != null) {
            sessions.remove(session); // the cookie, kept or copied, opens nothing any more
        }
        response.addHeader("Set-Cookie", COOKIE + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
    }
}
