/**
 * What every output format shares: a frame's points as named fields, the vendors' point layouts, file names, atomic
 * writes and files readable while they grow. The format bundles (sensor.io.cloud, .png, .kitti, .ros) build on it.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.io.files;
