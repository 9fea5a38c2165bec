package sensor.scenario.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

class MutedLogsTest {
    @Test
    void whatAThreadLogsDuringAMutedActionIsDroppedOtherLinesPrint() throws Exception {
        List<String> printed = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (isLoggable(r)) {
                    printed.add(r.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger root = Logger.getLogger("");
        root.addHandler(h);
        try {
            MutedLogs.install();
            Logger log = Logger.getLogger("sensor.env");
            log.warning("before");
            assertEquals("result", MutedLogs.during(() -> {
                log.warning("muted");
                Thread other = new Thread(() -> log.warning("another thread"));
                other.start();
                other.join();
                return "result";
            }));
            log.log(Level.WARNING, "after");
            assertEquals(List.of("before", "another thread", "after"), printed);
        } finally {
            root.removeHandler(h);
        }
    }
}
