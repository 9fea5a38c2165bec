package sensor.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

/** The console's address is printed only once its page answers: {@link WebConsole#awaitPage}. */
class WebConsoleTest {
    @Test
    void waitsUntilThePageAnswersTheTokensRequestAndNoLonger() throws Exception {
        AtomicInteger asked = new AtomicInteger(), served = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            // 404 for the first three requests (the servlet not picked up yet), then 200 to the token's requests only
            boolean ready = asked.incrementAndGet() > 3
                    && "secret".equals(exchange.getRequestHeaders().getFirst(ConsoleGate.HEADER));
            if (ready) {
                served.incrementAndGet();
            }
            exchange.sendResponseHeaders(ready ? 200 : 404, -1);
            exchange.close();
        });
        server.start();
        try {
            WebConsole.awaitPage("http://127.0.0.1:" + server.getAddress().getPort() + "/page", "secret");
            assertEquals(1, served.get(), "it returned on the first 200, after " + asked.get() + " requests");
            assertEquals(4, asked.get(), "three 404s, then the 200");
        } finally {
            server.stop(0);
        }
    }
}
