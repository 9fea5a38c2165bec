package sensor.control;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

import sensor.api.Args;
import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.ControllerType;
import sensor.api.control.Teleoperation;
import sensor.api.world.Command;
import sensor.control.config.TeleopConfig;

/**
 * The {@code teleop} controller type: a person drives a vehicle from a live viewer (Foxglove's Teleop or Joystick panel
 * over {@code --live}) through the {@link Teleoperation} service; see {@link TeleopConfig}. Without that service (no
 * live view) or without messages, the vehicle stands braked.
 */
@Component(service = ControllerType.class, property = ControllerType.ID_PROPERTY + "=" + TeleopType.ID)
public class TeleopType implements ControllerType<TeleopConfig> {
    /** Type id. */
    public static final String ID = "teleop";

    /** Every way messages arrive (the Foxglove live view, the ROS 2 bridge): the first that has one answers. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile java.util.List<Teleoperation> teleoperations = java.util.List.of();

    /** The first twist on {@code topic} from any source, or null. */
    private Teleoperation.TwistMessage twist(String topic) {
        for (Teleoperation t : teleoperations) {
            Teleoperation.TwistMessage m = t.twist(topic);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** The first joystick state on {@code topic} from any source, or null. */
    private Teleoperation.JoyMessage joy(String topic) {
        for (Teleoperation t : teleoperations) {
            Teleoperation.JoyMessage m = t.joy(topic);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    @Override
    public String id() { return ID; }

    @Override
    public Class<TeleopConfig> configType() { return TeleopConfig.class; }

    @Override
    public TeleopConfig defaultConfig() { return TeleopConfig.of(null); }

    @Override
    public String description() { return "teleop: a vehicle driven from a live viewer's Twist or Joy messages"; }

    /** Drive, steering and brake of its vehicle. */
    @Override
    public java.util.Set<String> commands(TeleopConfig c, double duration) {
        return java.util.Set.of("drive." + c.vehicle(), "steering." + c.vehicle(), "brake." + c.vehicle());
    }

    @Override
    public Controller create(TeleopConfig c) {
        Args.id("vehicle", c.vehicle());
        Args.inRange("wheelbase", c.wheelbase(), 0.05, 100);
        Args.inRange("maxSpeed", c.maxSpeed(), 0, 200);
        Args.inRange("maxSteer", c.maxSteer(), 0, 1.4);
        Args.inRange("timeout", c.timeout(), 0.001, 3600);
        return new Teleop(c, this);
    }

    /**
     * The one line a teleoperated run starts with: the vehicle stands braked until a viewer publishes, and where; or
     * that there is no live view to publish through.
     */
    static String waiting(String vehicle, String prefix, boolean liveView) {
        return "teleop: vehicle '" + vehicle + "' stands braked until a live viewer (Foxglove's Teleop or Joystick panel, or a ROS 2 node) "
                + "publishes a Twist on " + prefix + "cmd_vel or a Joy on " + prefix + "joy" + (liveView ? ""
                : "; there is no live view in this run, so it stays braked to the end (run with --live or --ros2)");
    }

    /** One teleoperated vehicle. */
    static final class Teleop implements Controller {
        private static final System.Logger LOG = System.getLogger("sensor.control");
        private final TeleopConfig config;
        private final TeleopType type;
        private boolean announced;
        private long twists = -1, joys = -1;
        private double lastMessage = Double.NEGATIVE_INFINITY, speed, steer, brake = 1;
        private double[] sent;

        Teleop(TeleopConfig config, TeleopType type) {
            this.config = config;
            this.type = type;
        }

        @Override
        public void control(ControlContext context) {
            String prefix = context.simulation().isEmpty() ? "" : context.simulation() + "/";
            Teleoperation.TwistMessage twist = type.twist(prefix + "cmd_vel");
            Teleoperation.JoyMessage joy = type.joy(prefix + "joy");
            if (!announced) {
                announced = true;
                LOG.log(System.Logger.Level.INFO, waiting(config.vehicle(), prefix, !type.teleoperations.isEmpty()));
            }
            if (twist != null && twist.count() != twists) {
                twists = twist.count();
                lastMessage = context.time();
                speed = clamp(twist.linear().x(), config.maxSpeed());
                double w = twist.angular().z();
                steer = Math.abs(speed) < 1e-3 ? steer : clamp(Math.atan(config.wheelbase() * w / speed), config.maxSteer());
                brake = 0;
            }
            if (joy != null && joy.count() != joys) {
                joys = joy.count();
                lastMessage = context.time();
                speed = clamp(joy.axis(1) * config.maxSpeed(), config.maxSpeed());
                steer = clamp(joy.axis(0) * config.maxSteer(), config.maxSteer());
                brake = joy.pressed(0) ? 1 : 0;
            }
            boolean stale = context.time() - lastMessage > config.timeout();
            double[] now = stale ? new double[] {0, steer, 1} : new double[] {speed, steer, brake};
            if (!java.util.Arrays.equals(now, sent)) {
                context.command(new Command.Drive(config.vehicle(), now[0]));
                context.command(new Command.Steering(config.vehicle(), now[1]));
                context.command(new Command.Brake(config.vehicle(), now[2]));
                sent = now;
            }
        }

        private static double clamp(double v, double limit) {
            return Math.max(-limit, Math.min(limit, v));
        }
    }
}
