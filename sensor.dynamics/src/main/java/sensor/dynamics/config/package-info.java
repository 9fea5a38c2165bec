/** The configuration of the {@code ode4j} dynamics engine. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.dynamics.config;
