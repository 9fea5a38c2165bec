package ${package};

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.control.ControlContext;
import sensor.api.control.Controller;
import sensor.api.control.ControllerType;
import sensor.api.frame.Channels;
import sensor.api.sensor.SensorFrame;
import sensor.api.world.Command;

/**
 * The controller type {@value #ID}: an emergency brake. It reads the {@code range} channel of the sensors it names
 * (this project's range finder) and, the first time a range is under {@code distance}, sets a brake of {@code level}
 * on {@code target} (a vehicle, or a scripted body, which then slows uniformly to rest), held for the rest of the run.
 *
 * <p>How the pieces fit: {@code @Component(service = ControllerType.class, property = "controller.type=<id>")}
 * registers this class as a service found by its id; a scenario's {@code controllers:} entry names it with
 * {@code type:}, lists the sensors whose frames it receives under {@code sensors:} and configures it under
 * {@code config:}. At every dynamics step, before the world advances, the environment calls {@link Controller#control}
 * with the frames delivered since the last call; the commands set there act from that step on. When this bundle stops
 * the controller is detached (the brake already set stays on); when it starts again the controller is created anew.
 */
@Component(service = ControllerType.class, property = ControllerType.ID_PROPERTY + "=" + EmergencyBrakeType.ID)
public class EmergencyBrakeType implements ControllerType<EmergencyBrakeType.Config> {
    /** The type id a scenario names. */
    public static final String ID = "${artifactId}-brake";

    /**
     * Configuration of an emergency brake.
     *
     * @param target   the vehicle or body to stop
     * @param distance the range under which it brakes, m, > 0
     * @param level    the brake level, (0, 1]
     */
    public record Config(String target, double distance, double level) {}

    @Override
    public String id() { return ID; }

    @Override
    public Class<Config> configType() { return Config.class; }

    @Override
    public Config defaultConfig() { return new Config(null, 10, 1); }

    @Override
    public String description() { return "emergency brake: brakes when a range finder reads under a distance"; }

    @Override
    public Controller create(Config config) {
        Args.id("target", config.target());
        Args.positive("distance", config.distance());
        Args.inRange("level", config.level(), 1e-9, 1);
        return new EmergencyBrake(config);
    }

    /** One emergency brake: armed until a range under the distance arrives. */
    static final class EmergencyBrake implements Controller {
        private final Config config;
        private boolean braking;

        EmergencyBrake(Config config) {
            this.config = config;
        }

        @Override
        public void control(ControlContext context) {
            for (SensorFrame frame : context.frames()) {
                if (!braking && frame.data() instanceof Channels c && c.names().contains("range")
                        && c.value(c.names().indexOf("range")) < config.distance()) {
                    braking = true;
                    context.command(new Command.Brake(config.target(), config.level()));
                }
            }
        }
    }
}
