package sensor.dynamics.config;

/**
 * Solver and contact settings of the {@code ode4j} engine: {@code subSteps} integration steps per world step (1–1000;
 * ODE's semi-implicit Euler lags free fall by g·t·h/2, so smaller steps are more exact), {@code solver} {@code step}
 * (ODE's exact LCP solver) or {@code quick} (iterative, for many contacts), {@code friction} the Coulomb coefficient μ
 * of every contact (≥ 0, the friction force at most μ times the normal force; {@code Infinity} for no slip), {@code restitution} (0–1, bounce), {@code contacts} the most
 * contact points per pair of shapes (1–64). Defaults: 10 sub-steps, step, μ = 1, no bounce, 8 contacts.
 */
public record OdeConfig(int subSteps, String solver, double friction, double restitution, int contacts) {
    /** The defaults. */
    public static final OdeConfig DEFAULT = new OdeConfig(10, "step", 1, 0, 8);
}
