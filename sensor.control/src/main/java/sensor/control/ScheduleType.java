package sensor.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.ControllerType;
import sensor.api.world.Command;
import sensor.control.config.ScheduleConfig;

/**
 * The {@code schedule} controller type: plays timed commands, steps and linear ramps ({@link ScheduleConfig}), so a
 * batch or a dataset sweep drives the same way every run. At each step it sets each actuator whose scheduled value
 * changed since it last set it; nothing depends on the wall clock or the thread count.
 */
@Component(service = ControllerType.class, property = ControllerType.ID_PROPERTY + "=" + ScheduleType.ID)
public class ScheduleType implements ControllerType<ScheduleConfig> {
    /** Type id. */
    public static final String ID = "schedule";
    /** Values each command takes. */
    private static final Map<String, List<String>> ARITY = Map.of("twist", List.of("vx", "vy", "vz", "wx", "wy", "wz"),
            "joint-velocity", List.of("velocity", "maxForce"), "joint-torque", List.of("torque"), "steering", List.of("angle"),
            "drive", List.of("speed"), "brake", List.of("level"));
    /** Tolerance on comparing a scheduled time with the step time, s. */
    private static final double EPS = 1e-9;

    @Override
    public String id() { return ID; }

    @Override
    public Class<ScheduleConfig> configType() { return ScheduleConfig.class; }

    @Override
    public ScheduleConfig defaultConfig() { return new ScheduleConfig(List.of()); }

    @Override
    public String description() { return "schedule: timed commands, steps and ramps"; }

    /** Each command and target of the entries due before the run ends. */
    @Override
    public java.util.Set<String> commands(ScheduleConfig config, double duration) {
        java.util.Set<String> set = new java.util.LinkedHashSet<>();
        for (ScheduleConfig.Entry e : config.commands()) {
            if (e.at() == null || e.at() < duration) {
                set.add(e.command() + "." + e.target());
            }
        }
        return set;
    }

    @Override
    public Controller create(ScheduleConfig config) {
        Args.notNull("schedule config", config);
        Map<String, List<ScheduleConfig.Entry>> byActuator = new LinkedHashMap<>();
        for (int i = 0; i < config.commands().size(); i++) {
            ScheduleConfig.Entry e = config.commands().get(i);
            String at = "commands[" + i + "]";
            if (e == null) {
                throw new IllegalArgumentException(at + " must be an entry {at, command, target, value}");
            }
            Args.inRange(at + ".at", e.at() == null ? Double.NaN : e.at(), 0, 86400);
            Args.inRange(at + ".ramp", e.rampOrZero(), 0, 86400);
            List<String> names = e.command() == null ? null : ARITY.get(e.command());
            if (names == null) {
                throw new IllegalArgumentException(at + ".command must be one of " + new java.util.TreeSet<>(ARITY.keySet())
                        + ", got " + (e.command() == null ? "nothing" : "'" + e.command() + "'"));
            }
            Args.id(at + ".target", e.target());
            values(e, at, names);
            byActuator.computeIfAbsent(e.command() + "/" + e.target(), k -> new ArrayList<>()).add(e);
        }
        List<Track> tracks = new ArrayList<>();
        byActuator.values().forEach(list -> tracks.add(new Track(list)));
        return new Schedule(tracks);
    }

    /** The entry's values: {@code value} for one, {@code values} for several; anything else is refused. */
    static double[] values(ScheduleConfig.Entry e, String at, List<String> names) {
        if (names.size() == 1) {
            if (e.value() == null || e.values() != null) {
                throw new IllegalArgumentException(at + ".value must give the " + e.command() + "'s " + names.get(0)
                        + " (one number)");
            }
            return new double[] {e.value()};
        }
        if (e.values() == null || e.value() != null || e.values().size() != names.size()
                || e.values().stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException(at + ".values must give the " + e.command() + "'s " + names + ", got "
                    + (e.values() == null ? "nothing" : e.values()));
        }
        return e.values().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The entries of one actuator, in time order (entries at the same time: the later one listed wins). */
    static final class Track {
        final String command, target;
        final List<ScheduleConfig.Entry> entries;
        final List<double[]> values = new ArrayList<>();
        double[] sent;

        Track(List<ScheduleConfig.Entry> list) {
            entries = list.stream().sorted(Comparator.comparingDouble(ScheduleConfig.Entry::at)).toList();
            command = entries.get(0).command();
            target = entries.get(0).target();
            entries.forEach(e -> values.add(values(e, "", ARITY.get(command))));
        }

        /** The scheduled value at {@code t}, or null before the first entry. */
        double[] at(double t) {
            int i = -1;
            while (i + 1 < entries.size() && entries.get(i + 1).at() <= t + EPS) {
                i++;
            }
            return i < 0 ? null : valueOf(i, t);
        }

        private double[] valueOf(int i, double t) {
            ScheduleConfig.Entry e = entries.get(i);
            double[] to = values.get(i);
            double s = e.rampOrZero() == 0 ? 1 : Math.min(1, (t - e.at()) / e.rampOrZero());
            if (s >= 1) {
                return to;
            }
            double[] from = i == 0 ? new double[to.length] : valueOf(i - 1, e.at());
            double[] v = new double[to.length];
            for (int k = 0; k < v.length; k++) {
                v[k] = from[k] + (to[k] - from[k]) * Math.max(0, s);
            }
            return v;
        }

        Command command(double[] v) {
            return switch (command) {
                case "twist" -> new Command.Twist(target, new sensor.api.geom.Vec3(v[0], v[1], v[2]),
                        new sensor.api.geom.Vec3(v[3], v[4], v[5]));
                case "joint-velocity" -> new Command.JointVelocity(target, v[0], v[1]);
                case "joint-torque" -> new Command.JointTorque(target, v[0]);
                case "steering" -> new Command.Steering(target, v[0]);
                case "drive" -> new Command.Drive(target, v[0]);
                default -> new Command.Brake(target, v[0]);
            };
        }
    }

    /** A schedule being played. */
    static final class Schedule implements Controller {
        private final List<Track> tracks;

        Schedule(List<Track> tracks) {
            this.tracks = tracks;
        }

        @Override
        public void control(ControlContext context) {
            for (Track track : tracks) {
                double[] v = track.at(context.time());
                if (v != null && !Arrays.equals(v, track.sent)) {
                    context.command(track.command(v));
                    track.sent = v;
                }
            }
        }
    }
}
