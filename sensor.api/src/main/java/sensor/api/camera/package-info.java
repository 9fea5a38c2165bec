/**
 * Camera frames: an image with the depth and instance labels of the same primary rays, and the intrinsics that
 * map a camera-frame direction to a pixel.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.api.camera;
