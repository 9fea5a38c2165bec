package sensor.cli;

import java.lang.System.Logger.Level;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogLevel;
import org.osgi.service.log.LogListener;
import org.osgi.service.log.LogReaderService;

/**
 * Prints the warnings and errors that bundles (the Configurator, SCR, FileInstall) send to the OSGi Log Service as
 * one line each, naming the bundle, with the cause's message instead of a stack trace; their debug and info
 * entries stay out of the output.
 */
@Component(immediate = true, service = {})
public class LogForwarding implements LogListener {
    private static final System.Logger LOG = System.getLogger("sensor.cli");

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindLogReader(LogReaderService reader) {
        reader.addLogListener(this);
    }

    void unbindLogReader(LogReaderService reader) {
        reader.removeLogListener(this);
    }

    @Override
    public void logged(LogEntry e) {
        if (!LogLevel.WARN.implies(e.getLogLevel())) {
            return;
        }
        Throwable cause = e.getException();
        String where = e.getBundle() == null ? "framework" : e.getBundle().getSymbolicName();
        LOG.log(e.getLogLevel() == LogLevel.WARN ? Level.WARNING : Level.ERROR, "{0}: {1}{2}", where, e.getMessage(),
                cause == null ? "" : ": " + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()));
    }
}
