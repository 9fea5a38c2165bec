/** The dynamics source the environment depends on (one way): bodies, joints, gravity, time step. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.0.0")
package sensor.api.world;
