/**
 * Geometry shared by the CPU and GPU raytrace backends, so both build the same trees and compute the same hits bit
 * for bit: the binned-SAH binary BVH in flat arrays, closed-form box, sphere and cylinder intersections, mesh and
 * heightfield triangulation, and instance rotations and world boxes.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.raytrace.geometry;
