/**
 * What a scene holds, as sensors and backends read it: objects with their shapes and materials, lights, the magnetic
 * field, and the read-only {@link sensor.api.scene.SceneView} of all of it at an instant.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.api.scene;
