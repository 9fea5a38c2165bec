/** Batch manifests (a base scenario with seeds and swept fields), their variations, shards and the run of a batch. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package sensor.batch;
