/**
 * Closed-loop control: controller types as discoverable services, the controllers they create, what a controller sees
 * at a step and the commands it sets ({@link sensor.api.world.Command}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package sensor.api.control;
