package sensor.dynamics;

import org.osgi.service.component.annotations.Component;

import sensor.api.Args;
import sensor.api.world.DynamicsEngineType;
import sensor.api.world.DynamicsModel;
import sensor.api.world.WorldSource;
import sensor.dynamics.config.OdeConfig;

/** The {@code ode4j} dynamics engine [DYN]: rigid bodies, contacts and joints integrated by ODE ({@link OdeWorld}). */
@Component(service = DynamicsEngineType.class, property = DynamicsEngineType.ID_PROPERTY + "=" + OdeEngine.ID)
public class OdeEngine implements DynamicsEngineType<OdeConfig> {
    /** Engine id. */
    public static final String ID = "ode4j";

    @Override
    public String id() { return ID; }

    @Override
    public Class<OdeConfig> configType() { return OdeConfig.class; }

    @Override
    public OdeConfig defaultConfig() { return OdeConfig.DEFAULT; }

    @Override
    public String description() { return "rigid-body dynamics on ode4j: contacts with friction, joints, motors"; }

    @Override
    public WorldSource create(OdeConfig c, DynamicsModel model) {
        Args.notNull("ode4j config", c);
        Args.notNull("model", model);
        Args.inRange("subSteps", c.subSteps(), 1, 1000);
        if (!"step".equals(c.solver()) && !"quick".equals(c.solver())) {
            throw new IllegalArgumentException("solver must be step or quick, got '" + c.solver() + "'");
        }
        if (!(c.friction() >= 0)) {
            throw new IllegalArgumentException("friction must be >= 0 (Infinity: no slip), got " + c.friction());
        }
        Args.inRange("restitution", c.restitution(), 0, 1);
        Args.inRange("contacts", c.contacts(), 1, 64);
        return new OdeWorld(c, model);
    }
}
