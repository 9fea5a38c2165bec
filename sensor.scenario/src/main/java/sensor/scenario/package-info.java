/**
 * Scenario files: reading and checking them (YAML or JSON, with file, line and column in every error), meshes
 * (OBJ, glTF), and building a simulation from them through the kernel's contracts.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.scenario;
