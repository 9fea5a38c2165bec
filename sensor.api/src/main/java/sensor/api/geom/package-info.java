/** Immutable geometry value types: vectors, unit quaternions and rigid poses. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.api.geom;
