/** Counter-based random numbers, reproducible regardless of threads or backend. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.api.random;
