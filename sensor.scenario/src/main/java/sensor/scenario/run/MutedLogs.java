package sensor.scenario.run;

import java.util.concurrent.Callable;
import java.util.logging.Filter;
import java.util.logging.LogRecord;

/**
 * Keeps the log lines of a scratch build off the console: the live service checks a scenario in a scratch
 * simulation before it builds the real one, and each "waits for its type" would otherwise print twice. A JUL filter
 * on the console's handlers drops what a thread logs while it runs {@link #during}.
 */
public final class MutedLogs implements Filter {
    private static final ThreadLocal<Boolean> MUTED = ThreadLocal.withInitial(() -> false);

    /** Installs the filter on every handler of the root logger (the console's), once. */
    public static void install() {
        for (var h : java.util.logging.Logger.getLogger("").getHandlers()) {
            if (!(h.getFilter() instanceof MutedLogs)) {
                h.setFilter(new MutedLogs());
            }
        }
    }

    /** Runs {@code action} with this thread's log lines dropped; returns its result. */
    public static <T> T during(Callable<T> action) throws Exception {
        boolean before = MUTED.get();
        MUTED.set(true);
        try {
            return action.call();
        } finally {
            MUTED.set(before);
        }
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        return !MUTED.get();
    }
}
