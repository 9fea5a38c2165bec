/**
 * Geometry shared by the CPU and GPU raytrace backends, so both build the same trees and compute the same hits bit
 * for bit: the binned-SAH binary BVH in flat arrays, closed-form box, sphere and cylinder intersections, mesh and
 * heightfield triangulation, and instance rotations and world boxes. Not exported: the CUDA bundle embeds a
 * copy of this package at build time (bnd {@code -conditionalpackage}), so the two stay the same code without an API.
 */
package sensor.raytrace.geometry;
