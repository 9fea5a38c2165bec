package sensor.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import sensor.api.env.SensorEnvironment;

/**
 * Runs the job named by the command line of the exported distribution. bnd's launcher registers a
 * service carrying the arguments ({@code launcher.arguments}) and marks it {@code launcher.ready} once
 * every bundle has started. {@code demo [SECONDS]} and {@code types} run, print and exit; no arguments
 * keeps the framework running (hot-deploy folder watched; Gogo shell in the shell distribution).
 */
@Component(immediate = true)
public class LauncherJob {
    static final String USAGE = """
            usage: sensorsim [COMMAND]
              demo [SECONDS]   boot, list plugin types, step a small kinematic world (default 2 s), print, exit
              types            list the discovered plugin types and exit
              (no command)     keep running: drop bundles into the watched folder to hot-deploy them""";

    @Reference
    SensorEnvironment env;

    private String[] args = new String[0];

    @Reference(service = Object.class, target = "(&(launcher.arguments=*)(launcher.ready=true))")
    void setLauncher(Object launcher, Map<String, Object> properties) {
        if (properties.get("launcher.arguments") instanceof String[] a) {
            args = a;
        }
    }

    @Activate
    void activate(BundleContext context) {
        if (args.length == 0) {
            System.out.println("sensorsim running; sensor types " + env.sensorTypes() + "; hot-deploy folder: "
                    + context.getProperty("felix.fileinstall.dir"));
            return;
        }
        Thread job = new Thread(() -> {
            int code;
            try {
                code = run(env, args, System.out);
            } catch (RuntimeException e) {
                System.err.println("sensorsim: " + e.getMessage());
                code = 1;
            }
            System.out.flush();
            System.exit(code);
        }, "sensorsim-job");
        job.start();
    }

    /** Runs one command; returns the process exit code. */
    static int run(SensorEnvironment env, String[] args, PrintStream out) {
        switch (args[0]) {
            case "demo" -> {
                double seconds = args.length > 1 ? parseSeconds(args[1]) : 2.0;
                return DemoJob.run(env, seconds, out);
            }
            case "types" -> {
                out.println(SensorCommands.types(env));
                return 0;
            }
            default -> {
                out.println("sensorsim: unknown command " + Arrays.toString(args) + "\n" + USAGE);
                return 2;
            }
        }
    }

    private static double parseSeconds(String s) {
        try {
            double v = Double.parseDouble(s);
            if (v > 0 && v <= 3600) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new IllegalArgumentException("SECONDS must be a number in (0, 3600], got '" + s + "'");
    }
}
