/** The CPU raytrace backend: BVH traversal over the scene (private package; builders in {@code geometry}). */
package sensor.raytrace;
