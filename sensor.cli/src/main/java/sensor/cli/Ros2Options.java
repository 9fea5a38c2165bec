package sensor.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import sensor.api.io.LiveView;
import sensor.api.io.LiveViewFactory;
import sensor.scenario.Scenario;

/**
 * The {@code --ros2} options of {@code run} and {@code serve}: the DDS domain and the network interface; for {@code run}
 * a scenario's {@code ros2} field also turns the bridge on.
 */
final class Ros2Options {
    @Option(names = "--ros2", arity = "0..1", fallbackValue = "-1", paramLabel = "DOMAIN",
            description = "also publish every stream as ROS 2 topics over DDS (RTPS/UDP) in domain DOMAIN (default: "
                    + "$ROS_DOMAIN_ID, else 0), and take cmd_vel and joy from ROS 2 nodes; off by default")
    Integer domain;

    @Option(names = "--ros2-interface", paramLabel = "IFACE", description = "the network interface DDS uses: a name "
            + "such as lo (this machine only) or an IPv4 address; default: the first multicast-capable interface")
    String iface;

    /**
     * The domain asked for: the option's value, else the scenario's {@code ros2.domain}, else $ROS_DOMAIN_ID, else 0; a
     * bad value names the option.
     */
    int domain(CommandLine.Model.CommandSpec spec, Scenario.Ros2Spec scenario) {
        int d = domain == null ? -1 : domain;
        if (d == -1 && scenario != null && scenario.domain() != null) {
            d = scenario.domain();
        }
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

    /** Whether the bridge is asked for: {@code --ros2}, or a scenario's {@code ros2} field that turns it on. */
    boolean wanted(Scenario.Ros2Spec scenario) {
        return domain != null || scenario != null && scenario.enabled();
    }

    /**
     * Checks, before anything changes, that what {@code --ros2} and the scenario ask for can start: a domain in range,
     * {@code --ros2-interface} only with the bridge on, a bridge in this distribution.
     */
    void check(CommandLine.Model.CommandSpec spec, LiveViewFactory f, Scenario.Ros2Spec scenario) {
        if (!wanted(scenario)) {
            if (iface != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--ros2-interface needs --ros2");
            }
            return;
        }
        domain(spec, scenario);
        if (f == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), (domain != null ? "--ros2" : "the scenario's ros2")
                    + ": this distribution has no ROS 2 bridge (the sensor.io.dds bundle provides one)");
        }
    }

    /**
     * Starts the DDS bridge asked for by {@code --ros2} or the scenario's {@code ros2} field (null when neither), with
     * the scenario's per-topic QoS, and says where it publishes; the options' domain and interface win over the
     * scenario's.
     */
    LiveView open(CommandLine.Model.CommandSpec spec, LiveViewFactory f, PrintStream err, Scenario.Ros2Spec scenario) {
        check(spec, f, scenario);
        if (!wanted(scenario)) {
            return null;
        }
        String where = iface != null ? iface : scenario != null && scenario.networkInterface() != null
                ? scenario.networkInterface() : "";
        try {
            LiveView view = f.open(where, domain(spec, scenario), scenario == null ? Map.of() : scenario.settings());
            err.println("ros2: publishing to ROS 2 nodes over DDS, " + view.address());
            return view;
        } catch (IOException | IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--ros2: " + e.getMessage());
        }
    }
}
