package sensor.cli;

import java.io.IOException;
import java.io.PrintStream;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;

/** The {@code --ros2} options of {@code run} and {@code serve}: the DDS domain and the network interface. */
final class Ros2Options {
    @Option(names = "--ros2", arity = "0..1", fallbackValue = "-1", paramLabel = "DOMAIN",
            description = "also publish every stream as ROS 2 topics over DDS (RTPS/UDP) in domain DOMAIN (default: "
                    + "$ROS_DOMAIN_ID, else 0), and take cmd_vel and joy from ROS 2 nodes; off by default")
    Integer domain;

    @Option(names = "--ros2-interface", paramLabel = "IFACE", description = "the network interface DDS uses: a name "
            + "such as lo (this machine only) or an IPv4 address; default: the first multicast-capable interface")
    String iface;

    /** The domain asked for: the option's, else $ROS_DOMAIN_ID, else 0; a bad value names the option. */
    int domain(CommandLine.Model.CommandSpec spec) {
        int d = domain;
        String env = System.getenv("ROS_DOMAIN_ID");
        if (d == -1 && env != null && !env.isBlank()) {
            try {
                d = Integer.parseInt(env.trim());
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "ROS_DOMAIN_ID must be a domain in [0, 232], got '" + env + "'");
            }
        }
        d = d == -1 ? 0 : d;
        if (d < 0 || d > 232) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ros2 must be a domain in [0, 232], got " + d);
        }
        return d;
    }

    /** Starts the DDS bridge of {@code --ros2} (null when the option is absent) and says where it publishes. */
    LiveView open(CommandLine.Model.CommandSpec spec, LiveViewFactory f, PrintStream err) {
        if (domain == null) {
            if (iface != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--ros2-interface needs --ros2");
            }
            return null;
        }
        int d = domain(spec);
        if (f == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--ros2: this distribution has no ROS 2 bridge (the sensor.io.dds bundle provides one)");
        }
        try {
            LiveView view = f.open(iface == null ? "" : iface, d);
            err.println("ros2: publishing to ROS 2 nodes over DDS, " + view.address());
            return view;
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ros2: " + e.getMessage());
        }
    }
}
