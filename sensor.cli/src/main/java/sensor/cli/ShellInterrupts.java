package sensor.cli;

import java.util.concurrent.Callable;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * Ctrl-C in the Gogo shell: where the shell is installed, SIGINT interrupts the shell command that is running
 * ({@code sensor:demo}, {@code sensor:advance}: they end after their current step and say so) instead of ending the
 * runtime; with no command running it says how to leave ({@code exit}). SIGTERM still ends the runtime. Without the
 * shell, or where the JVM offers no signal handling ({@code sun.misc.Signal}), nothing changes.
 */
@Component(immediate = true, service = {})
public class ShellInterrupts {
    private static volatile Thread running;
    private Object previous;

    @Activate
    void activate(BundleContext context) {
        boolean shell = false;
        for (Bundle b : context.getBundles()) {
            shell |= "org.apache.felix.gogo.shell".equals(b.getSymbolicName());
        }
        if (shell) {
            try {
                previous = sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> interrupt());
            } catch (LinkageError | IllegalArgumentException e) {
                // no signal handling in this runtime: Ctrl-C ends it, as before
            }
        }
    }

    @Deactivate
    void deactivate() {
        if (previous instanceof sun.misc.SignalHandler h) {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), h);
        }
    }

    private static void interrupt() {
        Thread t = running;
        if (t != null) {
            t.interrupt();
        } else {
            System.out.println("^C (type exit to leave the shell)");
        }
    }

    /** Runs a shell command so that Ctrl-C interrupts it; clears the interrupt when it returns. */
    static <T> T interruptible(Callable<T> command) throws Exception {
        running = Thread.currentThread();
        try {
            return command.call();
        } finally {
            running = null;
            Thread.interrupted();
        }
    }
}
