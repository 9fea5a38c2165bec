/** The CPU raytrace backend: BVH build and traversal over the scene (private package). */
package sensor.raytrace;
