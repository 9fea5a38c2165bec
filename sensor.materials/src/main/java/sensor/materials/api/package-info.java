/**
 * Fluent material configurations in the style of the AGX Sensor manual: each is the typed configuration
 * of a DS-registered material type ({@code "lambertian"}, {@code "ggx-oren-nayar"}, {@code "explicit-brdf"},
 * ambient {@code "atmosphere"}) and can also {@code build()} the immutable material directly.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.materials.api;
