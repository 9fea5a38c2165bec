package sensor.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.apache.felix.webconsole.spi.SecurityProvider;
import org.osgi.service.servlet.whiteboard.Preprocessor;

/**
 * The web console's door, in front of every request the HTTP service receives (a Servlet Whiteboard preprocessor):
 * <ul>
 * <li>a request without the console's token is refused (401): the token comes once in the query of the address
 * {@code serve --console} prints ({@code ?token=...}), which sets an {@code HttpOnly}, {@code SameSite=Strict} cookie
 * and redirects to the same page without it, or in the {@code X-Sensorsim-Token} header (scripts, curl);</li>
 * <li>a state-changing request (any method but GET, HEAD and OPTIONS) whose {@code Origin} (or {@code Referer}) is not
 * the console's own is refused (403), and one with neither must carry the token in the header.</li>
 * </ul>
 * It is also the Felix Web Console's security provider, so the console's own {@code admin/admin} login never applies.
 */
final class ConsoleGate implements Preprocessor, SecurityProvider {
    static final String COOKIE = "sensorsim-console", HEADER = "X-Sensorsim-Token", PROVIDER_ID = "sensorsim-token";
    private static final System.Logger LOG = System.getLogger("sensor.cli");
    private final byte[] token;
    private volatile Set<String> origins = Set.of();

    ConsoleGate(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    /** The console's own origins, e.g. {@code http://127.0.0.1:8080}, known once it listens; until then none. */
    void allow(Set<String> own) {
        origins = Set.copyOf(own);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest req = (HttpServletRequest) request;
        HttpServletResponse res = (HttpServletResponse) response;
        String query = SimulationsApi.queryParameter(req.getQueryString(), "token");
        boolean byQuery = matches(query), byHeader = matches(req.getHeader(HEADER)), byCookie = matches(cookie(req));
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
        if (byQuery && safe(req.getMethod())) { // the token leaves the address bar: a cookie carries it from now on
            res.addHeader("Set-Cookie", COOKIE + "=" + new String(token, StandardCharsets.UTF_8)
                    + "; Path=/; HttpOnly; SameSite=Strict");
            String rest = req.getQueryString().replaceAll("(^|&)token=[^&]*", "").replaceFirst("^&", "");
            res.sendRedirect(req.getRequestURI() + (rest.isEmpty() ? "" : "?" + rest));
            return;
        }
        chain.doFilter(request, response);
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
        response.addHeader("Set-Cookie", COOKIE + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
    }
}
